import type { AuditKind } from '../../../contract/audit';

/** The audit log (the audit area's 'Audit Log'), filtered to one record's entries: what a record's own screen links to. */
export const auditEntriesPath = (kind: AuditKind, recordId: string | number) => `/audit-log?filter=${encodeURIComponent(JSON.stringify({ kind, record_id: String(recordId) }))}`;
