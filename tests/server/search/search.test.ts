// Issue 58, one search: GET /api/search as each kind of user finds it (a matrix of roles and
// companies, a role made through the API included), accents, typos, a postcode found inside a
// config's locations stage, writes searchable at once, and the 422 of a bad query.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchAnswer, SearchKind } from '../../../contract/search';
import { companyInformation } from '../../engine/fixtures';
import { startTestServer, type TestServer } from '../../support/server';
import { call, login, type Reply } from '../helpers';

type ErrorBody = { message: string; errors?: Array<{ detail: string; field?: string }> };
type Who = 'admin' | 'pm' | 'am' | 'dealer' | 'dealer2' | 'skoda' | 'lister' | 'finder';
const PASSWORD = 'Search-pass-2026';

let server: TestServer;
const tokens = {} as Record<Who, string>;
const as = <T = Record<string, unknown>>(who: Who, method: string, path: string, body?: unknown): Promise<Reply<T>> => call<T>(server, method, path, { token: tokens[who], body });
const find = (who: Who, q: string, limit?: number) => as<SearchAnswer & ErrorBody>(who, 'GET', `/api/search?${new URLSearchParams({ q, ...(limit ? { limit: String(limit) } : {}) })}`);
const hits = (r: Reply<SearchAnswer>, kind: SearchKind) => r.body.groups.find((g) => g.kind === kind)?.hits ?? [];
const found = async (who: Who, q: string, kind: SearchKind, id: number) => hits(await find(who, q, 20), kind).some((h) => h.id === id);
const ok = <T>(r: Reply<T>, status = 200): T => {
  if (r.status !== status) throw new Error(`${r.status} ${r.text}`);
  return r.body;
};

// Made in beforeAll: a company of the accented make in Wisbech, its config with a location whose
// postcode is only in the stage data, its dealer, and two users of roles made for the test.
const made = {} as { company: { id: number; guid: string }; config: { id: number; guid: string; version: number }; skodaUser: number; demoMotors: number; agreement: { id: number; name: string }; project: { id: number; name: string }; task: { id: number; name: string }; draft: { id: number; post_title: string }; published: { id: number; post_title: string } };
const STAGE_POSTCODE = 'PE14 9QT';
const REG_NUMBER = 'SC424242';

async function newUser(name: string, email: string, roles: number[], companyId: number | null): Promise<number> {
  const user = ok(await as<{ id: number }>('admin', 'POST', '/api/users', { name, email, roles, company_id: companyId }), 201);
  ok(await as('admin', 'PUT', `/api/users/${user.id}`, { password: PASSWORD }));
  return user.id;
}

beforeAll(async () => {
  server = await startTestServer();
  for (const who of ['admin', 'pm', 'am', 'dealer', 'dealer2'] as const) tokens[who] = (await login(server, `${who}@demo.test`)).token;

  made.company = ok(
    await as<{ id: number; guid: string }>('admin', 'POST', '/api/companies', {
      name: 'Škoda Fenland Motors',
      lang: 'en',
      reg_number: REG_NUMBER,
      address: { line1: '3 Nene Quay', line2: 'PE13 1AQ', line3: 'Wisbech' },
      terms: { type: [2], region: [7] },
    }),
    201,
  );
  const created = ok(await as<{ id: number; guid: string; version: number }>('admin', 'POST', `/api/companies/${made.company.guid}/configs`, { config: { name: 'Fenland website', design_type: 'custom' }, lang: 'en' }), 201);
  const path = `/api/companies/${made.company.guid}/configs/${created.guid}`;
  // The config is the source of the company's numbers: its company information carries the same.
  const informed = ok(await as<{ version: number }>('admin', 'PUT', path, { slug: 'company-information', state: 'submitted', version: created.version, data: { companyInformation: { ...companyInformation.companyInformation, regNumber: REG_NUMBER } } }));
  const franchised = ok(await as<{ version: number }>('admin', 'PUT', path, { slug: 'franchises', state: 'draft', version: informed.version, data: { franchises: [{ id: 'fskoda', name: 'Škoda' }] } }));
  const located = ok(
    await as<{ version: number }>('admin', 'PUT', path, {
      slug: 'locations',
      state: 'draft',
      version: franchised.version,
      data: { locations: [{ id: 'lout', name: 'Marshland Outpost', address: { line1: '1 Fen Road', town: 'Outwell', country: 'GB' }, postcode: STAGE_POSTCODE, franchises: ['fskoda'] }] },
    }),
  );
  made.config = { id: created.id, guid: created.guid, version: located.version };

  // A role made through the API: 'list users' only (finds their own company's people).
  const lister = ok(await as<{ id: number }>('admin', 'POST', '/api/roles/Search Listers', { permissions: ['list users'] }), 201);
  // And staff without a company: 'view companies' and 'view configs' (every company, every config; no users, no projects).
  const finder = ok(await as<{ id: number }>('admin', 'POST', '/api/roles/Search Finders', { permissions: ['view companies', 'view configs'] }), 201);
  made.skodaUser = await newUser('Sasha Fenlander', 'sasha@skoda-fenland.test', [1], made.company.id);
  await newUser('Lee Lister', 'lee@skoda-fenland.test', [lister.id], made.company.id);
  await newUser('Fern Finder', 'fern@finders.test', [finder.id], null);
  tokens.skoda = (await login(server, 'sasha@skoda-fenland.test', PASSWORD)).token;
  tokens.lister = (await login(server, 'lee@skoda-fenland.test', PASSWORD)).token;
  tokens.finder = (await login(server, 'fern@finders.test', PASSWORD)).token;

  // Demo Motors' own records: an agreement, a project and one of its tasks; a draft and a published showcase.
  const companies = ok(await as<Array<{ id: number; name: string }>>('admin', 'GET', `/api/companies?filter=${encodeURIComponent('{"q":"Demo Motors"}')}`));
  made.demoMotors = companies.find((c) => c.name === 'Demo Motors')!.id;
  const agreements = ok(await as<Array<{ id: number; name: string; company_id?: number; company?: { id: number } }>>('admin', 'GET', `/api/companies/${made.demoMotors}/agreements`));
  made.agreement = agreements[0];
  const projects = ok(await as<Array<{ id: number; name: string; company_id?: number; company?: { id: number } }>>('admin', 'GET', `/api/projects?filter=${encodeURIComponent(JSON.stringify({ company_id: made.demoMotors }))}&range=[0,99]`));
  made.project = projects.find((p) => p.name)!;
  made.task = ok(await as<Array<{ id: number; name: string }>>('admin', 'GET', `/api/projects/${made.project.id}/tasks`))[0];
  const posts = ok(await as<Array<{ id: number; post_title: string; post_status: string }>>('admin', 'GET', '/api/posts?range=[0,99]'));
  made.draft = posts.find((p) => p.post_status === 'draft')!;
  made.published = posts.find((p) => p.post_status === 'published')!;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** Whether the record's own GET route opens it for `who` (what a hit must never go beyond). */
async function opens(who: Who, kind: SearchKind, id: number): Promise<boolean> {
  if (kind === 'task') {
    const r = await as<Array<{ id: number }>>(who, 'GET', `/api/projects/${made.project.id}/tasks`);
    return r.status === 200 && r.body.some((t) => t.id === id);
  }
  const base = { company: 'companies', user: 'users', config: 'configs', agreement: 'agreements', project: 'projects', product: 'products', post: 'posts' }[kind];
  return (await as(who, 'GET', `/api/${base}/${id}`)).status === 200;
}

describe('GET /api/search: who finds what', () => {
  const everyone: Who[] = ['admin', 'pm', 'am', 'dealer', 'dealer2', 'skoda', 'lister', 'finder'];
  // [kind, the record, its query, who finds it]; everyone else must not.
  const matrix = (): Array<[SearchKind, number, string, Who[]]> => [
    ['company', made.company.id, 'Škoda Fenland Motors', ['admin', 'pm', 'am', 'skoda', 'lister', 'finder']],
    ['user', made.skodaUser, 'Sasha Fenlander', ['admin', 'pm', 'am', 'skoda', 'lister']],
    ['config', made.config.id, 'Fenland website', ['admin', 'pm', 'am', 'skoda', 'finder']],
    ['agreement', made.agreement.id, made.agreement.name, ['admin', 'pm', 'am', 'dealer']],
    ['project', made.project.id, made.project.name, ['admin', 'pm']],
    ['task', made.task.id, made.task.name, ['admin', 'pm']],
    ['post', made.draft.id, made.draft.post_title, ['admin']],
    ['post', made.published.id, made.published.post_title, everyone],
  ];

  it('finds each record for exactly the roles and companies that may open it (a created role and a dealer of another company included)', async () => {
    const wrong: string[] = [];
    for (const [kind, id, q, finders] of matrix()) {
      for (const who of everyone) {
        const hit = await found(who, q, kind, id);
        if (hit !== finders.includes(who)) wrong.push(`${who} ${hit ? 'finds' : 'misses'} ${kind} "${q}"`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("never shows a record its own GET route would refuse the same user, products' catalogue included", async () => {
    const products = ok(await as<Array<{ id: number; name: string }>>('admin', 'GET', '/api/products?range=[0,99]'));
    const leaks: string[] = [];
    let dealerProducts = 0;
    for (const who of ['pm', 'am', 'dealer', 'dealer2', 'skoda', 'lister', 'finder'] as const) {
      for (const [kind, id, q] of [...matrix(), ...products.slice(0, 12).map((p) => ['product', p.id, p.name] as [SearchKind, number, string])]) {
        if (!(await found(who, q, kind, id))) continue;
        if (who === 'dealer' && kind === 'product') dealerProducts++;
        if (!(await opens(who, kind, id))) leaks.push(`${who}: ${kind} ${id}`);
      }
    }
    expect(leaks).toEqual([]);
    // The dealer's catalogue is not empty (the check above is not vacuous for products).
    expect(dealerProducts).toBeGreaterThan(0);
  });

  it('answers each hit with its title, subtitle and the app path that opens it, for that viewer', async () => {
    const [admin] = hits(await find('admin', 'Škoda Fenland Motors'), 'company');
    expect(admin).toMatchObject({ kind: 'company', id: made.company.id, guid: made.company.guid, title: 'Škoda Fenland Motors', subtitle: 'Wisbech', path: `/companies/profile/${made.company.id}` });
    // A dealer without 'view companies' opens their company's dashboard instead.
    const [own] = hits(await find('skoda', 'Škoda Fenland Motors'), 'company');
    expect(own.path).toBe(`/dashboard/${made.company.id}`);
    const [config] = hits(await find('skoda', 'Fenland website'), 'config');
    expect(config).toMatchObject({ guid: made.config.guid, subtitle: 'Škoda Fenland Motors', path: `/configurator/${made.config.id}/dashboard` });
    const [task] = hits(await find('pm', made.task.name, 20), 'task').filter((h) => h.id === made.task.id);
    expect(task).toMatchObject({ guid: null, subtitle: made.project.name, path: `/tracker/${made.project.id}/profile?tab=tasks` });
    const [post] = hits(await find('dealer', made.published.post_title), 'post');
    expect(post.path).toMatch(/^\/showcases\/[a-z0-9-]+$/);
    const [staffPost] = hits(await find('admin', made.published.post_title), 'post');
    expect(staffPost.path).toBe(`/backend/showcases/edit/${made.published.id}`);
  });
});

describe('GET /api/search: matching and ranking', () => {
  it('ignores accents and case: "skoda" and "SKODA fenland" find "Škoda Fenland Motors"', async () => {
    for (const q of ['skoda', 'SKODA fenland', 'škoda']) expect(await found('admin', q, 'company', made.company.id), q).toBe(true);
  });

  it('forgives a small typo: "Wisbeck" finds the company in Wisbech', async () => {
    expect(await found('admin', 'Wisbeck', 'company', made.company.id)).toBe(true);
    expect(await found('skoda', 'Wisbeck', 'company', made.company.id)).toBe(true);
  });

  it('finds a config by a postcode, a location and a franchise that only its stage data holds', async () => {
    for (const q of [STAGE_POSTCODE, STAGE_POSTCODE.toLowerCase(), 'Marshland Outpost', 'Outpost Marshland']) {
      expect(await found('skoda', q, 'config', made.config.id), q).toBe(true);
    }
    const byPostcode = await find('admin', STAGE_POSTCODE);
    expect(hits(byPostcode, 'company').map((h) => h.id)).not.toContain(made.company.id);
    // Another dealer finds nothing of it.
    expect(hits(await find('dealer', STAGE_POSTCODE), 'config')).toEqual([]);
  });

  it('finds a company by its registration number and postcode', async () => {
    expect(await found('admin', REG_NUMBER, 'company', made.company.id)).toBe(true);
    expect(await found('admin', 'PE13 1AQ', 'company', made.company.id)).toBe(true);
  });

  it('ranks the exact name first, then names that start with it, then the rest; limit is per kind', async () => {
    for (const name of ['Old Ridgeview Garage', 'Ridgeview Motors', 'Ridgeview']) ok(await as('admin', 'POST', '/api/companies', { name, lang: 'en' }), 201);
    const titles = hits(await find('admin', 'ridgeview'), 'company').map((h) => h.title);
    expect(titles.slice(0, 3)).toEqual(['Ridgeview', 'Ridgeview Motors', 'Old Ridgeview Garage']);
    expect(hits(await find('admin', 'ridgeview', 2), 'company')).toHaveLength(2);
    // Asked for three, among many that hold the word: names holding it come before a record that
    // holds it only in its address (each tier reads a few candidates, names first, and ranks those).
    ok(await as('admin', 'POST', '/api/companies', { name: 'Marlpit Cars', lang: 'en', address: { line1: '1 Mill Lane', line3: 'Ridgeview' } }), 201);
    expect(hits(await find('admin', 'ridgeview', 3), 'company').map((h) => h.title)).toEqual(['Ridgeview', 'Ridgeview Motors', 'Old Ridgeview Garage']);
    expect(hits(await find('admin', 'ridgeview'), 'company').map((h) => h.title)).toContain('Marlpit Cars');
  });

  it('from the second letter: names and words that start with it, in the stage data too', async () => {
    expect(await found('admin', 'Šk', 'company', made.company.id)).toBe(true);
    expect(await found('admin', 'sk', 'company', made.company.id)).toBe(true);
    // "Outwell", the town of a location only the config's stage data holds.
    expect(await found('skoda', 'Ou', 'config', made.config.id)).toBe(true);
    expect(await found('skoda', 'ut', 'config', made.config.id)).toBe(false);
  });
});

describe('GET /api/search: writes are searchable at once', () => {
  it('a new company is found in the next request, under its new name after a rename, and not after its deletion', async () => {
    const company = ok(await as<{ id: number }>('pm', 'POST', '/api/companies', { name: 'Quillfeather Autos', lang: 'en' }), 201);
    expect(await found('pm', 'Quillfeather', 'company', company.id)).toBe(true);
    ok(await as('pm', 'PUT', `/api/companies/${company.id}`, { name: 'Zephyrine Autos' }));
    expect(await found('pm', 'Quillfeather', 'company', company.id)).toBe(false);
    expect(await found('pm', 'Zephyrine', 'company', company.id)).toBe(true);
    ok(await as('pm', 'DELETE', `/api/companies/${company.id}`));
    expect(await found('pm', 'Zephyrine', 'company', company.id)).toBe(false);
  });

  it('an archived config leaves search, as it leaves the configs list', async () => {
    const config = ok(await as<{ id: number }>('admin', 'POST', `/api/companies/${made.company.guid}/configs`, { config: { name: 'Thornapple microsite', design_type: 'custom' }, lang: 'en' }), 201);
    expect(await found('skoda', 'Thornapple', 'config', config.id)).toBe(true);
    ok(await as('admin', 'POST', `/api/configs/${config.id}/archive`, {}));
    expect(await found('skoda', 'Thornapple', 'config', config.id)).toBe(false);
  });

  it('a user renamed is found by the new name, and answered with it', async () => {
    ok(await as('admin', 'PUT', `/api/users/${made.skodaUser}`, { name: 'Sasha Marshwood' }));
    expect(hits(await find('lister', 'Marshwood'), 'user')).toEqual([expect.objectContaining({ id: made.skodaUser, title: 'Sasha Marshwood', subtitle: 'sasha@skoda-fenland.test' })]);
    ok(await as('admin', 'PUT', `/api/users/${made.skodaUser}`, { name: 'Sasha Fenlander' }));
  });
});

describe('GET /api/search: the query', () => {
  it('refuses an empty, blank, missing or over-long q with a 422 naming q', async () => {
    for (const q of ['', '   ', 'x'.repeat(101)]) {
      const r = await find('admin', q);
      expect(r.status, JSON.stringify(q)).toBe(422);
      expect(r.body.errors?.[0]?.field).toBe('q');
      expect(r.body.message).toMatch(/1 and 100 characters/);
    }
    expect((await as('admin', 'GET', '/api/search')).status).toBe(422);
    // 100 characters (trimmed) are fine.
    expect((await find('admin', ` ${'x'.repeat(100)} `)).status).toBe(200);
  });

  it('answers one character with nothing rather than an error, and refuses a bad limit (400)', async () => {
    const r = await find('dealer', 'a');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ q: 'a', groups: [] });
    expect((await as('admin', 'GET', '/api/search?q=motors&limit=21')).status).toBe(400);
    expect((await as('admin', 'GET', '/api/search?q=motors&limit=0')).status).toBe(400);
    expect((await call(server, 'GET', '/api/search?q=motors')).status).toBe(401);
  });

  it('takes LIKE wildcards as text', async () => {
    const r = await find('admin', '%%__');
    expect(r.status).toBe(200);
    expect(r.body.groups.flatMap((g) => g.hits)).toEqual([]);
  });

  it("answers text with the full-text search's own syntax as plain text, at two letters and more", async () => {
    for (const q of ["o'", "'", 'a&', ':*', '!!', '\\', '(a', 'a|b', "d'Arc & :* !x", 'ʼa']) {
      const r = await find('admin', q);
      expect(r.status, JSON.stringify(q)).toBe(200);
    }
  });
});
