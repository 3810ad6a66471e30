/**
 * The audit log (issue 58, `GET /api/audit-log`): what kinds of record it follows, and an entry as
 * the API answers it. Entries are written by the database (migration 0033's `audit_row()`), in the
 * same transaction as each write made through the API.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { nullableId, nullableString, text } from './schema-parts';

/** The kinds of record followed, as the entries name them. A part of a record (a role's permission) is entered under its record. */
export const AUDIT_KINDS = [
  'company', 'user', 'role', 'product', 'category', 'media', 'showcase', 'agreement', 'project', 'task', 'variation',
  'stage_version', 'layout', 'import', 'task_template', 'task_stage', 'task_type', 'notification_template',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_ACTIONS = ['insert', 'update', 'delete'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One field's change: its value before and after, or only that it changed (a secret, or a file's bytes). */
const fieldChange = {
  type: 'object',
  properties: { before: {}, after: {}, masked: { type: 'boolean' }, omitted: { type: 'boolean' } },
  additionalProperties: false,
} as const;

export const auditEntry = {
  type: 'object',
  required: ['id', 'at', 'actor_id', 'actor_name', 'actor_email', 'ip', 'kind', 'record_id', 'action', 'part', 'changes'],
  properties: {
    id: { type: 'integer' },
    at: text,
    actor_id: nullableId,
    actor_name: nullableString,
    actor_email: nullableString,
    ip: nullableString,
    kind: { type: 'string', enum: AUDIT_KINDS },
    record_id: text,
    action: { type: 'string', enum: AUDIT_ACTIONS },
    /** The table of the part written (`role_permissions`), or null for the record's own row. */
    part: nullableString,
    changes: { type: 'object', additionalProperties: fieldChange },
  },
  additionalProperties: false,
} as const;
export type AuditEntry = FromSchema<typeof auditEntry>;

/** How long entries are kept by default, and the shortest period an installation may set (AUDIT_RETENTION_DAYS). */
export const AUDIT_RETENTION = { defaultDays: 730, minDays: 30 } as const;
