/**
 * Issue 25, "Privilege: nobody acts above their own rank", as a matrix rather than by example:
 * every user write (POST /users; PUT /users/{id} with each of email, password, status, company_id,
 * roles; DELETE /users/{id}), by every actor role (the demo roles, and two user-manager roles this
 * file creates through the API as an administrator would), on a target of every role in this
 * company, another company or none. The expectation is the rule itself, computed here from the
 * roles' permissions as the roles API reports them:
 *
 *   an actor may write a target only when the actor holds 'create users', holds every permission
 *   the target holds, and the target is in one of the actor's companies or the actor is staff
 *   (a role that works across companies: 'view companies' or 'manage configs').
 *
 * A refusal must also leave the target as it was. Each write gets a fresh target (inserted
 * directly: quick, and no case depends on another), so the order of cases does not matter.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, companyUsers, roles, userRoles, users } from '../../../server/db/schema';
import { hashPassword } from '../../../server/auth/auth.passwords';
import { startTestServer, type TestServer } from '../../support/server';
import { call, login, type Reply } from '../helpers';

let server: TestServer;
const db = () => server.database.db;
const PASSWORD = 'Matrix-pass-2026';

/** Staff in tenancy's sense (server/db/tenancy.ts): a role that works across companies. */
const STAFF_PERMISSIONS = ['view companies', 'manage configs'];

type RoleName = 'Administrator' | 'Project Manager' | 'Account Manager' | 'Developer' | 'Client' | 'Staff User Manager' | 'Company User Manager';
type CompanyName = 'Demo Motors' | 'Harbour Cars' | null;
interface Actor {
  role: RoleName;
  company: CompanyName;
  id: number;
  token: string;
}

const roleIds = {} as Record<RoleName | 'Catalogue Viewer', number>;
const rolePermissions = {} as Record<RoleName, Set<string>>;
const companyIds = {} as Record<Exclude<CompanyName, null>, number>;
const actors: Actor[] = [];

// The actors: one user per role; dealers' roles in Demo Motors, staff roles in no company.
const ACTOR_ROLES: Array<[RoleName, CompanyName]> = [
  ['Administrator', null],
  ['Project Manager', null],
  ['Account Manager', null],
  ['Developer', null],
  ['Client', 'Demo Motors'],
  ['Staff User Manager', null],
  ['Company User Manager', 'Demo Motors'],
];
// The targets: every role, dealers' roles both in the actors' company and in another.
const TARGETS: Array<[RoleName, CompanyName]> = [
  ...ACTOR_ROLES.filter(([, company]) => company === null),
  ['Client', 'Demo Motors'],
  ['Client', 'Harbour Cars'],
  ['Company User Manager', 'Demo Motors'],
  ['Company User Manager', 'Harbour Cars'],
];

const isStaff = (role: RoleName) => STAFF_PERMISSIONS.some((p) => rolePermissions[role].has(p));

/** The rule of the issue, for a write by `actor` to a user of `role` in `company`. */
function mayWrite(actor: Actor, role: RoleName, company: CompanyName): boolean {
  const own = rolePermissions[actor.role];
  if (!own.has('create users')) return false;
  if ([...rolePermissions[role]].some((p) => !own.has(p))) return false;
  return isStaff(actor.role) || (company !== null && company === actor.company);
}

let serial = 0;
/** A fresh user of `role` in `company`, straight into the database. */
async function makeTarget(role: RoleName, company: CompanyName, passwordHash: string | null = null): Promise<number> {
  serial += 1;
  const [row] = await db()
    .insert(users)
    .values({ name: `Target ${serial}`, email: `target-${serial}@matrix.test`, passwordHash })
    .returning({ id: users.id });
  await db().insert(userRoles).values({ userId: row.id, roleId: roleIds[role] });
  if (company) await db().insert(companyUsers).values({ userId: row.id, companyId: companyIds[company] });
  return row.id;
}

/** Everything a user write could change, to tell that a refusal changed nothing. */
async function snapshot(id: number) {
  const [u] = await db().select({ email: users.email, hash: users.passwordHash, status: users.status, name: users.name }).from(users).where(eq(users.id, id));
  if (!u) return null;
  const r = await db().select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, id)).orderBy(userRoles.roleId);
  const c = await db().select({ id: companyUsers.companyId }).from(companyUsers).where(eq(companyUsers.userId, id)).orderBy(companyUsers.companyId);
  return { ...u, roles: r.map((x) => x.id), companies: c.map((x) => x.id) };
}

const as = <T = Record<string, unknown>>(actor: Actor, method: string, path: string, body?: unknown): Promise<Reply<T>> => call<T>(server, method, path, { token: actor.token, body });

/** The company a write by `actor` names: one the actor may use (so only the rule can refuse it). */
const companyFor = (actor: Actor) => (actor.company ? companyIds[actor.company] : companyIds['Harbour Cars']);

type Op = 'email' | 'password' | 'status' | 'company_id' | 'roles' | 'delete';
const OPS: Op[] = ['email', 'password', 'status', 'company_id', 'roles', 'delete'];

/** The request of one write, and what the target must look like after it when it was allowed. */
function writeOf(op: Op, actor: Actor, id: number) {
  switch (op) {
    case 'email':
      return { method: 'PUT', body: { email: `taken-over-${id}@attacker.test` }, applied: (s: Snapshot) => s?.email === `taken-over-${id}@attacker.test` };
    case 'password':
      return { method: 'PUT', body: { password: 'Attacker-pass-2026' }, applied: (s: Snapshot, before: Snapshot) => Boolean(s && s.hash && s.hash !== before?.hash) };
    case 'status':
      return { method: 'PUT', body: { status: 'disabled' }, applied: (s: Snapshot) => s?.status === 'disabled' };
    case 'company_id':
      return { method: 'PUT', body: { company_id: companyFor(actor) }, applied: (s: Snapshot) => s?.companies.join() === String(companyFor(actor)) };
    case 'roles':
      // A role every user manager may give (its one permission, 'view products', they all hold).
      return { method: 'PUT', body: { roles: [roleIds['Catalogue Viewer']] }, applied: (s: Snapshot) => s?.roles.join() === String(roleIds['Catalogue Viewer']) };
    case 'delete':
      return { method: 'DELETE', body: undefined, applied: (s: Snapshot) => s === null };
  }
}
type Snapshot = Awaited<ReturnType<typeof snapshot>>;

beforeAll(async () => {
  server = await startTestServer();
  const admin = await login(server, 'admin@demo.test');
  const asAdmin = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => call<T>(server, method, path, { token: admin.token, body });

  // The two custom roles, made through the API as an administrator would make them.
  const client = await asAdmin<{ permissions: Array<{ name: string }> }>('GET', '/api/roles/Client');
  const custom: Array<[string, string[]]> = [
    // A staff user manager: works across companies, may create users, and holds what dealers hold.
    ['Staff User Manager', ['view companies', 'list users', 'create users', ...client.body.permissions.map((p) => p.name)]],
    // A company user manager: a Client who may also list and create users (of their own company).
    ['Company User Manager', [...client.body.permissions.map((p) => p.name), 'list users', 'create users']],
    ['Catalogue Viewer', ['view products']],
  ];
  for (const [name, permissions] of custom) {
    const made = await asAdmin('POST', `/api/roles/${encodeURIComponent(name)}`, { permissions: [...new Set(permissions)] });
    expect(made.status, name).toBe(201);
  }
  const listed = await asAdmin<Array<{ id: number; name: string; permissions: Array<{ name: string }> }>>('GET', '/api/roles');
  for (const role of listed.body) {
    roleIds[role.name as RoleName] = role.id;
    rolePermissions[role.name as RoleName] = new Set(role.permissions.map((p) => p.name));
  }
  for (const row of await db().select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.name, ['Demo Motors', 'Harbour Cars']))) {
    companyIds[row.name as 'Demo Motors'] = row.id;
  }

  const passwordHash = await hashPassword(PASSWORD);
  for (const [role, company] of ACTOR_ROLES) {
    const id = await makeTarget(role, company, passwordHash);
    const [{ email }] = await db().select({ email: users.email }).from(users).where(eq(users.id, id));
    actors.push({ role, company, id, token: (await login(server, email, PASSWORD)).token });
  }
});
afterAll(async () => {
  await server?.close();
});

describe.each(ACTOR_ROLES.map(([role]) => role))('%s as the actor', (actorRole) => {
  const actor = () => actors.find((a) => a.role === actorRole)!;

  it.each(OPS)('writes %s of another user only within rank and tenancy', async (op) => {
    const wrong: string[] = [];
    for (const [role, company] of TARGETS) {
      const id = await makeTarget(role, company);
      const before = await snapshot(id);
      const write = writeOf(op, actor(), id);
      const r = await as(actor(), write.method, `/api/users/${id}`, write.body);
      const after = await snapshot(id);
      const allowed = mayWrite(actor(), role, company);
      const label = `${role} in ${company ?? 'no company'}`;
      if (allowed) {
        if (r.status !== 200 || !write.applied(after, before)) wrong.push(`${label}: should be allowed, got ${r.status} ${r.text}`);
      } else {
        if (![403, 404].includes(r.status)) wrong.push(`${label}: should be refused, got ${r.status} ${r.text}`);
        if (JSON.stringify(after) !== JSON.stringify(before)) wrong.push(`${label}: refused but changed`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('creates users only within rank and tenancy (POST /users with each role and company)', async () => {
    const wrong: string[] = [];
    for (const [role, company] of TARGETS) {
      serial += 1;
      const email = `created-${serial}@matrix.test`;
      const r = await as<{ id: number }>(actor(), 'POST', '/api/users', { name: `Created ${serial}`, email, roles: [roleIds[role]], company_id: company ? companyIds[company] : null });
      const allowed = mayWrite(actor(), role, company);
      const label = `${role} in ${company ?? 'no company'}`;
      const made = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
      if (allowed && (r.status !== 201 || made.length !== 1)) wrong.push(`${label}: should be created, got ${r.status} ${r.text}`);
      if (!allowed && (![403, 422].includes(r.status) || made.length)) wrong.push(`${label}: should be refused, got ${r.status} ${r.text}`);
    }
    expect(wrong).toEqual([]);
  });

  it('on their own account: never their status or roles, and no deleting themselves; their company only within tenancy', async () => {
    const me = actor();
    const manager = rolePermissions[me.role].has('create users');
    const before = await snapshot(me.id);
    expect((await as(me, 'PUT', `/api/users/${me.id}`, { status: 'disabled' })).status).toBe(403);
    expect((await as(me, 'PUT', `/api/users/${me.id}`, { roles: [roleIds['Catalogue Viewer']] })).status).toBe(403);
    expect((await as(me, 'DELETE', `/api/users/${me.id}`)).status).toBe(403);
    // Moving yourself to a company: only a user manager, and only into one of their companies.
    const other = companyIds['Harbour Cars'];
    const moved = await as(me, 'PUT', `/api/users/${me.id}`, { company_id: other });
    expect(moved.status).toBe(!manager ? 403 : isStaff(me.role) ? 200 : 422);
    if (moved.status === 200) await as(me, 'PUT', `/api/users/${me.id}`, { company_id: null });
    expect(await snapshot(me.id)).toEqual(before);
  });
});

describe('the takeovers of the issue, as they were done', () => {
  const by = (role: RoleName) => actors.find((a) => a.role === role)!;

  it('a user manager cannot take over the Administrator by email, nor lock administrators out', async () => {
    const [admin] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.test'));
    for (const role of ['Staff User Manager', 'Company User Manager'] as const) {
      const before = await snapshot(admin.id);
      const email = await as<{ message: string; errors: unknown[] }>(by(role), 'PUT', `/api/users/${admin.id}`, { email: 'mine@attacker.test' });
      const status = await as(by(role), 'PUT', `/api/users/${admin.id}`, { status: 'disabled' });
      if (role === 'Staff User Manager') {
        const message = 'You cannot change a user who holds permissions you do not hold yourself.';
        expect(email.status).toBe(403);
        expect(email.body).toEqual({ message, errors: [{ detail: message, field: 'id' }] });
        expect(status.status).toBe(403);
      } else {
        // Not in their company: tenancy hides the administrator altogether.
        expect([email.status, status.status]).toEqual([404, 404]);
      }
      expect(await snapshot(admin.id)).toEqual(before);
    }
    // The administrator still signs in with their own address.
    expect((await call(server, 'POST', '/api/login', { body: { email: 'admin@demo.test', password: 'Demo-pass-2026' } })).status).toBe(200);
  });

  it("a company user manager cannot plant users in another company, nor move themselves there (tenancy, not existence)", async () => {
    const manager = by('Company User Manager');
    const harbour = companyIds['Harbour Cars'];
    const refusal = { message: 'Please choose an existing company.', errors: [{ detail: 'Please choose an existing company.', field: 'company_id' }] };
    const planted = await as(manager, 'POST', '/api/users', { name: 'Planted Person', email: 'planted@matrix.test', company_id: harbour });
    expect(planted.status).toBe(422);
    expect(planted.body).toEqual(refusal);
    // The same answer as for a company that does not exist: nothing learnt about other companies.
    expect((await as(manager, 'POST', '/api/users', { name: 'Planted Person', email: 'planted@matrix.test', company_id: 999_999 })).body).toEqual(refusal);
    // No company at all would put the new user outside their reach too.
    expect((await as(manager, 'POST', '/api/users', { name: 'Planted Person', email: 'planted@matrix.test' })).status).toBe(422);
    expect((await db().select({ id: users.id }).from(users).where(eq(users.email, 'planted@matrix.test'))).length).toBe(0);

    const moved = await as(manager, 'PUT', `/api/users/${manager.id}`, { company_id: harbour });
    expect(moved.status).toBe(422);
    expect(moved.body).toEqual(refusal);
    const mine = await makeTarget('Client', 'Demo Motors');
    expect((await as(manager, 'PUT', `/api/users/${mine}`, { company_id: harbour })).status).toBe(422);
    expect((await as(manager, 'PUT', `/api/users/${mine}`, { company_id: null })).status).toBe(422);
    const links = await db().select({ c: companyUsers.companyId }).from(companyUsers).where(and(inArray(companyUsers.userId, [manager.id, mine]), eq(companyUsers.companyId, harbour)));
    expect(links).toEqual([]);
    // In their own company they may create and edit.
    const created = await as<{ companies: Array<{ name: string }> }>(manager, 'POST', '/api/users', { name: 'Proper Person', email: 'proper@matrix.test', company_id: companyIds['Demo Motors'] });
    expect(created.status).toBe(201);
    expect(created.body.companies).toEqual([{ id: companyIds['Demo Motors'], name: 'Demo Motors' }]);
  });

  it('deleting by the bulk delete follows the same rank rule', async () => {
    const manager = by('Staff User Manager');
    const pm = await makeTarget('Project Manager', null);
    const client = await makeTarget('Client', 'Harbour Cars');
    const r = await call<{ message: string }>(server, 'DELETE', '/api/users', { token: manager.token, body: { ids: [client, pm] } });
    expect(r.status).toBe(403);
    expect(await snapshot(pm)).not.toBeNull();
    expect(await snapshot(client)).not.toBeNull();
    expect((await call(server, 'DELETE', '/api/users', { token: manager.token, body: { ids: [client] } })).status).toBe(200);
  });

  it('an actor never gets a role above their own through a user they may edit', async () => {
    const manager = by('Company User Manager');
    const mine = await makeTarget('Client', 'Demo Motors');
    const r = await as<{ message: string }>(manager, 'PUT', `/api/users/${mine}`, { roles: [roleIds.Administrator] });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('You cannot give or take away a role with permissions you do not hold yourself.');
    expect((await db().select({ id: roles.id }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId)).where(eq(userRoles.userId, mine))).map((x) => x.id)).toEqual([roleIds.Client]);
  });
});
