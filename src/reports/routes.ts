import { PERMISSIONS as P } from '../auth/permissions';
import { lazyPage } from '../routing/lazyPage';
import { auth, defineArea, link, perm } from '../routing/define';

/** The tracker's reports (charts and tables), under Projects in the menu. */
export default defineArea({
  routes: [auth('Projects Reports', '/projects/reports', 'routes.projectsReports', perm(P.trackerReports), link('projects-reports', 'menu.projectsReports', 'projects', 5))],
  pages: { 'Projects Reports': lazyPage(() => import('./ReportsPage'), ['reports']) },
  // The reports' data is the server's longest answer: asked for before the page's code. Imported
  // when asked (a small chunk the page needs too): the route table is in every visitor's first chunk.
  prefetch: { 'Projects Reports': (search) => import('./useReports').then(({ prefetchReports }) => prefetchReports(search)) },
});
