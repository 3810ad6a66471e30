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
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Client as PgClient } from 'pg';
import type { Database } from '../server/db/database';
import { signIn } from './drive';
import { compareWithBare } from './list-vs-bare';
import { startServerProcess } from './server-process';

export const BENCH_PROJECTS = 2_000;
export const TASKS_PER_PROJECT = 50;
const MOVES = 400;

/**
 * In the server process (bench/server-process.ts `seed`): 2,000 projects round the companies, a
 * task group each, 50 tasks each in the board's stages (positions 1..n per column), due dates
 * around today; the figures set as the recompute would; then ANALYZE.
 */
export async function benchSeed(database: Database): Promise<void> {
  const started = Date.now();
  let direct: PgClient | null = null;
  if (database.kind === 'postgres') {
    const pg = (await import('pg')).default;
    direct = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await direct.connect();
  }
  const dialect = new PgDialect();
  const execute = async (query: SQL) => {
    if (direct) {
      const { sql: text, params } = dialect.sqlToQuery(query);
      return direct.query(text, params);
    }
    return database.db.execute(query).catch((err: Error & { cause?: Error }) => Promise.reject(new Error(`${err.message}\n${err.cause?.message ?? ''}`)));
  };
  const n = sql.raw(String(BENCH_PROJECTS));
  const per = sql.raw(String(TASKS_PER_PROJECT));
  await execute(sql`
    INSERT INTO projects (company_id, name, project_type, status, project_manager_id, account_manager_id, start_date, launch_date, updated_at, created_at)
    SELECT c.id, 'Bench launch ' || i, (ARRAY['multi-franchise-dealer', 'independent', 'stock', 'oem']::config_project_type[])[1 + i % 4],
      (ARRAY['active', 'pre-project', 'active', 'live', 'on hold']::project_status[])[1 + i % 5],
      (SELECT id FROM users WHERE email = 'pm@demo.test'), (SELECT id FROM users WHERE email = 'am@demo.test'),
      current_date - (i % 300), current_date + (i % 200), now() - make_interval(mins => (i * 7919) % ${n}), now() - make_interval(mins => i)
    FROM generate_series(1, ${n}) AS i
    JOIN (SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS k, count(*) OVER ()::int AS total FROM companies) c ON c.k = i % c.total`);
  await execute(sql`
    INSERT INTO project_task_types (project_id, name, position)
    SELECT id, 'Build', 1 FROM projects WHERE name LIKE 'Bench launch %'`);
  await execute(sql`
    WITH stages AS (SELECT id, (row_number() OVER (ORDER BY position, id) - 1)::int AS s, count(*) OVER ()::int AS total FROM task_stages)
    INSERT INTO project_tasks (project_id, project_task_type_id, name, stage_id, position, due_date, milestone, completed_at)
    SELECT g.project_id, g.id, 'Bench task ' || k, st.id, k / st.total + 1, current_date + (k * 3 - 60), k % 10 = 0,
      CASE WHEN (SELECT is_done FROM task_stages WHERE id = st.id) THEN now() END
    FROM project_task_types g
    JOIN projects p ON p.id = g.project_id AND p.name LIKE 'Bench launch %'
    CROSS JOIN generate_series(0, ${per} - 1) AS k
    JOIN stages st ON st.s = k % st.total`);
  await execute(sql`
    UPDATE projects p SET tasks_total = t.total, tasks_done = t.done, complete_percentage = round(100.0 * t.done / t.total)
    FROM (SELECT pt.project_id, count(*) AS total, count(*) FILTER (WHERE s.is_done) AS done
          FROM project_tasks pt JOIN task_stages s ON s.id = pt.stage_id GROUP BY pt.project_id) t
    WHERE t.project_id = p.id AND p.name LIKE 'Bench launch %'`);
  await execute(sql`ANALYZE projects`);
  await execute(sql`ANALYZE project_tasks`);
  await execute(sql`ANALYZE project_task_types`);
  await direct?.end();
  console.log(`  seeded ${BENCH_PROJECTS} projects and ${BENCH_PROJECTS * TASKS_PER_PROJECT} tasks in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

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
