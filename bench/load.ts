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
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Request, type RequestStep } from 'autocannon';

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

export interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
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

const PASSWORD = 'Load-pass-2026';
const MiB = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;

/** The server process, answering `memory` over IPC with its usage after a full GC. */
type ServerMessage = { url: string } | { memory: Memory } | { error: string };

function request(child: ChildProcess, message: string): Promise<ServerMessage> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: ServerMessage) => {
      child.off('exit', onExit);
      resolve(m);
    };
    const onExit = (code: number | null) => {
      child.off('message', onMessage);
      reject(new Error(`load server exited (${code})`));
    };
    child.once('message', onMessage);
    child.once('exit', onExit);
    if (message) child.send(message);
  });
}

async function memoryOf(child: ChildProcess): Promise<Memory> {
  const m = await request(child, 'memory');
  if (!('memory' in m)) throw new Error(`load server: ${JSON.stringify(m)}`);
  return m.memory;
}

/** A fresh database on the server of `base` (CREATEd from its own database), and its DROP. */
async function createDatabase(base: string): Promise<{ url: string; drop(): Promise<void> }> {
  const pg = (await import('pg')).default;
  const name = `portal_load_${Date.now().toString(36)}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Runs the load and returns the figures; prints a line per run through `log`. */
export async function runLoad(opts: LoadOptions = {}): Promise<LoadReport> {
  const connections = opts.connections ?? 50;
  const duration = opts.durationSeconds ?? 30;
  const runs = opts.runs ?? 3;
  const reads = opts.readsPerSignIn ?? 9;
  const log = opts.log ?? ((line: string) => console.log(line));

  let dropDatabase = async () => {};
  let dataDir: string | null = null;
  const env: Record<string, string> = { BENCH_LOAD_SERVER: '1', BENCH_LOAD_USERS: String(connections) };
  if (opts.databaseUrl) {
    const created = await createDatabase(opts.databaseUrl);
    env.DATABASE_URL = created.url;
    dropDatabase = created.drop;
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-load-'));
    env.DATA_DIR = dataDir;
  }

  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, ...env },
    execArgv: ['--expose-gc', '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const ready = await request(child, '');
    if (!('url' in ready)) throw new Error(`load server did not start: ${JSON.stringify(ready)}`);
    const url = ready.url;
    const database = opts.databaseUrl ? 'PostgreSQL' : 'PGlite';
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
    const baseline = await memoryOf(child);
    log(`  baseline after warm-up: rss ${MiB(baseline.rss)}, heap ${MiB(baseline.heapUsed)}, external ${MiB(baseline.external)}`);

    const results: LoadRun[] = [];
    for (let i = 0; i < runs; i++) {
      failures.clear();
      const r = await autocannon({ url, connections, duration, timeout: 10, requests: steps });
      const statuses: Record<string, number> = {};
      for (const [code, { count }] of Object.entries(r.statusCodeStats ?? {})) if (!code.startsWith('2')) statuses[code] = Number(count);
      const memory = await memoryOf(child);
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
    // SIGTERM (graceful, as in production), and SIGKILL if that takes more than 15 s.
    const exited = new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    child.kill('SIGTERM');
    const force = setTimeout(() => {
      log('  (the load server did not stop within 15 s of SIGTERM: killed)');
      child.kill('SIGKILL');
    }, 15_000);
    await exited;
    clearTimeout(force);
    await dropDatabase().catch(() => {});
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
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

/**
 * The server side (in the forked process): the app as main.ts builds it, on a migrated database
 * with the reference data and one user per connection, on 127.0.0.1.
 */
async function serve(): Promise<void> {
  const { buildApp } = await import('../server/app');
  const { openPglite, openPostgres } = await import('../server/db/database');
  const { seedDatabase } = await import('../server/db/seed');
  const { hashPassword } = await import('../server/services/passwords');
  const { users, userRoles, companyUsers } = await import('../server/db/schema');

  const database = process.env.DATABASE_URL ? await openPostgres(process.env.DATABASE_URL) : await openPglite(process.env.DATA_DIR!);
  await database.migrate();
  await seedDatabase(database.db, { demo: true, demoPassword: PASSWORD });
  const passwordHash = await hashPassword(PASSWORD);
  const count = Number(process.env.BENCH_LOAD_USERS ?? 50);
  const rows = await database.db
    .insert(users)
    .values(Array.from({ length: count }, (_, i) => ({ email: `load${i}@load.test`, name: `Load User ${i}`, passwordHash })))
    .returning({ id: users.id });
  // Dealers of the demo company (id 1): the current user comes with a company, as for a client.
  await database.db.insert(userRoles).values(rows.map((r) => ({ userId: r.id, roleId: 1 })));
  await database.db.insert(companyUsers).values(rows.map((r) => ({ userId: r.id, companyId: 1 })));

  const app = await buildApp({ database, logger: { level: 'warn' }, publicUrl: 'http://localhost' });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const gc = (globalThis as { gc?: () => void }).gc;
  process.on('message', (message) => {
    if (message !== 'memory') return;
    // Twice: the first pass can leave finalizer-held objects for the second.
    gc?.();
    gc?.();
    const { rss, heapUsed, external } = process.memoryUsage();
    process.send!({ memory: { rss, heapUsed, external } });
  });
  // As main.ts: requests still in flight (autocannon stops without waiting) finish first.
  process.on('SIGTERM', () => {
    void app
      .drain()
      .then(() => app.close())
      .finally(() => process.exit(0));
  });
  process.send!({ url });
}

if (process.env.BENCH_LOAD_SERVER === '1') {
  serve().catch((err) => {
    process.send?.({ error: String(err?.stack ?? err) });
    process.exit(1);
  });
} else if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await benchLoad();
}
