import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../../server/db/database';
import { configs } from '../../../server/db/schema';
import { createPostgresDatabase } from '../../support/server';
import { killAll, startPortal, until, type PortalProcess } from '../../support/process';
import { noDist, processDatabase, signInAt, timed } from './support';

// Backup and restore as an operator runs them (README "Backup and restore", issue 53), taken while
// writes stream in: every write acknowledged before the backup began is in the restored copy. On
// PGlite through `npm run backup` / `npm run restore` (the running portal's GET /api/backup); on
// PostgreSQL with the documented pg_dump -Fc / pg_restore.
const postgres = process.env.TEST_DB === 'postgres';
const root = resolve(__dirname, '../../..');
const TOKEN = 'b'.repeat(24) + '-backup-token-for-tests';

/** Creates configs through the portal until stopped; the names acknowledged, in order, each with when its answer came. */
function writeStream(url: string, token: string, company: string) {
  const acknowledged: Array<{ name: string; at: number }> = [];
  let writing = true;
  let n = 0;
  const write = async () => {
    while (writing) {
      const name = `Backed up ${n++}`;
      const answer = await timed(url, 'POST', `/api/companies/${company}/configs`, { token, body: { config: { name, design_type: 'custom' }, lang: 'en' }, timeoutMs: 20_000 });
      if (answer.status === 201) acknowledged.push({ name, at: Date.now() });
    }
  };
  const running = Promise.all([write(), write()]);
  return {
    acknowledged,
    async stop() {
      writing = false;
      await running;
    },
  };
}

const run = (args: string[], env: Record<string, string>) =>
  new Promise<string>((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/backup-cli.ts', ...args], { cwd: root, env: { ...process.env, ...env } });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? done(out) : fail(new Error(`backup-cli ${args[0]} exited ${code}: ${out}`))));
  });

describe.skipIf(postgres)('the embedded database: npm run backup while the portal runs, npm run restore into an empty folder', () => {
  let portal: PortalProcess;
  let url = '';
  let drop: () => Promise<void>;
  const staticDir = noDist();
  const folder = mkdtempSync(join(tmpdir(), 'portal-backup-'));

  beforeAll(async () => {
    const database = await processDatabase();
    drop = database.drop;
    portal = startPortal({ ...database.env, STATIC_DIR: staticDir, TRACKER_SWEEP_SECONDS: '0', BACKUP_TOKEN: TOKEN });
    url = (await until(portal, /listening on (http:\/\/\S+)/))[1];
  }, 120_000);
  afterAll(async () => {
    killAll();
    await drop?.();
    rmSync(staticDir, { recursive: true, force: true });
    rmSync(folder, { recursive: true, force: true });
  });

  it('keeps every write acknowledged before the backup began, and refuses a folder that holds a database', async () => {
    const admin = await signInAt(url, 'admin@demo.test');
    expect((await timed(url, 'GET', '/api/backup')).status).toBe(401);
    expect((await timed(url, 'GET', '/api/backup', { token: admin.token })).status).toBe(401);
    const list = await timed(url, 'GET', '/api/configs?range=[0,0]', { token: admin.token });
    const company = (list.body as Array<{ company: { guid: string } }>)[0].company.guid;

    const stream = writeStream(url, admin.token, company);
    while (stream.acknowledged.length < 5) await new Promise((r) => setTimeout(r, 50));
    const began = Date.now();
    const file = join(folder, 'portal.tar.gz');
    await run(['backup', file], { PORTAL_URL: url, BACKUP_TOKEN: TOKEN });
    await stream.stop();
    expect(statSync(file).size).toBeGreaterThan(1000);
    const before = stream.acknowledged.filter((w) => w.at < began).map((w) => w.name);
    expect(before.length).toBeGreaterThanOrEqual(5);

    const restored = join(folder, 'restored');
    await run(['restore', file], { DATA_DIR: restored });
    await expect(run(['restore', file], { DATA_DIR: restored })).rejects.toThrow(/already holds a database/);
    const copy = await openPglite(restored);
    try {
      const names = new Set((await copy.db.select({ name: configs.name }).from(configs)).map((r) => r.name));
      expect(before.filter((name) => !names.has(name))).toEqual([]);
      // Nothing in it that was not written: at most what was acknowledged or in flight.
      const written = new Set(stream.acknowledged.map((w) => w.name));
      const extra = [...names].filter((name) => name.startsWith('Backed up ') && !written.has(name));
      expect(extra.length).toBeLessThanOrEqual(2);
    } finally {
      await copy.close();
    }
  }, 120_000);
});

describe.skipIf(!postgres)('PostgreSQL: pg_dump while the portal runs, pg_restore into an empty database', () => {
  let portal: PortalProcess;
  let url = '';
  let database: { url: string; drop(): Promise<void> };
  let restored: { url: string; drop(): Promise<void> };
  const staticDir = noDist();
  const folder = mkdtempSync(join(tmpdir(), 'portal-pgdump-'));

  beforeAll(async () => {
    database = await processDatabase().then(async (d) => ({ url: d.env.DATABASE_URL, drop: d.drop }));
    restored = await createPostgresDatabase();
    portal = startPortal({ DATABASE_URL: database.url, DEMO_DATA: '1', STATIC_DIR: staticDir, TRACKER_SWEEP_SECONDS: '0' });
    url = (await until(portal, /listening on (http:\/\/\S+)/))[1];
  }, 120_000);
  afterAll(async () => {
    killAll();
    await database?.drop();
    await restored?.drop();
    rmSync(staticDir, { recursive: true, force: true });
    rmSync(folder, { recursive: true, force: true });
  });

  it('keeps every write acknowledged before the dump began', async () => {
    const admin = await signInAt(url, 'admin@demo.test');
    // No backup route on PostgreSQL: its own tools are the way.
    expect((await timed(url, 'GET', '/api/backup')).status).toBe(404);
    const list = await timed(url, 'GET', '/api/configs?range=[0,0]', { token: admin.token });
    const company = (list.body as Array<{ company: { guid: string } }>)[0].company.guid;
    const stream = writeStream(url, admin.token, company);
    while (stream.acknowledged.length < 5) await new Promise((r) => setTimeout(r, 50));
    const began = Date.now();
    const file = join(folder, 'portal.dump');
    execFileSync('pg_dump', ['--format=custom', `--file=${file}`, database.url]);
    await stream.stop();
    execFileSync('pg_restore', ['--no-owner', `--dbname=${restored.url}`, file]);
    const before = stream.acknowledged.filter((w) => w.at < began).map((w) => w.name);
    const client = new pg.Client({ connectionString: restored.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(`SELECT name FROM configs WHERE name LIKE 'Backed up %'`);
      const names = new Set(rows.map((r) => r.name));
      expect(before.length).toBeGreaterThanOrEqual(5);
      expect(before.filter((name) => !names.has(name))).toEqual([]);
    } finally {
      await client.end();
    }
  }, 120_000);
});
