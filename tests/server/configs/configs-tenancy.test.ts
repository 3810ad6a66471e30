import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles, users } from '../../../server/db/schema';
import { hashPassword } from '../../../server/auth/auth.passwords';
import { startTestServer, type TestServer } from '../../support/server';
import { companyInformation, configPath, demo, type ConfigBody, type Demo } from '../configs-helpers';
import { call, DEMO_PASSWORD, login } from '../helpers';

// Tenancy and permissions of every configs endpoint: a dealer reaches only their company's configs
// (another company's is a 404, as if it did not exist), staff per spec section 6.
let server: TestServer;
let d: Demo;
let loner: string;
beforeAll(async () => {
  server = await startTestServer();
  d = await demo(server);
  // A client in no company at all: must see nothing, not everything.
  const [row] = await server.database.db
    .insert(users)
    .values({ email: 'loner@client.test', name: 'Lone Client', passwordHash: await hashPassword(DEMO_PASSWORD) })
    .returning({ id: users.id });
  await server.database.db.insert(userRoles).values({ userId: row.id, roleId: 1 });
  loner = (await login(server, 'loner@client.test')).token;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** Every configs call on one config, with a body that would be accepted if allowed. */
function calls(c: ConfigBody, companyGuid = c.company.guid): Array<[string, string, unknown?]> {
  const path = `/api/companies/${companyGuid}/configs/${c.guid}`;
  return [
    ['GET', path],
    ['GET', `/api/configs/${c.id}`],
    ['GET', `/api/configs/${c.guid}`],
    ['PUT', path, { slug: 'company-information', data: companyInformation, state: 'draft', version: c.version }],
    ['GET', `${path}/history`],
    ['GET', `${path}/history/1`],
    ['POST', `${path}/history/1/restore`, { version: c.version }],
    ['POST', `/api/configs/${c.guid}/mail/project_manager`, {}],
    ['GET', `/api/companies/${companyGuid}/configs`],
  ];
}

describe('anonymous', () => {
  it('gets 401 from every call', async () => {
    const all: Array<[string, string, unknown?]> = [
      ...calls(d.motors),
      ['GET', '/api/configs'],
      ['GET', '/api/configs/stages'],
      ['GET', '/api/configs/paginate/1/active'],
      ['POST', `/api/companies/${d.motors.company.guid}/configs`, { config: { name: 'x', design_type: 'na' } }],
      ['POST', `/api/configs/${d.motors.id}/archive`],
      ['DELETE', `/api/configs/${d.motors.id}`],
      ['POST', `/api/configs/${d.motors.guid}/stage/add/extras`],
      ['POST', `/api/configs/${d.motors.guid}/stage/remove/extras`],
    ];
    for (const [method, path, body] of all) {
      const r = await call(server, method, path, { body });
      expect(r.status, `${method} ${path}`).toBe(401);
      expect(r.body).toEqual({ message: 'You are not authorised to do that.' });
    }
  });
});

describe("a dealer and another company's config", () => {
  it('gets 404 from every call on it, by id or guid, and writes nothing', async () => {
    for (const [method, path, body] of calls(d.harbour)) {
      const r = await call(server, method, path, { token: d.tokens.dealer, body });
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.body).toEqual({ message: 'Page Not Found.' });
    }
    const after = await call<ConfigBody>(server, 'GET', configPath(d.harbour), { token: d.tokens.dealer2 });
    expect(after.body.version).toBe(d.harbour.version);
    expect(server.mail.messages.filter((m) => m.to === 'pm@demo.test')).toEqual([]);
  });

  it('cannot reach its own config through the other company either', async () => {
    for (const [method, path, body] of calls(d.motors, d.harbour.company.guid).filter(([, p]) => p.startsWith('/api/companies'))) {
      expect((await call(server, method, path, { token: d.tokens.dealer, body })).status, `${method} ${path}`).toBe(404);
    }
  });

  it('never lists it', async () => {
    const lists = [
      '/api/configs?filter={"status":"all"}',
      `/api/configs?filter=${encodeURIComponent(JSON.stringify({ id: [d.harbour.id, d.motors.id] }))}`,
      `/api/configs?filter=${encodeURIComponent(JSON.stringify({ q: 'Harbour' }))}`,
    ];
    for (const path of lists) {
      const r = await call<ConfigBody[]>(server, 'GET', path, { token: d.tokens.dealer });
      expect(r.status, path).toBe(200);
      expect(r.body.every((c) => c.company.id === d.motors.company.id), path).toBe(true);
      expect(Number(r.headers.get('x-total-count'))).toBe(r.body.length);
    }
    const page = await call<{ results: { configs: ConfigBody[] }; total: number }>(server, 'GET', '/api/configs/paginate/1/all', { token: d.tokens.dealer });
    expect(page.body.results.configs.map((c) => c.company.id)).not.toContain(d.harbour.company.id);
    const theirs = await call<ConfigBody[]>(server, 'GET', '/api/configs', { token: d.tokens.dealer2 });
    expect(theirs.body.map((c) => c.name)).toEqual(['Harbour Cars website']);
  });
});

describe('permissions (spec section 6)', () => {
  it('a dealer cannot create, add or remove stages, archive or delete', async () => {
    const denied: Array<[string, string, unknown?]> = [
      ['POST', `/api/companies/${d.motors.company.guid}/configs`, { config: { name: 'Mine', design_type: 'na' } }],
      ['POST', `/api/configs/${d.motors.guid}/stage/add/extras`],
      ['POST', `/api/configs/${d.motors.guid}/stage/remove/extras`],
      ['POST', `/api/configs/${d.motors.id}/archive`],
      ['DELETE', `/api/configs/${d.motors.id}`],
    ];
    for (const [method, path, body] of denied) {
      const r = await call(server, method, path, { token: d.tokens.dealer, body });
      expect(r.status, `${method} ${path}`).toBe(403);
      expect(r.body).toEqual({ message: 'No Access.' });
    }
    const still = await call<ConfigBody>(server, 'GET', configPath(d.motors), { token: d.tokens.dealer });
    expect(still.body).toMatchObject({ status: 'active', version: d.motors.version });
  });

  it('a user in no company sees no config at all', async () => {
    const list = await call<ConfigBody[]>(server, 'GET', '/api/configs?filter={"status":"all"}', { token: loner });
    expect(list.body).toEqual([]);
    expect(list.headers.get('content-range')).toBe('configs 0-0/0');
    expect((await call(server, 'GET', configPath(d.motors), { token: loner })).status).toBe(404);
  });

  it("staff with 'view companies' or 'manage configs' see every company's configs; internal data only with 'manage configs'", async () => {
    for (const token of [d.tokens.am, d.tokens.pm, d.tokens.admin]) {
      const r = await call<ConfigBody[]>(server, 'GET', '/api/configs?range=[0,99]', { token });
      expect(r.body.map((c) => c.name)).toEqual(expect.arrayContaining(['Demo Motors website', 'Harbour Cars website']));
    }
    const am = await call<ConfigBody>(server, 'GET', configPath(d.harbour), { token: d.tokens.am });
    expect(am.status).toBe(200);
    expect(am.body).not.toHaveProperty('internal_data');
    const pm = await call<ConfigBody>(server, 'GET', configPath(d.harbour), { token: d.tokens.pm });
    expect(pm.body.internal_data).toEqual({});
    // Without 'edit configs' or 'manage configs' the account manager reads but does not write.
    const write = await call(server, 'PUT', configPath(d.harbour), { token: d.tokens.am, body: { slug: 'company-information', data: {}, state: 'draft', version: d.harbour.version } });
    expect(write.status).toBe(403);
  });
});
