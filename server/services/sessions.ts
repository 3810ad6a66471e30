import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { refreshTokens } from '../db/schema';
import { hashToken, randomToken } from './tokens';

/** Remember-me sessions last 30 days (the cookie too); others a working day, in a session cookie. */
export const REMEMBER_SECONDS = 30 * 24 * 3600;
export const SESSION_SECONDS = 12 * 3600;
/** Two tabs refreshing at once both present the same token: the second within this window is fine. */
export const REUSE_GRACE_MS = 10_000;

export interface IssuedRefresh {
  token: string;
  userId: number;
  remember: boolean;
  expiresAt: Date;
}

async function insertToken(db: Db, userId: number, familyId: string, remember: boolean): Promise<IssuedRefresh> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + (remember ? REMEMBER_SECONDS : SESSION_SECONDS) * 1000);
  await db.insert(refreshTokens).values({ userId, familyId, tokenHash: hashToken(token), remember, expiresAt });
  return { token, userId, remember, expiresAt };
}

/** Starts a new session family at sign-in. */
export function startSession(db: Db, userId: number, remember: boolean): Promise<IssuedRefresh> {
  return insertToken(db, userId, randomUUID(), remember);
}

export type RotateResult = { ok: true; issued: IssuedRefresh } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/**
 * Exchanges a refresh token for a new one in the same family. A token already rotated more than
 * REUSE_GRACE_MS ago is a replay (stolen cookie): the whole family is revoked.
 */
export async function rotateSession(db: Db, token: string): Promise<RotateResult> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(token)));
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revokedAt) return { ok: false, reason: 'revoked' };
  if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' };

  if (!row.rotatedAt) {
    // Claim the rotation atomically: of two concurrent refreshes only one sets rotated_at.
    const claimed = await db
      .update(refreshTokens)
      .set({ rotatedAt: sql`now()` })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotatedAt)))
      .returning({ rotatedAt: refreshTokens.rotatedAt });
    if (claimed.length === 1) return { ok: true, issued: await insertToken(db, row.userId, row.familyId, row.remember) };
    const [again] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, row.id));
    row.rotatedAt = again.rotatedAt;
  }
  if (row.rotatedAt && Date.now() - row.rotatedAt.getTime() <= REUSE_GRACE_MS) {
    return { ok: true, issued: await insertToken(db, row.userId, row.familyId, row.remember) };
  }
  await revokeFamily(db, row.familyId);
  return { ok: false, reason: 'reused' };
}

/** Ends the session the token belongs to (logout): every token of its family stops working. */
export async function endSession(db: Db, token: string): Promise<void> {
  const [row] = await db.select({ familyId: refreshTokens.familyId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(token)));
  if (row) await revokeFamily(db, row.familyId);
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db.update(refreshTokens).set({ revokedAt: sql`now()` }).where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Signs a user out everywhere (password changed, account disabled). */
export async function revokeAllSessions(db: Db, userId: number): Promise<void> {
  await db.update(refreshTokens).set({ revokedAt: sql`now()` }).where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
