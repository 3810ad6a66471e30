import { PERMISSIONS as P, type Permission, type Requirement } from '../auth/permissions';

/** The sidebar's groups of links; layout/menuItems.ts gives each its label, section and requirement. */
export type MenuGroup = 'companies' | 'media' | 'tracker' | 'projects' | 'users' | 'showcase-admin' | 'tasks' | 'config-admin';

/**
 * Where a route's link sits in the sidebar (layout/menuItems.ts builds the menu from these): in a
 * section (`main`, `admin`) or one of its groups, at `rank` among its neighbours (smaller first).
 * The link's path and requirement are the route's own.
 */
export interface MenuPlacement {
  /** The item's key (the sidebar's test id is `menu-{key}`). */
  key: string;
  /** The link's common.json key (`menu.*`). */
  label: string;
  in: 'main' | 'admin' | MenuGroup;
  rank: number;
  /** The path's `:id` is the signed-in user's id (your own profile). */
  mine?: boolean;
}

/**
 * One route of spec section 2: its name (the spec's named routes), hash path, the common.json key of
 * its title, whether it needs a session, what permission or role it needs, and its sidebar link.
 * Pure data, registered once here: the guard, the sidebar (layout/menuItems.ts) and the tests read
 * it; routing/routeElements.tsx gives every name its page (a compile error when one is missing).
 */
export interface RouteDef<N extends string = string> {
  name: N;
  path: string;
  title: string;
  auth: boolean;
  requires?: Requirement;
  menu?: MenuPlacement;
}

const pub = <N extends string>(name: N, path: string, title: string): RouteDef<N> => ({ name, path, title, auth: false });
const auth = <N extends string>(name: N, path: string, title: string, requires?: Requirement, menu?: MenuPlacement): RouteDef<N> => ({ name, path, title, auth: true, requires, menu });
const perm = (permission: Permission): Requirement => ({ permission });
const link = (key: string, label: string, at: MenuPlacement['in'], rank: number, extra: Partial<MenuPlacement> = {}): MenuPlacement => ({ key, label, in: at, rank, ...extra });

export const ROUTES = [
  // Public
  pub('Login', '/login', 'routes.login'),
  pub('Register', '/register', 'routes.register'),
  pub('PasswordEmailReset', '/password/email/reset', 'routes.passwordEmailReset'),
  pub('PasswordReset', '/password/reset/:token', 'routes.passwordReset'),
  pub('PasswordSet', '/password/set/:token', 'routes.passwordSet'),
  // The link mailed to a new email address (issue 25): opened on any device, signed in or not.
  pub('Email Confirm', '/email/confirm/:token', 'routes.emailConfirm'),
  pub('Cookie Policy', '/cookie-policy', 'routes.cookiePolicy'),
  pub('Terms Conditions', '/terms-conditions', 'routes.termsConditions'),
  pub('Privacy Policy', '/privacy-policy', 'routes.privacyPolicy'),
  pub('Logout', '/logout', 'routes.logout'),

  // Signed in, no permission
  auth('Dashboard', '/dashboard', 'routes.dashboard', undefined, link('dashboard', 'menu.dashboard', 'main', 10)),
  auth('Company Dashboard', '/dashboard/:id', 'routes.companyDashboard'),
  auth('Showcases', '/showcases', 'routes.showcases', undefined, link('showcases', 'menu.showcases', 'main', 70)),
  auth('Showcase', '/showcases/:slug', 'routes.showcase'),
  auth('Showcase Media', '/showcases/media/:mediaId', 'routes.showcaseMedia'),
  auth('User Profile', '/users/profile/:id', 'routes.userProfile', undefined, link('users-profile', 'menu.profile', 'users', 3, { mine: true })),

  // Agreements
  auth('Agreements', '/agreements', 'routes.agreements', perm(P.viewAgreements), link('agreements', 'menu.agreements', 'main', 40)),
  auth('Agreement Edit', '/agreements/:id/edit', 'routes.agreementEdit', perm(P.editAgreements)),
  auth('Agreement', '/agreements/:id/preview', 'routes.agreement', perm(P.viewAgreements)),

  // Companies
  auth('Companies', '/companies', 'routes.companies', perm(P.viewCompanies), link('companies-all', 'menu.all', 'companies', 1)),
  auth('Company Profile', '/companies/profile/:id', 'routes.companyProfile', perm(P.viewCompanies)),
  auth('Company Create', '/companies/create', 'routes.companyCreate', perm(P.createCompanies), link('companies-create', 'menu.create', 'companies', 2)),

  // Configurator
  auth('Config', '/configurator', 'routes.config', perm(P.viewConfigs), link('configurator', 'menu.configurator', 'main', 30)),
  auth('Config Redirect', '/configurator/:id', 'routes.configDashboard', perm(P.viewConfigs)),
  auth('Config Dashboard', '/configurator/:id/dashboard', 'routes.configDashboard', perm(P.viewConfigs)),
  auth('Config Overview', '/configurator/:id/overview', 'routes.configOverview', perm(P.viewConfigs)),
  auth('Config Internal Stage', '/configurator/:id/internal/:slug', 'routes.configInternalStage', perm(P.manageConfigs)),
  auth('Config Stage', '/configurator/:id/:slug', 'routes.configStage', perm(P.viewConfigs)),

  // Media
  auth('Media', '/media', 'routes.media', perm(P.viewMedia), link('media-all', 'menu.all', 'media', 1)),
  auth('Media Upload', '/media/upload', 'routes.mediaUpload', perm(P.uploadMedia), link('media-add', 'menu.add', 'media', 2)),

  // Products
  auth('Products', '/products', 'routes.products', perm(P.viewProducts), link('products', 'menu.products', 'main', 50)),
  auth('Product Edit', '/products/edit/:id', 'routes.productEdit', perm(P.createProducts)),
  auth('Product Create', '/products/create', 'routes.productCreate', perm(P.createProducts)),

  // Showcase admin
  auth('Showcases Admin', '/backend/showcases', 'routes.showcasesAdmin', perm(P.editPosts), link('showcase-admin-all', 'menu.admin', 'showcase-admin', 1)),
  auth('Create Showcases', '/backend/showcases/create', 'routes.createShowcases', perm(P.createPosts), link('showcase-admin-create', 'menu.create', 'showcase-admin', 2)),
  auth('Edit Showcases', '/backend/showcases/edit/:id', 'routes.editShowcases', perm(P.editPosts)),

  // Categories
  auth('Categories', '/categories', 'routes.categories', perm(P.manageCategories), link('categories', 'menu.categories', 'admin', 30)),
  auth('Taxonomies', '/categories/:taxonomy', 'routes.taxonomies', perm(P.manageCategories)),

  // Users and roles
  auth('Users', '/users', 'routes.users', perm(P.listUsers), link('users-all', 'menu.all', 'users', 1)),
  auth('User Create', '/users/create', 'routes.userCreate', perm(P.createUsers), link('users-create', 'menu.create', 'users', 2)),
  auth('Roles & Permissions', '/roles-permissions/roles', 'routes.rolesPermissions', perm(P.viewPermissions), link('roles', 'menu.rolesPermissions', 'admin', 20)),
  // The spec's section path: roles are its only page, so it opens them rather than "Page Not Found.".
  auth('Roles & Permissions Redirect', '/roles-permissions', 'routes.rolesPermissions', perm(P.viewPermissions)),

  // Tasks
  auth('Tasks All', '/tasks', 'routes.tasks', perm(P.listTasks), link('tasks-all', 'menu.all', 'tasks', 1)),
  auth('Tasks Stages All', '/tasks/stages', 'routes.taskStages', perm(P.editTasks), link('tasks-stages', 'menu.taskStages', 'tasks', 2)),
  auth('Tasks Notifications All', '/tasks/notifications', 'routes.taskNotifications', perm(P.editTasks), link('tasks-notifications', 'menu.taskNotifications', 'tasks', 4)),
  auth('Tasks Types All', '/tasks/types', 'routes.taskTypes', perm(P.editTasks), link('tasks-types', 'menu.taskTypes', 'tasks', 3)),

  // Tracker
  auth('Tracker New', '/tracker/new', 'routes.trackerNew', perm(P.createProjects), link('tracker-new', 'menu.trackerNew', 'tracker', 2)),
  auth('Tracker Variations', '/tracker/variations', 'routes.trackerVariations', perm(P.viewProjectVariations), link('tracker-variations', 'menu.trackerVariations', 'tracker', 3)),
  auth('Tracker Approval', '/tracker/approval', 'routes.trackerApproval', perm(P.approveProjectTasks), link('tracker-approval', 'menu.trackerApproval', 'tracker', 4)),
  auth('Tracker All', '/tracker/all', 'routes.trackerAll', perm(P.editProjects), link('tracker-all', 'menu.all', 'tracker', 1)),
  auth('Tracker Summary', '/tracker/:id/summary', 'routes.trackerSummary', perm(P.editProjects)),
  auth('Tracker Profile', '/tracker/:id/profile', 'routes.trackerProfile', perm(P.editProjects)),
  auth('Tracker Project', '/tracker/:id', 'routes.trackerSummary', perm(P.editProjects)),

  // Projects
  auth('Projects Dashboard', '/projects/dashboard', 'routes.projectsDashboard', perm(P.viewProjects), link('projects-dashboard', 'menu.projectsDashboard', 'projects', 1)),
  auth('Projects Filter', '/projects/filter/:name?', 'routes.projectsFilter', perm(P.viewProjects)),
  auth('Projects In Build', '/projects/in-build', 'routes.projectsInBuild', perm(P.viewProjects), link('projects-in-build', 'menu.projectsInBuild', 'projects', 2)),
  auth('Projects Launching', '/projects/launching', 'routes.projectsLaunching', perm(P.viewProjects), link('projects-launching', 'menu.projectsLaunching', 'projects', 3)),
  auth('Projects Reviews', '/projects/reviews', 'routes.projectsReviews', perm(P.viewProjects), link('projects-reviews', 'menu.projectsReviews', 'projects', 4)),
  auth('Projects Reports', '/projects/reports', 'routes.projectsReports', perm(P.trackerReports), link('projects-reports', 'menu.projectsReports', 'projects', 5)),

  // Configurator admin and migration
  auth('Internal Page Layouts', '/backend/config-admin/internal-page-layouts', 'routes.internalPageLayouts', perm(P.editAdminConfigs), link('config-admin-layouts', 'menu.internalPageLayouts', 'config-admin', 1)),
  // Issue 31: staff edit the configurator's stage files (versions, drafts, publish).
  auth('Stage Catalogue', '/backend/config-admin/stages', 'routes.stageCatalogue', perm(P.editAdminConfigs), link('config-admin-stages', 'menu.stageCatalogue', 'config-admin', 2)),
  auth('Stage Catalogue Edit', '/backend/config-admin/stages/:slug', 'routes.stageCatalogueEdit', perm(P.editAdminConfigs)),
  auth('Migration', '/migration', 'routes.migration', perm(P.manageConfigs)),
];

/** The name of every route: pages, preloads and links name routes by it (a typo does not compile). */
export type RouteName = (typeof ROUTES)[number]['name'];

const byName = new Map<string, RouteDef>(ROUTES.map((route) => [route.name, route]));

/** The route of a name (throws on a typo, so a wrong name fails in tests, not in production). */
export function routeByName(name: RouteName): RouteDef {
  const route = byName.get(name);
  if (!route) throw new Error(`No route named ${name}`);
  return route;
}

/**
 * The path of a named route with its params filled in.
 *
 * @example pathFor('Company Dashboard', { id: 7 }) // '/dashboard/7'
 */
export function pathFor(name: RouteName, params: Record<string, string | number> = {}): string {
  return routeByName(name)
    .path.replace(/:(\w+)\??/g, (_, key: string) => (params[key] === undefined ? '' : encodeURIComponent(String(params[key]))))
    .replace(/\/+$/, '') || '/';
}
