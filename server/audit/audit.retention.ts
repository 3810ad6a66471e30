/**
 * The audit log keeps an entry for AUDIT_RETENTION_DAYS (server/options.ts), then the sweep removes
 * it. The table refuses every other delete (migration 0033's `audit_log_append_only()`): this one
 * names its period in the same transaction, and the trigger lets through only entries older than it.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';

/** Removes the entries older than `days` before `now`; returns how many. */
export async function pruneAuditLog(db: Db, days: number, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('portal.audit_retention_days', ${String(days)}, true)`);
    const gone = await tx.execute(sql`DELETE FROM audit_log WHERE at < ${now.toISOString()}::timestamptz - make_interval(days => ${days}::integer) AND at < now() - make_interval(days => ${days}::integer)`);
    return Number((gone as { rowCount?: number; affectedRows?: number }).rowCount ?? (gone as { affectedRows?: number }).affectedRows ?? 0);
  });
}
