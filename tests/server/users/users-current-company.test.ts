// A dealer in two companies (issue 54): GET /users/current lists their companies, PUT
// /users/current/company switches the current one, which every request then acts on (tenancy,
// server/db/tenancy.ts), which is kept for them (a new session finds it), and which must be one of
// theirs (403 otherwise). The demo's dealer group: cooper.ryan@gold-coast-prestige.example.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailLocaleFor } from '../../../server/mail/mail.locale';
import { DEMO_GROUP } from '../../../server/db/seed-companies';
import { startTestServer, type TestServer } from '../../support/server';
import { call, login, type Reply } from '../helpers';

type Choice = { id: number; name: string };
type Current = { user: { id: number }; company: { id: number; name: string; guid: string } | null; companies: Choice[] };
type ErrorBody = { message: string; errors?: Array<{ detail: string; field?: string }> };
type Row = { id: number; company_id: number };

const GROUP_DEALER = 'cooper.ryan@gold-coast-prestige.example';

let server: TestServer;
let admin: string;
let dealer: string;
let first: Choice;
let second: Choice;
let motors: number;

const as = <T>(token: string, method: string, path: string, body?: unknown): Promise<Reply<T>> => call<T>(server, method, path, { token, body });
const current = async (token: string) => {
  const r = await as<Current>(token, 'GET', '/api/users/current');
  expect(r.status).toBe(200);
  return r.body;
};
const switchTo = (token: string, companyId: unknown) => as<Current & ErrorBody>(token, 'PUT', '/api/users/current/company', { company_id: companyId });
const companiesOf = async (token: string, path: string) => {
  const r = await as<Row[]>(token, 'GET', path);
  expect(r.status).toBe(200);
  return [...new Set(r.body.map((row) => row.company_id))];
};

beforeAll(async () => {
  server = await startTestServer();
  admin = (await login(server, 'admin@demo.test')).token;
  dealer = (await login(server, GROUP_DEALER)).token;
  const me = await current(dealer);
  first = me.companies.find((c) => c.name === DEMO_GROUP.company)!;
  second = me.companies.find((c) => c.name === DEMO_GROUP.alsoIn)!;
  motors = (await current((await login(server, 'dealer@demo.test')).token)).company!.id;
  // An agreement in each of the two companies, so the lists can tell them apart.
  for (const c of [first, second]) {
    const r = await as(admin, 'POST', '/api/agreements', { agreement: { name: `${c.name} order form`, company_id: c.id }, lang: 'en-AU' });
    expect(r.status).toBe(201);
  }
});
afterAll(async () => {
  await server?.close();
});

describe('a dealer in two companies', () => {
  it('gets both companies in GET /users/current, and works in the first until they choose', async () => {
    const me = await current(dealer);
    expect(me.companies.map((c) => c.name)).toEqual([DEMO_GROUP.company, DEMO_GROUP.alsoIn]);
    expect(first.id).toBeLessThan(second.id);
    expect(me.company).toMatchObject({ id: first.id, name: DEMO_GROUP.company });
    expect(await companiesOf(dealer, '/api/configs')).toEqual([first.id]);
    expect(await companiesOf(dealer, '/api/agreements')).toEqual([first.id]);
  });

  it('a dealer of one company gets that one company', async () => {
    const one = await current((await login(server, 'dealer@demo.test')).token);
    expect(one.companies).toEqual([{ id: motors, name: 'Demo Motors' }]);
  });

  it("switches: GET /users/current answers the second company, and configs, agreements and the company are the second's only", async () => {
    const r = await switchTo(dealer, second.id);
    expect(r.status).toBe(200);
    expect(r.body.company).toMatchObject({ id: second.id, name: DEMO_GROUP.alsoIn });
    expect(r.body.companies.map((c) => c.id)).toEqual([first.id, second.id]);
    expect((await current(dealer)).company!.id).toBe(second.id);
    const configs = await companiesOf(dealer, '/api/configs');
    expect(configs).toEqual([second.id]);
    expect(await companiesOf(dealer, '/api/agreements')).toEqual([second.id]);
    // The first company is out of tenancy now: as any company not theirs (404).
    expect((await as(dealer, 'GET', `/api/companies/${first.id}`)).status).toBe(404);
    expect((await as(dealer, 'GET', `/api/companies/${first.id}/configs`)).status).toBe(404);
    expect((await as(dealer, 'GET', `/api/companies/${second.id}`)).status).toBe(200);
    const listed = await as<Array<{ id: number }>>(dealer, 'GET', '/api/companies');
    expect(listed.body.map((c) => c.id)).toEqual([second.id]);
  });

  it('cannot switch to a company they are not in (403), nor to one that does not exist; the current one stays', async () => {
    for (const other of [motors, 2147483647]) {
      const r = await switchTo(dealer, other);
      expect(r.status).toBe(403);
      expect(r.body.message).toBe('No Access.');
    }
    expect((await switchTo(dealer, 'one')).status).toBe(400);
    expect((await as<ErrorBody>(dealer, 'PUT', '/api/users/current/company', { company_id: second.id, user_id: 1 })).status).toBe(400);
    expect((await current(dealer)).company!.id).toBe(second.id);
    expect(await companiesOf(dealer, '/api/configs')).toEqual([second.id]);
    // Staff who work across companies belong to none: they switch in the app, not here.
    expect((await switchTo(admin, first.id)).status).toBe(403);
    expect((await call(server, 'PUT', '/api/users/current/company', { body: { company_id: first.id } })).status).toBe(401);
  });

  it('keeps the choice for a new session (a new sign-in, on any instance: it is in the database)', async () => {
    const again = (await login(server, GROUP_DEALER)).token;
    expect((await current(again)).company!.id).toBe(second.id);
    expect(await companiesOf(again, '/api/agreements')).toEqual([second.id]);
    // Switching back is seen by every session of the user.
    expect((await switchTo(again, first.id)).status).toBe(200);
    expect((await current(dealer)).company!.id).toBe(first.id);
    expect(await companiesOf(dealer, '/api/agreements')).toEqual([first.id]);
  });

  it('gets mails in the language of the company they work in now', async () => {
    const db = server.database.db;
    const userId = (await current(dealer)).user.id;
    await db.execute(sql`UPDATE companies SET lang = 'fr' WHERE id = ${second.id}`);
    try {
      expect((await switchTo(dealer, first.id)).status).toBe(200);
      expect(await mailLocaleFor(db, userId)).toBe('en-GB');
      expect((await switchTo(dealer, second.id)).status).toBe(200);
      expect(await mailLocaleFor(db, userId)).toBe('fr-FR');
      // The language the request asks for still comes first.
      expect(await mailLocaleFor(db, userId, 'nl-BE,nl;q=0.9')).toBe('nl-BE');
    } finally {
      await db.execute(sql`UPDATE companies SET lang = 'en' WHERE id = ${second.id}`);
      await switchTo(dealer, first.id);
    }
  });

  it('a membership taken away takes the choice with it: back to the first company left', async () => {
    expect((await switchTo(dealer, second.id)).status).toBe(200);
    const me = await current(dealer);
    const second$ = (await as<{ guid: string }>(admin, 'GET', `/api/companies/${second.id}`)).body;
    expect((await as(admin, 'DELETE', `/api/companies/${second$.guid}/user/${me.user.id}`)).status).toBe(200);
    const after = await current(dealer);
    expect(after.company!.id).toBe(first.id);
    expect(after.companies.map((c) => c.id)).toEqual([first.id]);
    expect(await companiesOf(dealer, '/api/configs')).toEqual([first.id]);
    expect((await switchTo(dealer, second.id)).status).toBe(403);
  });
});
