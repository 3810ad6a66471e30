/**
 * Which companies' records a user may see, as a SQL condition every service puts IN its query
 * (design: "tenancy is one helper that every service's queries use"). Enforced in the query, so a
 * record of another company is never loaded, and the answer is the same 404 as for one that does
 * not exist.
 *
 * A user held to their companies works in one of them at a time (issue 54): their current company,
 * the one they chose (PUT /users/current/company, table current_companies, keyed by the
 * membership) or else their first (lowest id). It is read in each query, from the database, so every
 * instance applies a switch, a sign-in keeps it, and a membership taken away ends it at once; the
 * client never names it.
 */
import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { permissionSet, type Permission } from '../../contract/permissions';
import type { Db, Tx } from './database';
import { companyUsers, currentCompanies, permissions, rolePermissions, userRoles, users } from './schema';

/** The signed-in user as tenancy sees them: id and permission names. */
export interface Viewer {
  id: number;
  permissions: ReadonlySet<Permission>;
}

/**
 * Staff who work across companies: 'manage configs' (runs every configurator) or 'view companies'
 * (opens any company, as GET /companies/{id} allows). Everyone else is held to their current
 * company, one they are a member of; a user in no company sees nothing, never everything.
 */
export const CROSS_COMPANY: readonly Permission[] = ['manage configs', 'view companies'];

/** True when the viewer sees every company's records. */
export function seesAllCompanies(viewer: Viewer): boolean {
  return CROSS_COMPANY.some((p) => viewer.permissions.has(p));
}

/**
 * The condition on a company id column that keeps a query to the viewer's current company
 * (undefined when the viewer sees all, which `and(...)` drops).
 * @example db.select().from(configs).where(and(eq(configs.id, id), companyScope(viewer, configs.companyId)))
 */
export function companyScope(viewer: Viewer, companyId: AnyPgColumn): SQL | undefined {
  if (seesAllCompanies(viewer)) return undefined;
  return inCurrentCompany(viewer.id, companyId);
}

/**
 * The user's current company as a scalar subquery: the one they chose, else their first; NULL for
 * a user in no company (so `= NULL` matches nothing). `userId` may be a placeholder (a prepared
 * statement's, server/db/prepared.ts) or a column.
 */
export function currentCompanyOf(userId: number | Placeholder | AnyPgColumn): SQL<number | null> {
  return sql<number | null>`coalesce((SELECT ${currentCompanies.companyId} FROM ${currentCompanies} WHERE ${eq(currentCompanies.userId, userId)}), (SELECT min(${companyUsers.companyId}) FROM ${companyUsers} WHERE ${eq(companyUsers.userId, userId)}))`;
}

/** The condition that the company in `companyId` is the user's current company; `userId` may be a placeholder. */
export function inCurrentCompany(userId: number | Placeholder, companyId: AnyPgColumn): SQL {
  return sql`${companyId} = ${currentCompanyOf(userId)}`;
}

/**
 * The condition that the user is a member of the company in `companyId`, any of theirs (the
 * companies they may switch to; tenancy itself is `inCurrentCompany`).
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
