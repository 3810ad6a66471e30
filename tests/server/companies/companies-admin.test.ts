import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, companyMeta, companyTerms, companyUsers, media, permissions, rolePermissions, roles, userRoles, users } from '../../../server/db/schema';
import { DEMO_EXTRA_COMPANIES } from '../../../server/db/seed-companies';
import { DEMO_COMPANY_LOGOS } from '../../../server/db/seed-media';
import { hashPassword } from '../../../server/auth/auth.passwords';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../../support/server';
import { call, login, type Reply } from '../helpers';

type Company = {
  id: number; guid: string; name: string; stage: string; status: string; lang: string; message?: string;
  address: { line1: string | null; line2: string | null; line3: string | null };
  reg_address: { line1: string | null; line2: string | null; line3: string | null };
  meta: Array<{ meta_key: string; meta_value: string | null }>;
  taxonomies: Array<{ taxonomy: string; term: { id: number; slug: string } }>;
  terms: Record<'type' | 'region' | 'partner' | 'make', number[]>;
  users: Array<{ id: number; email: string }>;
  users_count?: number;
  logo: { guid: string; url: string; thumbnail_url: string } | null;
};

// One server for the file. The matrix: anonymous, dealer A (Demo Motors), dealer B (Harbour Cars),
// a developer (view companies only), project manager and admin (both may create companies).
let server: TestServer;
const tokens: Record<'dealerA' | 'dealerB' | 'developer' | 'pm' | 'admin', string> = {} as never;
let demoMotors: Company;
let harbour: Company;
const TOTAL = 2 + DEMO_EXTRA_COMPANIES.length;

type Who = keyof typeof tokens | 'anonymous';
const as = <T = Company>(who: Who, method: string, path: string, body?: unknown): Promise<Reply<T>> =>
  call<T>(server, method, path, { token: who === 'anonymous' ? undefined : tokens[who], body });
const list = (who: Who, query: Record<string, unknown> = {}) => {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  return as<Company[]>(who, 'GET', `/api/companies?${search}`);
};
const companyCount = async () => (await server.database.db.select({ n: count() }).from(companies))[0].n;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const [dev] = await db.insert(users).values({ email: 'dev@demo.test', name: 'Devi Developer', passwordHash: await hashPassword(DEMO_PASSWORD) }).returning();
  await db.insert(userRoles).values({ userId: dev.id, roleId: 5 });
  const emails = { dealerA: 'dealer@demo.test', dealerB: 'dealer2@demo.test', developer: 'dev@demo.test', pm: 'pm@demo.test', admin: 'admin@demo.test' } as const;
  for (const [who, email] of Object.entries(emails)) tokens[who as keyof typeof tokens] = (await login(server, email)).token;
  const all = (await list('admin', { range: [0, 99] })).body;
  demoMotors = (await as('admin', 'GET', `/api/companies/${all.find((c) => c.name === 'Demo Motors')!.id}`)).body;
  harbour = (await as('admin', 'GET', `/api/companies/${all.find((c) => c.name === 'Harbour Cars')!.id}`)).body;
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/companies (ra-data-simple-rest)', () => {
  it('pages with range, sorts by name, and gives the total in an exposed Content-Range', async () => {
    const r = await list('admin', { sort: ['name', 'ASC'], range: [0, 9], filter: {} });
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(10);
    expect(r.headers.get('content-range')).toBe(`companies 0-9/${TOTAL}`);
    expect(r.headers.get('access-control-expose-headers')).toMatch(/content-range/i);
    const names = r.body.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || 0));
    const next = await list('admin', { sort: ['name', 'ASC'], range: [10, 19] });
    expect(next.headers.get('content-range')).toBe(`companies 10-19/${TOTAL}`);
    expect(next.body.some((c) => names.includes(c.name))).toBe(false);
    const desc = await list('admin', { sort: ['name', 'DESC'], range: [0, 0] });
    const last = await list('admin', { sort: ['name', 'ASC'], range: [TOTAL - 1, TOTAL - 1] });
    expect(desc.body[0].name).toBe(last.body[0].name);
    expect(last.headers.get('content-range')).toBe(`companies ${TOTAL - 1}-${TOTAL - 1}/${TOTAL}`);
  });

  it('filters by q, status, stage and taxonomy terms, alone and together', async () => {
    const q = await list('admin', { filter: { q: 'garage' }, range: [0, 99] });
    expect(q.body.length).toBeGreaterThan(3);
    expect(q.body.every((c) => /garage/i.test(c.name))).toBe(true);
    const inactive = await list('admin', { filter: { status: 'inactive' }, range: [0, 99] });
    expect(inactive.body.length).toBeGreaterThan(0);
    expect(inactive.body.every((c) => c.status === 'inactive')).toBe(true);
    const showcase = await list('admin', { filter: { stage: 'showcase' }, range: [0, 99] });
    expect(showcase.body.every((c) => c.stage === 'showcase')).toBe(true);
    const fr = await list('admin', { filter: { region: 10 }, range: [0, 99] });
    expect(fr.body.map((c) => c.name)).toContain('Harbour Cars');
    expect(fr.body.every((c) => c.terms.region.includes(10))).toBe(true);
    expect(Number(fr.headers.get('x-total-count'))).toBe(DEMO_EXTRA_COMPANIES.filter((c) => c.termIds.includes(10)).length + 1);
    const both = await list('admin', { filter: { region: [7, 10], type: 1 }, range: [0, 99] });
    expect(both.body.length).toBeGreaterThan(0);
    expect(both.body.every((c) => c.terms.type.includes(1) && c.terms.region.some((id) => id === 7 || id === 10))).toBe(true);
    const ids = await list('admin', { filter: { id: [demoMotors.id, harbour.id] } });
    expect(ids.body.map((c) => c.name).sort()).toEqual(['Demo Motors', 'Harbour Cars']);
  });

  it("answers the spec's company search as plain parameters too (q or name, page, perPage)", async () => {
    const r = await as<Company[]>('admin', 'GET', '/api/companies?name=motors&page=2&perPage=3&sort=%5B%22name%22%2C%22ASC%22%5D');
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(3);
    expect(r.body.every((c) => /motors/i.test(c.name))).toBe(true);
    expect(r.headers.get('content-range')).toMatch(/^companies 3-5\/\d+$/);
  });

  it('holds a dealer to their own company whatever they filter on; anonymous is 401', async () => {
    for (const [who, own] of [['dealerA', 'Demo Motors'], ['dealerB', 'Harbour Cars']] as const) {
      const mine = await list(who, { range: [0, 99] });
      expect(mine.body.map((c) => c.name)).toEqual([own]);
      expect(mine.headers.get('content-range')).toBe('companies 0-0/1');
      const asked = await list(who, { filter: { id: [demoMotors.id, harbour.id] } });
      expect(asked.body.map((c) => c.name)).toEqual([own]);
      expect((await list(who, { filter: { q: own === 'Demo Motors' ? 'Harbour' : 'Demo' } })).body).toEqual([]);
    }
    for (const who of ['pm', 'admin', 'developer'] as const) expect((await list(who)).headers.get('content-range')).toMatch(new RegExp(`/${TOTAL}$`));
    expect((await list('anonymous')).status).toBe(401);
  });

  it.each([
    [{ sort: '["password_hash","ASC"]' }, 'sort'],
    [{ sort: 'name' }, 'sort'],
    [{ range: '[0,5000]' }, 'range'],
    [{ range: '[10,2]' }, 'range'],
    [{ filter: '{"q":' }, 'filter'],
    [{ filter: '{"email":"x"}' }, 'filter.email'],
    [{ filter: '{"status":"gone"}' }, 'filter.status'],
    [{ filter: '{"region":"UK"}' }, 'filter.region'],
    [{ filter: `{"q":"${'x'.repeat(101)}"}` }, 'filter.q'],
  ])('refuses a bad list query %j with a 400 naming %s', async (query, field) => {
    const r = await as<{ message: string; errors: Array<{ field: string }> }>('admin', 'GET', `/api/companies?${new URLSearchParams(query)}`);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('The sort, range or filter of the list is not valid.');
    expect(r.body.errors[0].field).toBe(field);
  });

  it('refuses unknown and wrongly typed plain parameters', async () => {
    expect((await as('admin', 'GET', '/api/companies?perPage=lots')).status).toBe(400);
    expect((await as('admin', 'GET', '/api/companies?password=1')).status).toBe(400);
  });
});

describe('GET /api/companies/{id}', () => {
  it('follows the tenancy matrix by id and by guid', async () => {
    const expected: Record<Who, number> = { anonymous: 401, dealerA: 200, dealerB: 404, developer: 200, pm: 200, admin: 200 };
    for (const [who, status] of Object.entries(expected) as Array<[Who, number]>) {
      for (const key of [demoMotors.id, demoMotors.guid]) expect((await as(who, 'GET', `/api/companies/${key}`)).status, `${who} ${key}`).toBe(status);
    }
  });
});

const FULL = {
  name: 'Kingfisher Motors',
  lang: 'en',
  stage: 'configurator',
  status: 'active',
  contact_name: 'Kit Kingfisher',
  contact_number: '0113 496 0999',
  fsa_number: '123456',
  reg_number: '09876543',
  vat_number: 'GB123456789',
  website_address: 'https://kingfisher.example',
  address: { line1: '1 River Street', line2: 'LS1 1AA', line3: 'Leeds' },
  reg_address: { line1: 'Unit 4 Quay Park', line2: 'LS2 2BB', line3: 'Leeds' },
  meta: [{ meta_key: 'brand_colour', meta_value: '#0055aa' }, { meta_key: 'facebook', meta_value: 'https://facebook.example/kingfisher' }],
  terms: { type: [2], region: [7], partner: [60], make: [22, 29] },
};

describe('POST, PUT and DELETE /api/companies', () => {
  it("creates a company with every field of section 3 ('Company Created'), as pm and admin only", async () => {
    for (const who of ['anonymous', 'dealerA', 'dealerB', 'developer'] as const) {
      expect((await as(who, 'POST', '/api/companies', FULL)).status, who).toBe(who === 'anonymous' ? 401 : 403);
    }
    for (const who of ['pm', 'admin'] as const) {
      const r = await as('admin' === who ? 'admin' : 'pm', 'POST', '/api/companies', { ...FULL, name: `${FULL.name} ${who}` });
      expect(r.status).toBe(201);
      expect(r.body.message).toBe('Company Created');
      const got = await as('admin', 'GET', `/api/companies/${r.body.guid}`);
      expect(got.body).toMatchObject({ ...FULL, name: `${FULL.name} ${who}`, meta: FULL.meta, terms: FULL.terms });
      expect(got.body.taxonomies.map((t) => t.taxonomy).sort()).toEqual(['make', 'make', 'partner', 'region', 'type']);
    }
  });

  it("updates only the fields sent ('Company Updated'), by guid or id, replacing only the taxonomies sent", async () => {
    const created = (await as('admin', 'POST', '/api/companies', { ...FULL, name: 'Update Me Ltd' })).body;
    for (const who of ['anonymous', 'dealerA', 'dealerB', 'developer'] as const) {
      expect((await as(who, 'PUT', `/api/companies/${created.guid}`, { name: 'Hijacked' })).status, who).toBe(who === 'anonymous' ? 401 : 403);
    }
    const r = await as('pm', 'PUT', `/api/companies/${created.guid}`, { name: 'Updated Ltd', terms: { region: [10] }, address: { line1: '2 River Street', line2: null, line3: 'York' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: 'Updated Ltd', message: 'Company Updated', vat_number: FULL.vat_number, address: { line1: '2 River Street', line2: null, line3: 'York' } });
    expect(r.body.terms).toEqual({ ...FULL.terms, region: [10] });
    const byId = await as('admin', 'PUT', `/api/companies/${created.id}`, { status: 'inactive', meta: [] });
    expect(byId.body).toMatchObject({ status: 'inactive', name: 'Updated Ltd', meta: [] });
    // A dealer cannot edit even their own company.
    expect((await as('dealerA', 'PUT', `/api/companies/${demoMotors.guid}`, { name: 'Mine' })).status).toBe(403);
    expect((await as('admin', 'PUT', '/api/companies/999999', { name: 'Nobody' })).status).toBe(404);
  });

  it('deletes a company with its links (users stay), as pm and admin only', async () => {
    const doomed = (await as('admin', 'POST', '/api/companies', { ...FULL, name: 'Doomed Motors' })).body;
    await as('admin', 'PUT', `/api/companies/${doomed.guid}/user/${demoMotors.users[0].id}`);
    for (const who of ['anonymous', 'dealerA', 'dealerB', 'developer'] as const) {
      expect((await as(who, 'DELETE', `/api/companies/${doomed.id}`)).status, who).toBe(who === 'anonymous' ? 401 : 403);
    }
    const r = await as('pm', 'DELETE', `/api/companies/${doomed.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: doomed.id, name: 'Doomed Motors' });
    expect((await as('admin', 'GET', `/api/companies/${doomed.id}`)).status).toBe(404);
    expect((await as('admin', 'DELETE', `/api/companies/${doomed.id}`)).status).toBe(404);
    const db = server.database.db;
    expect(await db.select().from(companyTerms).where(eq(companyTerms.companyId, doomed.id))).toEqual([]);
    expect(await db.select().from(companyMeta).where(eq(companyMeta.companyId, doomed.id))).toEqual([]);
    expect((await db.select().from(users).where(eq(users.id, demoMotors.users[0].id))).length).toBe(1);
  });
});

describe('DELETE /api/companies (the list\'s bulk delete: all or none)', () => {
  const bulk = <T = { ids: number[] }>(who: Who, ids: unknown) => as<T>(who, 'DELETE', '/api/companies', { ids });
  const exists = async (id: number) => (await as('admin', 'GET', `/api/companies/${id}`)).status === 200;
  const make = async (name: string) => (await as('admin', 'POST', '/api/companies', { ...FULL, name })).body;

  it('deletes several companies in one request with their links (users stay), as pm and admin only', async () => {
    const doomed = [await make('Bulk One Motors'), await make('Bulk Two Motors')];
    await as('admin', 'PUT', `/api/companies/${doomed[0].guid}/user/${demoMotors.users[0].id}`);
    const ids = doomed.map((c) => c.id);
    for (const who of ['anonymous', 'dealerA', 'dealerB', 'developer'] as const) expect((await bulk(who, ids)).status, who).toBe(who === 'anonymous' ? 401 : 403);
    const before = await companyCount();

    const r = await bulk('pm', ids);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ids });
    expect(await companyCount()).toBe(before - 2);
    for (const id of ids) expect(await exists(id)).toBe(false);
    const db = server.database.db;
    expect(await db.select().from(companyTerms).where(eq(companyTerms.companyId, ids[0]))).toEqual([]);
    expect((await db.select().from(users).where(eq(users.id, demoMotors.users[0].id))).length).toBe(1);
  });

  it('deletes none when one of them is gone (404 for the whole request)', async () => {
    const kept = await make('Bulk Kept Motors');
    const before = await companyCount();
    const r = await bulk<{ message: string }>('admin', [kept.id, 999_999]);
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('Page Not Found.');
    expect(await companyCount()).toBe(before);
    expect(await exists(kept.id)).toBe(true);
    for (const list of [[], ['x'], [kept.id, kept.id]]) expect((await bulk('admin', list)).status, JSON.stringify(list)).toBe(400);
    expect((await as('admin', 'DELETE', '/api/companies', { ids: [kept.id], force: true })).status).toBe(400);
    expect(await exists(kept.id)).toBe(true);
  });

  it("keeps a company manager held to their own company: another company's refuses the whole request", async () => {
    const db = server.database.db;
    // May manage companies but sees only the one it belongs to (no 'view companies').
    const [role] = await db.insert(roles).values({ name: 'Bulk Company Keeper' }).returning({ id: roles.id });
    const [create] = await db.select({ id: permissions.id }).from(permissions).where(eq(permissions.name, 'create companies'));
    await db.insert(rolePermissions).values({ roleId: role.id, permissionId: create.id });
    const own = await make('Keeper Own Motors');
    const [keeper] = await db.insert(users).values({ email: 'company-keeper@demo.test', name: 'Cora Keeper', passwordHash: await hashPassword(DEMO_PASSWORD) }).returning();
    await db.insert(userRoles).values({ userId: keeper.id, roleId: role.id });
    await db.insert(companyUsers).values({ companyId: own.id, userId: keeper.id });
    const token = (await login(server, 'company-keeper@demo.test')).token;
    const keeperBulk = (ids: number[]) => call<{ ids: number[]; message: string }>(server, 'DELETE', '/api/companies', { token, body: { ids } });
    const before = await companyCount();

    const refused = await keeperBulk([own.id, harbour.id]);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Page Not Found.');
    expect(await companyCount()).toBe(before);
    expect(await exists(own.id)).toBe(true);
    expect(await exists(harbour.id)).toBe(true);
    const mine = await keeperBulk([own.id]);
    expect(mine.status).toBe(200);
    expect(mine.body.ids).toEqual([own.id]);
    expect(await exists(own.id)).toBe(false);
  });
});

describe('bad company input writes nothing', () => {
  const cases: Array<[string, unknown, number, string, string?]> = [
    ['a missing name', { lang: 'en' }, 422, 'The name field must be filled in', 'name'],
    ['a blank name', { name: '   ' }, 422, 'The name field must be filled in', 'name'],
    ['a name of the wrong type', { name: 123 }, 201, ''],
    ['a list for a name', { name: ['x'] }, 400, 'name has the wrong type of value', 'name'],
    ['an oversized name', { name: 'x'.repeat(151) }, 400, 'Must have at most 150 characters.', 'name'],
    ['an unknown field', { name: 'Ok', password_hash: 'x' }, 400, 'password_hash is not valid', 'password_hash'],
    ['an unknown address line', { name: 'Ok', address: { line4: 'x' } }, 400, 'address.line4 is not valid', 'address.line4'],
    ['a stage that does not exist', { name: 'Ok', stage: 'launched' }, 400, 'stage must be one of the listed values', 'stage'],
    ['a website that is not a URL', { name: 'Ok', website_address: 'kingfisher' }, 422, 'This must be in a URL format http.', 'website_address'],
    ['a make sent as a region', { name: 'Ok', terms: { region: [22] } }, 422, 'Please choose a valid region, type and makes.', 'terms.region'],
    ['a term that does not exist', { name: 'Ok', terms: { make: [99999] } }, 422, 'Please choose a valid region, type and makes.', 'terms.make'],
    ['a term id of the wrong type', { name: 'Ok', terms: { make: ['bmw'] } }, 400, 'terms.make.0 must be a number', 'terms.make.0'],
    ['a meta key twice', { name: 'Ok', meta: [{ meta_key: 'logo', meta_value: 'a' }, { meta_key: 'logo', meta_value: 'b' }] }, 422, 'No duplicate meta_key allowed', 'meta'],
    ['a meta value too long', { name: 'Ok', meta: [{ meta_key: 'logo', meta_value: 'x'.repeat(2001) }] }, 400, 'Must have at most 2000 characters.', 'meta.0.meta_value'],
  ];
  it.each(cases.filter((c) => c[2] !== 201))('POST with %s is a %i in the spec words', async (_, body, status, message, field) => {
    const before = await companyCount();
    const r = await as<{ message: string; errors?: Array<{ detail: string; field?: string }> }>('admin', 'POST', '/api/companies', body);
    expect(r.status).toBe(status);
    expect(r.body.message).toBe(message);
    if (field) expect(r.body.errors?.[0]).toEqual({ detail: message, field });
    expect(await companyCount()).toBe(before);
  });

  it('PUT with bad input changes nothing', async () => {
    for (const body of [{ name: '' }, { name: 'x'.repeat(151) }, { guid: 'x' }, { terms: { region: [22] } }, { website_address: 'nope' }]) {
      const r = await as('admin', 'PUT', `/api/companies/${harbour.guid}`, body);
      expect(r.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    }
    const now = (await as('admin', 'GET', `/api/companies/${harbour.guid}`)).body;
    expect(now).toMatchObject({ name: 'Harbour Cars', terms: harbour.terms, website_address: 'https://harbour-cars.example' });
  });

  it('refuses a body over the limit with a 413 and a path id that is neither id nor guid with a 404', async () => {
    const before = await companyCount();
    const r = await as<{ message: string }>('admin', 'POST', '/api/companies', { name: 'Big', contact_name: 'x'.repeat(1_100_000) });
    expect(r.status).toBe(413);
    expect(await companyCount()).toBe(before);
    expect((await as('admin', 'PUT', '/api/companies/not-a-key', { name: 'x' })).status).toBe(404);
  });
});

describe('PUT and DELETE /api/companies/{guid}/user/{userId}', () => {
  it("assigns ('User Added'), refuses a second time ('User is already assigned') and removes ('User Removed')", async () => {
    const target = (await as('admin', 'POST', '/api/companies', { name: 'Assign Motors' })).body;
    const pmUser = (await as<{ user: { id: number } }>('pm', 'GET', '/api/users/current')).body.user;
    const userId = demoMotors.users[0].id;
    for (const who of ['anonymous', 'dealerA', 'dealerB', 'developer'] as const) {
      expect((await as(who, 'PUT', `/api/companies/${target.guid}/user/${userId}`)).status, who).toBe(who === 'anonymous' ? 401 : 403);
    }
    const added = await as('pm', 'PUT', `/api/companies/${target.guid}/user/${userId}`);
    expect(added.status).toBe(200);
    expect(added.body.message).toBe('User Added');
    expect(added.body.users.map((u) => u.id)).toEqual([userId]);
    const again = await as<{ message: string }>('admin', 'PUT', `/api/companies/${target.guid}/user/${userId}`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('User is already assigned');
    expect((await as('admin', 'PUT', `/api/companies/${target.guid}/user/${pmUser.id}`)).body.message).toBe('User Added');

    // The dealer now belongs to two companies: both are theirs to switch to, and they see the one
    // they work in (their first until they switch, issue 54); dealer B still sees only theirs.
    const mine = await as<{ companies: Array<{ name: string }> }>('dealerA', 'GET', '/api/users/current');
    expect(mine.body.companies.map((c) => c.name)).toEqual(['Assign Motors', 'Demo Motors']);
    expect((await list('dealerA')).body.map((c) => c.name)).toEqual(['Demo Motors']);
    expect((await as('dealerA', 'PUT', '/api/users/current/company', { company_id: target.id })).status).toBe(200);
    expect((await list('dealerA')).body.map((c) => c.name)).toEqual(['Assign Motors']);
    expect((await list('dealerB')).body.map((c) => c.name)).toEqual(['Harbour Cars']);

    for (const who of ['anonymous', 'dealerA', 'dealerB', 'developer'] as const) {
      expect((await as(who, 'DELETE', `/api/companies/${target.guid}/user/${userId}`)).status, who).toBe(who === 'anonymous' ? 401 : 403);
    }
    const removed = await as('admin', 'DELETE', `/api/companies/${target.guid}/user/${userId}`);
    expect(removed.body).toMatchObject({ message: 'User Removed' });
    expect(removed.body.users.map((u) => u.id)).toEqual([pmUser.id]);
    expect((await as('admin', 'DELETE', `/api/companies/${target.guid}/user/${userId}`)).status).toBe(404);
    // The choice went with the membership: the dealer is back in their own company.
    expect((await list('dealerA')).body.map((c) => c.name)).toEqual(['Demo Motors']);
  });

  it('refuses users and ids that do not exist or are not ids, writing nothing', async () => {
    const links = async () => (await server.database.db.select({ n: count() }).from(companyUsers))[0].n;
    const before = await links();
    const r = await as<{ message: string }>('admin', 'PUT', `/api/companies/${harbour.guid}/user/99999`);
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('Please choose an existing user.');
    expect((await as('admin', 'PUT', `/api/companies/${harbour.guid}/user/abc`)).status).toBe(400);
    expect((await as('admin', 'PUT', `/api/companies/nope/user/1`)).status).toBe(404);
    expect(await links()).toBe(before);
  });
});

describe('GET /api/users (the assign-a-user search)', () => {
  it('lists users for list users holders only, searching name and email, with Content-Range', async () => {
    const expected: Record<Who, number> = { anonymous: 401, dealerA: 403, dealerB: 403, developer: 403, pm: 200, admin: 200 };
    for (const [who, status] of Object.entries(expected) as Array<[Who, number]>) expect((await as(who, 'GET', '/api/users')).status, who).toBe(status);
    const r = await as<Array<{ email: string; name: string }>>('pm', 'GET', `/api/users?${new URLSearchParams({ filter: '{"q":"dealer"}', range: '[0,9]', sort: '["email","ASC"]' })}`);
    // Sorted as a reader sorts (server/http/simple-rest.ts: ICU collation), not by code point: "dealer@" before "dealer2@".
    expect(r.body.map((u) => u.email)).toEqual(['dealer@demo.test', 'dealer2@demo.test']);
    expect(r.headers.get('content-range')).toBe('users 0-1/2');
    expect(r.body[0]).not.toHaveProperty('password_hash');
    expect((await as('pm', 'GET', '/api/users?filter=%7B%22password_hash%22%3A1%7D')).status).toBe(400);
  });
});

describe("a company's logo from the media library (meta logo)", () => {
  type ErrorBody = { message: string; errors?: Array<{ detail: string; field?: string }> };
  const REFUSED = 'Please choose an image from the media library that this company may use.';
  const guids: Record<string, string> = {};
  const logoMeta = (value: string) => [{ meta_key: 'brand_colour', meta_value: '#b91c1c' }, { meta_key: 'logo', meta_value: value }];
  const storedMeta = async (companyId: number) =>
    (await server.database.db.select({ key: companyMeta.metaKey, value: companyMeta.metaValue }).from(companyMeta).where(eq(companyMeta.companyId, companyId))).sort((a, b) => a.key.localeCompare(b.key));

  beforeAll(async () => {
    // The seeded library: a shared logo, one filed under each demo dealer, and a shared PDF.
    for (const row of await server.database.db.select({ guid: media.guid, filename: media.filename }).from(media)) guids[row.filename] = row.guid;
  });

  it('gives the demo dealers and two in three of the other demo companies their own logo, and the rest none', async () => {
    expect((await as('admin', 'GET', `/api/companies/${demoMotors.guid}`)).body.logo?.guid).toBe(guids['demo-motors-logo.png']);
    expect((await as('admin', 'GET', `/api/companies/${harbour.guid}`)).body.logo?.guid).toBe(guids['harbour-cars-logo.jpg']);
    const rows = (await list('admin', { range: [0, 999] })).body;
    const extra = rows.filter((c) => DEMO_EXTRA_COMPANIES.some((d) => d.name === c.name));
    expect(extra).toHaveLength(DEMO_EXTRA_COMPANIES.length);
    for (const c of extra) {
      const own = DEMO_COMPANY_LOGOS.find((f) => f.owner === c.name);
      expect(c.logo?.guid ?? null, c.name).toBe(own ? guids[own.filename] : null);
    }
    expect(extra.filter((c) => c.logo).length).toBe(Math.ceil((DEMO_EXTRA_COMPANIES.length * 2) / 3));
  });

  it('takes a shared image or one of the company\'s own, by guid or by its address, and shows it in the profile and the list', async () => {
    const shared = guids['launch-portal-logo.png'];
    const r = await as('admin', 'PUT', `/api/companies/${demoMotors.guid}`, { meta: logoMeta(shared) });
    expect(r.status).toBe(200);
    expect(r.body.logo).toEqual({ guid: shared, url: `/api/media/${shared}/file`, thumbnail_url: `/api/media/${shared}/thumbnail` });

    // The file address the media library answers works too, and is kept as the guid.
    const own = guids['demo-motors-logo.png'];
    const byUrl = await as('pm', 'PUT', `/api/companies/${demoMotors.id}`, { meta: logoMeta(`/api/media/${own}/file`) });
    expect(byUrl.status).toBe(200);
    expect(byUrl.body.logo?.guid).toBe(own);
    expect(byUrl.body.meta).toContainEqual({ meta_key: 'logo', meta_value: own });
    expect(await storedMeta(demoMotors.id)).toEqual([{ key: 'brand_colour', value: '#b91c1c' }, { key: 'logo', value: own }]);

    // The dealer sees their logo on their company, the list carries it, and the thumbnail is served.
    expect((await as('dealerA', 'GET', `/api/companies/${demoMotors.guid}`)).body.logo?.guid).toBe(own);
    const rows = (await list('admin', { filter: { q: 'Motors' }, range: [0, 99] })).body;
    expect(rows.find((c) => c.id === demoMotors.id)?.logo?.thumbnail_url).toBe(`/api/media/${own}/thumbnail`);
    expect(rows.find((c) => c.id !== demoMotors.id && !DEMO_COMPANY_LOGOS.some((f) => f.owner === c.name))?.logo).toBeNull();
    const thumb = await fetch(`${server.url}/api/media/${own}/thumbnail`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');

    // A new company may start with a shared image.
    const created = await as('admin', 'POST', '/api/companies', { name: 'Logo Motors', meta: logoMeta(shared) });
    expect(created.status).toBe(201);
    expect(created.body.logo?.guid).toBe(shared);
  });

  it.each([
    ["another company's private file", () => guids['harbour-cars-logo.jpg']],
    ['a PDF (not an image)', () => guids['dealer-brochure.pdf']],
    ['a guid that is no file', () => '0b7c5a52-7f7e-4f4e-9a53-2d1c8e0f6a11'],
    ['an address outside the media library', () => '/media/kingfisher.png'],
  ])('refuses %s with a 422 naming the field, changing nothing', async (_, value) => {
    const before = await storedMeta(demoMotors.id);
    const r = await as<ErrorBody>('admin', 'PUT', `/api/companies/${demoMotors.guid}`, { name: 'Renamed Motors', meta: logoMeta(value()) });
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ message: REFUSED, errors: [{ detail: REFUSED, field: 'logo' }] });
    expect(await storedMeta(demoMotors.id)).toEqual(before);
    expect((await as('admin', 'GET', `/api/companies/${demoMotors.guid}`)).body.name).toBe('Demo Motors');
  });

  it("refuses a new company another company's file (it has none of its own yet), creating nothing", async () => {
    const before = await companyCount();
    const r = await as<ErrorBody>('admin', 'POST', '/api/companies', { name: 'Copycat Motors', meta: logoMeta(guids['demo-motors-logo.png']) });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(REFUSED);
    expect(await companyCount()).toBe(before);
  });

  it("keeps a company manager held to their own company to its files and the shared ones", async () => {
    const db = server.database.db;
    // A dealer-side manager: may edit companies and upload, but sees only Demo Motors (no 'view companies').
    const [role] = await db.insert(roles).values({ name: 'Dealer Manager' }).returning({ id: roles.id });
    const granted = await db.select({ id: permissions.id, name: permissions.name }).from(permissions);
    await db.insert(rolePermissions).values(granted.filter((p) => ['create companies', 'view media', 'upload media'].includes(p.name)).map((p) => ({ roleId: role.id, permissionId: p.id })));
    const [manager] = await db.insert(users).values({ email: 'manager@demo.test', name: 'Mona Manager', passwordHash: await hashPassword(DEMO_PASSWORD) }).returning();
    await db.insert(userRoles).values({ userId: manager.id, roleId: role.id });
    await db.insert(companyUsers).values({ companyId: demoMotors.id, userId: manager.id });
    const token = (await login(server, 'manager@demo.test')).token;
    const put = (company: Company, value: string) => call<Company & ErrorBody>(server, 'PUT', `/api/companies/${company.guid}`, { token, body: { meta: logoMeta(value) } });

    const theirs = await put(demoMotors, guids['harbour-cars-logo.jpg']);
    expect(theirs.status).toBe(422);
    expect(theirs.body.message).toBe(REFUSED);
    expect((await put(demoMotors, guids['service-plan.png'])).body.logo?.guid).toBe(guids['service-plan.png']);
    expect((await put(demoMotors, guids['demo-motors-logo.png'])).body.logo?.guid).toBe(guids['demo-motors-logo.png']);
    // Another company's record is out of reach altogether.
    expect((await put(harbour, guids['harbour-cars-logo.jpg'])).status).toBe(404);
  });

  it('shows no logo once its file is deleted or the logo is cleared', async () => {
    // A logo uploaded as the form does (purpose=logo), filed under Harbour Cars.
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await sharp({ create: { width: 600, height: 600, channels: 3, background: '#0f766e' } }).png().toBuffer())], { type: 'image/png' }), 'harbour-new.png');
    const res = await fetch(`${server.url}/api/media?purpose=logo&company_id=${harbour.id}`, { method: 'POST', headers: { authorization: `Bearer ${tokens.admin}` }, body: form });
    expect(res.status).toBe(201);
    const doomed = ((await res.json()) as { media: Array<{ id: number; guid: string }> }).media[0];
    expect((await as('admin', 'PUT', `/api/companies/${harbour.guid}`, { meta: logoMeta(doomed.guid) })).body.logo?.guid).toBe(doomed.guid);
    expect((await as('admin', 'DELETE', `/api/media/${doomed.id}`)).status).toBe(200);
    expect((await as('admin', 'GET', `/api/companies/${harbour.guid}`)).body.logo).toBeNull();
    const cleared = await as('admin', 'PUT', `/api/companies/${harbour.guid}`, { meta: [{ meta_key: 'logo', meta_value: '' }] });
    expect(cleared.status).toBe(200);
    expect(cleared.body.logo).toBeNull();
  });
});

describe("a company's reminders of untouched stages (reminder_days, issue 55)", () => {
  const REFUSED = 'Reminders of untouched stages must be off or after 1 to 90 days.';
  type WithReminders = Company & { reminder_days: number | null };

  it('answers them in the profile and the list: 7 days for the demo companies', async () => {
    expect((await as<WithReminders>('admin', 'GET', `/api/companies/${demoMotors.guid}`)).body.reminder_days).toBe(7);
    // A dealer reads their own company's too.
    expect((await as<WithReminders>('dealerA', 'GET', `/api/companies/${demoMotors.guid}`)).body.reminder_days).toBe(7);
    const listed = (await list('admin', { range: [0, 99] })).body as WithReminders[];
    expect(listed.length).toBeGreaterThan(10);
    expect(listed.every((c) => c.reminder_days === 7)).toBe(true);
  });

  it('takes 1 to 90 days or null (off) on create and update; a new company without them gets 7; a PUT without them keeps them', async () => {
    const made = await as<WithReminders>('pm', 'POST', '/api/companies', { name: 'Reminded Motors' });
    expect(made.status).toBe(201);
    expect(made.body.reminder_days).toBe(7);
    const off = await as<WithReminders>('admin', 'POST', '/api/companies', { name: 'Unreminded Motors', reminder_days: null });
    expect(off.body.reminder_days).toBeNull();
    const stored = async (id: number) => (await server.database.db.select({ days: companies.reminderDays }).from(companies).where(eq(companies.id, id)))[0].days;
    expect(await stored(off.body.id)).toBeNull();

    for (const days of [1, 14, 90, null]) {
      const r = await as<WithReminders>('admin', 'PUT', `/api/companies/${made.body.guid}`, { reminder_days: days });
      expect([days, r.status, r.body.reminder_days]).toEqual([days, 200, days]);
      expect(await stored(made.body.id)).toBe(days);
    }
    await as('admin', 'PUT', `/api/companies/${made.body.guid}`, { reminder_days: 21 });
    const renamed = await as<WithReminders>('admin', 'PUT', `/api/companies/${made.body.guid}`, { name: 'Reminded Motors Ltd' });
    expect(renamed.body.reminder_days).toBe(21);
    // Changing them needs 'create companies', as every company write does.
    expect((await as('dealerA', 'PUT', `/api/companies/${demoMotors.guid}`, { reminder_days: null })).status).toBe(403);
    expect(await stored(demoMotors.id)).toBe(7);
  });

  it.each([0, 91, -3, 7.5, 1e9])('refuses %j with a 422 on reminder_days, writing nothing', async (value) => {
    const before = await companyCount();
    const created = await as<{ message: string; errors: Array<{ detail: string; field: string }> }>('admin', 'POST', '/api/companies', { name: 'Never Motors', reminder_days: value });
    expect(created.status).toBe(422);
    expect(created.body.message).toBe(REFUSED);
    expect(created.body.errors).toEqual([{ detail: REFUSED, field: 'reminder_days' }]);
    expect(await companyCount()).toBe(before);
    const updated = await as<{ errors: Array<{ field: string }> }>('admin', 'PUT', `/api/companies/${harbour.guid}`, { reminder_days: value, contact_name: 'Changed' });
    expect(updated.status).toBe(422);
    expect(updated.body.errors).toEqual([{ detail: REFUSED, field: 'reminder_days' }]);
    expect((await as<WithReminders>('admin', 'GET', `/api/companies/${harbour.guid}`)).body).toMatchObject({ reminder_days: 7, contact_name: 'Hugo Harbour' });
  });

  it.each(['7', 'off', true, [7], { days: 7 }])('refuses %j, not a number, with a 400 naming the field (as every wrongly typed field)', async (value) => {
    const r = await as<{ errors: Array<{ field: string }> }>('admin', 'PUT', `/api/companies/${harbour.guid}`, { reminder_days: value });
    expect(r.status).toBe(400);
    expect(r.body.errors[0].field).toBe('reminder_days');
    expect((await as<WithReminders>('admin', 'GET', `/api/companies/${harbour.guid}`)).body.reminder_days).toBe(7);
  });
});
