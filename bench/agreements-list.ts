/**
 * The agreements list at scale (issue 27): 10,000 agreements over the demo companies, and
 * `GET /api/agreements` as the list screen asks for it (newest change first, a stage filter
 * sorted by value deep in the list, a search, a dealer's own list), driven by autocannon (50
 * connections, 10 s after a 2 s warm-up) against the portal server process and, in the same run,
 * a bare Fastify answering the same page from memory. Prints req/s, p50, p99, the portal / bare
 * ratio and the budget verdict.
 *
 * Run: `npx tsx bench/run.ts agreements` (or `npm run bench -- agreements`, which builds the app
 * first). PGlite always; PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL names a
 * server. BENCH_API_SECONDS and BENCH_API_CONNECTIONS change the shape.
 *
 * Budget (issue 27, as the companies list): PostgreSQL >= 30% of the bare route's req/s with p99
 * < 50 ms; PGlite >= 500 req/s with p99 < 100 ms. The portal answers a repeated list from its
 * read cache (server/db/read-cache.ts) until the next write, as in production.
 */
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/database';
import { seedSql } from './seed-sql';
import { signIn } from './drive';
import { compareWithBare } from './list-vs-bare';
import { startServerProcess } from './server-process';

export const BENCH_AGREEMENTS = 10_000;

interface Variant {
  name: string;
  as: 'admin' | 'dealer';
  query: Record<string, string>;
}

const VARIANTS: Variant[] = [
  { name: 'newest change first, page 1', as: 'admin', query: { sort: '["updated_at","DESC"]', range: '[0,24]' } },
  { name: 'stage sent, sort contract_value DESC, page 20', as: 'admin', query: { stage: 'sent', sort: '["contract_value","DESC"]', range: '[475,499]' } },
  { name: 'q search "launch", page 1', as: 'admin', query: { filter: '{"q":"launch"}', range: '[0,24]' } },
  { name: "dealer's own (tenancy), page 1", as: 'dealer', query: { range: '[0,24]' } },
];
const pathOf = (v: Variant) => `/api/agreements?${new URLSearchParams(v.query).toString()}`;

/**
 * In the server process (bench/server-process.ts `seed`): 10,000 agreements in one INSERT ...
 * SELECT generate_series, each a copy of a demo agreement's documents with its own name, stage,
 * company (round the demo companies), salesperson and dates; then ANALYZE.
 */
export async function benchSeed(database: Database): Promise<void> {
  const started = Date.now();
  const { execute, close } = await seedSql(database);
  await execute(sql`
    INSERT INTO agreements (name, company_id, type, stage, lang, user_id, company_details, subscription, sent_at, signed_at, archived_at, created_at, updated_at)
    SELECT
      (ARRAY['Website launch', 'Renewal', 'Stock add-ons', 'Second site', 'Chat and leads'])[1 + i % 5] || ' ' || i,
      c.id,
      (ARRAY['new', 'renewal', 'amendment']::agreement_type[])[1 + i % 3],
      (ARRAY['created', 'sent', 'signed', 'created']::agreement_stage[])[1 + i % 4],
      'en-GB',
      (SELECT id FROM users WHERE email = 'am@demo.test'),
      d.company_details,
      jsonb_set(d.subscription, '{contractValue}', to_jsonb(1000 + (i * 7919) % 90000)),
      CASE WHEN i % 4 IN (1, 2) THEN now() - make_interval(mins => i) END,
      CASE WHEN i % 4 = 2 THEN now() - make_interval(mins => i) END,
      CASE WHEN i % 50 = 0 THEN now() END,
      now() - make_interval(mins => i * 2),
      now() - make_interval(mins => (i * 7919) % ${sql.raw(String(BENCH_AGREEMENTS))})
    FROM generate_series(1, ${sql.raw(String(BENCH_AGREEMENTS))}) AS i
    JOIN (SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS n, count(*) OVER ()::int AS total FROM companies) c ON c.n = i % c.total
    CROSS JOIN (SELECT company_details, subscription FROM agreements ORDER BY id LIMIT 1) d`);
  await execute(sql`ANALYZE agreements`);
  await close();
  console.log(`  seeded ${BENCH_AGREEMENTS} agreements in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export async function runAgreementsBench(databaseUrl: string | null, log = (line: string) => console.log(line)): Promise<void> {
  const connections = Number(process.env.BENCH_API_CONNECTIONS ?? 50);
  const duration = Number(process.env.BENCH_API_SECONDS ?? 10);
  const portal = await startServerProcess({ databaseUrl, users: 0, seed: fileURLToPath(import.meta.url) });
  const postgres = portal.database === 'PostgreSQL';
  try {
    log(`agreements list on ${portal.database}: ${BENCH_AGREEMENTS} agreements, ${connections} connections, ${duration} s per variant after a 2 s warm-up; bare = Fastify answering the same page from memory`);
    log(postgres ? '  budget: portal >= 30% of bare req/s, p99 < 50 ms' : '  budget: portal >= 500 req/s, p99 < 100 ms');
    const tokens = { admin: await signIn(portal.url, 'admin@demo.test'), dealer: await signIn(portal.url, 'dealer@demo.test') };
    const requests = VARIANTS.map((v) => ({ name: v.name, path: pathOf(v), token: tokens[v.as] }));
    await compareWithBare(portal.url, requests, { postgres, connections, duration, log });
  } finally {
    await portal.stop(log);
  }
}

/** `npm run bench -- agreements`. BENCH_AGREEMENTS_PGLITE=0 skips the PGlite run. */
export async function benchAgreementsList(): Promise<void> {
  if (process.env.BENCH_AGREEMENTS_PGLITE !== '0') await runAgreementsBench(null);
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) await runAgreementsBench(url);
}
