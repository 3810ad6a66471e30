import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { validateForgotPassword, validatePasswordReset, validatePasswordSet } from '../../engine/accounts';
import type { Db, Tx } from '../db/database';
import { oneTimeTokens, users } from '../db/schema';
import { Unauthorized } from '../domain-errors';
import { serverMessages } from '../messages';
import { mailLocaleFor } from '../mail/mail.locale';
import { resetMail, setPasswordMail } from '../mail/mail.text';
import { hashPassword } from './auth.passwords';
import { clearAttempts, countAttempt, countAttempts, rateKeys } from './auth.rate-limit';
import { revokeAllSessions } from './auth.sessions';
import { hashToken, randomToken } from './auth.tokens';
import { assertAccountCheck } from './auth.validation';
import type { AppServices } from '../plugins/services';

/** What this file's services use of the app (server/plugins/services.ts). */
type Deps = Pick<AppServices, 'db' | 'config' | 'mail'>;

export const RESET_TOKEN_MINUTES = 60;
export const SET_TOKEN_HOURS = 72;
type Kind = 'reset' | 'set';

async function createToken(tx: Db | Tx, userId: number, kind: Kind, seconds: number): Promise<string> {
  const token = randomToken();
  await tx.insert(oneTimeTokens).values({ userId, kind, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + seconds * 1000) });
  return token;
}

const noAccess = () => new Unauthorized(serverMessages.account.no_access);

/**
 * POST /password/email: rate limited per IP+email, per IP and globally, all counted before the
 * email is looked up (each answer tells whether the email exists, in the spec's words, so that
 * answer is what the limits ration); unknown email is the spec's 401; otherwise a
 * reset token and its mail are written in one transaction (the outbox worker sends it). The mail
 * is in the language the request asks for (Accept-Language), else the user's company's.
 */
export async function requestPasswordReset(
  deps: Deps,
  input: { email?: unknown },
  ip: string,
  acceptLanguage?: string,
): Promise<{ message: string }> {
  const { email } = assertAccountCheck(validateForgotPassword(input));
  const normalised = email.toLowerCase();
  const rules = deps.config.rateLimits;
  await countAttempts(deps, [
    [rateKeys.passwordEmail(ip, normalised), rules.passwordEmail],
    [rateKeys.passwordEmailAddress(ip), rules.passwordEmailAddress],
    // Last: a request refused per address does not spend the shared budget.
    [rateKeys.passwordEmailGlobal(), rules.passwordEmailGlobal],
  ]);
  const [user] = await deps.db.select().from(users).where(eq(users.email, normalised));
  if (!user || user.status !== 'active') throw new Unauthorized(serverMessages.email_not_found);

  await deps.db.transaction(async (tx) => {
    const token = await createToken(tx, user.id, 'reset', RESET_TOKEN_MINUTES * 60);
    const link = `${deps.config.publicUrl()}/#/password/reset/${token}?email=${encodeURIComponent(user.email)}`;
    const locale = await mailLocaleFor(tx, user.id, acceptLanguage);
    await deps.mail.enqueue(tx, { to: user.email, ...resetMail(locale, user.name, link, RESET_TOKEN_MINUTES) });
  });
  return { message: serverMessages.reset_link_sent };
}

/**
 * For new users (e.g. created by an admin): a set-password token and its mail, in the caller's
 * transaction. The link is `/#/password/set/{token}`. The mail is in the user's company's language
 * (not the language of the staff member creating the user).
 */
export async function createPasswordSetInvite(deps: Deps, tx: Db | Tx, user: { id: number; name: string; email: string }): Promise<string> {
  const token = await createToken(tx, user.id, 'set', SET_TOKEN_HOURS * 3600);
  const link = `${deps.config.publicUrl()}/#/password/set/${token}`;
  const locale = await mailLocaleFor(tx, user.id);
  await deps.mail.enqueue(tx, { to: user.email, ...setPasswordMail(locale, user.name, link, SET_TOKEN_HOURS) });
  return token;
}

async function findLiveToken(db: Db, token: string, kind: Kind) {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, hashToken(token)), eq(oneTimeTokens.kind, kind), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, sql`now()`)));
  return row ?? null;
}

/**
 * Uses the token (atomically: a second use finds it spent), sets the new password, bumps the
 * token version (old access tokens die) and ends every session of the user.
 */
async function consumeAndSetPassword(deps: Deps, tokenId: number, userId: number, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const used = await tx
      .update(oneTimeTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(oneTimeTokens.id, tokenId), isNull(oneTimeTokens.usedAt)))
      .returning({ id: oneTimeTokens.id });
    if (used.length !== 1) throw noAccess();
    // Any other outstanding link of this user is void once the password changed.
    await tx.update(oneTimeTokens).set({ usedAt: sql`now()` }).where(and(eq(oneTimeTokens.userId, userId), isNull(oneTimeTokens.usedAt)));
    await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await revokeAllSessions(tx as unknown as Db, userId);
  });
}

/** One budget per address for every request that tests a reset or set-password token. */
const tokenTryKey = rateKeys.passwordReset;

/**
 * POST /password/reset: the spec's ordered checks, then a rate limit per IP (each try tests a token
 * and an email), then email, then a live reset token of that user. A completed reset unlocks
 * sign-in for the owner: the account's failures go (whoever made them, the new password is not
 * theirs), and so do this address's own tries at the email.
 */
export async function resetPassword(
  deps: Deps,
  input: { token?: unknown; email?: unknown; password?: unknown; password_confirmation?: unknown },
  ip: string,
): Promise<{ message: string }> {
  const values = assertAccountCheck(validatePasswordReset({ ...input, passwordConfirmation: input.password_confirmation }), {
    passwordConfirmation: 'password_confirmation',
  });
  // Counted after the form checks, which reveal nothing: a typo in the form costs no attempt.
  await countAttempt(deps, tokenTryKey(ip), deps.config.rateLimits.passwordReset);
  const [user] = await deps.db.select().from(users).where(eq(users.email, values.email.toLowerCase()));
  if (!user) throw new Unauthorized(serverMessages.email_not_found);
  const row = await findLiveToken(deps.db, values.token, 'reset');
  if (!row || row.userId !== user.id) throw noAccess();
  await consumeAndSetPassword(deps, row.id, user.id, values.password);
  const email = values.email.toLowerCase();
  await clearAttempts(deps.db, rateKeys.loginAccount(email), rateKeys.login(ip, email));
  return { message: serverMessages.password_reset };
}

/** GET /password/set/{token}: whether the link is still good, and for whom. */
export async function checkPasswordSetToken(deps: Deps, token: string): Promise<{ valid: true; email: string; name: string }> {
  const row = await findLiveToken(deps.db, token, 'set');
  if (!row) throw noAccess();
  const [user] = await deps.db.select().from(users).where(eq(users.id, row.userId));
  if (!user) throw noAccess();
  return { valid: true, email: user.email, name: user.name };
}

/**
 * POST /password/set: like reset, without the email (the token names the user). It tests a token
 * too, so it counts against the same per-address limit as reset.
 */
export async function setPassword(
  deps: Deps,
  input: { token?: unknown; password?: unknown; password_confirmation?: unknown },
  ip: string,
): Promise<{ message: string }> {
  const values = assertAccountCheck(validatePasswordSet({ ...input, passwordConfirmation: input.password_confirmation }), {
    passwordConfirmation: 'password_confirmation',
  });
  await countAttempt(deps, tokenTryKey(ip), deps.config.rateLimits.passwordReset);
  const row = await findLiveToken(deps.db, values.token, 'set');
  if (!row) throw noAccess();
  await consumeAndSetPassword(deps, row.id, row.userId, values.password);
  return { message: serverMessages.password_set };
}
