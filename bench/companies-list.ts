/**
 * The companies list at scale (issue 9): 10,000 companies with their terms and users, and
 * `GET /api/companies` as the list screen asks for it (sorted, filtered, paged, searched), driven
 * by autocannon (50 connections, 10 s after a 2 s warm-up) against the portal server process and,
 * in the same run, a bare Fastify answering the same page from memory. Prints req/s, p50, p99, the
 * portal / bare ratio and the budget verdict, and, before that, EXPLAIN ANALYZE of the statement
 * the list service runs for every variant (from the server process, on the seeded database).
 *
 * Run: `npx tsx bench/run.ts companies` (or `npm run bench -- companies`, which builds the app
 * first). PGlite always; PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL names a
 * server (a fresh database is created there and dropped). BENCH_API_SECONDS and
 * BENCH_API_CONNECTIONS change the shape; BENCH_CPU_PROF=<folder> writes the server's CPU profile.
 *
 * Budgets (issue 9): PostgreSQL >= 30% of the bare route's req/s with p99 < 50 ms; PGlite >= 500
 * req/s with p99 < 100 ms. On PGlite the portal answers a repeated list from its read cache
 * (server/db/read-cache.ts) until the next write, as in production.
 */
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Client as PgClient } from 'pg';
import type { Permission } from '../contract/permissions';
import type { Database, Db } from '../server/db/database';
import { signIn } from './drive';
import { compareWithBare } from './list-vs-bare';
import { startServerProcess } from './server-process';

export const BENCH_COMPANIES = 10_000;
const REGION_UK = 7;

interface Variant {
  name: string;
  as: 'admin' | 'dealer';
  query: { sort?: string; range?: string; filter?: string };
}

/** What the list screen asks for: page 1 by name, a filtered page deep in the list, a search, a dealer's own list. */
const VARIANTS: Variant[] = [
  { name: 'sort name ASC, page 1', as: 'admin', query: { sort: '["name","ASC"]', range: '[0,24]' } },
  {
    name: 'filter status+region, sort updated_at DESC, page 20',
    as: 'admin',
    query: { filter: JSON.stringify({ status: 'active', region: REGION_UK }), sort: '["updated_at","DESC"]', range: '[475,499]' },
  },
  { name: 'q search "motor", sort name ASC, page 1', as: 'admin', query: { filter: '{"q":"motor"}', sort: '["name","ASC"]', range: '[0,24]' } },
  { name: 'dealer (tenancy, ~200 companies), sort name ASC, page 1', as: 'dealer', query: { sort: '["name","ASC"]', range: '[0,24]' } },
];

const pathOf = (v: Variant) => `/api/companies?${new URLSearchParams(v.query as Record<string, string>).toString()}`;
const DEALER_EMAIL = 'load0@load.test';

/**
 * In the server process (bench/server-process.ts `seed`): 10,000 companies in one INSERT ... SELECT
 * generate_series, a type, a region, one or two makes and sometimes a partner each, and a user
 * (one of the 50 load dealers) each; then ANALYZE and the plans of every variant.
 */
export async function benchSeed(database: Database): Promise<void> {
  await insertBenchCompanies(database);
  await explainVariants(database);
}

/** The 10,000 companies of `benchSeed` (users linked when the load dealers exist), without the plans. */
export async function insertBenchCompanies(database: Database): Promise<void> {
  // On PostgreSQL a client of its own: the app's pool gives up on a query after DB_QUERY_TIMEOUT_MS,
  // which a bulk insert on a busy machine can take.
  let direct: PgClient | null = null;
  if (database.kind === 'postgres') {
    const pg = (await import('pg')).default;
    direct = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await direct.connect();
  }
  const dialect = new PgDialect();
  const db = {
    execute: async (query: SQL) => {
      if (direct) {
        const { sql: text, params } = dialect.sqlToQuery(query);
        return direct.query(text, params);
      }
      // The driver's own words (drizzle's error names only the query).
      return database.db.execute(query).catch((err: Error & { cause?: Error }) => Promise.reject(new Error(`${err.message}\n${err.cause?.message ?? ''}`)));
    },
  };
  const started = Date.now();
  const result = (await db.execute(sql`SELECT coalesce(max(id), 0)::int AS before FROM companies`)) as unknown as { rows: Array<{ before: number }> };
  const [{ before }] = result.rows;
  await db.execute(sql`
    INSERT INTO companies (name, lang, stage, status, contact_name, contact_number, address_line1, address_line3, website_address, created_at, updated_at)
    SELECT
      initcap(substr(md5(i::text), 1, 7)) || ' ' || (ARRAY['Motors', 'Cars', 'Autos', 'Garage', 'Vehicles', 'Motor Group', 'Car Sales'])[1 + i % 7],
      (ARRAY['en', 'en', 'fr', 'nl'])[1 + i % 4],
      (ARRAY['configurator', 'configurator', 'showcase', 'created'])[1 + (i / 7) % 4],
      CASE WHEN i % 5 = 0 THEN 'inactive' ELSE 'active' END,
      'Contact ' || substr(md5((i * 31)::text), 1, 6),
      '0113 496 ' || lpad((i % 10000)::text, 4, '0'),
      i || ' High Street',
      (ARRAY['Leeds', 'Lyon', 'Utrecht', 'Ghent', 'Perth', 'Durban', 'York'])[1 + i % 7],
      'https://dealer-' || i || '.example',
      now() - make_interval(mins => i),
      now() - make_interval(mins => (i * 7919) % ${sql.raw(String(BENCH_COMPANIES))})
    FROM generate_series(1, ${sql.raw(String(BENCH_COMPANIES))}) AS i`);
  // type 1-6, region 7-13, makes 20+, partner 60-65 (server/db/seed-data.ts TERMS).
  await db.execute(sql`
    INSERT INTO company_terms (company_id, term_id)
    SELECT id, 1 + id % 6 FROM companies WHERE id > ${before}
    UNION ALL SELECT id, 7 + (id / 3) % 7 FROM companies WHERE id > ${before}
    UNION ALL SELECT id, 20 + id % 30 FROM companies WHERE id > ${before}
    UNION ALL SELECT id, 20 + (id + 11) % 30 FROM companies WHERE id > ${before} AND id % 2 = 0
    UNION ALL SELECT id, 60 + id % 6 FROM companies WHERE id > ${before} AND id % 3 = 0`);
  await db.execute(sql`
    INSERT INTO company_users (company_id, user_id)
    SELECT c.id, u.id FROM companies c
    JOIN (SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS n FROM users WHERE email LIKE 'load%@load.test') u ON u.n = c.id % 50
    WHERE c.id > ${before}`);
  // As autovacuum would within a minute of a bulk load on PostgreSQL (PGlite has none): statistics,
  // and the visibility map that lets the count read an index alone (index-only scan).
  for (const table of ['companies', 'company_terms', 'company_users']) await db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
  await direct?.end();
  console.log(`  seeded ${BENCH_COMPANIES} companies with terms and users in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** EXPLAIN (ANALYZE, BUFFERS) of each query the list service runs for each variant (one since issue 9). */
async function explainVariants(database: Database): Promise<void> {
  const client = (database.db as unknown as { $client: { query(text: string, params?: unknown[]): Promise<{ rows: Array<Record<string, string>> }> } }).$client;
  const schema = await import('../server/db/schema');
  const { listCompanies } = await import('../server/companies/companies.list');
  const { eq } = await import('drizzle-orm');
  const captured: Array<{ query: string; params: unknown[] }> = [];
  const logger = { logQuery: (query: string, params: unknown[]) => captured.push({ query, params }) };
  const driver = database.kind === 'pglite' ? await import('drizzle-orm/pglite') : await import('drizzle-orm/node-postgres');
  const capturing = (driver.drizzle as (c: unknown, o: unknown) => unknown)(client, { schema, logger });
  const idOf = async (email: string) => (await database.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email)))[0].id;
  const viewers = {
    admin: { id: await idOf('admin@demo.test'), permissions: new Set<Permission>(['view companies', 'create companies']) },
    dealer: { id: await idOf(DEALER_EMAIL), permissions: new Set<Permission>() },
  };
  const label = ['the page with its total, users count, logo and taxonomies (one statement)'];
  for (const variant of VARIANTS) {
    captured.length = 0;
    const page = await listCompanies(capturing as Db, viewers[variant.as], variant.query);
    console.log(`\n  plans: ${variant.name} (${page.total} matching, ${page.items.length} on the page)`);
    for (const [i, { query, params }] of captured.entries()) {
      const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query}`, params);
      console.log(`    -- ${label[i] ?? `query ${i + 1}`}`);
      for (const row of rows) console.log(`    ${Object.values(row)[0]}`);
    }
  }
  console.log('');
}


export async function runCompaniesBench(databaseUrl: string | null, log = (line: string) => console.log(line)): Promise<void> {
  const connections = Number(process.env.BENCH_API_CONNECTIONS ?? 50);
  const duration = Number(process.env.BENCH_API_SECONDS ?? 10);
  const portal = await startServerProcess({ databaseUrl, users: 50, seed: fileURLToPath(import.meta.url) });
  const postgres = portal.database === 'PostgreSQL';
  try {
    log(`companies list on ${portal.database}: ${BENCH_COMPANIES} companies, ${connections} connections, ${duration} s per variant after a 2 s warm-up; bare = Fastify answering the same page from memory`);
    log(postgres ? '  budget: portal >= 30% of bare req/s, p99 < 50 ms' : '  budget: portal >= 500 req/s, p99 < 100 ms');
    const tokens = { admin: await signIn(portal.url, 'admin@demo.test'), dealer: await signIn(portal.url, DEALER_EMAIL) };
    const requests = VARIANTS.map((v) => ({ name: v.name, path: pathOf(v), token: tokens[v.as] }));
    await compareWithBare(portal.url, requests, { postgres, connections, duration, log });
  } finally {
    await portal.stop(log);
  }
}

/** `npm run bench -- companies`. */
export async function benchCompanies(): Promise<void> {
  await runCompaniesBench(null);
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) await runCompaniesBench(url);
}
