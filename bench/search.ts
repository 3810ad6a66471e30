/**
 * The one search at scale (issue 58): 10,000 companies, 20,000 users and 10,000 configs (each with
 * a locations stage holding two or three locations with postcodes and towns, so config hits come
 * from inside the stage data), seeded in SQL in the server process; migration 0032's triggers fill
 * `search_entries` as the rows are written (no backfill). Then "per keystroke": realistic queries
 * typed one letter at a time (every prefix of two letters or more, as the box sends them), each
 * prefix one `GET /api/search` over HTTP on loopback, one client, as an administrator (sees every
 * company) and as a dealer (tenancy: their own company); p50 / p95 per role and per query.
 *
 * Against, in the same run and timed the same way (one HTTP round trip per keystroke): the floor,
 * plain `ILIKE '%q%'` over the source tables (companies name / postcode / town, users name /
 * email, configs name and their locations / franchises stage data as text), five rows per kind as
 * the search answers, through a tiny bare Fastify started in the server process on the app's own
 * database handle (the same pool on PostgreSQL, the same PGlite), with the dealer's tenancy for the
 * dealer. The floor neither ignores accents nor forgives typos ("Wisbeck", "Skoda" find nothing
 * there), so it reads as what a scan costs, not as the same answer.
 *
 * Run: `npm run bench -- search`. PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL names a
 * server (a fresh database is created there and dropped), then PGlite (BENCH_SEARCH_PGLITE=0 skips
 * it). BENCH_SEARCH_ROUNDS (default 5) repeats the typing.
 *
 * Budget (issue 58): search p95 < 50 ms per keystroke on PostgreSQL.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Permission } from '../contract/permissions';
import type { Database } from '../server/db/database';
import { seedSql } from './seed-sql';
import { signIn } from './drive';
import { startServerProcess } from './server-process';

export const BENCH_SEARCH_COMPANIES = 10_000;
export const BENCH_SEARCH_USERS = 20_000;
export const BENCH_SEARCH_CONFIGS = 10_000;
const DEALER_EMAIL = 'dealer@demo.test';
/** Hits per kind, as the box asks (the route's default). */
const LIMIT = 5;

/** What people type: a company name, a postcode, a town misspelt, a make without its accent, a person. */
const QUERIES = [
  { name: 'company name prefix', text: 'Hartwell Skoda Mot' },
  { name: 'postcode', text: 'NR7 9' },
  { name: 'town with a typo', text: 'Wisbeck' },
  { name: 'accented name without accent', text: 'Skoda' },
  { name: 'person', text: 'Chloe Bennett' },
];

const SURNAMES = ['Hartwell', 'Ashby', 'Bennett', 'Carrow', 'Dunmore', 'Elmfield', 'Fairway', 'Granger', 'Holloway', 'Kingsley', 'Lambert', 'Marsh', 'Newby', 'Oakley', 'Pembroke', 'Radley', 'Sutton', 'Thorne', 'Whitfield', 'Yardley'];
const MAKES = ['Škoda', 'Citroën', 'Peugeot', 'Ford', 'Vauxhall', 'Renault', 'Kia', 'Hyundai', 'Volkswagen', 'Toyota', 'Nissan', 'Mazda'];
const SUFFIXES = ['Motors', 'Cars', 'Garage', 'Motor Group', 'Autos'];
const FIRST_NAMES = ['Chloé', 'Zoë', 'René', 'José', 'Amelia', 'Oliver', 'Harry', 'Isla', 'George', 'Freya', 'Noah', 'Ava', 'Jack', 'Emily', 'Leo', 'Grace', 'Oscar', 'Ruby', 'Arthur', 'Sophie'];
// Towns and the postcode areas they belong to (East Anglia, Lincolnshire and Yorkshire dealers).
const TOWNS = ['Norwich', 'Wisbech', "King's Lynn", 'Peterborough', 'Cambridge', 'Ely', 'Ipswich', 'Leeds', 'York', 'Lincoln', 'Boston', 'Spalding', 'Thetford', 'Dereham', 'Cromer', 'March', 'Huntingdon', 'Bury St Edmunds', 'Lowestoft', 'Great Yarmouth'];
const AREAS = ['NR', 'PE', 'PE', 'PE', 'CB', 'CB', 'IP', 'LS', 'YO', 'LN', 'PE', 'PE', 'IP', 'NR', 'NR', 'PE', 'PE', 'IP', 'NR', 'NR'];

/** An SQL array literal of `xs`. */
const arrayText = (xs: string[]) => `(ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(', ')}])`;
const array = (xs: string[]) => sql.raw(arrayText(xs));
/** A well-spread number from the expression `i` and a salt (PostgreSQL's own int hash, in PGlite too). */
const spread = (i: string, salt: number) => `abs(hashint4(${i} * 7 + ${salt}))`;
/** A UK-shaped postcode ("NR7 9QX") in the area of the town numbered `t` (0-based). */
const postcode = (i: string, t: string) =>
  sql.raw(`(${arrayText(AREAS)})[1 + ${t}] || (1 + ${spread(i, 1)} % 30) || ' ' || (${spread(i, 2)} % 10) || chr(65 + ${spread(i, 3)} % 26) || chr(65 + ${spread(i, 4)} % 26)`);

/**
 * In the server process (bench/server-process.ts `seed`): the rows above, each INSERT ... SELECT
 * generate_series (the search triggers fire per row), VACUUM ANALYZE; the plans of a few keystrokes;
 * then the floor's endpoint.
 */
export async function benchSeed(database: Database): Promise<void> {
  const started = Date.now();
  const { execute, close } = await seedSql(database);
  const [{ before, configs_before, dealer_company }] = (
    await execute(sql`SELECT coalesce(max(id), 0)::int AS before, (SELECT coalesce(max(id), 0) FROM configs)::int AS configs_before,
      (SELECT min(cu.company_id) FROM company_users cu JOIN users u ON u.id = cu.user_id WHERE u.email = ${DEALER_EMAIL})::int AS dealer_company FROM companies`)
  ).rows as Array<{ before: number; configs_before: number; dealer_company: number }>;
  const town = (i: string) => `(${spread(i, 5)} % ${TOWNS.length})`;
  const towns = array(TOWNS);

  // Companies: "Hartwell Škoda Motors", postcode in address line 2, town in line 3 (as the forms fill them).
  await execute(sql`
    INSERT INTO companies (name, lang, stage, status, address_line1, address_line2, address_line3, created_at, updated_at)
    SELECT ${array(SURNAMES)}[1 + i % ${sql.raw(String(SURNAMES.length))}] || ' ' || ${array(MAKES)}[1 + (i / ${sql.raw(String(SURNAMES.length))}) % ${sql.raw(String(MAKES.length))}]
        || ' ' || ${array(SUFFIXES)}[1 + (i / ${sql.raw(String(SURNAMES.length * MAKES.length))}) % ${sql.raw(String(SUFFIXES.length))}],
      'en', 'configurator', CASE WHEN i % 5 = 0 THEN 'inactive' ELSE 'active' END,
      i || ' High Street', ${postcode('i', town('i'))}, ${towns}[1 + ${sql.raw(town('i'))}],
      now() - make_interval(mins => i), now() - make_interval(mins => i)
    FROM generate_series(1, ${sql.raw(String(BENCH_SEARCH_COMPANIES))}) AS i`);
  // Users: "Chloé Bennett", chloe.bennett123@dealer45.test, each in one of the new companies.
  await execute(sql`
    INSERT INTO users (name, email)
    SELECT ${array(FIRST_NAMES)}[1 + i % ${sql.raw(String(FIRST_NAMES.length))}] || ' ' || ${array(SURNAMES)}[1 + (i / 7) % ${sql.raw(String(SURNAMES.length))}],
      lower(unaccent(${array(FIRST_NAMES)}[1 + i % ${sql.raw(String(FIRST_NAMES.length))}])) || '.' || lower(${array(SURNAMES)}[1 + (i / 7) % ${sql.raw(String(SURNAMES.length))}]) || i || '@dealer' || (i % 997) || '.test'
    FROM generate_series(1, ${sql.raw(String(BENCH_SEARCH_USERS))}) AS i`);
  await execute(sql`
    INSERT INTO company_users (company_id, user_id)
    SELECT ${before} + 1 + (n % ${sql.raw(String(BENCH_SEARCH_COMPANIES))}), id
    FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE email LIKE '%@dealer%.test') u`);
  // Configs: one per new company, one in 50 moved to the dealer's company (their tenancy has some).
  await execute(sql`
    INSERT INTO configs (name, company_id, design_type, stages)
    SELECT c.name || ' website', CASE WHEN c.id % 50 = 0 THEN ${dealer_company} ELSE c.id END, 'template', ARRAY['company-information', 'locations']
    FROM companies c WHERE c.id > ${before} ORDER BY c.id LIMIT ${sql.raw(String(BENCH_SEARCH_CONFIGS))}`);
  // Their locations stage: two or three showrooms each, a town and a postcode of its own.
  await execute(sql`
    INSERT INTO config_meta (config_id, meta_key, meta_value)
    SELECT c.id, 'stage_data_locations', jsonb_build_object('locations', (
      SELECT jsonb_agg(jsonb_build_object(
        'id', gen_random_uuid()::text,
        'name', ${towns}[1 + ${sql.raw(town('(c.id * 3 + k)'))}] || ' ' || ${array(MAKES)}[1 + (c.id + k) % ${sql.raw(String(MAKES.length))}] || ' showroom',
        'address', jsonb_build_object('line1', k || ' Station Road', 'town', ${towns}[1 + ${sql.raw(town('(c.id * 3 + k)'))}], 'country', 'GB'),
        'postcode', ${postcode('(c.id * 3 + k)', town('(c.id * 3 + k)'))}))
      FROM generate_series(1, 2 + c.id % 2) AS k))
    FROM configs c WHERE c.id > ${configs_before}`);
  for (const table of ['companies', 'users', 'company_users', 'configs', 'config_meta', 'search_entries']) await execute(sql.raw(`VACUUM ANALYZE ${table}`));
  const [counts] = (
    await execute(sql`SELECT (SELECT count(*) FROM search_entries)::int AS entries,
      (SELECT count(*) FROM search_entries WHERE kind = 'config' AND terms LIKE '%showroom%')::int AS configs_with_locations`)
  ).rows as Array<{ entries: number; configs_with_locations: number }>;
  await close();
  console.log(
    `  seeded ${BENCH_SEARCH_COMPANIES} companies, ${BENCH_SEARCH_USERS} users, ${BENCH_SEARCH_CONFIGS} configs with locations in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
      `search_entries ${counts.entries} rows filled by the triggers as written (${counts.configs_with_locations} configs with their locations' words), no backfill`,
  );
  await explainSearch(database);
  await startFloor(database, dealer_company);
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the search's one statement (search.service.ts, captured through a
 * logging drizzle on the app's client) for a few keystrokes, as the admin and the dealer ask them.
 */
async function explainSearch(database: Database): Promise<void> {
  const client = (database.db as unknown as { $client: { query(text: string, params?: unknown[]): Promise<{ rows: Array<Record<string, string>> }> } }).$client;
  const schema = await import('../server/db/schema');
  const { search } = await import('../server/search/search.service');
  const { PERMISSIONS } = await import('../contract/permissions');
  const { eq } = await import('drizzle-orm');
  const captured: Array<{ query: string; params: unknown[] }> = [];
  const logger = { logQuery: (query: string, params: unknown[]) => captured.push({ query, params }) };
  const driver = database.kind === 'pglite' ? await import('drizzle-orm/pglite') : await import('drizzle-orm/node-postgres');
  const capturing = (driver.drizzle as (c: unknown, o: unknown) => unknown)(client, { schema, logger });
  const idOf = async (email: string) => (await database.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email)))[0].id;
  const viewers = {
    admin: { id: await idOf('admin@demo.test'), permissions: new Set<Permission>(PERMISSIONS) },
    dealer: { id: await idOf(DEALER_EMAIL), permissions: new Set<Permission>(['view configs', 'view agreements', 'view products']) },
  };
  for (const [as, q] of [['admin', 'Ha'], ['admin', 'Hartwell Sk'], ['admin', 'NR7 9'], ['admin', 'Wisbeck'], ['dealer', 'Wisbeck']] as const) {
    captured.length = 0;
    const started = performance.now();
    await search(capturing as Parameters<typeof search>[0], viewers[as], { q }, undefined);
    const took = performance.now() - started;
    for (const { query, params } of captured) {
      const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query}`, params);
      console.log(`\n  plan: ${as} "${q}" (search() ${took.toFixed(1)} ms)`);
      for (const row of rows) console.log(`    ${Object.values(row)[0]}`);
    }
  }
  console.log('');
}

/**
 * The floor: `GET /floor?q=...&as=admin|dealer`, plain ILIKE over the source tables, five rows per
 * kind, on the app's database handle, in the server process; its address written to the file the
 * bench names (BENCH_SEARCH_FLOOR_FILE).
 */
async function startFloor(database: Database, dealerCompany: number): Promise<void> {
  const file = process.env.BENCH_SEARCH_FLOOR_FILE;
  if (!file) return;
  const Fastify = (await import('fastify')).default;
  const { writeFileSync } = await import('node:fs');
  const app = Fastify({ logger: false });
  app.get('/floor', async (request) => {
    const { q, as } = request.query as { q: string; as: string };
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const dealer = as === 'dealer';
    const companyWhere = dealer ? sql` AND c.id = ${dealerCompany}` : sql``;
    const userWhere = dealer ? sql` AND u.id IN (SELECT user_id FROM company_users WHERE company_id = ${dealerCompany})` : sql``;
    const configWhere = dealer ? sql` AND g.company_id = ${dealerCompany}` : sql``;
    const result = (await database.db.execute(sql`
      (SELECT 'company' AS kind, c.id, c.name AS title FROM companies c
        WHERE (c.name ILIKE ${pattern} OR c.address_line2 ILIKE ${pattern} OR c.address_line3 ILIKE ${pattern})${companyWhere} ORDER BY c.name, c.id LIMIT ${LIMIT})
      UNION ALL
      (SELECT 'user', u.id, u.name FROM users u WHERE (u.name ILIKE ${pattern} OR u.email ILIKE ${pattern})${userWhere} ORDER BY u.name, u.id LIMIT ${LIMIT})
      UNION ALL
      (SELECT 'config', g.id, g.name FROM configs g
        WHERE g.status <> 'archived' AND (g.name ILIKE ${pattern} OR EXISTS (SELECT 1 FROM config_meta m
          WHERE m.config_id = g.id AND m.meta_key IN ('stage_data_locations', 'stage_data_franchises') AND m.meta_value::text ILIKE ${pattern}))${configWhere}
        ORDER BY g.name, g.id LIMIT ${LIMIT})`)) as { rows: Array<{ kind: string; id: number; title: string }> };
    return { q, hits: result.rows };
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  writeFileSync(file, url);
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(s.length * q))] : NaN;
};
const ms = (n: number) => `${n.toFixed(1).padStart(5)} ms`;

/** Every prefix of `text` of two letters or more, as typed. */
const keystrokes = (text: string) => Array.from({ length: text.length - 1 }, (_, k) => text.slice(0, k + 2));

async function timed(url: string, headers: Record<string, string>): Promise<{ ms: number; body: unknown }> {
  const started = performance.now();
  const res = await fetch(url, { headers });
  const body = await res.json();
  const took = performance.now() - started;
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return { ms: took, body };
}

const hitsOf = (body: unknown): string => {
  const b = body as { groups?: Array<{ kind: string; hits: unknown[] }>; hits?: Array<{ kind: string }> };
  const counts = new Map<string, number>();
  if (b.groups) for (const g of b.groups) counts.set(g.kind, g.hits.length);
  else for (const hit of b.hits ?? []) counts.set(hit.kind, (counts.get(hit.kind) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${k} ${n}`).join(', ') || 'none';
};

export async function runSearchBench(databaseUrl: string | null, log = (line: string) => console.log(line)): Promise<void> {
  const rounds = Number(process.env.BENCH_SEARCH_ROUNDS ?? 5);
  const folder = mkdtempSync(join(tmpdir(), 'portal-search-bench-'));
  const floorFile = join(folder, 'floor-url');
  process.env.BENCH_SEARCH_FLOOR_FILE = floorFile;
  const portal = await startServerProcess({ databaseUrl, users: 0, seed: fileURLToPath(import.meta.url) });
  const postgres = portal.database === 'PostgreSQL';
  try {
    const floorUrl = readFileSync(floorFile, 'utf8').trim();
    log(`search on ${portal.database}: ${BENCH_SEARCH_COMPANIES} companies, ${BENCH_SEARCH_USERS} users, ${BENCH_SEARCH_CONFIGS} configs; one client, every prefix of 2+ letters, ${rounds} rounds, limit ${LIMIT}`);
    log(`  floor: plain ILIKE '%q%' over companies / users / configs + locations stage data as text, ${LIMIT} per kind, a bare Fastify in the server process on the app's database handle`);
    if (postgres) log('  budget: search p95 < 50 ms per keystroke');
    const tokens = { admin: await signIn(portal.url, 'admin@demo.test'), dealer: await signIn(portal.url, DEALER_EMAIL) };
    const all = { admin: { search: [] as number[], floor: [] as number[], from3: [] as number[] }, dealer: { search: [] as number[], floor: [] as number[], from3: [] as number[] } };
    // Warm-up: one pass of every query (JIT, the pool, the database's caches).
    for (const role of ['admin', 'dealer'] as const) {
      for (const query of QUERIES) {
        for (const q of keystrokes(query.text)) {
          await timed(`${portal.url}/api/search?${new URLSearchParams({ q })}`, { authorization: `Bearer ${tokens[role]}` });
          await timed(`${floorUrl}/floor?${new URLSearchParams({ q, as: role })}`, {});
        }
      }
    }
    for (const role of ['admin', 'dealer'] as const) {
      for (const query of QUERIES) {
        const search: number[] = [];
        const floor: number[] = [];
        const byPrefix = new Map<string, number[]>();
        let last = { search: '', floor: '' };
        for (let round = 0; round < rounds; round++) {
          for (const q of keystrokes(query.text)) {
            // Alternately, so drift falls on both alike.
            const s = await timed(`${portal.url}/api/search?${new URLSearchParams({ q })}`, { authorization: `Bearer ${tokens[role]}` });
            const f = await timed(`${floorUrl}/floor?${new URLSearchParams({ q, as: role })}`, {});
            search.push(s.ms);
            floor.push(f.ms);
            byPrefix.set(q, [...(byPrefix.get(q) ?? []), s.ms]);
            if (q.length >= 3) all[role].from3.push(s.ms);
            last = { search: hitsOf(s.body), floor: hitsOf(f.body) };
          }
        }
        all[role].search.push(...search);
        all[role].floor.push(...floor);
        log(
          `  ${role.padEnd(6)} "${query.text}" (${query.name}, ${search.length} keystrokes): search p50 ${ms(quantile(search, 0.5))}, p95 ${ms(quantile(search, 0.95))}; ` +
            `floor p50 ${ms(quantile(floor, 0.5))}, p95 ${ms(quantile(floor, 0.95))}; full text: search ${last.search}; floor ${last.floor}`,
        );
        const slowest = [...byPrefix].map(([q, xs]) => ({ q, median: quantile(xs, 0.5) })).sort((a, b) => b.median - a.median).slice(0, 3);
        log(`           slowest prefixes (search median): ${slowest.map((x) => `"${x.q}" ${x.median.toFixed(1)} ms`).join(', ')}`);
      }
    }
    for (const role of ['admin', 'dealer'] as const) {
      const { search, floor } = all[role];
      const p95 = quantile(search, 0.95);
      log(
        `  ${role.padEnd(6)} all keystrokes (${search.length}): search p50 ${ms(quantile(search, 0.5))}, p95 ${ms(p95)}, max ${ms(Math.max(...search))}; ` +
          `floor p50 ${ms(quantile(floor, 0.5))}, p95 ${ms(quantile(floor, 0.95))}; search / floor p95 ${(p95 / quantile(floor, 0.95)).toFixed(2)}x` +
          (postgres ? `  ${p95 < 50 ? 'within budget' : 'OVER BUDGET'}` : ''),
      );
      // The two-letter keystroke is the one no trigram index serves (pg_trgm needs three letters).
      const from3 = all[role].from3;
      log(`  ${role.padEnd(6)} from the third letter on (${from3.length}): search p50 ${ms(quantile(from3, 0.5))}, p95 ${ms(quantile(from3, 0.95))}`);
    }
  } finally {
    await portal.stop(log);
    delete process.env.BENCH_SEARCH_FLOOR_FILE;
    rmSync(folder, { recursive: true, force: true });
  }
}

/** `npm run bench -- search`. */
export async function benchSearch(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) await runSearchBench(url);
  if (!url || process.env.BENCH_SEARCH_PGLITE !== '0') await runSearchBench(null);
}
