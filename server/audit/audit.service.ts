/**
 * Reading the audit log (issue 58). The entries are written by the database itself (migration
 * 0033's `audit_row()`, with the writer set by server/db/actor.ts); this file only lists them,
 * newest first, filtered by person, kind, record and date.
 */
import { and, count, eq, gte, ilike, inArray, lt, or, type SQL } from 'drizzle-orm';
import { AUDIT_KINDS, type AuditEntry } from '../../contract/audit';
import type { Db } from '../db/database';
import { auditLog } from '../db/schema';
import { likePattern, pageOf, simpleRest, type Page } from '../http/simple-rest';
import { serverMessages } from '../messages';

const rest = simpleRest(serverMessages.audit.bad_query);

const FILTER_KEYS = ['actor_id', 'q', 'kind', 'record_id', 'from', 'to', 'id'];

export interface AuditListQuery {
  filter?: string;
  sort?: string;
  range?: string;
}

/** A day or an instant (`2026-11-30`, `2026-11-30T10:00:00Z`) as a Date; 400 otherwise. */
function instant(value: unknown, field: string): Date | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) throw rest.bad(`filter.${field}`);
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) throw rest.bad(`filter.${field}`);
  return date;
}

/** The entries matching the filter, newest first (`to` is exclusive; a day given as `to` includes that day). */
export async function listAudit(db: Db, query: AuditListQuery): Promise<Page<AuditEntry>> {
  const f = rest.filter(query.filter, FILTER_KEYS);
  const where: Array<SQL | undefined> = [];
  const actors = rest.ids(f.actor_id, 'actor_id');
  if (actors) where.push(inArray(auditLog.actorId, actors));
  // The person by part of their name or email, as they were when they wrote (an auditor may hold no right to list users).
  const person = rest.search(f.q, 'filter.q');
  if (person) where.push(or(ilike(auditLog.actorName, likePattern(person)), ilike(auditLog.actorEmail, likePattern(person))));
  const kind = rest.oneOf(f, 'kind', AUDIT_KINDS);
  if (kind) where.push(eq(auditLog.kind, kind));
  if (f.record_id !== undefined && f.record_id !== null && f.record_id !== '') {
    const record = typeof f.record_id === 'number' ? String(f.record_id) : f.record_id;
    if (typeof record !== 'string' || record.length > 100) throw rest.bad('filter.record_id');
    where.push(eq(auditLog.recordId, record));
  }
  const ids = rest.ids(f.id, 'id');
  if (ids) where.push(inArray(auditLog.id, ids));
  const from = instant(f.from, 'from');
  if (from) where.push(gte(auditLog.at, from));
  const toText = f.to;
  const to = instant(toText, 'to');
  if (to) where.push(lt(auditLog.at, typeof toText === 'string' && toText.length === 10 ? new Date(to.getTime() + 86_400_000) : to));
  // 'at' sorts by id: entries are numbered as they are written, and two of one transaction share their `at`.
  const order = rest.sort(query.sort, { id: auditLog.id, at: auditLog.id }, ['id', 'DESC'], auditLog.id);
  const range = rest.range(query.range);
  const condition = and(...where);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(auditLog).where(condition).orderBy(...order).limit(range.end - range.start + 1).offset(range.start),
    db.select({ total: count() }).from(auditLog).where(condition),
  ]);
  return pageOf(rows.map(entryOf), total, range);
}

function entryOf(row: typeof auditLog.$inferSelect): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor_id: row.actorId,
    actor_name: row.actorName,
    actor_email: row.actorEmail,
    ip: row.ip,
    kind: row.kind as AuditEntry['kind'],
    record_id: row.recordId,
    action: row.action as AuditEntry['action'],
    part: row.part,
    changes: row.changes as AuditEntry['changes'],
  };
}
