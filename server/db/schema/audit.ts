import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Issue 58's audit log: one row per row written through the API to an audited table, by the
 * trigger `audit_row()` (migration 0033) in the same transaction as the write. Append-only: a
 * trigger refuses updates, and deletes but the retention's own (server/audit/audit.retention.ts).
 * The person is copied as they were (a user renamed or removed later keeps the entries' words).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The signed-in user who wrote; null for a request without one (a sign-in, a webhook). No foreign key: entries outlive users. */
    actorId: integer('actor_id'),
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    /** The client's address as the server saw it (behind TRUST_PROXY, the forwarded one). */
    ip: text('ip'),
    /** What kind of record (contract/audit.ts AUDIT_KINDS) and which (its id, or the parent's for a part of it). */
    kind: text('kind').notNull(),
    recordId: text('record_id').notNull(),
    /** 'insert' | 'update' | 'delete' of the row; `part` names the table when it is a part of the record (a role's permission). */
    action: text('action').notNull(),
    part: text('part'),
    /** `{ field: { before, after } }`; a secret field `{ masked: true }`, a large one `{ omitted: true }`. */
    changes: jsonb('changes').notNull(),
  },
  (t) => [index('audit_log_at_idx').on(t.at.desc()), index('audit_log_actor_idx').on(t.actorId, t.at.desc()), index('audit_log_record_idx').on(t.kind, t.recordId, t.at.desc())],
);
