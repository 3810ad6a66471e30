import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, companyUsers, permissions, rolePermissions, roles, users } from '../../../server/db/schema';
import { hashPassword } from '../../../server/auth/auth.passwords';
import { generatePassword } from '../../../server/users/users.admin';
import { startTestServer, type TestServer } from '../../support/server';
import { call, login, type Reply } from '../helpers';

type User = { id: number; name: string; email: string; status: string; country: string; roles: Array<{ id: number; name: string }>; companies: Array<{ name: string }>; message?: string };

let server: TestServer;
const tokens: Record<'dealerA' | 'dealerB' | 'pm' | 'admin', string> = {} as never;
const ids: Record<string, number> = {};
type Who = keyof typeof tokens | 'anonymous';
const as = <T = User>(who: Who, method: string, path: string, body?: unknown): Promise<Reply<T>> =>
  call<T>(server, method, path, { token: who === 'anonymous' ? undefined : tokens[who], body });
const userCount = async () => (await server.database.db.select({ n: count() }).from(users))[0].n;

beforeAll(async () => {
  server = await startTestServer();
  const emails = { dealerA: 'dealer@demo.test', dealerB: 'dealer2@demo.test', pm: 'pm@demo.test', admin: 'admin@demo.test' } as const;
  for (const [who, email] of Object.entries(emails)) {
    tokens[who as keyof typeof tokens] = (await login(server, email)).token;
    ids[who] = (await as<{ user: { id: number } }>(who as Who, 'GET', '/api/users/current')).body.user.id;
  }
});
afterAll(async () => {
  await server?.close();
});

describe('generated passwords (spec section 5)', () => {
  it('are 20-24 characters with numbers and symbols, never : ; . ^ ,', () => {
    for (let i = 0; i < 200; i++) {
      const p = generatePassword();
      expect(p.length).toBeGreaterThanOrEqual(20);
      expect(p.length).toBeLessThanOrEqual(24);
      expect(p).toMatch(/\d/);
      expect(p).toMatch(/[^A-Za-z0-9]/);
      expect(p).not.toMatch(/[:;.^,]/);
    }
  });
});

describe('POST /api/users', () => {
  it("creates a user ('User Created') with the default role and country, and mails a /#/password/set/ link", async () => {
    for (const who of ['anonymous', 'dealerA', 'pm'] as const) {
      expect((await as(who, 'POST', '/api/users', { name: 'Nope Person', email: `nope-${who}@example.test` })).status, who).toBe(who === 'anonymous' ? 401 : 403);
    }
    const companies = (await as<Array<{ id: number; name: string }>>('admin', 'GET', '/api/companies?filter=%7B%22q%22%3A%22Harbour%22%7D')).body;
    const r = await as('admin', 'POST', '/api/users', { name: 'Nina New', email: 'Nina@Example.test', position: 'Sales', company_id: companies[0].id });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: 'Nina New', email: 'nina@example.test', country: 'GB', status: 'active', message: 'User Created', roles: [{ id: 1, name: 'Client' }], companies: [{ name: 'Harbour Cars' }] });
    const mail = await server.mail.waitFor('nina@example.test');
    const link = /https?:\/\/\S+\/#\/password\/set\/([A-Za-z0-9_-]+)/.exec(mail.text);
    expect(link).not.toBeNull();
    // The link works: the new user sets a password and signs in.
    const set = await call(server, 'POST', '/api/password/set', { body: { token: link![1], email: 'nina@example.test', password: 'Fresh-pass-2026', password_confirmation: 'Fresh-pass-2026' } });
    expect(set.status).toBe(200);
    expect((await call(server, 'POST', '/api/login', { body: { email: 'nina@example.test', password: 'Fresh-pass-2026' } })).status).toBe(200);
    ids.nina = r.body.id;
  });

  it.each([
    ['a short name', { name: 'Al', email: 'a@example.test' }, 400, 'Must be at least 4 characters long'],
    ['an invalid email', { name: 'Alan Able', email: 'not-an-email' }, 400, 'Must be a valid email.'],
    ['a missing email', { name: 'Alan Able' }, 400, 'This field is required.'],
    ['an unknown field', { name: 'Alan Able', email: 'a@example.test', password_hash: 'x' }, 400, 'password_hash is not valid'],
    ['a taken email', { name: 'Alan Able', email: 'DEALER@demo.test' }, 422, 'The email has already been taken.'],
    ['a role that does not exist', { name: 'Alan Able', email: 'a@example.test', roles: [999] }, 422, 'Please choose an existing role.'],
    ['a company that does not exist', { name: 'Alan Able', email: 'a@example.test', company_id: 99999 }, 422, 'Please choose an existing company.'],
  ])('refuses %s in the spec words, writing nothing', async (_, body, status, message) => {
    const before = await userCount();
    const r = await as<{ message: string }>('admin', 'POST', '/api/users', body);
    expect(r.status).toBe(status);
    expect(r.body.message).toBe(message);
    expect(await userCount()).toBe(before);
  });
});

describe('GET and PUT /api/users/{id}', () => {
  it('shows a user to themselves and to those who may list users; hides them from other dealers', async () => {
    const expected: Record<Who, number> = { anonymous: 401, dealerA: 200, dealerB: 404, pm: 200, admin: 200 };
    for (const [who, status] of Object.entries(expected) as Array<[Who, number]>) expect((await as(who, 'GET', `/api/users/${ids.dealerA}`)).status, who).toBe(status);
  });

  it("lets anyone edit their own profile ('User Updated') but not their roles, and only create users holders edit others", async () => {
    const own = await as('dealerA', 'PUT', `/api/users/${ids.dealerA}`, { telephone: '0113 496 0000', position: 'Owner' });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ message: 'User Updated', position: 'Owner' });
    expect((await as('dealerA', 'PUT', `/api/users/${ids.dealerA}`, { roles: [2] })).status).toBe(403);
    expect((await as('dealerB', 'PUT', `/api/users/${ids.dealerA}`, { name: 'Taken Over' })).status).toBe(404);
    expect((await as('pm', 'PUT', `/api/users/${ids.dealerA}`, { name: 'Taken Over' })).status).toBe(403);
    expect((await as('admin', 'PUT', `/api/users/${ids.dealerA}`, { email: 'dealer2@demo.test' })).status).toBe(422);
    expect((await as('admin', 'PUT', `/api/users/${ids.admin}`, { status: 'disabled' })).status).toBe(403);
    expect((await as('admin', 'GET', `/api/users/${ids.dealerA}`)).body.name).toBe('Dana Dealer');
  });

  it("disabling a user ends their sessions at once", async () => {
    const nina = await login(server, 'nina@example.test', 'Fresh-pass-2026');
    expect((await call(server, 'GET', '/api/users/current', { token: nina.token })).status).toBe(200);
    const r = await as('admin', 'PUT', `/api/users/${ids.nina}`, { status: 'disabled' });
    expect(r.body).toMatchObject({ status: 'disabled', message: 'User Updated' });
    expect((await call(server, 'GET', '/api/users/current', { token: nina.token })).status).toBe(401);
    expect((await call(server, 'POST', '/api/login/refresh', { cookie: nina.cookie })).status).toBe(401);
  });
});

describe('DELETE /api/users/{id}', () => {
  const PASSWORD = 'Keeper-pass-2026';
  const db = () => server.database.db;
  let demoMotors: number;
  let keeper: string;

  /** A user made by the admin in `companyId` with `roleIds`, who can sign in with PASSWORD. */
  async function makeUser(name: string, email: string, companyId: number, roleIds: number[]) {
    const r = await as('admin', 'POST', '/api/users', { name, email, company_id: companyId, roles: roleIds });
    expect(r.status).toBe(201);
    await db().update(users).set({ passwordHash: await hashPassword(PASSWORD) }).where(eq(users.id, r.body.id));
    return r.body.id;
  }

  beforeAll(async () => {
    [{ id: demoMotors }] = await db().select({ id: companies.id }).from(companies).where(eq(companies.name, 'Demo Motors'));
    // A user manager who is no administrator and sees only their own company's users.
    const [role] = await db().insert(roles).values({ name: 'User Keeper' }).returning({ id: roles.id });
    const granted = await db().select({ id: permissions.id }).from(permissions).where(inArray(permissions.name, ['list users', 'create users']));
    await db().insert(rolePermissions).values(granted.map((p) => ({ roleId: role.id, permissionId: p.id })));
    await makeUser('Kim Keeper', 'kim@example.test', demoMotors, [role.id]);
    keeper = (await login(server, 'kim@example.test', PASSWORD)).token;
  });

  const asKeeper = <T = User>(method: string, path: string) => call<T>(server, method, path, { token: keeper });
  const keeperRole = async () => (await db().select({ id: roles.id }).from(roles).where(eq(roles.name, 'User Keeper')))[0].id;

  it("deletes a user ('User Deleted'): they are gone and their sessions end at once", async () => {
    const id = await makeUser('Dora Doomed', 'dora@example.test', demoMotors, [1]);
    const dora = await login(server, 'dora@example.test', PASSWORD);
    expect((await call(server, 'GET', '/api/users/current', { token: dora.token })).status).toBe(200);
    const expected: Record<Exclude<Who, 'admin'>, number> = { anonymous: 401, dealerA: 403, dealerB: 403, pm: 403 };
    for (const [who, status] of Object.entries(expected) as Array<[Who, number]>) expect((await as(who, 'DELETE', `/api/users/${id}`)).status, who).toBe(status);
    const before = await userCount();

    const r = await as('admin', 'DELETE', `/api/users/${id}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id, email: 'dora@example.test', message: 'User Deleted' });
    expect(await userCount()).toBe(before - 1);
    expect((await call(server, 'GET', '/api/users/current', { token: dora.token })).status).toBe(401);
    expect((await call(server, 'POST', '/api/login/refresh', { cookie: dora.cookie })).status).toBe(401);
    expect((await call(server, 'POST', '/api/login', { body: { email: 'dora@example.test', password: PASSWORD } })).status).toBe(401);
    expect((await as('admin', 'GET', `/api/users/${id}`)).status).toBe(404);
    expect((await as<{ message: string }>('admin', 'DELETE', `/api/users/${id}`)).body.message).toBe('Page Not Found.');
    expect((await as('admin', 'DELETE', '/api/users/not-a-number')).status).toBe(400);
  });

  it('refuses to delete yourself', async () => {
    const r = await as<{ message: string }>('admin', 'DELETE', `/api/users/${ids.admin}`);
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('You cannot delete your own account.');
    expect((await as('admin', 'GET', '/api/users/current')).status).toBe(200);
  });

  it('keeps a user manager to the users of their own companies (404 for others)', async () => {
    expect((await asKeeper('DELETE', `/api/users/${ids.dealerB}`)).status).toBe(404);
    expect((await as('admin', 'GET', `/api/users/${ids.dealerB}`)).status).toBe(200);
    // Tom holds only the keeper's own role, so the role rule (next tests) lets the keeper delete him.
    const id = await makeUser('Tom Temporary', 'tom@example.test', demoMotors, [await keeperRole()]);
    expect((await asKeeper('DELETE', `/api/users/${id}`)).status).toBe(200);
  });

  it('refuses to delete a user holding a role with permissions the deleter lacks (403), deleting nothing', async () => {
    const message = 'You cannot delete a user who holds a role with permissions you do not hold yourself.';
    // Client (view products, ...) holds permissions the keeper lacks; so does Client next to the keeper's own role.
    const client = await makeUser('Cleo Client', 'cleo@example.test', demoMotors, [1]);
    const mixed = await makeUser('Max Mixed', 'max@example.test', demoMotors, [1, await keeperRole()]);
    const cleo = await login(server, 'cleo@example.test', PASSWORD);
    const before = await userCount();
    for (const id of [client, mixed]) {
      const r = await asKeeper<{ message: string; errors: Array<{ detail: string; field?: string }> }>('DELETE', `/api/users/${id}`);
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ message, errors: [{ detail: message, field: 'id' }] });
    }
    expect(await userCount()).toBe(before);
    expect((await as('admin', 'GET', `/api/users/${client}`)).body).toMatchObject({ email: 'cleo@example.test', roles: [{ id: 1 }] });
    expect((await as('admin', 'GET', `/api/users/${mixed}`)).body.roles.map((r) => r.id).sort()).toEqual([1, await keeperRole()].sort());
    // Nothing went with the refusal: Cleo is still signed in.
    expect((await call(server, 'GET', '/api/users/current', { token: cleo.token })).status).toBe(200);
    // An administrator holds every permission, so may delete them.
    expect((await as('admin', 'DELETE', `/api/users/${mixed}`)).status).toBe(200);
    expect((await as('admin', 'DELETE', `/api/users/${client}`)).status).toBe(200);
  });

  const bulk = <T = { ids: number[] }>(who: Who | 'keeper', ids: unknown, extra: Record<string, unknown> = {}) =>
    who === 'keeper' ? call<T>(server, 'DELETE', '/api/users', { token: keeper, body: { ids, ...extra } }) : as<T>(who, 'DELETE', '/api/users', { ids, ...extra });
  type Refusal = { message: string; errors: Array<{ detail: string; field?: string }> };
  const exists = async (id: number) => (await as('admin', 'GET', `/api/users/${id}`)).status === 200;

  it('deletes several users in one request (the list\'s bulk delete): all go and their sessions end at once', async () => {
    const doomed = [await makeUser('Bea Bulk', 'bea@example.test', demoMotors, [1]), await makeUser('Bob Bulk', 'bob@example.test', demoMotors, [1])];
    const bea = await login(server, 'bea@example.test', PASSWORD);
    const expected: Record<Exclude<Who, 'admin'>, number> = { anonymous: 401, dealerA: 403, dealerB: 403, pm: 403 };
    for (const [who, status] of Object.entries(expected) as Array<[Who, number]>) expect((await bulk(who, doomed)).status, who).toBe(status);
    const before = await userCount();

    const r = await bulk('admin', doomed);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ids: doomed });
    expect(await userCount()).toBe(before - 2);
    for (const id of doomed) expect(await exists(id)).toBe(false);
    expect((await call(server, 'GET', '/api/users/current', { token: bea.token })).status).toBe(401);
    // Gone now: asking again refuses the whole request.
    expect((await bulk<Refusal>('admin', doomed)).body.message).toBe('Page Not Found.');
  });

  it('deletes none when one of them is refused: the whole request gets the refusal a single delete would', async () => {
    const beyond = 'You cannot delete a user who holds a role with permissions you do not hold yourself.';
    // Moe holds only the keeper's own role (the keeper may delete him alone); Cal holds Client, beyond the keeper.
    const mine = await makeUser('Moe Mine', 'moe@example.test', demoMotors, [await keeperRole()]);
    const client = await makeUser('Cal Client', 'cal@example.test', demoMotors, [1]);
    const moe = await login(server, 'moe@example.test', PASSWORD);
    const kim = (await asKeeper<{ user: { id: number } }>('GET', '/api/users/current')).body.user.id;
    const before = await userCount();

    const refused = await bulk<Refusal>('keeper', [mine, client]);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: beyond, errors: [{ detail: beyond, field: 'ids' }] });
    // Yourself among them: refused too.
    const self = await bulk<Refusal>('keeper', [mine, kim]);
    expect(self.status).toBe(403);
    expect(self.body.message).toBe('You cannot delete your own account.');
    expect(await userCount()).toBe(before);
    expect(await exists(mine)).toBe(true);
    expect(await exists(client)).toBe(true);
    // Nothing went with the refusals: Moe is still signed in.
    expect((await call(server, 'GET', '/api/users/current', { token: moe.token })).status).toBe(200);

    // An administrator is beyond the keeper too: 403 for the rule, before the last-administrator check.
    await db().insert(companyUsers).values({ companyId: demoMotors, userId: ids.admin });
    try {
      expect((await bulk<Refusal>('keeper', [mine, ids.admin])).body.message).toBe(beyond);
    } finally {
      await db().delete(companyUsers).where(and(eq(companyUsers.companyId, demoMotors), eq(companyUsers.userId, ids.admin)));
    }
    expect(await exists(mine)).toBe(true);
    expect((await bulk('keeper', [mine])).status).toBe(200);
    expect(await exists(mine)).toBe(false);
    expect((await bulk('admin', [client])).status).toBe(200);
  });

  it("keeps a user manager to their own companies' users: another company's user refuses the whole request (404)", async () => {
    const mine = await makeUser('Una Unlucky', 'una@example.test', demoMotors, [await keeperRole()]);
    const before = await userCount();
    const r = await bulk<Refusal>('keeper', [mine, ids.dealerB]);
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('Page Not Found.');
    // Same answer as for a user who does not exist: the other company's user stays hidden.
    expect((await bulk<Refusal>('keeper', [mine, 999_999])).body).toEqual(r.body);
    expect(await userCount()).toBe(before);
    expect(await exists(mine)).toBe(true);
    expect(await exists(ids.dealerB)).toBe(true);
    expect((await bulk('admin', [mine])).status).toBe(200);
  });

  it.each([
    ['no ids', []],
    ['an id that is not a number', ['x']],
    ['an id twice', [5, 5]],
  ])('refuses a bulk delete with %s (400), deleting nothing', async (_, list) => {
    const before = await userCount();
    expect((await bulk('admin', list)).status).toBe(400);
    expect(await userCount()).toBe(before);
  });

  it('refuses a bulk delete without ids or with unknown fields (400)', async () => {
    expect((await as('admin', 'DELETE', '/api/users', {})).status).toBe(400);
    expect((await bulk<Refusal>('admin', [ids.dealerB], { force: true })).status).toBe(400);
    expect(await exists(ids.dealerB)).toBe(true);
  });

  it('lets a user manager give or take away only roles whose permissions they hold themselves', async () => {
    // Rita holds only the keeper's own role, so the keeper outranks her (the rank rule,
    // users-privilege.test.ts) and the role rule decides.
    const id = await makeUser('Rita Role', 'rita@example.test', demoMotors, [await keeperRole()]);
    const keeperPut = (body: unknown) => call<{ message: string }>(server, 'PUT', `/api/users/${id}`, { token: keeper, body });
    // Administrator (every permission) and Client (view products, ...) both hold permissions the keeper lacks.
    for (const roles of [[await keeperRole(), 2], [1]]) {
      const r = await keeperPut({ roles });
      expect(r.status, JSON.stringify(roles)).toBe(403);
      expect(r.body.message).toBe('You cannot give or take away a role with permissions you do not hold yourself.');
    }
    const created = await call<{ message: string }>(server, 'POST', '/api/users', { token: keeper, body: { name: 'Sly Admin', email: 'sly@example.test', company_id: demoMotors, roles: [2] } });
    expect(created.status).toBe(403);
    expect((await db().select({ id: users.id }).from(users).where(eq(users.email, 'sly@example.test'))).length).toBe(0);
    expect((await as('admin', 'GET', `/api/users/${id}`)).body.roles.map((r) => r.id)).toEqual([await keeperRole()]);
    // The keeper's own role is within what they hold: taken away, then given back.
    expect((await keeperPut({ roles: [] })).status).toBe(200);
    expect((await keeperPut({ roles: [await keeperRole()], position: 'Sales' })).status).toBe(200);
    expect((await as('admin', 'GET', `/api/users/${id}`)).body).toMatchObject({ position: 'Sales', roles: [{ id: await keeperRole() }] });
  });

  it('never deletes the last active administrator', async () => {
    // Only someone holding every permission may delete an administrator: a user manager whose role
    // has them all without being the Administrator role, sharing Demo Motors with the administrators.
    const [full] = await db().insert(roles).values({ name: 'Full Keeper' }).returning({ id: roles.id });
    const all = await db().select({ id: permissions.id }).from(permissions);
    await db().insert(rolePermissions).values(all.map((p) => ({ roleId: full.id, permissionId: p.id })));
    await makeUser('Fay Full', 'fay@example.test', demoMotors, [full.id]);
    const fay = (await login(server, 'fay@example.test', PASSWORD)).token;
    const asFay = <T = User>(method: string, path: string) => call<T>(server, method, path, { token: fay });
    await db().insert(companyUsers).values({ companyId: demoMotors, userId: ids.admin });
    try {
      const last = await asFay<{ message: string }>('DELETE', `/api/users/${ids.admin}`);
      expect(last.status).toBe(409);
      expect(last.body.message).toBe('The last active administrator cannot be deleted.');
      expect((await as('admin', 'GET', '/api/users/current')).status).toBe(200);
      // With a second active administrator either may go; a disabled one does not count.
      const second = await makeUser('Ada Second', 'ada@example.test', demoMotors, [2]);
      expect((await as('admin', 'PUT', `/api/users/${second}`, { status: 'disabled' })).status).toBe(200);
      expect((await asFay('DELETE', `/api/users/${ids.admin}`)).status).toBe(409);
      expect((await as('admin', 'PUT', `/api/users/${second}`, { status: 'active' })).status).toBe(200);
      // Both active administrators in one bulk delete: one would have to stay, so neither goes.
      const both = await call<{ message: string }>(server, 'DELETE', '/api/users', { token: fay, body: { ids: [ids.admin, second] } });
      expect(both.status).toBe(409);
      expect(both.body.message).toBe('The last active administrator cannot be deleted.');
      expect((await as('admin', 'GET', `/api/users/${second}`)).status).toBe(200);
      expect((await asFay('DELETE', `/api/users/${second}`)).status).toBe(200);
      expect((await asFay('DELETE', `/api/users/${ids.admin}`)).status).toBe(409);
    } finally {
      await db().delete(companyUsers).where(and(eq(companyUsers.companyId, demoMotors), eq(companyUsers.userId, ids.admin)));
    }
  });
});
