/**
 * Security finding: a user manager held to one company took over a user who is also in another
 * company. "A company in common" was all a write needed, so the email change sent the next reset
 * link to the attacker, and a company change dropped the other membership.
 *
 * The rule: every write to another user (PUT of any field, DELETE, the bulk DELETE) needs tenancy
 * over EVERY company of that user, or the caller is staff (a role that works across companies).
 * Reading stays as it was (a company in common). A write outside that tenancy is answered as one
 * to a user with no company in common: 404, and nothing changes.
 *
 * The actors hold roles made for this file (roles are data: the rule must hold for any role staff
 * can create), not the demo roles.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../server/auth/auth.passwords';
import { companies, companyUsers, permissions, rolePermissions, roles, userRoles, users } from '../../../server/db/schema';
import { startTestServer, type TestServer } from '../../support/server';
import { userWithRole } from '../roles-helpers';
import { call, login, type Reply } from '../helpers';

let server: TestServer;
const db = () => server.database.db;
const PASSWORD = 'Tenancy-pass-2026';
const tokens = {} as Record<'companyManager' | 'staffManager', string>;
type Actor = keyof typeof tokens;
const companyIds = {} as Record<'A' | 'B', number>;
let targetRole: number;

const as = <T = Record<string, unknown>>(who: Actor, method: string, path: string, body?: unknown): Promise<Reply<T>> => call<T>(server, method, path, { token: tokens[who], body });

let serial = 0;
/** A fresh user of the target role (a created one) in the given companies, straight into the database. */
async function target(...memberOf: Array<'A' | 'B'>): Promise<number> {
  serial += 1;
  const [row] = await db()
    .insert(users)
    .values({ name: `Two Company Target ${serial}`, email: `target-${serial}@tenancy.test`, passwordHash: await hashPassword(PASSWORD) })
    .returning({ id: users.id });
  await db().insert(userRoles).values({ userId: row.id, roleId: targetRole });
  for (const c of memberOf) await db().insert(companyUsers).values({ userId: row.id, companyId: companyIds[c] });
  return row.id;
}

/** Everything a write could change (email, password, status, name, roles, companies); null once deleted. */
async function snapshot(id: number) {
  const [u] = await db().select({ email: users.email, hash: users.passwordHash, status: users.status, name: users.name, telephone: users.telephone }).from(users).where(eq(users.id, id));
  if (!u) return null;
  const r = await db().select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, id)).orderBy(userRoles.roleId);
  const c = await db().select({ id: companyUsers.companyId }).from(companyUsers).where(eq(companyUsers.userId, id)).orderBy(companyUsers.companyId);
  return { ...u, roles: r.map((x) => x.id), companies: c.map((x) => x.id) };
}

beforeAll(async () => {
  server = await startTestServer();
  for (const row of await db().select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.name, ['Demo Motors', 'Harbour Cars']))) {
    companyIds[row.name === 'Demo Motors' ? 'A' : 'B'] = row.id;
  }
  // The targets' role: a created dealer role with a few dealer permissions.
  const dealerPermissions = ['view agreements', 'view configs'];
  const [role] = await db().insert(roles).values({ name: 'Tenancy Dealer' }).returning({ id: roles.id });
  targetRole = role.id;
  const found = await db().select({ id: permissions.id }).from(permissions).where(inArray(permissions.name, dealerPermissions));
  await db().insert(rolePermissions).values(found.map((p) => ({ roleId: role.id, permissionId: p.id })));

  const hash = await hashPassword(PASSWORD);
  // A user manager held to company A (no cross-company permission), and one who is staff ('view companies').
  await userWithRole(server, 'company-manager@tenancy.test', 'Tenancy Company User Manager', [...dealerPermissions, 'list users', 'create users'], hash, 'Demo Motors');
  await userWithRole(server, 'staff-manager@tenancy.test', 'Tenancy Staff User Manager', [...dealerPermissions, 'list users', 'create users', 'view companies'], hash);
  tokens.companyManager = (await login(server, 'company-manager@tenancy.test', PASSWORD)).token;
  tokens.staffManager = (await login(server, 'staff-manager@tenancy.test', PASSWORD)).token;
});
afterAll(async () => {
  await server?.close();
});

/** Every write route of server/users/ to another user, each on a fresh target. */
const WRITES: Array<[string, (id: number) => { method: string; path: string; body?: unknown }]> = [
  ['email', (id) => ({ method: 'PUT', path: `/api/users/${id}`, body: { email: `taken-over-${id}@attacker.test` } })],
  ['company_id', (id) => ({ method: 'PUT', path: `/api/users/${id}`, body: { company_id: companyIds.A } })],
  ['password', (id) => ({ method: 'PUT', path: `/api/users/${id}`, body: { password: 'Attacker-pass-2026' } })],
  ['status', (id) => ({ method: 'PUT', path: `/api/users/${id}`, body: { status: 'disabled' } })],
  ['name and telephone', (id) => ({ method: 'PUT', path: `/api/users/${id}`, body: { name: 'Renamed Person', telephone: '0123 456789' } })],
  ['roles', (id) => ({ method: 'PUT', path: `/api/users/${id}`, body: { roles: [targetRole] } })],
  ['avatar', (id) => ({ method: 'PUT', path: `/api/users/${id}`, body: { avatar: 'https://example.test/face.png' } })],
  ['delete', (id) => ({ method: 'DELETE', path: `/api/users/${id}` })],
  ['bulk delete', (id) => ({ method: 'DELETE', path: '/api/users', body: { ids: [id] } })],
];

describe('a company-scoped user manager of company A and a user of companies A and B', () => {
  it('cannot change their email: 404 as outside tenancy, the email unchanged, no reset link to the attacker', async () => {
    const id = await target('A', 'B');
    const before = await snapshot(id);
    const r = await as('companyManager', 'PUT', `/api/users/${id}`, { email: 'mine@attacker.test' });
    expect(r.status).toBe(404);
    // The same answer as for a user of company B only (no company in common).
    const outside = await as('companyManager', 'PUT', `/api/users/${await target('B')}`, { email: 'mine@attacker.test' });
    expect([outside.status, outside.body]).toEqual([404, r.body]);
    expect(await snapshot(id)).toEqual(before);
    // A reset requested for the attacker's address finds nobody.
    expect((await db().select({ id: users.id }).from(users).where(eq(users.email, 'mine@attacker.test'))).length).toBe(0);
  });

  it('cannot change their company: the membership of B stays', async () => {
    const id = await target('A', 'B');
    const r = await as('companyManager', 'PUT', `/api/users/${id}`, { company_id: companyIds.A });
    expect(r.status).toBe(404);
    expect((await snapshot(id))?.companies).toEqual([companyIds.A, companyIds.B].sort((x, y) => x - y));
  });

  it('cannot delete them, singly or in the bulk delete', async () => {
    const id = await target('A', 'B');
    expect((await as('companyManager', 'DELETE', `/api/users/${id}`)).status).toBe(404);
    expect((await as('companyManager', 'DELETE', '/api/users', { ids: [id] })).status).toBe(404);
    // One such user in a bulk delete refuses the whole request.
    const mine = await target('A');
    expect((await as('companyManager', 'DELETE', '/api/users', { ids: [mine, id] })).status).toBe(404);
    expect(await snapshot(id)).not.toBeNull();
    expect(await snapshot(mine)).not.toBeNull();
  });

  it.each(WRITES)('no write of any kind (%s) changes them', async (_, write) => {
    const id = await target('A', 'B');
    const before = await snapshot(id);
    const w = write(id);
    const r = await as('companyManager', w.method, w.path, w.body);
    expect(r.status).toBe(404);
    expect(await snapshot(id)).toEqual(before);
  });

  it('still reads them (reading needs a company in common only)', async () => {
    const id = await target('A', 'B');
    const r = await as<{ id: number; companies: Array<{ id: number }> }>('companyManager', 'GET', `/api/users/${id}`);
    expect(r.status).toBe(200);
    expect(r.body.companies.map((c) => c.id).sort((x, y) => x - y)).toEqual([companyIds.A, companyIds.B].sort((x, y) => x - y));
  });
});

describe('the same manager and a user of company A only', () => {
  it('changes their email and company, and deletes them', async () => {
    const id = await target('A');
    const email = await as<{ email: string }>('companyManager', 'PUT', `/api/users/${id}`, { email: `moved-${id}@tenancy.test` });
    expect(email.status).toBe(200);
    expect(email.body.email).toBe(`moved-${id}@tenancy.test`);
    expect((await as('companyManager', 'PUT', `/api/users/${id}`, { company_id: companyIds.A })).status).toBe(200);
    expect((await as('companyManager', 'DELETE', `/api/users/${id}`)).status).toBe(200);
    expect(await snapshot(id)).toBeNull();
  });

  it.each(WRITES)('writes %s', async (_, write) => {
    const id = await target('A');
    const w = write(id);
    expect((await as('companyManager', w.method, w.path, w.body)).status).toBe(200);
  });
});

describe('staff (a role that works across companies) and a user of companies A and B', () => {
  it('change their email and company, and delete them', async () => {
    const id = await target('A', 'B');
    const email = await as<{ email: string }>('staffManager', 'PUT', `/api/users/${id}`, { email: `staff-moved-${id}@tenancy.test` });
    expect(email.status).toBe(200);
    expect(email.body.email).toBe(`staff-moved-${id}@tenancy.test`);
    const moved = await as('staffManager', 'PUT', `/api/users/${id}`, { company_id: companyIds.B });
    expect(moved.status).toBe(200);
    expect((await snapshot(id))?.companies).toEqual([companyIds.B]);
    expect((await as('staffManager', 'DELETE', `/api/users/${id}`)).status).toBe(200);
    expect(await snapshot(id)).toBeNull();
  });

  it.each(WRITES)('write %s', async (_, write) => {
    const id = await target('A', 'B');
    const w = write(id);
    expect((await as('staffManager', w.method, w.path, w.body)).status).toBe(200);
  });
});
