import type { ProjectView } from './api';

/**
 * The projects views' addresses (the tracker's routes.ts: 'Projects Dashboard', 'Projects Filter',
 * 'Projects In Build', 'Projects Launching', 'Projects Reviews'). A list's filter, sort and page
 * are react-admin's query (`?filter={...}&sort=...&order=...`), so an address is the whole view.
 */
export const projectsDashboardPath = '/projects/dashboard';

/** Views with a route of their own; the others are `/projects/filter/{view}`. */
const OWN_ROUTE: Partial<Record<ProjectView, string>> = { 'in-build': '/projects/in-build', launching: '/projects/launching', reviews: '/projects/reviews' };

/** The list of a view (none: every project), with `filter` (status, rag, manager_id, project_type, q) in the address. */
export function projectsListPath(view?: ProjectView | null, filter?: Record<string, unknown>): string {
  const base = view ? (OWN_ROUTE[view] ?? `/projects/filter/${view}`) : '/projects/filter';
  return filter && Object.keys(filter).length ? `${base}?${new URLSearchParams({ filter: JSON.stringify(filter) })}` : base;
}
