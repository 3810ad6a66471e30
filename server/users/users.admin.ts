/**
 * Staff administration of users (spec section 7: POST /users, GET/PUT/DELETE /users/{id}; and
 * DELETE /users, the list's bulk delete in one transaction).
 * Creating a user gives them a generated password (spec section 5: 20-24 characters) they never
 * need to know, and a welcome mail through the outbox with a `/#/password/set/{token}` link, in
 * the same transaction. Disabling a user ends their sessions at once (every instance checks the
 * session on every request). Anyone edits their own profile, but not their roles or status.
 * Nobody writes a user above their own rank (every permission the user holds) or outside their
 * companies (tenancy), for any field and for deletes (issue 25): a user manager held to their
 * companies writes only users all of whose companies are theirs (writableIds), so a user who is
 * also in another company is not theirs to take over.
 */
import { randomInt } from 'node:crypto';
import { and, asc, eq, getTableColumns, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { holdsName } from '../../contract/permissions';
import type { UserStatus } from '../../contract/users';
import type { Tx } from '../db/database';
import { companies, companyUsers, oneTimeTokens, permissions, rolePermissions, roles, sessions, userRoles, users } from '../db/schema';
import { ROLES } from '../db/seed-data';
import { Conflict, Forbidden, Invalid, NotFound } from '../domain-errors';
import { serverMessages } from '../messages';
import { partnerOfUser } from './users.partner';
import { avatarMediaId, avatarToStore } from './users.avatar';
import { hashPassword, verifyPassword } from '../auth/auth.passwords';
import { createPasswordSetInvite } from '../auth/auth.password-tokens';
import { countAttempt, CURRENT_PASSWORD_RULE, rateKeys } from '../auth/auth.rate-limit';
import { revokeAllSessions } from '../auth/auth.sessions';
import { companyScope, heldPermissions, inCurrentCompany, seesAllCompanies, type Viewer } from '../db/tenancy';
import { requestEmailChange } from './users.email';
import { cleanName } from '../http/clean-text';
import type { AppServices } from '../plugins/services';
import { replaceLinks } from '../db/links';

/** What this file's services use of the app (server/plugins/services.ts). */
type Deps = Pick<AppServices, 'db' | 'config' | 'mail'>;

// Spec section 5: numbers and symbols, but no colon, semicolon, dot, caret or comma.
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const SYMBOLS = '!#$%&*+-=?@_~';

/**
 * A password of 20-24 characters with at least one digit and one symbol, from a CSPRNG.
 *
 * @example generatePassword() // 'q7H~kd2R-x9PzW!mT4eA'
 */
export function generatePassword(): string {
  const length = 20 + randomInt(5);
  const all = LETTERS + DIGITS + SYMBOLS;
  const chars = [DIGITS[randomInt(DIGITS.length)], SYMBOLS[randomInt(SYMBOLS.length)]];
  while (chars.length < length) chars.push(all[randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

export interface UserInput {
  name?: string;
  email?: string;
  telephone?: string | null;
  position?: string | null;
  avatar?: string | null;
  /** A media library image (id or guid) as the avatar; null clears it (users.avatar.ts). */
  avatar_id?: number | string | null;
  country?: string | null;
  primary?: boolean;
  foc_approver?: boolean;
  roles?: number[];
  company_id?: number | null;
  status?: UserStatus;
  /** PUT only: a new password (yours with `current_password`; another's as an administrative reset). */
  password?: string;
  /** PUT only: your current password, needed to change your own email or password. */
  current_password?: string;
}

/** What a PUT knows of the request beside its body: the session it came with and the language the app reads. */
export interface WriteContext {
  sessionId?: string;
  acceptLanguage?: string;
}

/** A user in the API's shape, with roles and company ids; null when there is none. */
export async function loadUser(deps: Deps, id: number) {
  const [u] = await deps.db.select({ ...getTableColumns(users), partner: partnerOfUser(), avatarId: avatarMediaId() }).from(users).where(eq(users.id, id));
  if (!u) return null;
  const roleRows = await deps.db.select({ id: roles.id, name: roles.name }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId)).where(eq(userRoles.userId, id));
  // company_id is the user's current company (db/tenancy.ts): the one the partner and GET /users/current come from.
  const companyRows = await deps.db
    .select({ id: companies.id, name: companies.name, current: sql<boolean>`${inCurrentCompany(id, companies.id)}`.mapWith(Boolean) })
    .from(companyUsers)
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .where(eq(companyUsers.userId, id))
    .orderBy(asc(companies.id));
  return {
    id: u.id, guid: u.guid, name: u.name, email: u.email, telephone: u.telephone, position: u.position, avatar: u.avatar, avatar_id: u.avatarId, country: u.country, partner: u.partner,
    primary: u.primary, foc_approver: u.focApprover, status: u.status, roles: roleRows, companies: companyRows.map(({ id: companyId, name }) => ({ id: companyId, name })),
    company_id: companyRows.find((c) => c.current)?.id ?? null, created_at: u.createdAt.toISOString(),
  };
}

/** Whether the viewer may see this user: themselves, or 'list users' and a member of the viewer's current company (or all companies). */
async function visible(deps: Deps, viewer: Viewer, id: number): Promise<boolean> {
  if (viewer.id === id) return true;
  if (!viewer.permissions.has('list users') && !viewer.permissions.has('create users')) return false;
  if (seesAllCompanies(viewer)) return true;
  const shared = await deps.db
    .select({ companyId: companyUsers.companyId })
    .from(companyUsers)
    .where(and(eq(companyUsers.userId, id), inCurrentCompany(viewer.id, companyUsers.companyId)));
  return shared.length > 0;
}

/**
 * Which of the users `ids` the viewer may write (any field, or delete): staff who see every company
 * reach everyone; everyone else only a user who is in at least one company and every one of whose
 * companies is the viewer's. A company in common is enough to read a user, never to write one: the
 * user's other company would lose them to a manager it never gave a say (an email changed to the
 * manager's own mailbox takes the next reset link there; a company change drops the other company).
 * A write outside this is answered as one to a user the viewer cannot see (404).
 */
async function writableIds(db: FastifyInstance['db'] | Tx, viewer: Viewer, ids: number[]): Promise<Set<number>> {
  if (seesAllCompanies(viewer)) return new Set(ids);
  if (!ids.length) return new Set();
  const [theirs, mine] = await Promise.all([
    db.select({ userId: companyUsers.userId, companyId: companyUsers.companyId }).from(companyUsers).where(inArray(companyUsers.userId, ids)),
    db.select({ companyId: companyUsers.companyId }).from(companyUsers).where(eq(companyUsers.userId, viewer.id)),
  ]);
  const own = new Set(mine.map((m) => m.companyId));
  const members = new Set(theirs.map((t) => t.userId));
  const outside = new Set(theirs.filter((t) => !own.has(t.companyId)).map((t) => t.userId));
  return new Set(ids.filter((id) => members.has(id) && !outside.has(id)));
}

/** Whether the viewer may write this other user (writableIds); yourself always. */
async function writable(deps: Deps, viewer: Viewer, id: number): Promise<boolean> {
  return viewer.id === id || (await writableIds(deps.db, viewer, [id])).has(id);
}

/** Whether the roles hold any permission the viewer lacks. */
async function beyondOwn(db: FastifyInstance['db'] | Tx, viewer: Viewer, roleIds: number[]): Promise<boolean> {
  if (!roleIds.length) return false;
  const granted = await db
    .selectDistinct({ name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(rolePermissions.roleId, roleIds));
  return granted.some((p) => !holdsName(viewer.permissions, p.name));
}


/**
 * The rank rule: nobody acts above their own permissions. A write to another user (any field:
 * email, password, status, company, roles, even the name) needs every permission that user holds.
 * Checked for the whole write, not per field, because any one field is enough to take an account
 * over: an email change followed by a password reset to the new address, or `status: disabled`
 * on every administrator. Deleting goes by the same rule (`removeUsers`).
 */
async function assertWithinRank(db: FastifyInstance['db'] | Tx, viewer: Viewer, userId: number): Promise<void> {
  const held = await heldPermissions(db, userId);
  if (held.some((p) => !holdsName(viewer.permissions, p))) {
    throw new Forbidden(serverMessages.users.beyond_rank, [{ detail: serverMessages.users.beyond_rank, field: 'id' }]);
  }
}

/**
 * Roles given or taken away must hold no permission the viewer lacks: otherwise anyone who may
 * create users could make themselves (through a second account) or anyone else an administrator,
 * or strip the administrators' rights.
 */
async function checkRoleChange(deps: Deps, viewer: Viewer, changed: number[]) {
  if (await beyondOwn(deps.db, viewer, changed)) {
    throw new Forbidden(serverMessages.users.role_beyond_own, [{ detail: serverMessages.users.role_beyond_own, field: 'roles' }]);
  }
}

async function checkRefs(deps: Deps, input: UserInput, viewer: Viewer, currentRoles: number[] = []) {
  if (input.roles?.length) {
    const found = await deps.db.select({ id: roles.id }).from(roles).where(inArray(roles.id, input.roles));
    if (found.length !== new Set(input.roles).size) throw new Invalid(serverMessages.users.unknown_role, [{ detail: serverMessages.users.unknown_role, field: 'roles' }]);
  }
  if (input.roles) {
    const next = new Set(input.roles);
    const before = new Set(currentRoles);
    await checkRoleChange(deps, viewer, [...[...next].filter((r) => !before.has(r)), ...[...before].filter((r) => !next.has(r))]);
  }
  await checkCompany(deps, viewer, input.company_id);
}

/**
 * Tenancy decides which company a user may be put in, not only existence: staff who see every
 * company may name any (or none); everyone else only one of their own companies, and never none
 * (a user taken out of every company would leave the manager's reach, and a new one would start
 * outside it). A company outside the viewer's reach is answered like one that does not exist, as
 * tenancy answers everywhere, so the refusal tells nothing about other companies.
 */
async function checkCompany(deps: Deps, viewer: Viewer, companyId: number | null | undefined) {
  const refuse = () => new Invalid(serverMessages.users.unknown_company, [{ detail: serverMessages.users.unknown_company, field: 'company_id' }]);
  if (companyId === undefined) return;
  if (companyId === null) {
    if (!seesAllCompanies(viewer)) throw refuse();
    return;
  }
  const [c] = await deps.db.select({ id: companies.id }).from(companies).where(and(eq(companies.id, companyId), companyScope(viewer, companies.id)));
  if (!c) throw refuse();
}

const emailTaken = () => new Invalid(serverMessages.email_taken, [{ detail: serverMessages.email_taken, field: 'email' }]);

async function writeLinks(tx: Tx, userId: number, input: UserInput) {
  if (input.roles) {
    await replaceLinks(tx, userRoles, { column: userRoles.userId, id: userId }, userRoles.roleId, input.roles, (roleId) => ({ userId, roleId }));
  }
  if (input.company_id !== undefined) {
    await replaceLinks(tx, companyUsers, { column: companyUsers.userId, id: userId }, companyUsers.companyId, input.company_id ? [input.company_id] : [], (companyId) => ({ userId, companyId }));
  }
}

/** POST /users: 'User Created'; role id 1 by default (spec section 3), country GB. */
export async function createUser(deps: Deps, viewer: Viewer, input: UserInput) {
  const email = input.email!.trim().toLowerCase();
  // A user manager held to their companies creates users in one of them: no company is refused
  // like another company (checkCompany), not left to put the new user outside their reach.
  await checkRefs(deps, { ...input, roles: input.roles?.length ? input.roles : [1], company_id: input.company_id ?? (seesAllCompanies(viewer) ? undefined : null) }, viewer);
  if ((await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email))).length) throw emailTaken();
  const avatar = await avatarToStore(deps.db, viewer, input);
  const passwordHash = await hashPassword(generatePassword());
  const id = await deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values({
        name: cleanName(input.name!).trim(), email, passwordHash, telephone: input.telephone?.trim() || null, position: input.position?.trim() || null,
        avatar: avatar ?? null, country: input.country || 'GB', primary: input.primary ?? false, focApprover: input.foc_approver ?? false,
      })
      .onConflictDoNothing()
      .returning({ id: users.id, name: users.name, email: users.email });
    // Two creations of one email at once: the unique index decides, the loser is told as above.
    if (!inserted.length) throw emailTaken();
    const [row] = inserted;
    await writeLinks(tx, row.id, { ...input, roles: input.roles?.length ? input.roles : [1] });
    await createPasswordSetInvite(deps, tx, row);
    return row.id;
  });
  return { ...(await loadUser(deps, id))!, message: serverMessages.users.created };
}

/** GET /users/{id}: yourself, or a user you may list (tenancy); others are a 404. */
export async function getUser(deps: Deps, viewer: Viewer, id: number) {
  const user = (await visible(deps, viewer, id)) ? await loadUser(deps, id) : null;
  if (!user) throw new NotFound(serverMessages.not_found);
  return user;
}

/**
 * PUT /users/{id}: 'User Updated'. Your own profile without 'create users': name, email, telephone,
 * position, avatar, country, password only. Someone else's needs 'create users', every company of the user
 * one of yours unless you are staff (writableIds, else 404) and every permission they hold (the
 * rank rule, else 403), for every field. Disabling ends the user's sessions in the same transaction; you cannot disable
 * yourself or take away your own roles.
 *
 * Your own email and password need your current password (a stolen session, a device left signed
 * in, must not be enough to take the account for good). Your new email takes effect only once a
 * link mailed to it is opened (users.email.ts); the old address is told. Staff who outrank a user
 * change that user's email or password directly: an administrative action, for a user who lost
 * access to their mailbox; it ends the user's sessions and voids their outstanding mailed links.
 */
export async function updateUser(deps: Deps, viewer: Viewer, id: number, input: UserInput, context: WriteContext = {}) {
  const self = viewer.id === id;
  const manager = viewer.permissions.has('create users');
  const existing = (await visible(deps, viewer, id)) ? await loadUser(deps, id) : null;
  if (!existing) throw new NotFound(serverMessages.not_found);
  if (!self && !manager) throw new Forbidden(serverMessages.access_denied);
  if (!(await writable(deps, viewer, id))) throw new NotFound(serverMessages.not_found);
  if (!self) await assertWithinRank(deps.db, viewer, id);
  const privileged = (['roles', 'status', 'primary', 'foc_approver', 'company_id'] as const).filter((k) => input[k] !== undefined);
  if (privileged.length && (!manager || (self && (input.roles !== undefined || input.status === 'disabled')))) {
    throw new Forbidden(serverMessages.access_denied, [{ detail: serverMessages.access_denied, field: privileged[0] }]);
  }
  await checkRefs(deps, input, viewer, existing.roles.map((r) => r.id));
  const email = input.email?.trim().toLowerCase();
  // The form sends every field: the email it showed is no change and needs no current password.
  const newEmail = email && email !== existing.email ? email : undefined;
  if (self && (newEmail || input.password !== undefined)) await checkCurrentPassword(deps, id, input.current_password);
  if (newEmail && (await deps.db.select({ id: users.id }).from(users).where(eq(users.email, newEmail))).some((u) => u.id !== id)) throw emailTaken();
  const avatar = await avatarToStore(deps.db, viewer, input);
  const passwordHash = input.password !== undefined ? await hashPassword(input.password) : undefined;
  await deps.db.transaction(async (tx) => {
    const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
    if (input.name !== undefined) set.name = cleanName(input.name).trim();
    if (newEmail && !self) set.email = newEmail;
    for (const key of ['telephone', 'position'] as const) if (input[key] !== undefined) set[key] = input[key]?.trim() || null;
    if (avatar !== undefined) set.avatar = avatar;
    if (input.country) set.country = input.country;
    if (input.primary !== undefined) set.primary = input.primary;
    if (input.foc_approver !== undefined) set.focApprover = input.foc_approver;
    if (input.status) set.status = input.status;
    if (passwordHash) set.passwordHash = passwordHash;
    await tx.update(users).set(set).where(eq(users.id, id));
    await writeLinks(tx, id, input);
    if (input.status === 'disabled') await revokeAllSessions(tx as never, id);
    if (passwordHash) {
      // A new password ends every other session and voids the mailed links (reset, set, email
      // change) issued before it; your own change keeps the session you made it from.
      await tx.update(oneTimeTokens).set({ usedAt: sql`now()` }).where(and(eq(oneTimeTokens.userId, id), isNull(oneTimeTokens.usedAt)));
      const keep = self && context.sessionId ? ne(sessions.id, context.sessionId) : undefined;
      await tx.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.userId, id), isNull(sessions.revokedAt), keep));
    }
    if (newEmail && self) await requestEmailChange(deps, tx, { id, name: existing.name, email: existing.email }, newEmail, context.acceptLanguage);
  });
  const message = newEmail && self ? serverMessages.users.email_confirm_sent : serverMessages.users.updated;
  return { ...(await loadUser(deps, id))!, ...(newEmail && self ? { email_pending: newEmail } : {}), message };
}

/**
 * 422 on `current_password` when it is missing or wrong (counted, like sign-in attempts: one budget
 * per user, CURRENT_PASSWORD_RULE, so a stolen session cannot guess the password through this form).
 */
async function checkCurrentPassword(deps: Deps, userId: number, given: string | undefined) {
  if (!given) {
    throw new Invalid(serverMessages.users.current_password_required, [{ detail: serverMessages.users.current_password_required, field: 'current_password' }]);
  }
  await countAttempt(deps, rateKeys.currentPassword(userId), CURRENT_PASSWORD_RULE);
  const [row] = await deps.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!(await verifyPassword(row?.hash, given))) {
    throw new Invalid(serverMessages.users.current_password_wrong, [{ detail: serverMessages.users.current_password_wrong, field: 'current_password' }]);
  }
}

/** The administrator role: the one the seed gives every permission (fixed id). */
const ADMIN_ROLE_ID = ROLES.find((r) => r.permissions === 'all')!.id;

/**
 * Deletes the users in one transaction, all or none, with the rules of a single delete checked for
 * all of them before anything goes: not a user holding a role with a permission the viewer lacks
 * (the rule of role changes: deleting would otherwise take those roles away), and not every active
 * administrator (they are locked first, so two deletions at once cannot both remove "the other one").
 * The users' sessions, roles, company links and tokens go with the rows, so their access ends on the
 * next request on every instance. `field` names the input in the errors ('id' or 'ids').
 */
async function removeUsers(deps: Deps, viewer: Viewer, ids: number[], field: 'id' | 'ids') {
  const because = (message: string) => [{ detail: message, field }];
  await deps.db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .where(and(eq(userRoles.roleId, ADMIN_ROLE_ID), eq(users.status, 'active')))
      .orderBy(users.id)
      .for('update', { of: users });
    // The users' rows locked in id order (a role change updates them too), then their roles as they are now.
    const locked = await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids)).orderBy(users.id).for('update');
    if (locked.length !== ids.length) throw new NotFound(serverMessages.not_found, field === 'ids' ? [{ detail: serverMessages.not_found, field }] : undefined);
    const held = await tx.selectDistinct({ id: userRoles.roleId }).from(userRoles).where(inArray(userRoles.userId, ids));
    if (await beyondOwn(tx, viewer, held.map((r) => r.id))) throw new Forbidden(serverMessages.users.delete_beyond_own, because(serverMessages.users.delete_beyond_own));
    const going = new Set(ids);
    if (admins.some((a) => going.has(a.id)) && admins.every((a) => going.has(a.id))) throw new Conflict(serverMessages.users.last_admin, because(serverMessages.users.last_admin));
    for (const id of ids) await revokeAllSessions(tx as never, id);
    const deleted = await tx.delete(users).where(inArray(users.id, ids)).returning({ id: users.id });
    if (deleted.length !== ids.length) throw new NotFound(serverMessages.not_found);
  });
}

/**
 * DELETE /users/{id} ('create users'): 'User Deleted', with the user as they were. Not yourself (403),
 * not a user with a company that is not yours unless you are staff (writableIds: 404), and the rules
 * of `removeUsers`.
 */
export async function deleteUser(deps: Deps, viewer: Viewer, id: number) {
  if (!(await visible(deps, viewer, id))) throw new NotFound(serverMessages.not_found);
  if (viewer.id === id) throw new Forbidden(serverMessages.users.delete_self, [{ detail: serverMessages.users.delete_self, field: 'id' }]);
  if (!(await writable(deps, viewer, id))) throw new NotFound(serverMessages.not_found);
  const user = await loadUser(deps, id);
  if (!user) throw new NotFound(serverMessages.not_found);
  await removeUsers(deps, viewer, [id], 'id');
  return { ...user, message: serverMessages.users.deleted };
}

/**
 * DELETE /users with `{ ids }` ('create users'): the list's bulk delete as one request that deletes
 * all of them or none (one DELETE per id, as ra-data-simple-rest sends them, would leave some gone
 * when one is refused). The whole request is refused with the answer a single delete of the first
 * refused user would get: 404 for one the viewer may not see or write (tenancy: writableIds) or that is gone, 403 for
 * yourself or a user beyond the viewer's permissions, 409 for the last active administrator.
 */
export async function deleteUsers(deps: Deps, viewer: Viewer, ids: number[]) {
  const unique = [...new Set(ids)];
  const seen = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, unique),
        seesAllCompanies(viewer) ? undefined : inArray(users.id, deps.db.select({ id: companyUsers.userId }).from(companyUsers).where(companyScope(viewer, companyUsers.companyId))),
      ),
    );
  // Seen (a company in common) is not enough to delete: every company of the user must be the viewer's (writableIds).
  const writableSeen = await writableIds(deps.db, viewer, seen.map((u) => u.id));
  const visibleIds = new Set([...writableSeen, viewer.id]);
  if (unique.some((id) => !visibleIds.has(id))) throw new NotFound(serverMessages.not_found, [{ detail: serverMessages.not_found, field: 'ids' }]);
  if (unique.includes(viewer.id)) throw new Forbidden(serverMessages.users.delete_self, [{ detail: serverMessages.users.delete_self, field: 'ids' }]);
  await removeUsers(deps, viewer, unique, 'ids');
  return { ids: unique };
}
