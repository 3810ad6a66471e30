import { PERMISSIONS } from '../../../contract/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, userRoles, users } from '../../../server/db/schema';
import { hashPassword } from '../../../server/auth/auth.passwords';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../../support/server';
import { call, login, type Reply } from '../helpers';

type Role = { id: number; name: string; users_count: number; permissions: Array<{ id: number; name: string }>; message?: string };

// One server for the file. Besides the demo users: an auditor (a role with 'view permissions'
// only: may look, not change) and a second administrator who also holds the auditors' role.
let server: TestServer;
const tokens: Record<'dealer' | 'pm' | 'admin' | 'auditor' | 'admin2', string> = {} as never;
type Who = keyof typeof tokens | 'anonymous';
const as = <T = Role>(who: Who, method: string, path: string, body?: unknown): Promise<Reply<T>> =>
  call<T>(server, method, path, { token: who === 'anonymous' ? undefined : tokens[who], body });
const names = (role: Role) => role.permissions.map((p) => p.name);
const roleOf = async (name: string) => (await as('admin', 'GET', `/api/roles/${encodeURIComponent(name)}`)).body;
let adminPermissions: string[];

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const [auditors] = await db.insert(roles).values({ name: 'Auditors' }).returning();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [auditor, admin2] = await db
    .insert(users)
    .values([
      { email: 'auditor@demo.test', name: 'Audrey Auditor', passwordHash },
      { email: 'admin2@demo.test', name: 'Sam Second', passwordHash },
    ])
    .returning();
  await db.insert(userRoles).values([
    { userId: auditor.id, roleId: auditors.id },
    { userId: admin2.id, roleId: 2 },
    { userId: admin2.id, roleId: auditors.id },
  ]);
  const emails = { dealer: 'dealer@demo.test', pm: 'pm@demo.test', admin: 'admin@demo.test', auditor: 'auditor@demo.test', admin2: 'admin2@demo.test' };
  for (const [who, email] of Object.entries(emails)) tokens[who as keyof typeof tokens] = (await login(server, email)).token;
  const put = await as('admin', 'PUT', '/api/roles/Auditors', { permissions: ['view permissions'] });
  expect(put.status).toBe(200);
  adminPermissions = names(await roleOf('Administrator'));
});
afterAll(async () => {
  await server?.close();
});

describe('who may see and change roles', () => {
  it('GET /roles, /roles/{name}, /permissions: 401 without a session, 403 without view permissions', async () => {
    for (const path of ['/api/roles', '/api/roles/Client', '/api/permissions']) {
      expect((await as('anonymous', 'GET', path)).status).toBe(401);
      for (const who of ['dealer', 'pm'] as const) expect((await as(who, 'GET', path)).body).toEqual({ message: 'No Access.' });
      expect((await as('auditor', 'GET', path)).status).toBe(200);
    }
  });

  it("POST and PUT need the Administrator role as well: 'view permissions' alone only looks", async () => {
    const before = names(await roleOf('Client'));
    for (const who of ['anonymous', 'dealer', 'pm', 'auditor'] as const) {
      const create = await as(who, 'POST', '/api/roles/Sneaky', { copy_from: 'Administrator' });
      expect(create.status, who).toBe(who === 'anonymous' ? 401 : 403);
      const update = await as(who, 'PUT', '/api/roles/Client', { permissions: adminPermissions });
      expect(update.status, who).toBe(who === 'anonymous' ? 401 : 403);
    }
    expect(names(await roleOf('Client'))).toEqual(before);
    expect((await as('admin', 'GET', '/api/roles/Sneaky')).status).toBe(404);
  });
});

describe('GET /roles and /roles/{name}', () => {
  it('lists roles with permissions and user counts, and finds one by name (any case) or id', async () => {
    const list = await as<Role[]>('admin', 'GET', '/api/roles');
    const admin = list.body.find((r) => r.name === 'Administrator')!;
    expect(admin.users_count).toBeGreaterThanOrEqual(2);
    expect(names(admin)).toContain('view permissions');
    const pm = await as('admin', 'GET', '/api/roles/Project%20Manager');
    expect(pm.body).toMatchObject({ id: 3, name: 'Project Manager' });
    expect((await as('admin', 'GET', '/api/roles/project%20MANAGER')).body.id).toBe(3);
    expect((await as('admin', 'GET', '/api/roles/3')).body.name).toBe('Project Manager');
    expect((await as('admin', 'GET', '/api/roles/Nobody')).body).toEqual({ message: 'Page Not Found.' });
  });
});

describe('POST /roles/{name}', () => {
  it("creates a role copied from another ('Role Created') and refuses its name again in any case", async () => {
    const r = await as('admin', 'POST', '/api/roles/Sales%20Team', { copy_from: 'Account Manager' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: 'Sales Team', users_count: 0, message: 'Role Created' });
    expect(names(r.body)).toEqual(names(await roleOf('Account Manager')));
    const again = await as('admin', 'POST', '/api/roles/sales%20TEAM', {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A role with that name already exists.');
    const empty = await as('admin', 'POST', '/api/roles/Trainees');
    expect(empty.status).toBe(201);
    expect(empty.body.permissions).toEqual([]);
    const listed = await as('admin', 'POST', '/api/roles/Media%20Desk', { permissions: ['view media', 'upload media'] });
    expect(names(listed.body).sort()).toEqual(['upload media', 'view media']);
  });

  it('refuses unknown permissions, an unknown role to copy, bad names and unknown fields, writing nothing', async () => {
    const count = (await as<Role[]>('admin', 'GET', '/api/roles')).body.length;
    const cases: Array<[string, unknown, number, string]> = [
      ['Alpha', { permissions: ['fly planes'] }, 422, 'Please choose existing permissions.'],
      ['Alpha', { copy_from: 'Nobody' }, 422, 'Please choose an existing role to copy.'],
      ['Alpha', { colour: 'red' }, 400, 'colour'],
      ['Alpha', { permissions: { all: true } }, 400, 'permissions'],
      ['Alpha', { permissions: ['view media', 'view media'] }, 400, 'permissions'],
      ['x', {}, 400, 'A role name has 2 to 50 characters'],
      ['123', {}, 400, 'A role name has 2 to 50 characters'],
      ['%3Cscript%3E', {}, 400, 'A role name has 2 to 50 characters'],
      [encodeURIComponent('a'.repeat(51)), {}, 400, 'A role name has 2 to 50 characters'],
    ];
    for (const [name, body, status, text] of cases) {
      const r = await as('admin', 'POST', `/api/roles/${name}`, body);
      expect(r.status, `${name} ${JSON.stringify(body)}`).toBe(status);
      expect(JSON.stringify(r.body)).toContain(text);
    }
    expect((await as<Role[]>('admin', 'GET', '/api/roles')).body).toHaveLength(count);
  });
});

describe('PUT /roles/{name}', () => {
  it("sets a role's permissions ('Role Updated') and refuses bad input", async () => {
    const r = await as('admin', 'PUT', '/api/roles/Trainees', { permissions: ['view products', 'view media'] });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Role Updated');
    expect(names(r.body).sort()).toEqual(['view media', 'view products']);
    expect((await as('admin', 'PUT', '/api/roles/Trainees', { permissions: ['view products', 'rule the world'] })).status).toBe(422);
    expect((await as('admin', 'PUT', '/api/roles/Trainees', {})).status).toBe(400);
    expect((await as('admin', 'PUT', '/api/roles/Trainees', { permissions: [], name: 'Renamed' })).status).toBe(400);
    expect((await as('admin', 'PUT', '/api/roles/Nobody', { permissions: [] })).status).toBe(404);
    expect(names(await roleOf('Trainees')).sort()).toEqual(['view media', 'view products']);
  });

  it("applies to the role's users at once, on their current session", async () => {
    const client = names(await roleOf('Client'));
    expect((await as('dealer', 'GET', '/api/roles')).status).toBe(403);
    expect((await as('admin', 'PUT', '/api/roles/Client', { permissions: [...client, 'view permissions'] })).status).toBe(200);
    expect((await as('dealer', 'GET', '/api/roles')).status).toBe(200);
    const current = await as<{ user: { roles: Role[] } }>('dealer', 'GET', '/api/users/current');
    expect(current.body.user.roles.flatMap(names)).toContain('view permissions');
    expect((await as('admin', 'PUT', '/api/roles/Client', { permissions: client })).status).toBe(200);
    expect((await as('dealer', 'GET', '/api/roles')).status).toBe(403);
    const after = await as<{ user: { roles: Role[] } }>('dealer', 'GET', '/api/users/current');
    expect(after.body.user.roles.flatMap(names)).not.toContain('view permissions');
  });

  it('does not let the last administrators lose the right to manage roles', async () => {
    // Both administrators would lose it (admin2's other role, Auditors, loses it here too).
    const auditors = await as('admin', 'PUT', '/api/roles/Auditors', { permissions: [] });
    expect(auditors.status).toBe(200);
    const r = await as('admin', 'PUT', '/api/roles/Administrator', { permissions: adminPermissions.filter((p) => p !== 'view permissions') });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe("The last administrator's right to manage roles and permissions cannot be removed.");
    expect(names(await roleOf('Administrator'))).toEqual(adminPermissions);
    expect((await as('admin', 'PUT', '/api/roles/Auditors', { permissions: ['view permissions'] })).status).toBe(200);
  });

  it('does not let you take away your own right, but another administrator may', async () => {
    const without = adminPermissions.filter((p) => p !== 'view permissions');
    // admin2 keeps the right through Auditors; admin would lose it: refused when admin asks.
    const own = await as('admin', 'PUT', '/api/roles/Administrator', { permissions: without });
    expect(own.status).toBe(409);
    expect(own.body.message).toBe('You cannot remove your own right to manage roles and permissions.');
    expect(names(await roleOf('Administrator'))).toEqual(adminPermissions);
    // admin2 may do it; admin loses the right on the next request.
    const other = await as('admin2', 'PUT', '/api/roles/Administrator', { permissions: without });
    expect(other.status).toBe(200);
    expect((await as('admin', 'GET', '/api/roles')).status).toBe(403);
    expect((await as('admin2', 'PUT', '/api/roles/Administrator', { permissions: adminPermissions })).status).toBe(200);
    expect((await as('admin', 'GET', '/api/roles')).status).toBe(200);
  });

  it('keeps roles unique when two administrators create the same one at once', async () => {
    const replies = await Promise.all([as('admin', 'POST', '/api/roles/Night%20Shift'), as('admin2', 'POST', '/api/roles/night%20shift')]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
  });
});

describe('GET /permissions', () => {
  it("lists every permission of spec section 6, issue 55's two, issue 57's and issue 58's", async () => {
    const r = await as<Array<{ name: string }>>('admin', 'GET', '/api/permissions');
    expect(r.body).toHaveLength(PERMISSIONS.length);
    expect(PERMISSIONS.length).toBe(31);
    expect(r.body.map((p) => p.name)).toEqual(expect.arrayContaining(['manage categories', 'view permissions', 'view products', 'countersign agreements', 'view audit log']));
  });
});
