/**
 * The API's cost per request (issue 10): the real portal server process and a bare Fastify route
 * answering the same body from memory, driven in the same run by autocannon (50 connections, 10 s
 * each after a 2 s warm-up), route by route. Prints req/s, p50, p99, errors and the portal / bare
 * ratio of req/s.
 *
 * Run: `npm run bench -- api`. PGlite always; PostgreSQL too when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL names a server (a database is created there and dropped).
 * BENCH_API_SECONDS and BENCH_API_CONNECTIONS change the shape; BENCH_API_ROUTES=<text> keeps the
 * routes whose name holds it; BENCH_CPU_PROF=<folder> writes the server's CPU profile.
 *
 * Targets (issue 10): PGlite, `users/current` and `companies/{id}` >= 1,000 req/s with p99 < 100 ms;
 * PostgreSQL >= 30% of the bare route's req/s with p99 < 50 ms.
 */
import { startBareServer } from './bare-server';
import { drive, fmt, signIn } from './drive';
import { BENCH_PASSWORD, startServerProcess } from './server-process';

interface Route {
  name: string;
  path: string;
  /** Which demo account reads it. */
  as: 'admin' | 'dealer';
}

// The list endpoints join as they land (a route answering 404 is skipped and said so).
const ROUTES: Route[] = [
  { name: 'users/current (dealer)', path: '/api/users/current', as: 'dealer' },
  { name: 'companies/{id} (admin)', path: '/api/companies/1', as: 'admin' },
  { name: 'terms (50 items)', path: '/api/terms', as: 'dealer' },
  { name: 'configs list (admin)', path: `/api/configs?range=${encodeURIComponent('[0,24]')}&sort=${encodeURIComponent('["name","ASC"]')}`, as: 'admin' },
  { name: 'companies list (admin)', path: `/api/companies?range=${encodeURIComponent('[0,24]')}&sort=${encodeURIComponent('["name","ASC"]')}`, as: 'admin' },
];


export async function runApiBench(databaseUrl: string | null, log = (line: string) => console.log(line)): Promise<void> {
  const connections = Number(process.env.BENCH_API_CONNECTIONS ?? 50);
  const duration = Number(process.env.BENCH_API_SECONDS ?? 10);
  const portal = await startServerProcess({ databaseUrl, users: REVOCATION_TRIES });
  try {
    log(`api on ${portal.database}: ${connections} connections, ${duration} s per route after a 2 s warm-up; bare = Fastify answering the same body from memory`);
    const tokens = { admin: await signIn(portal.url, 'admin@demo.test'), dealer: await signIn(portal.url, 'dealer@demo.test') };
    const live: Array<Route & { body: string }> = [];
    const only = process.env.BENCH_API_ROUTES;
    for (const route of ROUTES.filter((r) => !only || r.name.includes(only))) {
      const res = await fetch(portal.url + route.path, { headers: { authorization: `Bearer ${tokens[route.as]}` } });
      if (res.status !== 200) {
        log(`  ${route.name}: skipped (answers ${res.status})`);
        continue;
      }
      live.push({ ...route, body: await res.text() });
    }
    const bare = await startBareServer(Object.fromEntries(live.map((r) => [r.path, r.body])));
    try {
      for (const route of live) {
        const headers = { authorization: `Bearer ${tokens[route.as]}` };
        const ours = await drive(portal.url, route.path, headers, connections, duration);
        const base = await drive(bare.url, route.path, headers, connections, duration);
        log(`  ${route.name} (${(route.body.length / 1024).toFixed(1)} KiB)`);
        log(`    portal ${fmt(ours)}`);
        log(`    bare   ${fmt(base)}`);
        log(`    portal / bare ${(ours.perSecond / base.perSecond).toFixed(3)}`);
      }
    } finally {
      await bare.stop();
    }
    const revoked = await revocationPath(portal.url);
    log(`  revocation: ${revoked.refused} of ${REVOCATION_TRIES} tokens refused on the first request after their logout, with their reads in memory (that request p50 ${revoked.p50.toFixed(1)} ms)`);
  } finally {
    await portal.stop(log);
  }
}

const REVOCATION_TRIES = 8;

/**
 * The path the read cache must never shorten (server/db/read-cache.ts): a token whose session is
 * ended is refused on the very next request. Each of the load dealers signs in, reads
 * `users/current` twice (the second from memory), signs out and reads once more: it must be a 401.
 */
async function revocationPath(url: string): Promise<{ refused: number; p50: number }> {
  let refused = 0;
  const times: number[] = [];
  for (let i = 0; i < REVOCATION_TRIES; i++) {
    const res = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `load${i}@load.test`, password: BENCH_PASSWORD }) });
    if (!res.ok) throw new Error(`sign-in as load${i}@load.test: ${res.status} ${await res.text()}`);
    const token = ((await res.json()) as { access_token: string }).access_token;
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
    const headers = { authorization: `Bearer ${token}` };
    for (let n = 0; n < 2; n++) await (await fetch(`${url}/api/users/current`, { headers })).arrayBuffer();
    const out = await fetch(`${url}/api/logout`, { method: 'POST', headers: { ...headers, cookie } });
    if (out.status !== 204) throw new Error(`logout: ${out.status}`);
    const started = performance.now();
    const after = await fetch(`${url}/api/users/current`, { headers });
    times.push(performance.now() - started);
    await after.arrayBuffer();
    if (after.status === 401) refused++;
  }
  times.sort((a, b) => a - b);
  return { refused, p50: times[Math.floor(times.length / 2)] };
}

/** `npm run bench -- api`. */
export async function benchApi(): Promise<void> {
  await runApiBench(null);
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) await runApiBench(url);
}
