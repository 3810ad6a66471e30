/**
 * What the balancer and the coordination cost (issue 53): the same load through HAProxy with
 * deploy/haproxy.cfg in front of two instances on one PostgreSQL database, against one instance
 * directly, in the same run. `GET /users/current` (a dealer, 50 connections, autocannon) and stage
 * writes (50 dealers, each on its own config of 30 locations, as bench/config-writes.ts drives them):
 * req/s and p99 for each, and the ratio; then a 5,000-row import through the job queue via the
 * balancer against the import service called directly (bench/import-queue.ts). On CI's 2 cores two instances are not faster than one (they
 * share the cores with the database, the balancer and the load); the figure shows the price of the
 * extra hop and of instances that share nothing but the database.
 *
 * Run: `npm run bench -- balancer`. Needs PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL) and
 * haproxy (`apt-get install haproxy`); BENCH_BALANCER_SECONDS (10) and BENCH_BALANCER_CONNECTIONS (50)
 * change the shape.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadStageValidators } from '../engine';
import { filledConfig } from './config-document';
import { Api, concurrentWrites, fillConfigs } from './config-writes';
import { drive, fmt, signIn } from './drive';
import { benchQueuedImport } from './import-queue';
import { createDatabase, startServerProcess } from './server-process';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** HAProxy with deploy/haproxy.cfg in front of `targets` (host:port), on a free port; its URL and stop. */
async function startHaproxy(targets: string[]): Promise<{ url: string; stop(): void }> {
  const folder = mkdtempSync(join(tmpdir(), 'portal-bench-haproxy-'));
  const port = await freePort();
  const servers = targets.map((t, i) => `    server s${i} ${t}`).join('\n');
  const config = readFileSync(fileURLToPath(new URL('../deploy/haproxy.cfg', import.meta.url)), 'utf8')
    .replace('bind 127.0.0.1:8080', `bind 127.0.0.1:${port}`)
    .replace(/( {4}server [abc] 127\.0\.0\.1:300\d\n?)+/, `${servers}\n`);
  writeFileSync(join(folder, 'haproxy.cfg'), config);
  const child = spawn('haproxy', ['-db', '-f', join(folder, 'haproxy.cfg')], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  // Until every server passed its health checks (two, a second apart).
  for (let i = 0; i < 100; i++) {
    const seen = new Set<string>();
    for (let j = 0; j < targets.length * 3; j++) seen.add(await fetch(`${url}/api/ready`).then((r) => String(r.status)).catch(() => 'down'));
    if (seen.size === 1 && seen.has('200') && i > 2) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, stop: () => { child.kill('SIGKILL'); rmSync(folder, { recursive: true, force: true }); } };
}

export async function benchBalancer(log = (line: string) => console.log(line)): Promise<void> {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base) return log('skipped: needs PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  if (spawnSync('haproxy', ['-v']).status !== 0) return log('skipped: needs haproxy (apt-get install haproxy)');
  const seconds = Number(process.env.BENCH_BALANCER_SECONDS ?? 10);
  const connections = Number(process.env.BENCH_BALANCER_CONNECTIONS ?? 50);
  await loadStageValidators();
  const database = await createDatabase(base);
  // The first instance migrates and seeds (and the load dealers); the second finds it done.
  const a = await startServerProcess({ sharedDatabaseUrl: database.url, users: connections });
  const b = await startServerProcess({ sharedDatabaseUrl: database.url, users: 0 });
  const balancer = await startHaproxy([a.url, b.url].map((u) => new URL(u).host));
  try {
    const doc = filledConfig();
    const configs = await fillConfigs(new Api(a.url), connections, doc);
    const token = await signIn(a.url, 'dealer@demo.test');
    const headers = { authorization: `Bearer ${token}` };
    log(`PostgreSQL, ${connections} connections, ${seconds} s each after a 2 s warm-up; two instances behind HAProxy (deploy/haproxy.cfg) against one instance directly:`);
    const directRead = await drive(a.url, '/api/users/current', headers, connections, seconds);
    const balancedRead = await drive(balancer.url, '/api/users/current', headers, connections, seconds);
    log(`  GET /users/current, one instance directly:      ${fmt(directRead)}`);
    log(`  GET /users/current, two instances via HAProxy:  ${fmt(balancedRead)}  (req/s ${(balancedRead.perSecond / directRead.perSecond).toFixed(2)}x)`);
    const stageWrites = async (url: string) => {
      await concurrentWrites(new Api(url), configs, doc, 2);
      return concurrentWrites(new Api(url), configs, doc, seconds);
    };
    const directWrite = await stageWrites(a.url);
    const balancedWrite = await stageWrites(balancer.url);
    const line = (w: typeof directWrite) => `${w.perSecond.toFixed(0).padStart(6)} writes/s, p50 ${w.p50.toFixed(0)} ms, p99 ${w.p99.toFixed(0)} ms, ${w.requests} writes, errors ${w.errors}`;
    log(`  stage writes (${connections} dealers, own configs), one instance directly:     ${line(directWrite)}`);
    log(`  stage writes (${connections} dealers, own configs), two instances via HAProxy: ${line(balancedWrite)}  (writes/s ${(balancedWrite.perSecond / directWrite.perSecond).toFixed(2)}x)`);
    await benchQueuedImport(balancer.url, database.url, log);
  } finally {
    balancer.stop();
    await b.stop(log);
    await a.stop(log);
    await database.drop();
  }
}
