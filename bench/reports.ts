/**
 * The project reports at scale (issue 29): the tracker bench's 2,000 projects and 100,000 tasks
 * with their status history (bench/tracker-seed.ts), then each report route
 * (`GET /api/reports/projects/{breakdown,trend,history}`) read by one client on loopback, 200
 * times after 20 warm-up reads, each with a range of its own (twelve months ending 0..219 days
 * ago), so every read misses the server's read cache and runs its aggregate: median and p99 of the
 * round trip. Baseline, same run: a bare Fastify answering the same 200 bodies from memory, read
 * the same way (the HTTP floor the aggregate sits on).
 *
 * Run: `npx tsx bench/run.ts reports` (or `npm run bench -- reports`). PostgreSQL when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL names a server, else PGlite; BENCH_REPORTS_PGLITE=1
 * runs PGlite as well.
 *
 * Budget (issue 29): each report's aggregate under 100 ms on PostgreSQL (the p99 of the round
 * trip, which holds the aggregate, is judged).
 */
import { fileURLToPath } from 'node:url';
import { startBareServer } from './bare-server';
import { signIn } from './drive';
import { startServerProcess } from './server-process';
import { BENCH_PROJECTS, TASKS_PER_PROJECT } from './tracker-seed';

const REPORTS = ['breakdown', 'trend', 'history'] as const;
const READS = 200;
const WARM_UP = 20;
const BUDGET_MS = 100;

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Twelve calendar months ending `daysAgo` days ago: a range of its own per read. */
function rangeOf(daysAgo: number): string {
  const to = day(-daysAgo);
  const from = new Date(`${to.slice(0, 7)}-01T00:00:00Z`);
  from.setUTCMonth(from.getUTCMonth() - 11);
  return `from=${from.toISOString().slice(0, 10)}&to=${to}`;
}

/** Sequential reads of `paths`, each timed from request to the last byte. */
async function timeReads(url: string, paths: string[], headers: Record<string, string>, bodies?: Record<string, string>) {
  const times: number[] = [];
  for (const path of paths) {
    const started = performance.now();
    const res = await fetch(url + path, { headers });
    const text = await res.text();
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text}`);
    if (bodies) bodies[path] = text;
  }
  return times.sort((a, b) => a - b);
}

export async function runReportsBench(databaseUrl: string | null, log = (line: string) => console.log(line)): Promise<void> {
  const portal = await startServerProcess({ databaseUrl, users: 0, seed: fileURLToPath(new URL('./tracker-seed.ts', import.meta.url)) });
  const postgres = portal.database === 'PostgreSQL';
  try {
    log(`reports on ${portal.database}: ${BENCH_PROJECTS} projects, ${BENCH_PROJECTS * TASKS_PER_PROJECT} tasks, their status history`);
    log(`  budget: each aggregate < ${BUDGET_MS} ms on PostgreSQL; ${READS} reads each, one client, a range of its own per read (no cached answer)`);
    // The project manager holds 'tracker reports' and 'view companies': every company's projects.
    const token = await signIn(portal.url, 'pm@demo.test');
    const headers = { authorization: `Bearer ${token}` };
    for (const report of REPORTS) {
      const path = (i: number) => `/api/reports/projects/${report}?${rangeOf(i)}`;
      await timeReads(portal.url, Array.from({ length: WARM_UP }, (_, i) => path(READS + i)), headers);
      const paths = Array.from({ length: READS }, (_, i) => path(i));
      const bodies: Record<string, string> = {};
      const ours = await timeReads(portal.url, paths, headers, bodies);
      const bare = await startBareServer(bodies);
      let base: number[];
      try {
        await timeReads(bare.url, paths.slice(0, WARM_UP), headers);
        base = await timeReads(bare.url, paths, headers);
      } finally {
        await bare.stop();
      }
      const [median, p99] = [quantile(ours, 0.5), quantile(ours, 0.99)];
      const met = p99 < BUDGET_MS;
      const size = (Object.values(bodies).reduce((n, b) => n + b.length, 0) / READS / 1024).toFixed(1);
      log(`  ${report} (${size} KiB)`);
      log(`    portal median ${median.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`);
      log(`    bare   median ${quantile(base, 0.5).toFixed(1)} ms, p99 ${quantile(base, 0.99).toFixed(1)} ms`);
      log(`    the aggregate's share (portal - bare, median) ${(median - quantile(base, 0.5)).toFixed(1)} ms  ${postgres ? (met ? 'within budget' : 'OVER BUDGET') : "(budget is PostgreSQL's)"}`);
    }
  } finally {
    await portal.stop(log);
  }
}

/** `npm run bench -- reports`. */
export async function benchReports(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url || process.env.BENCH_REPORTS_PGLITE === '1') await runReportsBench(null);
  if (url) await runReportsBench(url);
}
