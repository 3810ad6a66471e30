import { PERMISSIONS as P } from '../auth/permissions';
import { auth, defineArea, link, perm, redirect } from '../routing/define';
import roles from '.';

/** Roles and permissions (one page). */
export default defineArea({
  routes: [
    auth('Roles & Permissions', '/roles-permissions/roles', 'routes.rolesPermissions', perm(P.viewPermissions), link('roles', 'menu.rolesPermissions', 'admin', 20)),
    // The spec's section path: roles are its only page, so it opens them rather than "Page Not Found.".
    redirect('Roles & Permissions Redirect', '/roles-permissions', 'routes.rolesPermissions', '/roles-permissions/roles', perm(P.viewPermissions)),
  ],
  pages: { 'Roles & Permissions': roles.list },
});
