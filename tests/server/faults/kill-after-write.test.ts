import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killAll, startPortal, until, type PortalProcess } from '../../support/process';
import { noDist, processDatabase, refreshCookieOf, signInAt, timed } from './support';

// A write the server answered 2xx is on disk: the process killed with SIGKILL right after the
// answer (no shutdown, nothing flushed on the way out) and a new process on the same PGlite data
// folder or PostgreSQL database finds it. Runs on both database kinds.
describe(`kill -9 right after a 2xx write (${process.env.TEST_DB ?? 'pglite'})`, () => {
  let db: { env: Record<string, string>; drop(): Promise<void> };
  const staticDir = noDist();
  const start = () => startPortal({ ...db.env, STATIC_DIR: staticDir });
  const listening = async (run: PortalProcess) => (await until(run, /listening on (http:\/\/\S+)/))[1];
  const killHard = async (run: PortalProcess) => {
    run.child.kill('SIGKILL');
    await run.exited;
  };

  beforeAll(async () => {
    db = await processDatabase();
  });
  afterAll(async () => {
    killAll();
    await db?.drop();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('keeps a registration (company, user, session) answered 201 just before the kill', async () => {
    const first = start();
    const url = await listening(first);
    const email = `killed-${Date.now()}@dealer.test`;
    const res = await fetch(`${url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        user: { name: 'Kim Killed', email, password: 'Survives-kill-1', primary: 1 },
        company: { name: 'Durable Motors', lang: 'en' },
        terms: [7, 1, 22],
        accept_terms: true,
      }),
    });
    expect(res.status).toBe(201);
    const cookie = refreshCookieOf(res)!;
    await killHard(first);

    const second = start();
    const url2 = await listening(second);
    const signedIn = await signInAt(url2, email, 'Survives-kill-1');
    const me = await timed(url2, 'GET', '/api/users/current', { token: signedIn.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ user: { email }, company: { name: 'Durable Motors' } });
    // The session of the registration too: its refresh cookie works on the new process.
    expect((await timed(url2, 'POST', '/api/login/refresh', { cookie })).status).toBe(200);
    await killHard(second);
  }, 120_000);

  it('keeps a password change (reset link used) answered 200 just before the kill', async () => {
    // Without SMTP the reset mail waits in the outbox and its link is printed to the log.
    const first = startPortal({ ...db.env, STATIC_DIR: staticDir, LOG_LEVEL: 'info', PUBLIC_URL: 'http://portal.test' });
    const url = await listening(first);
    expect((await timed(url, 'POST', '/api/password/email', { body: { email: 'dealer2@demo.test' } })).status).toBe(200);
    const [, token] = await until(first, /for dealer2@demo\.test: [^\n]*#\/password\/reset\/([A-Za-z0-9_-]+)\?email=/, 30_000);
    const reset = await timed(url, 'POST', '/api/password/reset', {
      body: { token, email: 'dealer2@demo.test', password: 'Changed-then-killed-1', password_confirmation: 'Changed-then-killed-1' },
    });
    expect(reset.status).toBe(200);
    await killHard(first);

    const second = start();
    const url2 = await listening(second);
    await signInAt(url2, 'dealer2@demo.test', 'Changed-then-killed-1');
    await expect(signInAt(url2, 'dealer2@demo.test', 'Demo-pass-2026')).rejects.toThrow(/401/);
    // The link was used up by the change: it does not work twice.
    const again = await timed(url2, 'POST', '/api/password/reset', {
      body: { token, email: 'dealer2@demo.test', password: 'Second-use-1234', password_confirmation: 'Second-use-1234' },
    });
    expect(again.status).toBe(401);
    await killHard(second);
  }, 120_000);
});
