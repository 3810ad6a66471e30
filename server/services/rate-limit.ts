import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { rateLimits } from '../db/schema';
import type { RateRule } from '../options';
import { httpError } from '../http/errors';
import { interpolate, serverMessages } from '../messages';

const interval = (seconds: number) => sql.raw(`interval '${Math.floor(seconds)} seconds'`);

/**
 * Counts one attempt for `key` in a fixed window (atomic upsert, so concurrent requests and
 * several instances count alike) and throws 429 once the window holds more than `rule.max`.
 * Expired windows of every key are pruned first (see pruneExpiredAttempts).
 */
export async function countAttempt(app: FastifyInstance, key: string, rule: RateRule): Promise<void> {
  await pruneExpiredAttempts(app.db, longestWindow(app.config.rateLimits));
  const window = interval(rule.windowSeconds);
  const result: unknown = await app.db.execute(sql`
    INSERT INTO rate_limits (key, count, window_start) VALUES (${key}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start <= now() - ${window} THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start <= now() - ${window} THEN now() ELSE rate_limits.window_start END
    RETURNING count, EXTRACT(EPOCH FROM (window_start + ${window} - now()))::float8 AS retry`);
  // PGlite and node-postgres both answer { rows }.
  const row = (result as { rows: Array<{ count: number; retry: number }> }).rows[0];
  if (Number(row.count) > rule.max) {
    const seconds = Math.max(1, Math.ceil(Number(row.retry)));
    const minutes = Math.ceil(seconds / 60);
    throw httpError(429, interpolate(serverMessages.too_many_attempts, { minutes }), undefined, { 'retry-after': String(seconds) });
  }
}

/**
 * Deletes the rows whose window is over under every rule (older than `olderThanSeconds`, the
 * longest window): such a row only ever gets reset by its next attempt, so dropping it changes no
 * count. A row knows its start, not its rule, hence the longest window: a short-window row
 * lingers at most that long after it expired.
 *
 * Pruned here on the write path rather than by a background timer: every instance prunes as it
 * writes, with no worker to run or turn off (the mail worker can be off, and a timer per process
 * would be state outside the database); the table only grows through this path, so it stays
 * bounded by the keys of the last window, and the delete only ever scans that small table.
 */
export async function pruneExpiredAttempts(db: Db, olderThanSeconds: number): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE window_start <= now() - ${interval(olderThanSeconds)}`);
}

/** The longest window of the configured rules, in seconds. */
export function longestWindow(rules: Record<string, RateRule>): number {
  return Math.max(...Object.values(rules).map((r) => r.windowSeconds));
}

/** Forgets the attempts of `key` (after a successful sign-in). */
export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
