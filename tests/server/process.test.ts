import { request } from 'node:http';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputsHash, repoRoot, writeStamp } from '../../server/build-stamp';
import { killAll, lastLines, signalGroup, startNpm, startPortal, until, type PortalProcess } from '../support/process';
import { sigtermAfterSignInLoad, sigtermUnderLoad } from '../support/shutdown-under-load';
import { seededDataFolder } from '../support/server';

// The real process (server/main.ts) on an embedded PGlite folder: these tests are about the folder,
// so they run in the PGlite API project only (process-database-url.test.ts is PostgreSQL's twin).
const dataDir = mkdtempSync(join(tmpdir(), 'portal-data-'));
const start = (env: Record<string, string> = {}) => startPortal({ DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'no-dist'), ...env });
type Run = PortalProcess;

// Folders of the later blocks, each its own: a data folder, and where npm start builds the app.
const spare = mkdtempSync(join(tmpdir(), 'portal-start-'));

afterAll(() => {
  killAll();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(spare, { recursive: true, force: true });
});

describe('the process on a data folder', () => {
  let first: Run;
  let url = '';

  it('starts, seeds the empty database and prints the demo sign-in details', async () => {
    first = start({ LOG_LEVEL: 'info' }); // info: the SIGTERM test waits for a request's log line
    url = (await until(first, /listening on (http:\/\/\S+)/))[1];
    expect(first.output()).toContain('Empty database: reference data seeded.');
    expect(first.output()).toContain('dealer@demo.test');
    expect(first.output()).toContain('Demo-pass-2026');
    expect((await fetch(`${url}/api/ready`)).status).toBe(200);
  }, 120_000);

  it('refuses a second process on the same folder with a clear message', async () => {
    const second = start();
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The data folder ${dataDir} is in use by another portal process (pid ${first.child.pid})`);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
  }, 60_000);

  it('shuts down gracefully on SIGTERM: the in-flight request finishes, new ones get 503', async () => {
    // A sign-in whose body is still arriving when the signal comes: it is in flight.
    const body = JSON.stringify({ email: 'dealer@demo.test', password: 'Demo-pass-2026' });
    const target = new URL(`${url}/api/login`);
    const inflight = new Promise<{ status: number; text: string }>((resolveReply, reject) => {
      const req = request(
        { host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolveReply({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      // SIGTERM only once the server has logged the request: on a loaded machine a fixed delay
      // could signal before the request arrived, and it would rightly get a 503.
      until(first, /"url":"\/api\/login"[^\n]*"msg":"incoming request"/)
        .then(async () => {
          first.child.kill('SIGTERM');
          // New requests are refused from the signal on; poll until the refusal shows.
          let fresh = await fetch(`${url}/api/ready`);
          for (let i = 0; fresh.status !== 503 && i < 100; i += 1) {
            await new Promise((r) => setTimeout(r, 100));
            fresh = await fetch(`${url}/api/ready`);
          }
          expect(fresh.status).toBe(503);
          expect(await fresh.json()).toEqual({ message: 'The service is unavailable. Please try again shortly.' });
          // Refused early, yet with the security headers of every other answer.
          expect(fresh.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
          expect(fresh.headers.get('x-content-type-options')).toBe('nosniff');
          req.end(body.slice(10));
        })
        .catch(reject);
    });
    const answered = await inflight;
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.text)).toHaveProperty('access_token');
    expect(await first.exited).toBe(0);
  }, 60_000);

  it('a restart finds its data again (nothing re-seeded), also over a stale lock of a dead process', async () => {
    writeFileSync(join(dataDir, 'portal.lock'), '999999');
    const again = start();
    const url2 = (await until(again, /listening on (http:\/\/\S+)/))[1];
    expect(again.output()).not.toContain('Empty database');
    const res = await fetch(`${url2}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'dealer@demo.test', password: 'Demo-pass-2026' }),
    });
    expect(res.status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 60_000);
});

const dealer = { email: 'dealer@demo.test', password: 'Demo-pass-2026' };

describe('a SIGTERM to the process group after a sign-in load', () => {
  it('finishes the requests in flight and exits 0 with the lock removed, well within SHUTDOWN_TIMEOUT_MS', async () => {
    // The demo data is there already (what this test is about is the shutdown, not the first start).
    const folder = seededDataFolder(join(spare, 'sign-in-load'));
    const portal = startPortal({ DATA_DIR: folder, STATIC_DIR: join(spare, 'no-dist'), LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_MS: '10000' }, { group: true });
    const url = (await until(portal, /listening on (http:\/\/\S+)/))[1];
    const { signIns, shutdown } = await sigtermAfterSignInLoad(portal, url, dealer);
    console.log(`PGlite: SIGTERM under load after ${signIns.statuses[200]} sign-ins: stopped in ${shutdown.ms} ms`);

    expect(shutdown.inFlight).toEqual([1, 2, 3].map(() => expect.objectContaining({ status: 200 })));
    expect(await portal.exited, lastLines(portal)).toBe(0);
    expect(portal.output()).not.toContain('shutdown took too long');
    expect(portal.output()).toContain('Stopped: every request in flight was answered');
    expect(existsSync(join(folder, 'portal.lock'))).toBe(false);
  }, 180_000);
});

// `npm start` as a newcomer runs it, into folders of its own (STATIC_DIR: the checkout's dist/ is
// left alone), in order: the first start serves, a second is refused, a group SIGTERM, a restart,
// an interrupted rebuild and a rebuild.
describe('npm start', () => {
  const folder = join(spare, 'npm-data');
  const appDir = join(spare, 'app');
  const env = { DATA_DIR: folder, STATIC_DIR: appDir, LOG_LEVEL: 'info' };

  // The app folder starts as a copy of the checkout's dist/ with its stamp: `npm test` has just
  // built dist/ from these sources (the browser tests serve it too), so a full vite build here
  // would only repeat it. The last test below builds from scratch and replaces the folder. The data
  // folder holds the demo data already: a first start's seeding is the first block's test (the same
  // server/main.ts, which npm start's server/start.ts imports), and costs 15-30 s of a loaded machine.
  beforeAll(() => {
    cpSync(join(repoRoot, 'dist'), appDir, { recursive: true });
    writeStamp(appDir, inputsHash());
    seededDataFolder(folder);
  });
  let first: PortalProcess;
  let url = '';
  let assets: string[] = [];

  const assetsOf = async (base: string) => {
    const shell = await fetch(`${base}/`);
    expect(shell.status).toBe(200);
    return [...(await shell.text()).matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  };

  it('serves the built app on the embedded database with the demo data', async () => {
    first = startNpm(env, { group: true });
    url = (await until(first, /listening on (http:\/\/\S+)/, 240_000))[1];
    expect(first.output()).toContain(`The app in ${appDir} is up to date.`);
    expect(first.output()).toContain('dealer@demo.test');
    assets = await assetsOf(url);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) expect((await fetch(`${url}${asset}`)).status).toBe(200);
  }, 300_000);

  it('refuses a second start on the same data folder before it builds: the running app keeps answering', async () => {
    const second = startNpm(env);
    let ended = false;
    void second.exited.then(() => (ended = true));
    const answers: number[] = [];
    while (!ended) {
      for (const path of ['/', ...assets]) {
        const res = await fetch(`${url}${path}`);
        await res.arrayBuffer();
        answers.push(res.status);
      }
    }
    expect(await second.exited).toBe(1);
    const pid = readFileSync(join(folder, 'portal.lock'), 'utf8').trim();
    expect(second.output()).toContain(`The data folder ${folder} is in use by another portal process (pid ${pid})`);
    // Refused first: no build ran (it would have replaced the app under the running server).
    expect(second.output()).not.toMatch(/building/i);
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.filter((status) => status !== 200)).toEqual([]);
  }, 120_000);

  it('stops on a SIGTERM to its process group under load: requests in flight finish, the lock is removed', async () => {
    // The server is the process holding the lock. Frozen for 500 ms as the signal comes, as on a
    // busy machine: nothing else in npm start's process tree may kill it meanwhile.
    const server = Number(readFileSync(join(folder, 'portal.lock'), 'utf8'));
    const shutdown = await sigtermUnderLoad(first, url, { path: '/api/health' }, dealer, { stopped: first.closed, pause: { pid: server, ms: 500 } });
    console.log(`npm start: SIGTERM to the group under load: stopped in ${shutdown.ms} ms`);
    expect(shutdown.inFlight).toEqual([1, 2, 3].map(() => expect.objectContaining({ status: 200 })));
    // npm and its shell die of the signal at once; the server's own last line tells its exit 0.
    expect(first.output()).toContain('Stopped: every request in flight was answered');
    expect(existsSync(join(folder, 'portal.lock'))).toBe(false);
  }, 120_000);

  it('starts again without building: the built app is current', async () => {
    const again = startNpm(env, { group: true });
    const url2 = (await until(again, /listening on (http:\/\/\S+)/, 120_000))[1];
    expect(again.output()).toContain(`The app in ${appDir} is up to date.`);
    expect(again.output()).not.toMatch(/building/i);
    expect(await assetsOf(url2)).toEqual(assets);
    signalGroup(again, 'SIGTERM');
    await again.closed;
    expect(again.output()).toContain('Stopped: every request in flight was answered');
  }, 120_000);

  const leftovers = () => readdirSync(spare).filter((name) => name.startsWith('app.'));
  const index = join(appDir, 'index.html');

  it('a Ctrl-C during a rebuild leaves the app as it was, and no lock or temporary folder', async () => {
    // The folder no longer holds the build it recorded (as after `npm run build` of other sources).
    writeFileSync(index, readFileSync(index, 'utf8') + '<!-- edited -->');
    const files = readdirSync(join(appDir, 'assets')).sort();
    const run = startNpm(env, { group: true });
    await until(run, new RegExp(`Building the app into ${appDir}`), 120_000);
    signalGroup(run, 'SIGINT');
    await run.closed;
    expect(run.output()).not.toContain('listening on');
    expect(readFileSync(index, 'utf8')).toContain('<!-- edited -->');
    expect(readdirSync(join(appDir, 'assets')).sort()).toEqual(files);
    expect(leftovers()).toEqual([]);
    // The signal comes the moment "Building" shows: npm start must be listening before it says so
    // (a lock was left in CI when it was not). The pid and the output say which process kept it.
    const lock = join(folder, 'portal.lock');
    expect(existsSync(lock), existsSync(lock) ? `lock of pid ${readFileSync(lock, 'utf8')} left; npm exited ${await run.exited}:\n${run.output()}` : '').toBe(false);
  }, 180_000);

  it('rebuilds a folder that no longer holds the build it recorded, replacing it whole', async () => {
    const run = startNpm(env, { group: true });
    const url3 = (await until(run, /listening on (http:\/\/\S+)/, 240_000))[1];
    expect(run.output()).toContain(`Building the app into ${appDir}`);
    expect(readFileSync(index, 'utf8')).not.toContain('<!-- edited -->');
    // The same sources make the same content-hashed files.
    expect(await assetsOf(url3)).toEqual(assets);
    // Built beside it and renamed into place: no temporary folder is left.
    expect(leftovers()).toEqual([]);
    signalGroup(run, 'SIGTERM');
    await run.closed;
  }, 300_000);
});
