/**
 * The portal as a separate server process for the load benches (`load`, `api`): the app as
 * main.ts builds it, on a migrated database with the demo data and `users` extra dealer accounts
 * (load0@load.test ... of the demo company), on 127.0.0.1. A separate process so autocannon (in
 * the bench process) and the server do not share one event loop, as in production.
 *
 * On PostgreSQL when `databaseUrl` is given (a fresh database is created there and dropped after),
 * else on PGlite in a temporary folder.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const BENCH_PASSWORD = 'Load-pass-2026';

export interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
}

export interface ServerProcess {
  url: string;
  /** 'PGlite' or 'PostgreSQL'. */
  database: string;
  /** The server's memory after a full GC. */
  memory(): Promise<Memory>;
  /** SIGTERM (graceful, as in production), SIGKILL after 15 s; then the database is removed. */
  stop(log?: (line: string) => void): Promise<void>;
}

type ServerMessage = { url: string } | { memory: Memory } | { error: string };

function request(child: ChildProcess, message: string): Promise<ServerMessage> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: ServerMessage) => {
      child.off('exit', onExit);
      resolve(m);
    };
    const onExit = (code: number | null) => {
      child.off('message', onMessage);
      reject(new Error(`bench server exited (${code})`));
    };
    child.once('message', onMessage);
    child.once('exit', onExit);
    if (message) child.send(message);
  });
}

/** A fresh database on the server of `base` (CREATEd from its own database), and its DROP. */
export async function createDatabase(base: string): Promise<{ url: string; drop(): Promise<void> }> {
  const pg = (await import('pg')).default;
  const name = `portal_bench_${Date.now().toString(36)}`;
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

/** `seed`: a module whose `benchSeed(database)` runs in the server process after the demo data (e.g. bench/companies-list.ts). */
export async function startServerProcess(opts: { databaseUrl?: string | null; users?: number; seed?: string; staticDir?: string; sharedDatabaseUrl?: string } = {}): Promise<ServerProcess> {
  let dropDatabase = async () => {};
  let dataDir: string | null = null;
  const env: Record<string, string> = { BENCH_SERVER_PROCESS: '1', BENCH_LOAD_USERS: String(opts.users ?? 50) };
  if (opts.seed) env.BENCH_SEED = opts.seed;
  // The page benches: the built app served as in production.
  if (opts.staticDir) env.BENCH_STATIC_DIR = opts.staticDir;
  // Another instance on a database a first one made and seeded (bench/balancer.ts): used as it is, not dropped.
  if (opts.sharedDatabaseUrl) {
    env.DATABASE_URL = opts.sharedDatabaseUrl;
  } else if (opts.databaseUrl) {
    const created = await createDatabase(opts.databaseUrl);
    env.DATABASE_URL = created.url;
    dropDatabase = created.drop;
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
    env.DATA_DIR = dataDir;
  }
  const cleanUp = async () => {
    await dropDatabase().catch(() => {});
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, ...env },
    // BENCH_CPU_PROF=<folder>: a V8 CPU profile of the server, written when it exits.
    execArgv: ['--expose-gc', '--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await request(child, '').catch((err: Error) => ({ error: err.message }));
  if (!('url' in ready)) {
    child.kill('SIGKILL');
    await cleanUp();
    throw new Error(`bench server did not start: ${JSON.stringify(ready)}`);
  }
  return {
    url: ready.url,
    database: opts.databaseUrl || opts.sharedDatabaseUrl ? 'PostgreSQL' : 'PGlite',
    async memory() {
      const m = await request(child, 'memory');
      if (!('memory' in m)) throw new Error(`bench server: ${JSON.stringify(m)}`);
      return m.memory;
    },
    async stop(log = (line: string) => console.log(line)) {
      const exited = new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      child.kill('SIGTERM');
      const force = setTimeout(() => {
        log('  (the bench server did not stop within 15 s of SIGTERM: killed)');
        child.kill('SIGKILL');
      }, 15_000);
      await exited;
      clearTimeout(force);
      await cleanUp();
    },
  };
}

/** The server side (in the forked process). */
async function serve(): Promise<void> {
  const { buildApp } = await import('../server/app');
  const { openPglite, openPostgres } = await import('../server/db/database');
  const { seedDatabase } = await import('../server/db/seed');
  const { hashPassword } = await import('../server/auth/auth.passwords');
  const { users, userRoles, companyUsers } = await import('../server/db/schema');

  const database = process.env.DATABASE_URL ? await openPostgres(process.env.DATABASE_URL) : await openPglite(process.env.DATA_DIR!);
  await database.migrate();
  await seedDatabase(database.db, { demo: true, demoPassword: BENCH_PASSWORD });
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const count = Number(process.env.BENCH_LOAD_USERS ?? 50);
  if (count > 0) {
    const rows = await database.db
      .insert(users)
      .values(Array.from({ length: count }, (_, i) => ({ email: `load${i}@load.test`, name: `Load User ${i}`, passwordHash })))
      .returning({ id: users.id });
    // Dealers of the demo company (id 1): the current user comes with a company, as for a client.
    await database.db.insert(userRoles).values(rows.map((r) => ({ userId: r.id, roleId: 1 })));
    await database.db.insert(companyUsers).values(rows.map((r) => ({ userId: r.id, companyId: 1 })));
  }

  if (process.env.BENCH_SEED) {
    const extra = (await import(pathToFileURL(process.env.BENCH_SEED).href)) as { benchSeed(d: typeof database): Promise<void> };
    await extra.benchSeed(database);
  }

  // No tracker sweep: its first pass over freshly seeded projects writes thousands of rows (RAG,
  // notifications) that empty the read caches while a bench measures reads; the sweep has its own tests.
  const app = await buildApp({ database, logger: { level: 'warn' }, publicUrl: 'http://localhost', trackerSweepSeconds: 0, staticDir: process.env.BENCH_STATIC_DIR });
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

if (process.env.BENCH_SERVER_PROCESS === '1') {
  serve().catch((err) => {
    process.send?.({ error: String(err?.stack ?? err) });
    process.exit(1);
  });
}
