import { eq } from 'drizzle-orm';
import { validateLogin } from '../../engine/accounts';
import { users } from '../db/schema';
import { Unauthorized } from '../domain-errors';
import { serverMessages } from '../messages';
import { verifyDummy, verifyPassword } from './auth.passwords';
import { knownDeviceOf, rememberDevice } from './auth.known-device';
import { clearAttempts, countAttempts, countBackoff, rateKeys, refundAttempt } from './auth.rate-limit';
import { endSession, rotateSession, startSession, type IssuedRefresh } from './auth.sessions';
import { assertAccountCheck } from './auth.validation';
import type { AppServices } from '../plugins/services';

/** What this file's services use of the app (server/plugins/services.ts). */
type Deps = Pick<AppServices, 'db' | 'config' | 'auth'>;

export interface SignedIn {
  body: { access_token: string; expires_in: number };
  refresh: IssuedRefresh;
  /** The known-device cookie to send (sign-in only). */
  device?: string;
}

/**
 * POST /login: the spec's checks, the rate limits, argon2id verify, a new session family.
 *
 * Every limit is counted before the password is checked, so a guess made over a limit learns
 * nothing (the right password is refused alike) and a burst sent at once cannot slip past:
 * - per address and email (`login`), cleared by a success;
 * - per address, any account (`loginAddress`): failures only, a success gives its attempt back;
 * - per account, any address (`loginAccount`, exponential back-off): an email nobody has is counted
 *   the same way, so a lock tells nothing about which emails exist. A browser that signed in to the
 *   account before (the known-device cookie) is counted under its own key instead, so the owner
 *   gets in while an attacker keeps the account locked; the account's own lock stays for everyone
 *   else. A reset link clears it too (auth.password-tokens.ts).
 */
export async function signIn(
  deps: Deps,
  input: { email?: unknown; password?: unknown; remember?: unknown },
  ip: string,
  deviceCookie?: string,
): Promise<SignedIn> {
  const { email, password, remember } = assertAccountCheck(validateLogin(input));
  const normalised = email.toLowerCase();
  const rules = deps.config.rateLimits;
  const pairKey = rateKeys.login(ip, normalised);
  const addressKey = rateKeys.loginAddress(ip);
  await countAttempts(deps, [[pairKey, rules.login], [addressKey, rules.loginAddress]]);

  const [user] = await deps.db.select().from(users).where(eq(users.email, normalised));
  const device = await knownDeviceOf(deps, deviceCookie, user?.id);
  const accountKey = device ? rateKeys.loginDevice(device) : rateKeys.loginAccount(normalised);
  await countBackoff(deps, accountKey, rules.loginAccount);

  const matches = user?.passwordHash ? await verifyPassword(user.passwordHash, password) : await verifyDummy(password);
  if (!user || !matches || user.status !== 'active') throw new Unauthorized(serverMessages.incorrect_credentials);
  await clearAttempts(deps.db, pairKey, accountKey);
  await refundAttempt(deps.db, addressKey);
  const refresh = await startSession(deps.db, user.id, remember);
  return { body: await deps.auth.issueAccess(user, refresh), refresh, device: await rememberDevice(deps, deviceCookie, user.id) };
}

/** POST /login/refresh: rotates the cookie's token; any failure is the plain 401. */
export async function refreshSession(deps: Deps, token: string | undefined): Promise<SignedIn> {
  const unauthorised = () => new Unauthorized(serverMessages.unauthorised);
  if (!token) throw unauthorised();
  const rotated = await rotateSession(deps.db, token, deps.auth.successorOf);
  if (!rotated.ok) throw unauthorised();
  const [user] = await deps.db.select().from(users).where(eq(users.id, rotated.issued.userId));
  if (!user || user.status !== 'active') throw unauthorised();
  return { body: await deps.auth.issueAccess(user, rotated.issued), refresh: rotated.issued };
}

/** POST /logout: ends the session of the cookie, if any; its access tokens stop at once. */
export async function signOut(deps: Deps, token: string | undefined): Promise<void> {
  if (token) await endSession(deps.db, token);
}
