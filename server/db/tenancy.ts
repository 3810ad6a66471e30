/**
 * Which companies' records a user may see, as a SQL condition every service puts IN its query
 * (design: "tenancy is one helper that every service's queries use"). Enforced in the query, so a
 * record of another company is never loaded, and the answer is the same 404 as for one that does
 * not exist.
 */
import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { permissionSet, type Permission } from '../../contract/permissions';
import type { Db, Tx } from './database';
import { companyUsers, permissions, rolePermissions, userRoles, users } from './schema';

/** The signed-in user as tenancy sees them: id and permission names. */
export interface Viewer {
  id: number;
  permissions: ReadonlySet<Permission>;
}

/**
 * Staff who work across companies: 'manage configs' (runs every configurator) or 'view companies'
 * (opens any company, as GET /companies/{id} allows). Everyone else is held to the companies they
 * are a member of; a user in no company sees nothing, never everything.
 */
export const CROSS_COMPANY: readonly Permission[] = ['manage configs', 'view companies'];

/** True when the viewer sees every company's records. */
export function seesAllCompanies(viewer: Viewer): boolean {
  return CROSS_COMPANY.some((p) => viewer.permissions.has(p));
}

/**
 * The condition on a company id column that keeps a query to the viewer's companies (undefined
 * when the viewer sees all, which `and(...)` drops).
 * @example db.select().from(configs).where(and(eq(configs.id, id), companyScope(viewer, configs.companyId)))
 */
export function companyScope(viewer: Viewer, companyId: AnyPgColumn): SQL | undefined {
  if (seesAllCompanies(viewer)) return undefined;
  return memberOfCompany(viewer.id, companyId);
}

/**
 * The condition that the user is a member of the company in `companyId`; `userId` may be a
 * placeholder (a prepared statement's, server/db/prepared.ts).
 */
export function memberOfCompany(userId: number | Placeholder, companyId: AnyPgColumn): SQL {
  return sql`${companyId} IN (SELECT ${companyUsers.companyId} FROM ${companyUsers} WHERE ${eq(companyUsers.userId, userId)})`;
}

/**
 * A user as tenancy sees them now, for work done on their behalf away from their request (a queued
 * import run by another instance's worker): their permissions as they are at the time, and nothing
 * for a user disabled or deleted since.
 */
export async function activeViewer(db: Db, userId: number): Promise<Viewer | null> {
  const [user] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), eq(users.status, 'active')));
  return user ? { id: user.id, permissions: permissionSet(await heldPermissions(db, userId)) } : null;
}

/** The permission names a user holds through their roles (the same join authenticate uses). */
export async function heldPermissions(db: Db | Tx, userId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ name: permissions.name })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(userRoles.userId, userId));
  return rows.map((r) => r.name);
}
