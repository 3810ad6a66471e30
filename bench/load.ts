/**
 * Load on loopback (issue 6): autocannon against a real server process, 50 connections, a mix of
 * sign-ins and current-user reads, three runs of 30 s. Per run: req/s, p50, p99, errors (anything
 * but 2xx: none are expected, 429 included, as each connection signs in as its own user so no
 * rate limit is ever reached legitimately) and the server's memory after a forced GC, to show it
 * does not grow from run to run.
 *
 * Run: `npm run bench -- load` (or `npx tsx bench/load.ts`). On PostgreSQL when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL names a server (a database is created and dropped),
 * else on PGlite in a temporary folder. BENCH_LOAD_SECONDS, BENCH_LOAD_RUNS and
 * BENCH_LOAD_CONNECTIONS change the shape.
 */
import { fileURLToPath } from 'node:url';
import autocannon, { type Request, type RequestStep } from 'autocannon';
import { BENCH_PASSWORD as PASSWORD, startServerProcess, type Memory } from './server-process';

export type { Memory };

export interface LoadOptions {
  connections?: number;
  durationSeconds?: number;
  runs?: number;
  /** postgres://... to run the server on (a database is created there and dropped); else PGlite. */
  databaseUrl?: string | null;
  /** Current-user reads per sign-in in each connection's loop. */
  readsPerSignIn?: number;
  log?: (line: string) => void;
}

export interface LoadRun {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, by status. */
  statuses: Record<string, number>;
  /** Not 2xx, plus socket errors and timeouts. */
  errors: number;
  signIns: number;
  memory: Memory;
}

export interface LoadReport {
  database: string;
  baseline: Memory;
  runs: LoadRun[];
}

const MiB = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;

/** Runs the load and returns the figures; prints a line per run through `log`. */
export async function runLoad(opts: LoadOptions = {}): Promise<LoadReport> {
  const connections = opts.connections ?? 50;
  const duration = opts.durationSeconds ?? 30;
  const runs = opts.runs ?? 3;
  const reads = opts.readsPerSignIn ?? 9;
  const log = opts.log ?? ((line: string) => console.log(line));

  const server = await startServerProcess({ databaseUrl: opts.databaseUrl, users: connections });
  try {
    const { url, database } = server;
    log(`load: ${connections} connections, ${duration} s x ${runs} runs, each connection signs in then reads the current user ${reads} times; ${database}`);

    let next = 0;
    // What the failed answers said (a few of each kind), to tell a rate limit from back-pressure.
    const failures = new Map<string, number>();
    const note = (status: number, body: string) => {
      if (status >= 200 && status < 300) return;
      const key = `${status} ${body.slice(0, 120)}`;
      failures.set(key, (failures.get(key) ?? 0) + 1);
    };
    const steps: RequestStep[] = [
      {
        method: 'POST',
        path: '/api/login',
        headers: { 'content-type': 'application/json' },
        // Each sign-in as the next of the load users: one per connection, so no address+email
        // pair ever has concurrent attempts near the sign-in limit.
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ email: `load${next++ % connections}@load.test`, password: PASSWORD }) }),
        onResponse: (status, body, context) => {
          note(status, body);
          if (status === 200) context.token = (JSON.parse(body) as { access_token: string }).access_token;
        },
      },
      ...Array.from({ length: reads }, () => ({
        method: 'GET',
        path: '/api/users/current',
        setupRequest: (req: Request, context: Record<string, unknown>) => ({ ...req, headers: { authorization: `Bearer ${String(context.token)}` } }),
        onResponse: (status: number, body: string) => note(status, body),
      })),
    ];

    // A short warm-up (JIT, pool, caches) before the baseline.
    await autocannon({ url, connections: Math.min(connections, 10), duration: 2, requests: steps });
    const baseline = await server.memory();
    log(`  baseline after warm-up: rss ${MiB(baseline.rss)}, heap ${MiB(baseline.heapUsed)}, external ${MiB(baseline.external)}`);

    const results: LoadRun[] = [];
    for (let i = 0; i < runs; i++) {
      failures.clear();
      const r = await autocannon({ url, connections, duration, timeout: 10, requests: steps });
      const statuses: Record<string, number> = {};
      for (const [code, { count }] of Object.entries(r.statusCodeStats ?? {})) if (!code.startsWith('2')) statuses[code] = Number(count);
      const memory = await server.memory();
      const run: LoadRun = {
        requests: r.requests.total,
        perSecond: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        statuses,
        errors: r.non2xx + r.errors + r.timeouts,
        signIns: Math.round(r.requests.total / (reads + 1)),
        memory,
      };
      results.push(run);
      const other = Object.entries(statuses).map(([code, n]) => `${code}: ${n}`).join(', ');
      log(
        `  run ${i + 1}: ${run.perSecond.toFixed(0)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, ${run.requests} requests (~${run.signIns} sign-ins), ` +
          `errors ${run.errors}${other ? ` (${other})` : ''}${r.errors || r.timeouts ? ` [socket errors ${r.errors}, timeouts ${r.timeouts}]` : ''}; ` +
          `after GC: rss ${MiB(memory.rss)}, heap ${MiB(memory.heapUsed)}, external ${MiB(memory.external)}`,
      );
      for (const [what, n] of failures) log(`    ${n} x ${what}`);
    }
    if (results.length > 1) {
      const first = results[0].memory;
      const last = results[results.length - 1].memory;
      log(`  heap run 1 -> ${results.length}: ${MiB(first.heapUsed)} -> ${MiB(last.heapUsed)} (${MiB(last.heapUsed - first.heapUsed)}); rss ${MiB(first.rss)} -> ${MiB(last.rss)}`);
    }
    return { database, baseline, runs: results };
  } finally {
    await server.stop(log);
  }
}

/** `npm run bench -- load`. */
export async function benchLoad(): Promise<void> {
  await runLoad({
    connections: Number(process.env.BENCH_LOAD_CONNECTIONS ?? 50),
    durationSeconds: Number(process.env.BENCH_LOAD_SECONDS ?? 30),
    runs: Number(process.env.BENCH_LOAD_RUNS ?? 3),
    databaseUrl: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? null,
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await benchLoad();
}
