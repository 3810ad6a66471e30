/**
 * What the audit log costs a write (issue 58): migration 0033's trigger `audit_row()` records every
 * row an API write changes in the write's own transaction. Measured through the portal server
 * process (bench/server-process.ts) on the demo data, one writer on loopback:
 * - a product write as the admin (`PUT /api/products/{id}` changing `cost`), 1,000 writes with the
 *   audit triggers on and 1,000 with them off, after 100 warm-up writes; median, p95 of the round
 *   trip each way;
 * - a tracker task move (`PUT /api/projects/{id}/tasks/{taskId}` {stage_id, position: 1}: both
 *   columns renumbered, every renumbered row entered in the log), 400 moves each way.
 * Off is `ALTER TABLE ... DISABLE TRIGGER audit` on every table that has the trigger (products and
 * product_terms for the product write; project_tasks and projects for the move), on the app's own
 * database handle through a small control endpoint the seed module starts in the server process;
 * the two states alternate in blocks of 100 (each block after 5 unmeasured writes, so the
 * re-planned statements are warm), so drift falls on both alike.
 *
 * Run: `npm run bench -- audit-writes`. PGlite, and PostgreSQL too when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL names a server (a fresh database is created there and dropped).
 * BENCH_AUDIT_WRITES (default 1000) and BENCH_AUDIT_MOVES (default 400) change the counts.
 *
 * Budget (issue 58): the audit adds under 10% to the product write's median.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/database';
import { signIn } from './drive';
import { startServerProcess } from './server-process';

const BLOCK = 100;
const BLOCK_WARM_UP = 5;

/**
 * In the server process (bench/server-process.ts `seed`): nothing is added to the demo data; the
 * control endpoint `POST /audit/on` / `POST /audit/off` starts, its address written to the file the
 * bench names (BENCH_AUDIT_CONTROL_FILE).
 */
export async function benchSeed(database: Database): Promise<void> {
  const file = process.env.BENCH_AUDIT_CONTROL_FILE;
  if (!file) return;
  const Fastify = (await import('fastify')).default;
  const { writeFileSync } = await import('node:fs');
  const app = Fastify({ logger: false });
  app.post('/audit/:state', async (request) => {
    const on = (request.params as { state: string }).state === 'on';
    // Every table with the trigger named `audit` (migration 0033), in one statement.
    await database.db.execute(
      sql.raw(`DO $$ DECLARE t regclass; BEGIN
        FOR t IN SELECT tgrelid::regclass FROM pg_trigger WHERE tgname = 'audit' AND NOT tgisinternal LOOP
          EXECUTE format('ALTER TABLE %s ${on ? 'ENABLE' : 'DISABLE'} TRIGGER audit', t);
        END LOOP; END $$`),
    );
    const result = (await database.db.execute(sql`SELECT count(*) FILTER (WHERE tgenabled <> 'D')::int AS enabled, count(*)::int AS total FROM pg_trigger WHERE tgname = 'audit'`)) as {
      rows: Array<{ enabled: number; total: number }>;
    };
    return result.rows[0];
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  writeFileSync(file, url);
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(s.length * q))] : NaN;
};
const ms = (n: number) => `${n.toFixed(2)} ms`;

interface Sample {
  on: number[];
  off: number[];
}

/**
 * `write(n)` (the n-th write, a promise of its round trip in ms) in alternating blocks of 100 with
 * the audit on and off, `count` measured each way after `warmUp` writes.
 */
async function alternate(control: string, count: number, warmUp: number, write: (n: number) => Promise<number>): Promise<Sample> {
  let n = 0;
  for (let i = 0; i < warmUp; i++) await write(n++);
  const sample: Sample = { on: [], off: [] };
  for (let block = 0; block < (2 * count) / BLOCK; block++) {
    const state = block % 2 === 0 ? 'on' : 'off';
    const res = await fetch(`${control}/audit/${state}`, { method: 'POST' });
    const triggers = (await res.json()) as { enabled: number; total: number };
    if (triggers.enabled !== (state === 'on' ? triggers.total : 0)) throw new Error(`audit triggers not ${state}: ${JSON.stringify(triggers)}`);
    for (let i = 0; i < BLOCK_WARM_UP; i++) await write(n++);
    for (let i = 0; i < BLOCK; i++) sample[state].push(await write(n++));
  }
  await fetch(`${control}/audit/on`, { method: 'POST' });
  return sample;
}

function report(log: (line: string) => void, name: string, sample: Sample, budget: boolean) {
  const on = quantile(sample.on, 0.5);
  const off = quantile(sample.off, 0.5);
  const added = on / off - 1;
  log(
    `  ${name}: audit on median ${ms(on)}, p95 ${ms(quantile(sample.on, 0.95))}; off median ${ms(off)}, p95 ${ms(quantile(sample.off, 0.95))}; ` +
      `the audit adds ${(added * 100).toFixed(1)}% to the median (${ms(on - off)})${budget ? `  ${added < 0.1 ? 'within budget' : 'OVER BUDGET'}` : ''}`,
  );
}

export async function runAuditWritesBench(databaseUrl: string | null, log = (line: string) => console.log(line)): Promise<void> {
  const writes = Number(process.env.BENCH_AUDIT_WRITES ?? 1000);
  const moves = Number(process.env.BENCH_AUDIT_MOVES ?? 400);
  const folder = mkdtempSync(join(tmpdir(), 'portal-audit-bench-'));
  const controlFile = join(folder, 'control-url');
  process.env.BENCH_AUDIT_CONTROL_FILE = controlFile;
  const portal = await startServerProcess({ databaseUrl, users: 0, seed: fileURLToPath(import.meta.url) });
  try {
    const control = readFileSync(controlFile, 'utf8').trim();
    log(`audit writes on ${portal.database}: one writer on loopback, the audit triggers on and off in alternating blocks of ${BLOCK} (each after ${BLOCK_WARM_UP} unmeasured writes)`);
    log('  budget: the audit adds < 10% to the product write median');
    const token = await signIn(portal.url, 'admin@demo.test');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const get = async <T>(path: string): Promise<T> => {
      const res = await fetch(portal.url + path, { headers });
      if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const put = async (path: string, body: unknown): Promise<number> => {
      const started = performance.now();
      const res = await fetch(portal.url + path, { method: 'PUT', headers, body: JSON.stringify(body) });
      await res.arrayBuffer();
      const took = performance.now() - started;
      if (res.status !== 200) throw new Error(`PUT ${path}: ${res.status}`);
      return took;
    };

    // The product write: the cost of one product, a new value each time (always a change, an entry).
    const [product] = await get<Array<{ id: number; cost: number }>>('/api/products?range=[0,0]');
    const productSample = await alternate(control, writes, 100, (n) => put(`/api/products/${product.id}`, { cost: Number(product.cost) + 1 + (n % 500) }));
    report(log, `PUT /api/products/{id} cost, ${writes} writes each way`, productSample, true);
    const entries = await get<unknown[]>(`/api/audit-log?${new URLSearchParams({ filter: JSON.stringify({ kind: 'product', record_id: String(product.id) }), range: '[0,0]' })}`);
    if (!entries.length) throw new Error('no audit entry for the product writes');

    // The task move: the demo project with the most tasks, each move to the next stage's top.
    const projects = await get<Array<{ id: number }>>(`/api/projects?${new URLSearchParams({ range: '[0,49]' })}`);
    const boards = await Promise.all(projects.map(async (p) => ({ id: p.id, tasks: await get<Array<{ id: number; stage_id: number }>>(`/api/projects/${p.id}/tasks`) })));
    const board = boards.sort((a, b) => b.tasks.length - a.tasks.length)[0];
    const stages = [...new Set(boards.flatMap((b) => b.tasks.map((t) => t.stage_id)))];
    const moveSample = await alternate(control, moves, 20, (n) => {
      const task = board.tasks[(n * 7) % board.tasks.length];
      return put(`/api/projects/${board.id}/tasks/${task.id}`, { stage_id: stages[(n + 1) % stages.length], position: 1 });
    });
    report(log, `task move (project of ${board.tasks.length} tasks over ${stages.length} stages), ${moves} moves each way`, moveSample, false);
  } finally {
    await portal.stop(log);
    delete process.env.BENCH_AUDIT_CONTROL_FILE;
    rmSync(folder, { recursive: true, force: true });
  }
}

/** `npm run bench -- audit-writes`. */
export async function benchAuditWrites(): Promise<void> {
  await runAuditWritesBench(null);
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) await runAuditWritesBench(url);
}
