import { request } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killAll, startPortal, until, type PortalProcess } from '../support/process';

// The real process (server/main.ts) on an embedded PGlite folder: these tests are about the folder,
// so they run in the PGlite API project only (process-database-url.test.ts is PostgreSQL's twin).
const dataDir = mkdtempSync(join(tmpdir(), 'portal-data-'));
const start = (env: Record<string, string> = {}) => startPortal({ DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'no-dist'), ...env });
type Run = PortalProcess;

afterAll(() => {
  killAll();
  rmSync(dataDir, { recursive: true, force: true });
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
  }, 60_000);

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
