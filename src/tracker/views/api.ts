import type { OverviewProject, ProjectsOverview } from '../../../contract/projects-overview';
import { http } from '../../http';

export { PROJECT_VIEWS, OPEN_PROJECT_STATUSES, type ProjectView } from '../../../contract/projects-overview';
/** The answers as the contract defines them (contract/projects-overview.ts). */
export type { OverviewProject, ProjectsOverview };

/**
 * `GET /projects/overview` (server/projects/README.md "Views and the overview"), with react-query's
 * `signal`; `cache: false`: react-query is the one cache. The filtered lists read `GET /projects`
 * through react-admin's data provider.
 */
export const getOverview = async (signal?: AbortSignal) => http.get<ProjectsOverview>('/projects/overview', { cache: false, notify: false, signal });
