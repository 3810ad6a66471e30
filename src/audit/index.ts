import { lazyPage } from '../routing/lazyPage';

// The screen loads when first opened: the sign-in page carries none of it.
const AuditLogList = lazyPage(() => import('./AuditLogList'));

/** The audit-log resource (list only: entries are written by the server, never edited). */
const auditLog = { list: AuditLogList };
export default auditLog;
