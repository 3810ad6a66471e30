/**
 * The projects dashboard at scale (issue 29): 2,000 projects with 100,000 tasks (the tracker
 * bench's seed), then `GET /api/projects/overview` (counts per status, RAG and view, launches due
 * this month and next, the ten most at risk) and the at-risk view's first page
 * (`GET /api/projects?filter={"view":"at-risk"}`), each driven by autocannon (50 connections, 10 s
 * after a 2 s warm-up) against the portal server process and, in the same run, a bare Fastify
 * answering the same bytes from memory (bench/list-vs-bare.ts). The first, uncached answer of the
 * overview (every aggregate computed) is timed too.
 *
 * Run: `npm run bench -- projects-overview`. PostgreSQL when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL names a server, else PGlite; BENCH_PROJECTS_PGLITE=1 runs PGlite as well.
 * BENCH_API_SECONDS and BENCH_API_CONNECTIONS change the shape.
 *
 * Budget (issue 29): p99 under 50 ms at 50 connections on PostgreSQL (and, as every list bench,
 * at least 30% of the bare route's req/s).
 */
import { fileURLToPath } from 'node:url';
import { signIn } from './drive';
import { compareWithBare } from './list-vs-bare';
import { startServerProcess } from './server-process';
import { BENCH_PROJECTS, TASKS_PER_PROJECT } from './tracker';

// The server process seeds with this module's `benchSeed`: the tracker bench's 2,000 projects.
export { benchSeed } from './tracker';

/**
 * The server's first tracker sweep (2 s after start) recomputes the RAG of the seeded projects with
 * overdue tasks and queues their notifications: thousands of short write transactions, each of
 * which ends the kept answers. Measuring during it would measure the sweep; wait until three reads
 * in a row, half a second apart, come from memory (under 25 ms), at most three minutes.
 */
async function untilSwept(url: string, token: string, log: (line: string) => void): Promise<void> {
  const started = Date.now();
  let quiet = 0;
  while (quiet < 3 && Date.now() - started < 180_000) {
    await new Promise((r) => setTimeout(r, 500));
    const t = performance.now();
    await (await fetch(`${url}/api/projects/overview`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer();
    quiet = performance.now() - t < 25 ? quiet + 1 : 0;
  }
  log(`  waited ${((Date.now() - started) / 1000).toFixed(1)} s for the first tracker sweep to finish`);
}

export async function runProjectsOverviewBench(databaseUrl: string | null, log = (line: string) => console.log(line)): Promise<void> {
  const connections = Number(process.env.BENCH_API_CONNECTIONS ?? 50);
  const duration = Number(process.env.BENCH_API_SECONDS ?? 10);
  const portal = await startServerProcess({ databaseUrl, users: 0, seed: fileURLToPath(import.meta.url) });
  const postgres = portal.database === 'PostgreSQL';
  try {
    log(`projects overview on ${portal.database}: ${BENCH_PROJECTS} projects, ${BENCH_PROJECTS * TASKS_PER_PROJECT} tasks`);
    log(postgres ? '  budget: p99 < 50 ms (and >= 30% of bare req/s)' : '  budget: >= 500 req/s, p99 < 100 ms');
    const token = await signIn(portal.url, 'pm@demo.test');
    const started = performance.now();
    const first = await fetch(`${portal.url}/api/projects/overview`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await first.json()) as { by_status: Record<string, number>; views: Record<string, number>; at_risk: unknown[] };
    log(`  first answer, every aggregate computed: ${(performance.now() - started).toFixed(1)} ms (${first.status}); views ${JSON.stringify(body.views)}`);
    await untilSwept(portal.url, token, log);
    const requests = [
      { name: 'GET /api/projects/overview', path: '/api/projects/overview', token },
      { name: 'GET /api/projects at-risk view, page 1', path: `/api/projects?${new URLSearchParams({ filter: '{"view":"at-risk"}', sort: '["launch_date","ASC"]', range: '[0,24]' })}`, token },
    ];
    await compareWithBare(portal.url, requests, { postgres, connections, duration, log });
  } finally {
    await portal.stop(log);
  }
}

/** `npm run bench -- projects-overview`. */
export async function benchProjectsOverview(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url || process.env.BENCH_PROJECTS_PGLITE === '1') await runProjectsOverviewBench(null);
  if (url) await runProjectsOverviewBench(url);
}
