import type { ComponentType } from 'react';
import companies from '../companies';
import users from '../users';
import categories, { TermList } from '../categories';
import roles from '../roles';
import media from '../media';
import products from '../products';
import showcases from '../showcases/admin';
import agreements from '../agreements/list';
import tasks from '../tasks/templates';
import taskStages from '../tasks/stages';
import taskTypes from '../tasks/types';
import taskNotifications from '../tasks/notifications';
import projects from '../tracker/list';
import internalPageLayouts from '../config-admin/layouts';
import stages from '../config-admin/stages';
import { lazyPage, type LazyPage } from './lazyPage';
import { PUBLIC_PAGES } from './publicPages';
import { pathOf, routeAt } from './routeAt';
import type { RouteName } from './routes';

/*
 * The page of each named route, without react-router or react-admin: main.tsx asks for the code of
 * the page the app opens on beside the app's own chunk (which this module is not part of), instead
 * of once that chunk has run, a round of requests later. routeElements.tsx makes the routes of them.
 */

// Everything is loaded when first opened, but the signed-out pages (routing/publicPages.ts).
const Dashboard = lazyPage(() => import('../home/DashboardPage'), ['dashboard']);
const Logout = lazyPage(() => import('../pages/auth/LogoutPage'));
const ConfigList = lazyPage(() => import('../configurator/ConfigListPage'));
const ConfigDashboard = lazyPage(() => import('../configurator/ConfigDashboardPage'));
const ConfigOverview = lazyPage(() => import('../configurator/ConfigOverviewPage'));
const ConfigStage = lazyPage(() => import('../configurator/ConfigStagePage'));
const Showcases = lazyPage(() => import('../showcases/ShowcasesPage'));
const Showcase = lazyPage(() => import('../showcases/ShowcasePage'));
const ShowcaseMedia = lazyPage(() => import('../showcases/ShowcaseMediaPage'));
const AgreementEdit = lazyPage(() => import('../agreements/AgreementEditPage'));
const AgreementPreview = lazyPage(() => import('../agreements/AgreementPreviewPage'));
const TrackerNew = lazyPage(() => import('../tracker/NewProjectPage'), ['tracker']);
const TrackerVariations = lazyPage(() => import('../tracker/VariationsPage'), ['tracker']);
const TrackerApproval = lazyPage(() => import('../tracker/ApprovalPage'), ['tracker']);
const TrackerSummary = lazyPage(() => import('../tracker/ProjectSummaryPage'), ['tracker']);
const TrackerProfile = lazyPage(() => import('../tracker/ProjectProfilePage'), ['tracker']);
const ProjectsDashboard = lazyPage(() => import('../tracker/views/ProjectsDashboardPage'), ['projects']);
const ProjectsFilter = lazyPage(() => import('../tracker/views/ProjectsViewPages'), ['projects']);
const ProjectsInBuild = lazyPage(() => import('../tracker/views/ProjectsViewPages').then((m) => ({ default: m.ProjectsInBuildPage })), ['projects']);
const ProjectsLaunching = lazyPage(() => import('../tracker/views/ProjectsViewPages').then((m) => ({ default: m.ProjectsLaunchingPage })), ['projects']);
const ProjectsReviews = lazyPage(() => import('../tracker/views/ProjectsViewPages').then((m) => ({ default: m.ProjectsReviewsPage })), ['projects']);
const ProjectsReports = lazyPage(() => import('../reports/ReportsPage'), ['reports']);
const Migration = lazyPage(() => import('../migration/MigrationPage'), ['migration']);

/** The routes that only redirect (routeElements.tsx: they need react-router, which the app's chunk brings). */
export type RedirectName = 'Config Redirect' | 'Roles & Permissions Redirect';

/**
 * The page of every named route but the two redirects (routeElements.tsx adds them), in one place:
 * a route without a page, or a page of a name that is no route, does not compile.
 */
export const PAGES: Record<Exclude<RouteName, RedirectName>, ComponentType> = {
  ...PUBLIC_PAGES,
  Logout,
  Dashboard,
  'Company Dashboard': Dashboard,
  Config: ConfigList,
  'Config Dashboard': ConfigDashboard,
  'Config Overview': ConfigOverview,
  'Config Stage': ConfigStage,
  // The same page: it shows internal notes on the internal route (the route needs manage configs).
  'Config Internal Stage': ConfigStage,
  Companies: companies.list,
  'Company Create': companies.create,
  'Company Profile': companies.edit,
  Users: users.list,
  'User Create': users.create,
  'User Profile': users.edit,
  Categories: categories.list,
  Taxonomies: TermList,
  'Roles & Permissions': roles.list,
  Media: media.list,
  'Media Upload': media.create,
  Products: products.list,
  'Product Create': products.create,
  'Product Edit': products.edit,
  'Showcases Admin': showcases.list,
  'Create Showcases': showcases.create,
  'Edit Showcases': showcases.edit,
  Showcases,
  Showcase,
  'Showcase Media': ShowcaseMedia,
  Agreements: agreements.list,
  'Agreement Edit': AgreementEdit,
  Agreement: AgreementPreview,
  // Later issues' screens.
  'Tasks All': tasks.list,
  'Tasks Stages All': taskStages.list,
  'Tasks Notifications All': taskNotifications.list,
  'Tasks Types All': taskTypes.list,
  'Tracker New': TrackerNew,
  'Tracker Variations': TrackerVariations,
  'Tracker Approval': TrackerApproval,
  'Tracker All': projects.list,
  'Tracker Summary': TrackerSummary,
  'Tracker Profile': TrackerProfile,
  'Tracker Project': TrackerSummary,
  'Projects Dashboard': ProjectsDashboard,
  'Projects Filter': ProjectsFilter,
  'Projects In Build': ProjectsInBuild,
  'Projects Launching': ProjectsLaunching,
  'Projects Reviews': ProjectsReviews,
  'Projects Reports': ProjectsReports,
  'Internal Page Layouts': internalPageLayouts.list,
  'Stage Catalogue': stages.list,
  'Stage Catalogue Edit': stages.edit,
  Migration,
};

/**
 * react-admin's resources by API name (routeElements.tsx registers them as `<Resource>`s). Their
 * own paths (`/companies/{id}`, `/users/create`) show the same screens as the named routes, and a
 * first visit there is started the same way (`pageAt`).
 */
export const RESOURCES = {
  companies, users, media, products, posts: showcases, agreements, projects, tasks,
  'tasks/stages': taskStages, 'tasks/types': taskTypes, 'tasks/notifications': taskNotifications, adminconfigs: internalPageLayouts,
};

type Descriptor = { list?: ComponentType; create?: ComponentType; edit?: ComponentType };
// Longest name first: `/tasks/stages` is the stages resource's list, not the tasks' record "stages".
const RESOURCE_NAMES = Object.keys(RESOURCES).sort((a, b) => b.length - a.length) as Array<keyof typeof RESOURCES>;

/** The screen react-admin shows at `path` for one of its resources: its list, create or edit. */
function resourcePageAt(path: string): ComponentType | undefined {
  const name = RESOURCE_NAMES.find((n) => path === `/${n}` || path.startsWith(`/${n}/`));
  if (!name) return undefined;
  const screens = RESOURCES[name] as Descriptor;
  const rest = path.slice(name.length + 2).replace(/\/$/, '');
  if (rest === '') return screens.list;
  if (rest === 'create') return screens.create;
  return rest.includes('/') ? undefined : screens.edit;
}

/** The lazy page at `hash`: its named route's (the redirects and Login have none), else react-admin's. */
function pageAt(hash: string): Partial<LazyPage> | null {
  const name = routeAt(hash);
  const page = name ? (PAGES as Partial<Record<RouteName, ComponentType>>)[name] : resourcePageAt(pathOf(hash));
  return (page as Partial<LazyPage> | undefined) ?? null;
}

/** The i18n namespaces the page of `hash` needs besides the app's own (main.tsx loads them at start). */
export function pageNamespacesAt(hash: string): readonly string[] {
  return pageAt(hash)?.namespaces ?? [];
}

/**
 * Starts loading the page of `hash` (the address the app opens on): its code and texts come while
 * the app's own start (translations, the session check) runs, instead of after the shell has
 * rendered; main.tsx asks at once, beside the app's own chunk. Resolves when the page's code is
 * here (or failed to come).
 */
export function preloadPageAt(hash: string): Promise<unknown> {
  return pageAt(hash)?.preload?.().catch(() => {}) ?? Promise.resolve();
}

