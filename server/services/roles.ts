import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { permissions, rolePermissions, roles } from '../db/schema';

/** GET /permissions: every permission. */
export async function listPermissions(app: FastifyInstance) {
  return app.db.select({ id: permissions.id, name: permissions.name }).from(permissions).orderBy(asc(permissions.id));
}

/** GET /roles: roles with their permissions. */
export async function listRoles(app: FastifyInstance) {
  const rows = await app.db.select().from(roles).orderBy(asc(roles.id));
  const links = await app.db
    .select({ roleId: rolePermissions.roleId, id: permissions.id, name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .orderBy(asc(permissions.id));
  return rows.map((r) => ({ id: r.id, name: r.name, permissions: links.filter((l) => l.roleId === r.id).map(({ id, name }) => ({ id, name })) }));
}
