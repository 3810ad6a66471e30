/**
 * The configurator's own read, `GET /companies/{guid}/configs/{guid}` (every configurator page
 * reads it), against a bare Fastify answering the same bytes from memory, 50 connections, in the
 * same run (issue 32): the seeded demo config as its dealer reads it, and a config of 30 locations
 * with every company-structure stage filled (bench/config-document.ts, ~200 KiB) as its dealer
 * reads it. Target on both databases: at least 30% of the bare route's req/s, p99 under 50 ms.
 *
 * Run: `npm run bench -- config-read`. PGlite always; PostgreSQL too when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL names a server (a database is created there and dropped). BENCH_API_SECONDS
 * and BENCH_API_CONNECTIONS change the shape.
 */
import { fileURLToPath } from 'node:url';
import { filledConfig } from './config-document';
import { Api, fillConfigs } from './config-writes';
import { compareWithBare } from './list-vs-bare';
import { startServerProcess } from './server-process';

export async function runConfigRead(databaseUrl: string | null, log = (line: string) => console.log(line)): Promise<void> {
  const connections = Number(process.env.BENCH_API_CONNECTIONS ?? 50);
  const duration = Number(process.env.BENCH_API_SECONDS ?? 10);
  const portal = await startServerProcess({ databaseUrl, users: 1 });
  try {
    const api = new Api(portal.url);
    const dealer = await api.signIn('dealer@demo.test');
    const list = await api.call<Array<{ guid: string; name: string; company: { guid: string } }>>('GET', '/api/configs', { token: dealer });
    const seeded = list.body.find((c) => c.name === 'Demo Motors website');
    if (!seeded) throw new Error(`the demo config is missing: ${JSON.stringify(list.body).slice(0, 300)}`);
    const [large] = await fillConfigs(api, 1, filledConfig());
    log(`config read on ${portal.database}: ${connections} connections, ${duration} s per read after a 2 s warm-up; bare = Fastify answering the same body from memory`);
    await compareWithBare(
      portal.url,
      [
        { name: 'seeded demo config (dealer)', path: `/api/companies/${seeded.company.guid}/configs/${seeded.guid}`, token: dealer },
        { name: 'config of 30 locations (its dealer)', path: `/api/companies/${large.companyGuid}/configs/${large.guid}`, token: large.token },
      ],
      { postgres: portal.database === 'PostgreSQL', connections, duration, log, ratioOnBoth: true },
    );
  } finally {
    await portal.stop(log);
  }
}

/** `npm run bench -- config-read`. */
export async function benchConfigRead(): Promise<void> {
  await runConfigRead(null);
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) await runConfigRead(url);
  else console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await benchConfigRead();
}
