import { ADMIN_PERMISSIONS, PERMISSIONS as P, hasPermission, meets, type Requirement } from '../auth/permissions';
import type { SessionCompany, SessionUser } from '../auth/types';

/** One sidebar entry: a link (`to`) or a group of links, with the navigation label's common.json key. */
export interface MenuItem {
  key: string;
  label: string;
  to?: string;
  requires?: Requirement;
  children?: MenuItem[];
}

export interface MenuSection {
  key: string;
  /** Heading key; the main section has none. */
  label?: string;
  requires?: Requirement;
  items: MenuItem[];
}

const perm = (permission: string | string[]): Requirement => ({ permission });

/** The sidebar of spec sections 2 and 6; `:me` is replaced by the signed-in user's id. */
export const MENU: MenuSection[] = [
  {
    key: 'main',
    items: [
      { key: 'dashboard', label: 'menu.dashboard', to: '/dashboard' },
      {
        key: 'companies',
        label: 'menu.companies',
        children: [
          { key: 'companies-all', label: 'menu.all', to: '/companies', requires: perm(P.viewCompanies) },
          { key: 'companies-create', label: 'menu.create', to: '/companies/create', requires: perm(P.createCompanies) },
        ],
      },
      { key: 'configurator', label: 'menu.configurator', to: '/configurator', requires: perm(P.viewConfigs) },
      { key: 'agreements', label: 'menu.agreements', to: '/agreements', requires: perm(P.viewAgreements) },
      { key: 'products', label: 'menu.products', to: '/products', requires: perm(P.viewProducts) },
      {
        key: 'media',
        label: 'menu.media',
        children: [
          { key: 'media-all', label: 'menu.all', to: '/media', requires: perm(P.viewMedia) },
          { key: 'media-add', label: 'menu.add', to: '/media/upload', requires: perm(P.uploadMedia) },
        ],
      },
      { key: 'showcases', label: 'menu.showcases', to: '/showcases' },
      {
        key: 'tracker',
        label: 'menu.tracker',
        // The Tracker menu as a whole needs edit projects (spec section 6).
        requires: perm(P.editProjects),
        children: [
          { key: 'tracker-all', label: 'menu.all', to: '/tracker/all', requires: perm(P.editProjects) },
          { key: 'tracker-new', label: 'menu.trackerNew', to: '/tracker/new', requires: perm(P.createProjects) },
          { key: 'tracker-variations', label: 'menu.trackerVariations', to: '/tracker/variations', requires: perm(P.viewProjectVariations) },
          { key: 'tracker-approval', label: 'menu.trackerApproval', to: '/tracker/approval', requires: perm(P.approveProjectTasks) },
        ],
      },
      {
        key: 'projects',
        label: 'menu.projects',
        children: [
          { key: 'projects-dashboard', label: 'menu.projectsDashboard', to: '/projects/dashboard', requires: perm(P.viewProjects) },
          { key: 'projects-in-build', label: 'menu.projectsInBuild', to: '/projects/in-build', requires: perm(P.viewProjects) },
          { key: 'projects-launching', label: 'menu.projectsLaunching', to: '/projects/launching', requires: perm(P.viewProjects) },
          { key: 'projects-reviews', label: 'menu.projectsReviews', to: '/projects/reviews', requires: perm(P.viewProjects) },
          { key: 'projects-reports', label: 'menu.projectsReports', to: '/projects/reports', requires: perm(P.trackerReports) },
        ],
      },
    ],
  },
  {
    key: 'admin',
    label: 'menu.admin',
    // The admin section shows when any of the admin permissions is held (spec section 6).
    requires: perm(ADMIN_PERMISSIONS),
    items: [
      {
        key: 'users',
        label: 'menu.users',
        children: [
          { key: 'users-all', label: 'menu.all', to: '/users', requires: perm(P.listUsers) },
          { key: 'users-create', label: 'menu.create', to: '/users/create', requires: perm(P.createUsers) },
          { key: 'users-profile', label: 'menu.profile', to: '/users/profile/:me' },
        ],
      },
      { key: 'roles', label: 'menu.rolesPermissions', to: '/roles-permissions/roles', requires: perm(P.viewPermissions) },
      { key: 'categories', label: 'menu.categories', to: '/categories', requires: perm(P.manageCategories) },
      {
        key: 'showcase-admin',
        label: 'menu.showcaseAdmin',
        // Showcase admin needs edit posts (spec section 6).
        requires: perm(P.editPosts),
        children: [
          { key: 'showcase-admin-all', label: 'menu.admin', to: '/backend/showcases', requires: perm(P.editPosts) },
          { key: 'showcase-admin-create', label: 'menu.create', to: '/backend/showcases/create', requires: perm(P.createPosts) },
        ],
      },
      { key: 'config-admin', label: 'menu.configuratorAdmin', to: '/backend/config-admin/internal-page-layouts', requires: perm(P.editAdminConfigs) },
      {
        key: 'tasks',
        label: 'menu.tasks',
        children: [
          { key: 'tasks-all', label: 'menu.all', to: '/tasks', requires: perm(P.listTasks) },
          { key: 'tasks-stages', label: 'menu.taskStages', to: '/tasks/stages', requires: perm(P.editTasks) },
          { key: 'tasks-types', label: 'menu.taskTypes', to: '/tasks/types', requires: perm(P.editTasks) },
          { key: 'tasks-notifications', label: 'menu.taskNotifications', to: '/tasks/notifications', requires: perm(P.editTasks) },
        ],
      },
    ],
  },
];

function filterItem(item: MenuItem, user: SessionUser): MenuItem | null {
  if (!meets(user, item.requires)) return null;
  const to = item.to?.replace(':me', String(user.id));
  if (!item.children) return { ...item, to };
  const children = item.children.map((child) => filterItem(child, user)).filter((c): c is MenuItem => c !== null);
  // A group without a visible child and without a link of its own is noise: drop it.
  if (children.length === 0 && !to) return null;
  return { ...item, to, children };
}

/**
 * The sections and items this user may see: items by permission or role, groups without visible
 * children dropped, sections by their own requirement and dropped when empty.
 *
 * @example filterMenu(MENU, dealer).map((s) => s.key) // ['main']
 */
export function filterMenu(menu: MenuSection[], user: SessionUser | null): MenuSection[] {
  if (!user) return [];
  return menu
    .filter((section) => meets(user, section.requires))
    .map((section) => ({ ...section, items: section.items.map((i) => filterItem(i, user)).filter((i): i is MenuItem => i !== null) }))
    .filter((section) => section.items.length > 0);
}

/**
 * Whether the sidebar shows: signed in, and not a showcase-stage company unless the user may
 * create configs (spec section 6).
 *
 * @example isSidebarVisible(dealer2, { stage: 'showcase' }) // false
 */
export function isSidebarVisible(user: SessionUser | null, company: Pick<SessionCompany, 'stage'> | null): boolean {
  if (!user) return false;
  if (company?.stage === 'showcase' && !hasPermission(user, P.createConfigs)) return false;
  return true;
}
