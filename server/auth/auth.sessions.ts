import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import { permissions, refreshTokens, rolePermissions, sessions, userRoles, users } from '../db/schema';
import { hashToken, randomToken, type AccessClaims } from './auth.tokens';

/** Remember-me sessions last 30 days (the cookie too); others a working day, in a session cookie. */
export const REMEMBER_SECONDS = 30 * 24 * 3600;
export const SESSION_SECONDS = 12 * 3600;
/** Two tabs refreshing at once both present the same token: the second within this window is fine. */
export const REUSE_GRACE_MS = 10_000;

export interface IssuedRefresh {
  token: string;
  userId: number;
  /** The session (refresh-token family) the token belongs to; its access tokens carry this id. */
  sessionId: string;
  remember: boolean;
  expiresAt: Date;
}

const lifetimeMs = (remember: boolean) => (remember ? REMEMBER_SECONDS : SESSION_SECONDS) * 1000;

/** Starts a new session at sign-in, with its first refresh token. */
export async function startSession(db: Db, userId: number, remember: boolean): Promise<IssuedRefresh> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + lifetimeMs(remember));
  const sessionId = await db.transaction(async (tx) => {
    const [session] = await tx.insert(sessions).values({ userId, expiresAt }).returning({ id: sessions.id });
    await tx.insert(refreshTokens).values({ userId, familyId: session.id, tokenHash: hashToken(token), remember, expiresAt });
    return session.id;
  });
  return { token, userId, sessionId, remember, expiresAt };
}

export type RotateResult = { ok: true; issued: IssuedRefresh } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/**
 * Exchanges a refresh token for its successor in the same session. The successor is derived from
 * the token (`successorOf`, an HMAC) and inserted idempotently, so every refresh of one token
 * inside REUSE_GRACE_MS (two tabs, two instances) gets the same successor: the chain cannot fork.
 * A token presented again after the window is a replay (stolen cookie): the session is revoked.
 */
export async function rotateSession(db: Db, token: string, successorOf: (parent: string) => string): Promise<RotateResult> {
  const [row] = await db
    .select({ token: refreshTokens, revokedAt: sessions.revokedAt })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.familyId))
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revokedAt) return { ok: false, reason: 'revoked' };
  const parent = row.token;
  if (parent.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' };

  // The first refresh stamps rotated_at; concurrent ones wait for its row lock and keep its stamp.
  // The window is measured on the database clock, the one every instance shares.
  const [stamp] = await db
    .update(refreshTokens)
    .set({ rotatedAt: sql`coalesce(${refreshTokens.rotatedAt}, now())` })
    .where(eq(refreshTokens.id, parent.id))
    .returning({ inGrace: sql<boolean>`${refreshTokens.rotatedAt} > now() - make_interval(secs => ${REUSE_GRACE_MS / 1000})` });
  if (!stamp) return { ok: false, reason: 'unknown' };
  if (!stamp.inGrace) {
    await revokeSession(db, parent.familyId);
    return { ok: false, reason: 'reused' };
  }

  // Extending the session also proves it was not revoked since the read above (logout racing).
  const wanted = new Date(Date.now() + lifetimeMs(parent.remember));
  const live = await db
    .update(sessions)
    .set({ expiresAt: sql`greatest(${sessions.expiresAt}, ${wanted.toISOString()}::timestamptz)` })
    .where(and(eq(sessions.id, parent.familyId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (live.length === 0) return { ok: false, reason: 'revoked' };

  const successor = successorOf(token);
  const tokenHash = hashToken(successor);
  const values = { userId: parent.userId, familyId: parent.familyId, tokenHash, remember: parent.remember, expiresAt: wanted };
  let [inserted] = await db.insert(refreshTokens).values(values).onConflictDoNothing({ target: refreshTokens.tokenHash }).returning({ expiresAt: refreshTokens.expiresAt });
  // A concurrent refresh of the same token inserted it first: hand out that row's expiry, so both
  // answers set the identical cookie.
  inserted ??= (await db.select({ expiresAt: refreshTokens.expiresAt }).from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)))[0];
  return { ok: true, issued: { token: successor, userId: parent.userId, sessionId: parent.familyId, remember: parent.remember, expiresAt: inserted.expiresAt } };
}

/** Ends the session the refresh token belongs to (logout): its refresh and access tokens stop. */
export async function endSession(db: Db, token: string): Promise<void> {
  const family = db.select({ id: refreshTokens.familyId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(token)));
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(sql`${sessions.id} = (${family})`, isNull(sessions.revokedAt)));
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Signs a user out everywhere (password changed, account disabled). */
export async function revokeAllSessions(db: Db, userId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/**
 * The user behind an access token and the permission names they hold, or null when the token's
 * session has ended (logout, replay, password change), the user is disabled or the token version
 * moved on. One query per request, on the database every instance shares: no revocation cache.
 */
export async function sessionUser(db: Db, claims: AccessClaims): Promise<{ user: typeof users.$inferSelect; permissionNames: string[]; expiresAt: Date } | null> {
  // Every authenticated request runs this: built and planned once (server/db/prepared.ts).
  const statement = prepared(db, 'session_user', (name) => {
    const permissionNames = sql<string[]>`coalesce((
      select array_agg(distinct ${permissions.name}) from ${userRoles}
      join ${rolePermissions} on ${rolePermissions.roleId} = ${userRoles.roleId}
      join ${permissions} on ${permissions.id} = ${rolePermissions.permissionId}
      where ${userRoles.userId} = ${users.id}), '{}')`;
    return db
      .select({ user: users, permissionNames, expiresAt: sessions.expiresAt })
      .from(users)
      .innerJoin(sessions, eq(sessions.userId, users.id))
      .where(
        and(
          eq(users.id, sql.placeholder('userId')),
          eq(sessions.id, sql.placeholder('sessionId')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
          eq(users.status, 'active'),
          eq(users.tokenVersion, sql.placeholder('version')),
        ),
      )
      .prepare(name);
  });
  const [row] = await statement.execute({ userId: claims.userId, sessionId: claims.sessionId, version: claims.version });
  return row ?? null;
}
