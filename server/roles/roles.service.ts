/**
 * Roles and permissions (spec sections 6 and 7): GET /roles, GET /permissions, GET/POST/PUT
 * /roles/{name}. Seeing them needs 'view permissions'; changing them needs that permission and the
 * Administrator role too (a permission alone would let a holder grant themselves everything).
 * A change may not take the right to manage roles from the one making it, nor from the last user
 * who has it. Permissions are read on every request (plugins/auth.ts, through the read cache that
 * every write empties), so a change applies to the role's users at once.
 */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Permission } from '../../contract/permissions';
import type { Db, Tx } from '../db/database';
import { permissions, rolePermissions, roles, userRoles, users } from '../db/schema';
import { BadRequest, Conflict, DomainError, Forbidden, Invalid, NotFound } from '../domain-errors';
import { serverMessages } from '../messages';
import { isUniqueViolation } from '../db/pg-errors';
import { LOCK_IDS } from '../db/locks';
import { cleanName } from '../http/clean-text';
import { ADMINISTRATOR_ROLE } from '../../contract/roles';
import { parseId } from '../http/ids';
import { namesOf } from '../http/local-names';
import type { LocalNames } from '../../contract/names';
import { replaceLinks } from '../db/links';

/** The permission that shows roles and permissions, and with the Administrator role changes them. */
export const MANAGE_PERMISSION: Permission = 'view permissions';

export interface Role {
  id: number;
  name: string;
  /** The name in other locales (contract/names.ts); `{}` when none. */
  names: LocalNames;
  users_count: number;
  permissions: Array<{ id: number; name: string }>;
}

/** The database or a transaction of it: the role reads run in either. */
type DbOrTx = Db | Tx;

/** GET /permissions: every permission. */
export async function listPermissions(db: Db) {
  return db.select({ id: permissions.id, name: permissions.name }).from(permissions).orderBy(asc(permissions.id));
}

async function loadRoles(db: DbOrTx, roleIds?: number[]): Promise<Role[]> {
  const rows = await db.select({ id: roles.id, name: roles.name, names: roles.names }).from(roles).where(roleIds ? inArray(roles.id, roleIds) : undefined).orderBy(asc(roles.id));
  const ids = rows.map((r) => r.id);
  if (!ids.length) return [];
  const [links, members] = await Promise.all([
    db
      .select({ roleId: rolePermissions.roleId, id: permissions.id, name: permissions.name })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(inArray(rolePermissions.roleId, ids))
      .orderBy(asc(permissions.id)),
    db.select({ roleId: userRoles.roleId, n: count() }).from(userRoles).where(inArray(userRoles.roleId, ids)).groupBy(userRoles.roleId),
  ]);
  const counts = new Map(members.map((r) => [r.roleId, r.n]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    names: r.names,
    users_count: counts.get(r.id) ?? 0,
    permissions: links.filter((l) => l.roleId === r.id).map(({ id, name }) => ({ id, name })),
  }));
}

/** GET /roles: roles with their permissions and how many users hold each. */
export async function listRoles(db: Db): Promise<Role[]> {
  return loadRoles(db);
}

/** A path's role: by name (exact, else any case), or by id when it is all digits. */
async function findRole(db: DbOrTx, key: string, lock = false) {
  const id = parseId(key);
  const where = id !== null ? eq(roles.id, id) : sql`lower(${roles.name}) = lower(${key})`;
  const select = db.select({ id: roles.id, name: roles.name }).from(roles).where(where).orderBy(sql`${roles.name} = ${key} desc`, asc(roles.id)).limit(1);
  const [row] = lock ? await select.for('update') : await select;
  if (!row) throw new NotFound(serverMessages.not_found);
  return row;
}

/** GET /roles/{name}. */
export async function getRole(db: Db, key: string): Promise<Role> {
  const { id } = await findRole(db, key);
  return (await loadRoles(db, [id]))[0];
}

/** Permission ids of these names; 422 naming the first that does not exist. */
async function permissionIds(db: DbOrTx, names: string[]): Promise<number[]> {
  if (!names.length) return [];
  const found = await db.select({ id: permissions.id, name: permissions.name }).from(permissions).where(inArray(permissions.name, names));
  const known = new Set(found.map((p) => p.name));
  const missing = names.findIndex((n) => !known.has(n));
  if (missing >= 0) throw new Invalid(serverMessages.roles.unknown_permission, [{ detail: serverMessages.roles.unknown_permission, field: `permissions.${missing}` }]);
  return found.map((p) => p.id);
}

/** Letters, digits, spaces and & ' . - _; 2-50 characters; not only digits (a path of digits is an id). */
const ROLE_NAME = /^[\p{L}\p{N}][\p{L}\p{N} &'._-]{0,48}[\p{L}\p{N}.]$/u;

function checkName(name: string): string {
  const trimmed = cleanName(name).trim().replace(/\s+/g, ' ');
  if (!ROLE_NAME.test(trimmed) || /^\d+$/.test(trimmed)) throw new BadRequest(serverMessages.roles.name_invalid, [{ detail: serverMessages.roles.name_invalid, field: 'name' }]);
  return trimmed;
}

const taken = () => new Conflict(serverMessages.roles.name_taken, [{ detail: serverMessages.roles.name_taken, field: 'name' }]);


/**
 * POST /roles/{name}: a new role with the permissions sent, or a copy of another role's
 * (`copy_from`), or none; 409 when a role of that name exists (any case). 'Role Created'.
 */
export async function createRole(db: Db, rawName: string, input: { copy_from?: string; permissions?: string[]; names?: unknown }): Promise<Role & { message: string }> {
  const name = checkName(rawName);
  const names = namesOf(input.names) ?? {};
  try {
    const id = await db.transaction(async (tx) => {
      // The unique index is on the exact name; role names are unique whatever their case, so two
      // creations at once ('Night Shift', 'night shift') take turns here (other server instances too).
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_IDS.roleNames})`);
      const [clash] = await tx.select({ id: roles.id }).from(roles).where(sql`lower(${roles.name}) = lower(${name})`);
      if (clash) throw taken();
      let ids = await permissionIds(tx, input.permissions ?? []);
      if (input.copy_from !== undefined) {
        const source = await findRole(tx, input.copy_from).catch((err: unknown) => {
          throw err instanceof DomainError ? new Invalid(serverMessages.roles.unknown_copy, [{ detail: serverMessages.roles.unknown_copy, field: 'copy_from' }]) : err;
        });
        const copied = await tx.select({ id: rolePermissions.permissionId }).from(rolePermissions).where(eq(rolePermissions.roleId, source.id));
        ids = [...new Set([...ids, ...copied.map((c) => c.id)])];
      }
      const [row] = await tx.insert(roles).values({ name, names }).returning({ id: roles.id });
      if (ids.length) await tx.insert(rolePermissions).values(ids.map((permissionId) => ({ roleId: row.id, permissionId })));
      return row.id;
    });
    return { ...(await loadRoles(db, [id]))[0], message: serverMessages.roles.created };
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}

/** preHandler check: the user holds the Administrator role (403 'No Access.' otherwise). */
export async function requireAdministrator(db: Db, userId: number): Promise<void> {
  const [row] = await db
    .select({ n: count() })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.name, ADMINISTRATOR_ROLE)));
  if (!row.n) throw new Forbidden(serverMessages.access_denied);
}

/** Active users who may manage roles: the Administrator role and 'view permissions' through any role. */
async function managers(tx: Tx): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        sql`${users.id} in (select ur.user_id from user_roles ur join roles r on r.id = ur.role_id where r.name = ${ADMINISTRATOR_ROLE})`,
        sql`${users.id} in (select ur.user_id from user_roles ur join role_permissions rp on rp.role_id = ur.role_id join permissions p on p.id = rp.permission_id where p.name = ${MANAGE_PERMISSION})`,
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * PUT /roles/{name}: the role's permissions become exactly those sent (when sent: names alone leave
 * them as stored), and its `names` when sent ('Role Updated'). Refused
 * (409, nothing written) when no one would be left to manage roles, or when the one making the
 * change would lose that right.
 */
export async function updateRole(db: Db, actorId: number, key: string, input: { permissions?: string[]; names?: unknown }): Promise<Role & { message: string }> {
  const names = namesOf(input.names);
  const id = await db.transaction(async (tx) => {
    // Role changes take turns: two admins each taking the right from the other's role cannot both pass the check.
    await tx.execute(sql`select id from roles order by id for update`);
    const role = await findRole(tx, key);
    if (names !== undefined) await tx.update(roles).set({ names }).where(eq(roles.id, role.id));
    if (input.permissions === undefined) return role.id;
    const ids = await permissionIds(tx, [...new Set(input.permissions)]);
    await replaceLinks(tx, rolePermissions, { column: rolePermissions.roleId, id: role.id }, rolePermissions.permissionId, ids, (permissionId) => ({ roleId: role.id, permissionId }));
    const left = await managers(tx);
    // Thrown inside the transaction, so the change above is rolled back.
    if (!left.length) throw new Conflict(serverMessages.roles.last_admin, [{ detail: serverMessages.roles.last_admin, field: 'permissions' }]);
    if (!left.includes(actorId)) throw new Conflict(serverMessages.roles.own_rights, [{ detail: serverMessages.roles.own_rights, field: 'permissions' }]);
    return role.id;
  });
  return { ...(await loadRoles(db, [id]))[0], message: serverMessages.roles.updated };
}
