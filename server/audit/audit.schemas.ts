import { auditEntry } from '../../contract/audit';
import { listOf, simpleRestQuery } from '../http/schemas';

/** GET /audit-log: ra-data-simple-rest's query; the filter is JSON ({actor_id, q, kind, record_id, from, to, id}). */
export const listQuery = simpleRestQuery;

export const listAnswer = listOf(auditEntry);
