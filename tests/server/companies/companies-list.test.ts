// The companies list and a company's profile as one statement each (issues 9 and 10): what a user
// sees must not change with the query's shape (page past the end, deep pages, the search on its
// trigram indexes, the profile's lists in order).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, companyMeta, companyTerms, companyUsers } from '../../../server/db/schema';
import { startTestServer, type TestServer } from '../../support/server';
import { call, login } from '../helpers';

type Summary = { id: number; name: string; users_count: number; taxonomies: Array<{ id: number; taxonomy: string; term: { id: number } }>; terms: Record<string, number[]> };
type Detail = Summary & { users: Array<{ id: number }>; meta: Array<{ meta_key: string; meta_value: string | null }> };

let server: TestServer;
let admin: string;
const list = (query: Record<string, unknown>) =>
  call<Summary[]>(server, 'GET', `/api/companies?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)]))}`, { token: admin });
const totalOf = (range: string | null) => Number(range?.split('/')[1]);

beforeAll(async () => {
  server = await startTestServer();
  admin = (await login(server, 'admin@demo.test')).token;
  // Companies the search must tell apart: a match by contact or town only, and names holding the
  // LIKE wildcards, which a search takes literally.
  await server.database.db.insert(companies).values([
    { name: 'Plain Autos', contactName: 'Zanzibar Quist', addressLine3: 'Leeds' },
    { name: 'Other Autos', contactName: 'Ann Other', addressLine3: 'Quistbury' },
    { name: '100% Cars', contactName: 'Per Cent' },
    { name: '1000 Cars', contactName: 'No Percent' },
    { name: 'Under_score Motors' },
    { name: 'Underscore Motors' },
  ]);
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/companies in one statement', () => {
  it('answers a page past the end with no companies but the true total', async () => {
    const all = await list({ range: [0, 0] });
    const total = totalOf(all.headers.get('content-range'));
    expect(total).toBeGreaterThan(5);
    const past = await list({ range: [total + 10, total + 19] });
    expect(past.status).toBe(200);
    expect(past.body).toEqual([]);
    expect(totalOf(past.headers.get('content-range'))).toBe(total);
    const none = await list({ filter: { q: 'no company is called this' } });
    expect(none.body).toEqual([]);
    expect(none.headers.get('content-range')).toBe('companies 0-0/0');
  });

  it('pages through the list in order with no company twice or missing, each with its users and categories', async () => {
    const sort = ['updated_at', 'DESC'];
    const whole = await list({ sort, range: [0, 199] });
    const paged: Summary[] = [];
    for (let start = 0; start < whole.body.length; start += 4) paged.push(...(await list({ sort, range: [start, start + 3] })).body);
    expect(paged.map((c) => c.id)).toEqual(whole.body.map((c) => c.id));
    expect(paged).toEqual(whole.body);
    // The row's counts and categories are the company's own, as its profile shows them.
    for (const row of whole.body.slice(0, 6)) {
      const detail = (await call<Detail>(server, 'GET', `/api/companies/${row.id}`, { token: admin })).body;
      expect(row.users_count).toBe(detail.users.length);
      expect(row.taxonomies).toEqual(detail.taxonomies);
      expect(row.terms).toEqual(detail.terms);
    }
  });

  it('finds companies by name, contact or town in any case, taking % and _ literally', async () => {
    const names = async (q: string) => (await list({ filter: { q }, sort: ['name', 'ASC'] })).body.map((c) => c.name);
    expect(await names('zanzibar')).toEqual(['Plain Autos']);
    expect(await names('QUIST')).toEqual(['Other Autos', 'Plain Autos']);
    expect(await names('0%')).toEqual(['100% Cars']);
    expect(await names('under_')).toEqual(['Under_score Motors']);
    // Shorter than a trigram is still a search.
    expect(await names('Au')).toEqual(expect.arrayContaining(['Other Autos', 'Plain Autos']));
  });
});

describe('GET /api/companies/{id} in one statement', () => {
  it("gives the company's meta in the order written, its users by id and its categories by link", async () => {
    const db = server.database.db;
    const [company] = await db.insert(companies).values({ name: 'Profile Motors' }).returning();
    await db.insert(companyMeta).values([
      { companyId: company.id, metaKey: 'zeta', metaValue: 'last letter, first written' },
      { companyId: company.id, metaKey: 'alpha', metaValue: null },
    ]);
    const members = (await call<Array<{ id: number }>>(server, 'GET', '/api/users?range=[0,2]&sort=["id","DESC"]', { token: admin })).body;
    await db.insert(companyUsers).values(members.map((u) => ({ companyId: company.id, userId: u.id })));
    await db.insert(companyTerms).values([{ companyId: company.id, termId: 9 }, { companyId: company.id, termId: 2 }]);
    const r = await call<Detail>(server, 'GET', `/api/companies/${company.id}`, { token: admin });
    expect(r.status).toBe(200);
    expect(r.body.meta).toEqual([
      { meta_key: 'zeta', meta_value: 'last letter, first written' },
      { meta_key: 'alpha', meta_value: null },
    ]);
    expect(r.body.users.map((u) => u.id)).toEqual(members.map((u) => u.id).sort((a, b) => a - b));
    expect(r.body.taxonomies.map((t) => t.term.id)).toEqual([9, 2]);
    expect(r.body.terms).toMatchObject({ region: [9], type: [2] });
    const empty = await call<Detail>(server, 'GET', `/api/companies/${(await db.insert(companies).values({ name: 'Bare Motors' }).returning())[0].id}`, { token: admin });
    expect(empty.body).toMatchObject({ meta: [], users: [], taxonomies: [], terms: { type: [], region: [], partner: [], make: [] } });
  });
});
