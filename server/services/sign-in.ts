import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { validateLogin } from '../../engine/accounts';
import { users } from '../db/schema';
import { httpError } from '../http/errors';
import { serverMessages } from '../messages';
import { verifyDummy, verifyPassword } from './passwords';
import { clearAttempts, countAttempt } from './rate-limit';
import { endSession, rotateSession, startSession, type IssuedRefresh } from './sessions';
import { assertAccountCheck } from './validation';

export interface SignedIn {
  body: { access_token: string; expires_in: number };
  refresh: IssuedRefresh;
}

/** POST /login: the spec's checks, rate limit per IP+email, argon2id verify, a new session family. */
export async function signIn(app: FastifyInstance, input: { email?: unknown; password?: unknown; remember?: unknown }, ip: string): Promise<SignedIn> {
  const { email, password, remember } = assertAccountCheck(validateLogin(input));
  const normalised = email.toLowerCase();
  const rateKey = `login:${ip}:${normalised}`;
  await countAttempt(app, rateKey, app.config.rateLimits.login);

  const [user] = await app.db.select().from(users).where(eq(users.email, normalised));
  const matches = user?.passwordHash ? await verifyPassword(user.passwordHash, password) : await verifyDummy(password);
  if (!user || !matches || user.status !== 'active') throw httpError(401, serverMessages.incorrect_credentials);
  await clearAttempts(app.db, rateKey);
  const refresh = await startSession(app.db, user.id, remember);
  return { body: await app.auth.issueAccess(user, refresh), refresh };
}

/** POST /login/refresh: rotates the cookie's token; any failure is the plain 401. */
export async function refreshSession(app: FastifyInstance, token: string | undefined): Promise<SignedIn> {
  const unauthorised = () => httpError(401, serverMessages.unauthorised);
  if (!token) throw unauthorised();
  const rotated = await rotateSession(app.db, token, app.auth.successorOf);
  if (!rotated.ok) throw unauthorised();
  const [user] = await app.db.select().from(users).where(eq(users.id, rotated.issued.userId));
  if (!user || user.status !== 'active') throw unauthorised();
  return { body: await app.auth.issueAccess(user, rotated.issued), refresh: rotated.issued };
}

/** POST /logout: ends the session of the cookie, if any; its access tokens stop at once. */
export async function signOut(app: FastifyInstance, token: string | undefined): Promise<void> {
  if (token) await endSession(app.db, token);
}
