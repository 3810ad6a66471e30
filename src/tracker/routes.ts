import { PERMISSIONS as P } from '../auth/permissions';
import { lazyPage } from '../routing/lazyPage';
import { auth, defineArea, link, perm } from '../routing/define';
import projects from './list';

const TrackerSummary = lazyPage(() => import('./ProjectSummaryPage'), ['tracker']);
const views = () => import('./views/ProjectsViewPages');

/** The project tracker (projects, their boards, variations and approvals) and the projects views. */
export default defineArea({
  routes: [
    auth('Tracker New', '/tracker/new', 'routes.trackerNew', perm(P.createProjects), link('tracker-new', 'menu.trackerNew', 'tracker', 2)),
    auth('Tracker Variations', '/tracker/variations', 'routes.trackerVariations', perm(P.viewProjectVariations), link('tracker-variations', 'menu.trackerVariations', 'tracker', 3)),
    auth('Tracker Approval', '/tracker/approval', 'routes.trackerApproval', perm(P.approveProjectTasks), link('tracker-approval', 'menu.trackerApproval', 'tracker', 4)),
    auth('Tracker All', '/tracker/all', 'routes.trackerAll', perm(P.editProjects), link('tracker-all', 'menu.all', 'tracker', 1)),
    auth('Tracker Summary', '/tracker/:id/summary', 'routes.trackerSummary', perm(P.editProjects)),
    auth('Tracker Profile', '/tracker/:id/profile', 'routes.trackerProfile', perm(P.editProjects)),
    auth('Tracker Project', '/tracker/:id', 'routes.trackerSummary', perm(P.editProjects)),
    auth('Projects Dashboard', '/projects/dashboard', 'routes.projectsDashboard', perm(P.viewProjects), link('projects-dashboard', 'menu.projectsDashboard', 'projects', 1)),
    auth('Projects Filter', '/projects/filter/:name?', 'routes.projectsFilter', perm(P.viewProjects)),
    auth('Projects In Build', '/projects/in-build', 'routes.projectsInBuild', perm(P.viewProjects), link('projects-in-build', 'menu.projectsInBuild', 'projects', 2)),
    auth('Projects Launching', '/projects/launching', 'routes.projectsLaunching', perm(P.viewProjects), link('projects-launching', 'menu.projectsLaunching', 'projects', 3)),
    auth('Projects Reviews', '/projects/reviews', 'routes.projectsReviews', perm(P.viewProjects), link('projects-reviews', 'menu.projectsReviews', 'projects', 4)),
  ],
  pages: {
    'Tracker New': lazyPage(() => import('./NewProjectPage'), ['tracker']),
    'Tracker Variations': lazyPage(() => import('./VariationsPage'), ['tracker']),
    'Tracker Approval': lazyPage(() => import('./ApprovalPage'), ['tracker']),
    'Tracker All': projects.list,
    'Tracker Summary': TrackerSummary,
    'Tracker Profile': lazyPage(() => import('./ProjectProfilePage'), ['tracker']),
    'Tracker Project': TrackerSummary,
    'Projects Dashboard': lazyPage(() => import('./views/ProjectsDashboardPage'), ['projects']),
    'Projects Filter': lazyPage(views, ['projects']),
    'Projects In Build': lazyPage(() => views().then((m) => ({ default: m.ProjectsInBuildPage })), ['projects']),
    'Projects Launching': lazyPage(() => views().then((m) => ({ default: m.ProjectsLaunchingPage })), ['projects']),
    'Projects Reviews': lazyPage(() => views().then((m) => ({ default: m.ProjectsReviewsPage })), ['projects']),
  },
  resources: { projects },
  // Back from a project back to the tracker list: shown as it was left, filters and scroll (routing/KeepScreens.tsx, issue 59).
  keep: ['Tracker All'],
  next: {
    'Tracker All': ['Tracker Summary'],
    'Projects In Build': ['Tracker Summary'],
    'Projects Launching': ['Tracker Summary'],
    'Projects Reviews': ['Tracker Summary'],
    'Projects Dashboard': ['Tracker Summary'],
    'Tracker Summary': ['Tracker Profile'],
  },
});
