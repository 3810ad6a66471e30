import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { seedDatabase } from '../../../server/db/seed';
import { oneTimeTokens, refreshTokens, users } from '../../../server/db/schema';
import { createPasswordSetInvite } from '../../../server/auth/auth.password-tokens';
import { openDemoDatabase, startTestServer, type TestServer } from '../../support/server';
import { call, DEMO_PASSWORD, login, type Reply } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('no response contains a password or a hash', () => {
  it('holds for every auth call', async () => {
    const replies: Reply<unknown>[] = [];
    const keep = <T>(r: Reply<T>) => (replies.push(r as Reply<unknown>), r);
    const newPassword = 'Secret-register-9';

    for (const email of ['admin@demo.test', 'dealer@demo.test', 'dealer2@demo.test']) {
      const s = await login(server, email, DEMO_PASSWORD, true);
      keep(s.reply);
      keep(await call(server, 'GET', '/api/users/current', { token: s.token }));
      const refreshed = keep(await call(server, 'POST', '/api/login/refresh', { cookie: s.cookie }));
      expect(refreshed.status).toBe(200);
    }
    keep(await call(server, 'POST', '/api/login', { body: { email: 'dealer@demo.test', password: 'wrong-password' } }));
    const reg = keep(
      await call<{ access_token: string }>(server, 'POST', '/api/register', {
        body: { user: { name: 'Secret Keeper', email: 'keeper@demo.test', password: newPassword, primary: 1 }, company: { name: 'Keep Ltd', lang: 'en' }, terms: [7, 6], accept_terms: true },
      }),
    );
    keep(await call(server, 'GET', '/api/users/current', { token: reg.body.access_token }));
    keep(await call(server, 'POST', '/api/register', { body: { user: { name: 'Secret Keeper', email: 'keeper@demo.test', password: newPassword }, company: { name: 'K' }, terms: [7, 6], accept_terms: true } }));
    keep(await call(server, 'POST', '/api/password/email', { body: { email: 'keeper@demo.test' } }));
    keep(await call(server, 'POST', '/api/password/reset', { body: { token: 'nope', email: 'keeper@demo.test', password: newPassword, password_confirmation: newPassword } }));
    keep(await call(server, 'GET', '/api/terms'));
    keep(await call(server, 'GET', '/api/docs/json'));

    const hashes = [
      ...(await server.app.db.select({ h: users.passwordHash }).from(users)).map((r) => r.h),
      ...(await server.app.db.select({ h: refreshTokens.tokenHash }).from(refreshTokens)).map((r) => r.h),
      ...(await server.app.db.select({ h: oneTimeTokens.tokenHash }).from(oneTimeTokens)).map((r) => r.h),
    ].filter((h): h is string => Boolean(h));
    expect(hashes.length).toBeGreaterThan(10);

    for (const r of replies) {
      const everything = r.text + JSON.stringify([...r.headers.entries()]);
      expect(everything).not.toContain('$argon2');
      expect(everything).not.toMatch(/password_?hash|token_?hash/i);
      expect(everything).not.toContain(DEMO_PASSWORD);
      expect(everything).not.toContain(newPassword);
      for (const h of hashes) expect(everything).not.toContain(h);
    }
  });
});

describe('no token in the log', () => {
  it('keeps the set-password token of GET /api/password/set/{token} out of the request log', async () => {
    const { database, drop } = await openDemoDatabase();
    let log = '';
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        log += chunk.toString();
        done();
      },
    });
    try {
      await database.migrate();
      await seedDatabase(database.db, { demo: true, demoPassword: DEMO_PASSWORD });
      const app = await buildApp({ database, logger: { level: 'info', stream }, mailWorkerIntervalMs: 0, maxEventLoopDelay: false });
      try {
        const [pm] = await app.db.select().from(users).where(eq(users.email, 'pm@demo.test'));
        const token = await createPasswordSetInvite(app, app.db, pm);
        const r = await app.inject({ method: 'GET', url: `/api/password/set/${token}` });
        expect(r.statusCode).toBe(200);
        expect(log).toContain('/api/password/set/[redacted]');
        expect(log).not.toContain(token);
      } finally {
        await app.close();
      }
    } finally {
      await drop();
    }
  });
});
