import { PERMISSIONS as P, type Requirement } from '../auth/permissions';

/**
 * One route of spec section 2: its name (the spec's named routes), hash path, the common.json key of
 * its title, whether it needs a session, and what permission or role it needs.
 * Pure data: the guard and the tests read it; routeElements.tsx maps names to pages.
 */
export interface RouteDef {
  name: string;
  path: string;
  title: string;
  auth: boolean;
  requires?: Requirement;
}

const pub = (name: string, path: string, title: string): RouteDef => ({ name, path, title, auth: false });
const auth = (name: string, path: string, title: string, requires?: Requirement): RouteDef => ({ name, path, title, auth: true, requires });
const perm = (permission: string): Requirement => ({ permission });

export const ROUTES: RouteDef[] = [
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
  auth('Dashboard', '/dashboard', 'routes.dashboard'),
  auth('Company Dashboard', '/dashboard/:id', 'routes.companyDashboard'),
  auth('Showcases', '/showcases', 'routes.showcases'),
  auth('Showcase', '/showcases/:slug', 'routes.showcase'),
  auth('Showcase Media', '/showcases/media/:mediaId', 'routes.showcaseMedia'),
  auth('User Profile', '/users/profile/:id', 'routes.userProfile'),

  // Agreements
  auth('Agreements', '/agreements', 'routes.agreements', perm(P.viewAgreements)),
  auth('Agreement Edit', '/agreements/:id/edit', 'routes.agreementEdit', perm(P.editAgreements)),
  auth('Agreement', '/agreements/:id/preview', 'routes.agreement', perm(P.viewAgreements)),

  // Companies
  auth('Companies', '/companies', 'routes.companies', perm(P.viewCompanies)),
  auth('Company Profile', '/companies/profile/:id', 'routes.companyProfile', perm(P.viewCompanies)),
  auth('Company Create', '/companies/create', 'routes.companyCreate', perm(P.createCompanies)),

  // Configurator
  auth('Config', '/configurator', 'routes.config', perm(P.viewConfigs)),
  auth('Config Redirect', '/configurator/:id', 'routes.configDashboard', perm(P.viewConfigs)),
  auth('Config Dashboard', '/configurator/:id/dashboard', 'routes.configDashboard', perm(P.viewConfigs)),
  auth('Config Overview', '/configurator/:id/overview', 'routes.configOverview', perm(P.viewConfigs)),
  auth('Config Internal Stage', '/configurator/:id/internal/:slug', 'routes.configInternalStage', perm(P.manageConfigs)),
  auth('Config Stage', '/configurator/:id/:slug', 'routes.configStage', perm(P.viewConfigs)),

  // Media
  auth('Media', '/media', 'routes.media', perm(P.viewMedia)),
  auth('Media Upload', '/media/upload', 'routes.mediaUpload', perm(P.uploadMedia)),

  // Products
  auth('Products', '/products', 'routes.products', perm(P.viewProducts)),
  auth('Product Edit', '/products/edit/:id', 'routes.productEdit', perm(P.createProducts)),
  auth('Product Create', '/products/create', 'routes.productCreate', perm(P.createProducts)),

  // Showcase admin
  auth('Showcases Admin', '/backend/showcases', 'routes.showcasesAdmin', perm(P.editPosts)),
  auth('Create Showcases', '/backend/showcases/create', 'routes.createShowcases', perm(P.createPosts)),
  auth('Edit Showcases', '/backend/showcases/edit/:id', 'routes.editShowcases', perm(P.editPosts)),

  // Categories
  auth('Categories', '/categories', 'routes.categories', perm(P.manageCategories)),
  auth('Taxonomies', '/categories/:taxonomy', 'routes.taxonomies', perm(P.manageCategories)),

  // Users and roles
  auth('Users', '/users', 'routes.users', perm(P.listUsers)),
  auth('User Create', '/users/create', 'routes.userCreate', perm(P.createUsers)),
  auth('Roles & Permissions', '/roles-permissions/roles', 'routes.rolesPermissions', perm(P.viewPermissions)),
  // The spec's section path: roles are its only page, so it opens them rather than "Page Not Found.".
  auth('Roles & Permissions Redirect', '/roles-permissions', 'routes.rolesPermissions', perm(P.viewPermissions)),

  // Tasks
  auth('Tasks All', '/tasks', 'routes.tasks', perm(P.listTasks)),
  auth('Tasks Stages All', '/tasks/stages', 'routes.taskStages', perm(P.editTasks)),
  auth('Tasks Notifications All', '/tasks/notifications', 'routes.taskNotifications', perm(P.editTasks)),
  auth('Tasks Types All', '/tasks/types', 'routes.taskTypes', perm(P.editTasks)),

  // Tracker
  auth('Tracker New', '/tracker/new', 'routes.trackerNew', perm(P.createProjects)),
  auth('Tracker Variations', '/tracker/variations', 'routes.trackerVariations', perm(P.viewProjectVariations)),
  auth('Tracker Approval', '/tracker/approval', 'routes.trackerApproval', perm(P.approveProjectTasks)),
  auth('Tracker All', '/tracker/all', 'routes.trackerAll', perm(P.editProjects)),
  auth('Tracker Summary', '/tracker/:id/summary', 'routes.trackerSummary', perm(P.editProjects)),
  auth('Tracker Profile', '/tracker/:id/profile', 'routes.trackerProfile', perm(P.editProjects)),
  auth('Tracker Project', '/tracker/:id', 'routes.trackerSummary', perm(P.editProjects)),

  // Projects
  auth('Projects Dashboard', '/projects/dashboard', 'routes.projectsDashboard', perm(P.viewProjects)),
  auth('Projects Filter', '/projects/filter/:name?', 'routes.projectsFilter', perm(P.viewProjects)),
  auth('Projects In Build', '/projects/in-build', 'routes.projectsInBuild', perm(P.viewProjects)),
  auth('Projects Launching', '/projects/launching', 'routes.projectsLaunching', perm(P.viewProjects)),
  auth('Projects Reviews', '/projects/reviews', 'routes.projectsReviews', perm(P.viewProjects)),
  auth('Projects Reports', '/projects/reports', 'routes.projectsReports', perm(P.trackerReports)),

  // Configurator admin and migration
  auth('Internal Page Layouts', '/backend/config-admin/internal-page-layouts', 'routes.internalPageLayouts', perm(P.editAdminConfigs)),
  auth('Migration', '/migration', 'routes.migration', perm(P.manageConfigs)),
];

const byName = new Map(ROUTES.map((route) => [route.name, route]));

/** The route of a name (throws on a typo, so a wrong name fails in tests, not in production). */
export function routeByName(name: string): RouteDef {
  const route = byName.get(name);
  if (!route) throw new Error(`No route named ${name}`);
  return route;
}

/**
 * The path of a named route with its params filled in.
 *
 * @example pathFor('Company Dashboard', { id: 7 }) // '/dashboard/7'
 */
export function pathFor(name: string, params: Record<string, string | number> = {}): string {
  return routeByName(name)
    .path.replace(/:(\w+)\??/g, (_, key: string) => (params[key] === undefined ? '' : encodeURIComponent(String(params[key]))))
    .replace(/\/+$/, '') || '/';
}
