import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../support/server';
import { killAll, lastLines, startPortal, until } from '../support/process';
import { sigtermAfterSignInLoad } from '../support/shutdown-under-load';

// `DATABASE_URL=postgres://... npm start`: the same app and migrations on a PostgreSQL server, with
// no demo users unless DEMO_DATA=1 and the first administrator from ADMIN_EMAIL / ADMIN_PASSWORD.
// Runs in the api-postgres project (CI points TEST_DATABASE_URL at the local server).
const noDist = mkdtempSync(join(tmpdir(), 'portal-no-dist-'));
let database: { url: string; drop(): Promise<void> };

beforeAll(async () => {
  database = await createPostgresDatabase();
});

afterAll(async () => {
  killAll();
  await database?.drop();
  rmSync(noDist, { recursive: true, force: true });
});

const signIn = (url: string, email: string, password: string) =>
  fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });

describe('the process on DATABASE_URL', () => {
  const env = () => ({ DATABASE_URL: database.url, STATIC_DIR: noDist, ADMIN_EMAIL: 'boss@portal.test', ADMIN_PASSWORD: 'Boss-pass-2026', DEMO_DATA: '' });

  it('migrates the empty server database, creates the first administrator and seeds no demo users', async () => {
    const run = startPortal(env());
    const url = (await until(run, /listening on (http:\/\/\S+)/))[1];
    expect(run.output()).toContain('PostgreSQL');
    expect(run.output()).not.toContain('Demo sign-in');

    expect((await signIn(url, 'boss@portal.test', 'Boss-pass-2026')).status).toBe(200);
    expect((await signIn(url, 'dealer@demo.test', 'Demo-pass-2026')).status).toBe(401);
    const regions = (await (await fetch(`${url}/api/terms?taxonomy=region`)).json()) as Array<{ slug: string }>;
    expect(regions.map((r) => r.slug)).toContain('uk');

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  }, 60_000);

  it('starts again on the same database without re-seeding or a second administrator', async () => {
    const run = startPortal({ ...env(), ADMIN_PASSWORD: 'Other-pass-2026' });
    const url = (await until(run, /listening on (http:\/\/\S+)/))[1];
    expect(run.output()).not.toContain('Empty database');
    // The administrator made on the first start keeps the password it was given then.
    expect((await signIn(url, 'boss@portal.test', 'Boss-pass-2026')).status).toBe(200);
    expect((await signIn(url, 'boss@portal.test', 'Other-pass-2026')).status).toBe(401);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  }, 60_000);

  it('after a sign-in load, a SIGTERM to the process group finishes the requests in flight and exits 0', async () => {
    const run = startPortal({ ...env(), LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_MS: '10000' }, { group: true });
    const url = (await until(run, /listening on (http:\/\/\S+)/))[1];
    const { signIns, shutdown } = await sigtermAfterSignInLoad(run, url, { email: 'boss@portal.test', password: 'Boss-pass-2026' });
    console.log(`PostgreSQL: SIGTERM under load after ${signIns.statuses[200]} sign-ins: stopped in ${shutdown.ms} ms`);

    expect(shutdown.inFlight).toEqual([1, 2, 3].map(() => expect.objectContaining({ status: 200 })));
    expect(await run.exited, lastLines(run)).toBe(0);
    expect(run.output()).not.toContain('shutdown took too long');
    expect(run.output()).toContain('Stopped: every request in flight was answered');
  }, 180_000);
});
