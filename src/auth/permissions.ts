import type { Permission } from '../../contract/permissions';

export type { Permission };
import type { SessionUser } from './types';

/**
 * What a menu item or route needs (spec section 6): nothing (`undefined`), a boolean, a role, or a
 * permission. Lists mean "any of".
 */
export type Requirement = boolean | undefined | { role: string | string[] } | { permission: Permission | Permission[] };

const asList = <T extends string>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

/**
 * Role check: the user has an id and at least one role whose name is in the list.
 *
 * @example hasRole({ id: 1, roles: [{ name: 'Manager', ... }] }, ['Manager', 'Executive']) // true
 */
export function hasRole(user: Pick<SessionUser, 'id' | 'roles'> | null | undefined, names: string | string[]): boolean {
  if (!user || user.id === undefined || user.id === null) return false;
  const wanted = asList(names);
  return (user.roles ?? []).some((role) => wanted.includes(role.name));
}

/**
 * Permission check: one of the user's roles holds a permission whose name is in the list.
 *
 * @example hasPermission(admin, 'edit posts') // true
 */
export function hasPermission(user: Pick<SessionUser, 'roles'> | null | undefined, names: Permission | Permission[]): boolean {
  if (!user) return false;
  const wanted: readonly string[] = asList(names);
  return (user.roles ?? []).some((role) => (role.permissions ?? []).some((p) => wanted.includes(p.name)));
}

/**
 * Whether a (signed-in) user meets a requirement; `undefined` and `true` need nothing more.
 *
 * @example meets(dealer, { permission: 'create configs' }) // false
 */
export function meets(user: SessionUser | null | undefined, requirement: Requirement): boolean {
  if (requirement === undefined || requirement === true) return true;
  if (requirement === false) return false;
  if ('role' in requirement) return hasRole(user, requirement.role);
  return hasPermission(user, requirement.permission);
}

/**
 * Every permission of spec section 6, by a short key (the names are contract/permissions.ts's:
 * `satisfies` fails the build if a value here is not one of them).
 */
export const PERMISSIONS = {
  viewAgreements: 'view agreements',
  editAgreements: 'edit agreements',
  viewCompanies: 'view companies',
  createCompanies: 'create companies',
  viewConfigs: 'view configs',
  editConfigs: 'edit configs',
  createConfigs: 'create configs',
  manageConfigs: 'manage configs',
  editAdminConfigs: 'edit admin configs',
  viewMedia: 'view media',
  uploadMedia: 'upload media',
  viewProducts: 'view products',
  createProducts: 'create products',
  editPosts: 'edit posts',
  createPosts: 'create posts',
  manageCategories: 'manage categories',
  listUsers: 'list users',
  createUsers: 'create users',
  viewPermissions: 'view permissions',
  listTasks: 'list tasks',
  editTasks: 'edit tasks',
  createProjects: 'create projects',
  viewProjectVariations: 'view project variations',
  approveProjectTasks: 'approve project tasks',
  editProjects: 'edit projects',
  viewProjects: 'view projects',
  trackerReports: 'tracker reports',
  commentConfigs: 'comment configs',
  reviewConfigs: 'review configs',
  countersignAgreements: 'countersign agreements',
  viewAuditLog: 'view audit log',
} as const satisfies Record<string, Permission>;

/** Holding any of these shows the admin section of the sidebar. */
export const ADMIN_PERMISSIONS: Permission[] = [
  PERMISSIONS.listUsers,
  PERMISSIONS.createUsers,
  PERMISSIONS.viewPermissions,
  PERMISSIONS.manageCategories,
  PERMISSIONS.editPosts,
  PERMISSIONS.createPosts,
  PERMISSIONS.editAdminConfigs,
  PERMISSIONS.listTasks,
  PERMISSIONS.editTasks,
];
