import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companyUsers, permissions, rolePermissions, roles, userRoles } from '../db/schema';
import type { UserRow } from '../plugins/auth';
import { loadCompany } from './companies';

/**
 * GET /users/current: the user with roles.permissions, and their company with meta,
 * taxonomies.term and users (null when the user belongs to no company, e.g. staff).
 */
export async function currentUser(app: FastifyInstance, user: UserRow) {
  const db = app.db;
  const roleRows = await db
    .select({ id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, user.id))
    .orderBy(asc(roles.id));
  const permRows = roleRows.length
    ? await db
        .select({ roleId: rolePermissions.roleId, id: permissions.id, name: permissions.name })
        .from(rolePermissions)
        .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
        .where(inArray(rolePermissions.roleId, roleRows.map((r) => r.id)))
        .orderBy(asc(permissions.id))
    : [];

  const [link] = await db
    .select({ companyId: companyUsers.companyId })
    .from(companyUsers)
    .where(eq(companyUsers.userId, user.id))
    .orderBy(asc(companyUsers.companyId))
    .limit(1);
  const company = link ? await loadCompany(app, link.companyId) : null;

  return {
    user: {
      id: user.id,
      guid: user.guid,
      name: user.name,
      email: user.email,
      avatar: user.avatar,
      telephone: user.telephone,
      position: user.position,
      partner: user.partner,
      country: user.country,
      primary: user.primary,
      foc_approver: user.focApprover,
      roles: roleRows.map((r) => ({ id: r.id, name: r.name, permissions: permRows.filter((p) => p.roleId === r.id).map(({ id, name }) => ({ id, name })) })),
    },
    company,
  };
}
