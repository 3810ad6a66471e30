/**
 * The project tracker at scale (issue 28): 2,000 projects over the demo companies with 100,000
 * tasks (50 each, spread over the board's stages), seeded in SQL; then
 * - a task move with its recompute (`PUT /api/projects/{id}/tasks/{taskId}` {stage_id, position}:
 *   the project row locked, both columns renumbered, the figures recomputed, one transaction),
 *   one writer on loopback, 400 moves over 100 projects: median and p95 of the round trip;
 * - `GET /api/projects` first page (most recently changed first) and a status filter sorted by
 *   percentage, driven by autocannon (50 connections, 10 s after a 2 s warm-up) against the portal
 *   server process and, in the same run, a bare Fastify answering the same page from memory.
 *
 * Run: `npx tsx bench/run.ts tracker` (or `npm run bench -- tracker`). PostgreSQL when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL names a server, else PGlite; BENCH_TRACKER_PGLITE=1 runs
 * PGlite as well. BENCH_API_SECONDS and BENCH_API_CONNECTIONS change the shape.
 *
 * Budgets (issue 28): a move median < 20 ms on PostgreSQL; the list as the other lists:
 * PostgreSQL >= 30% of the bare route's req/s with p99 < 50 ms, PGlite >= 500 req/s with p99 < 100 ms.
 */
import { fileURLToPath } from 'node:url';
import { signIn } from './drive';
import { compareWithBare } from './list-vs-bare';
import { startServerProcess } from './server-process';
import { BENCH_PROJECTS, TASKS_PER_PROJECT } from './tracker-seed';

// The server process seeds with this module's `benchSeed` (bench/tracker-seed.ts, shared with the
// reports, projects overview and dashboard benches).
export { BENCH_PROJECTS, TASKS_PER_PROJECT, benchSeed } from './tracker-seed';

const MOVES = 400;

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** One writer moving tasks across columns, sequentially; the round trip of each PUT. */
async function measureMoves(url: string, token: string, log: (line: string) => void, postgres: boolean) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const get = async <T>(path: string): Promise<T> => (await (await fetch(url + path, { headers })).json()) as T;
  const list = await get<Array<{ id: number }>>(`/api/projects?${new URLSearchParams({ filter: '{"q":"Bench launch"}', range: '[0,99]' })}`);
  const boards = await Promise.all(list.map(async (p) => ({ id: p.id, tasks: await get<Array<{ id: number; stage_id: number }>>(`/api/projects/${p.id}/tasks`) })));
  const stages = [...new Set(boards.flatMap((b) => b.tasks.map((t) => t.stage_id)))];
  const times: number[] = [];
  let errors = 0;
  for (let i = 0; i < MOVES; i++) {
    const b = boards[i % boards.length];
    const task = b.tasks[(i * 7) % b.tasks.length];
    const stage = stages[(i + 1) % stages.length];
    const started = performance.now();
    const res = await fetch(`${url}/api/projects/${b.id}/tasks/${task.id}`, { method: 'PUT', headers, body: JSON.stringify({ stage_id: stage, position: 1 }) });
    await res.arrayBuffer();
    times.push(performance.now() - started);
    if (res.status !== 200) errors++;
  }
  times.sort((a, b) => a - b);
  const median = quantile(times, 0.5);
  const p95 = quantile(times, 0.95);
  const met = !errors && (!postgres || median < 20);
  log(`  task move + recompute, ${MOVES} moves over ${boards.length} projects of ${TASKS_PER_PROJECT} tasks: median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms${errors ? `, ${errors} errors` : ''}  ${postgres ? (met ? 'within budget' : 'OVER BUDGET') : '(budget is PostgreSQL\'s)'}`);
}

export async function runTrackerBench(databaseUrl: string | null, log = (line: string) => console.log(line)): Promise<void> {
  const connections = Number(process.env.BENCH_API_CONNECTIONS ?? 50);
  const duration = Number(process.env.BENCH_API_SECONDS ?? 10);
  const portal = await startServerProcess({ databaseUrl, users: 0, seed: fileURLToPath(import.meta.url) });
  const postgres = portal.database === 'PostgreSQL';
  try {
    log(`tracker on ${portal.database}: ${BENCH_PROJECTS} projects, ${BENCH_PROJECTS * TASKS_PER_PROJECT} tasks`);
    log(postgres ? '  budgets: move median < 20 ms; list >= 30% of bare req/s, p99 < 50 ms' : '  budgets: list >= 500 req/s, p99 < 100 ms');
    const token = await signIn(portal.url, 'pm@demo.test');
    await measureMoves(portal.url, token, log, postgres);
    const requests = [
      { name: 'GET /api/projects, newest change first, page 1', path: `/api/projects?${new URLSearchParams({ sort: '["updated_at","DESC"]', range: '[0,24]' })}`, token },
      { name: 'status active, sort complete_percentage, page 10', path: `/api/projects?${new URLSearchParams({ filter: '{"status":"active"}', sort: '["complete_percentage","DESC"]', range: '[225,249]' })}`, token },
    ];
    await compareWithBare(portal.url, requests, { postgres, connections, duration, log });
  } finally {
    await portal.stop(log);
  }
}

/** `npm run bench -- tracker`. */
export async function benchTracker(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url || process.env.BENCH_TRACKER_PGLITE === '1') await runTrackerBench(null);
  if (url) await runTrackerBench(url);
}
