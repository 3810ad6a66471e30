import { SEARCH_PATHS } from '../../contract/search';
import type { AuditEntry } from '../../contract/audit';

/**
 * The screen that shows an entry's record, where there is one (the app's routes, as the search's
 * hits name them: contract/search.ts). A role, a category or a task template opens its list.
 */
export function recordPath(entry: Pick<AuditEntry, 'kind' | 'record_id'>): string | null {
  const id = Number(entry.record_id);
  const numeric = Number.isInteger(id) && id > 0;
  switch (entry.kind) {
    case 'company':
      return numeric ? SEARCH_PATHS.companyProfile(id) : null;
    case 'user':
      return numeric ? SEARCH_PATHS.userProfile(id) : null;
    case 'product':
      return numeric ? SEARCH_PATHS.productEdit(id) : null;
    case 'agreement':
      return numeric ? SEARCH_PATHS.agreement(id) : null;
    case 'project':
      return numeric ? SEARCH_PATHS.projectSummary(id) : null;
    case 'showcase':
      return numeric ? SEARCH_PATHS.showcaseEdit(id) : null;
    case 'stage_version':
      return `/backend/config-admin/stages/${encodeURIComponent(entry.record_id)}`;
    case 'role':
      return '/roles-permissions/roles';
    case 'category':
      return '/categories';
    case 'media':
      return '/media';
    case 'layout':
      return '/backend/config-admin/internal-page-layouts';
    case 'task_template':
      return '/tasks';
    case 'task_stage':
      return '/tasks/stages';
    case 'task_type':
      return '/tasks/types';
    case 'notification_template':
      return '/tasks/notifications';
    default:
      return null;
  }
}
