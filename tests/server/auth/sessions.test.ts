import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { buildApp } from '../../../server/app';
import { seedDatabase } from '../../../server/db/seed';
import { settings, users } from '../../../server/db/schema';
import { hashToken } from '../../../server/auth/auth.tokens';
import { openDemoDatabase, startTestServer, type TestServer } from '../../support/server';
import { startMailCatcher } from '../../support/smtp';
import { call, DEMO_PASSWORD, login, parseResetLink, refreshCookie, type Session } from '../helpers';

// A session is one sign-in (a refresh-token family). When it ends, its access tokens stop at once,
// not when they expire up to 15 minutes later.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Tokens = { access_token: string; expires_in: number };
const me = (s: TestServer, token: string) => call(s, 'GET', '/api/users/current', { token });
const refresh = (s: TestServer, cookie: string) => call<Tokens>(s, 'POST', '/api/login/refresh', { cookie });

/** The raw token value of a `portal_refresh=...` cookie pair. */
const tokenOf = (cookie: string) => cookie.slice('portal_refresh='.length);

/** Moves every rotation of the cookie's session past the reuse grace window instead of waiting. */
async function ageRotations(s: TestServer, cookie: string) {
  await s.app.db.execute(sql`
    UPDATE refresh_tokens SET rotated_at = now() - interval '60 seconds'
    WHERE rotated_at IS NOT NULL
      AND family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = ${hashToken(tokenOf(cookie))})`);
}

describe('the access token dies with its session', () => {
  it('logout: the old access token gets 401 at once, on plain and permission-guarded routes', async () => {
    const s = await login(server, 'admin@demo.test');
    const r1 = await refresh(server, s.cookie);
    expect(r1.status).toBe(200);
    expect((await me(server, s.token)).status).toBe(200);
    expect((await call(server, 'GET', '/api/permissions', { token: r1.body.access_token })).status).toBe(200);

    expect((await call(server, 'POST', '/api/logout', { cookie: refreshCookie(r1)! })).status).toBe(204);

    for (const token of [s.token, r1.body.access_token]) {
      const r = await me(server, token);
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ message: 'You are not authorised to do that.' });
      expect((await call(server, 'GET', '/api/permissions', { token })).status).toBe(401);
    }
  });

  it('logout ends only that session: another sign-in of the same user keeps working', async () => {
    const a = await login(server, 'dealer@demo.test');
    const b = await login(server, 'dealer@demo.test');
    await call(server, 'POST', '/api/logout', { cookie: a.cookie });
    expect((await me(server, a.token)).status).toBe(401);
    expect((await me(server, b.token)).status).toBe(200);
    expect((await refresh(server, b.cookie)).status).toBe(200);
  });

  it('refresh-token reuse after the grace window revokes the family and its access tokens', async () => {
    const s = await login(server, 'dealer@demo.test');
    const r1 = await refresh(server, s.cookie);
    expect(r1.status).toBe(200);
    await ageRotations(server, s.cookie);
    expect((await refresh(server, s.cookie)).status).toBe(401);
    expect((await me(server, s.token)).status).toBe(401);
    expect((await me(server, r1.body.access_token)).status).toBe(401);
    expect((await refresh(server, refreshCookie(r1)!)).status).toBe(401);
  });

  it('a password change ends every session of the user', async () => {
    const a = await login(server, 'pm@demo.test');
    const b = await login(server, 'pm@demo.test', DEMO_PASSWORD, true);
    const bRefreshed = await refresh(server, b.cookie);
    expect(bRefreshed.status).toBe(200);

    await call(server, 'POST', '/api/password/email', { body: { email: 'pm@demo.test' } });
    const { token, email } = parseResetLink((await server.mail.waitFor('pm@demo.test')).text);
    const newPassword = 'Changed-pass-2026';
    const reset = await call(server, 'POST', '/api/password/reset', { body: { token, email, password: newPassword, password_confirmation: newPassword } });
    expect(reset.status).toBe(200);

    for (const access of [a.token, b.token, bRefreshed.body.access_token]) expect((await me(server, access)).status).toBe(401);
    expect((await refresh(server, refreshCookie(bRefreshed)!)).status).toBe(401);
    const fresh = await login(server, 'pm@demo.test', newPassword);
    expect((await me(server, fresh.token)).status).toBe(200);
  });

  it("refuses a disabled user's token", async () => {
    const s = await login(server, 'am@demo.test');
    await server.app.db.update(users).set({ status: 'disabled' }).where(eq(users.email, 'am@demo.test'));
    try {
      expect((await me(server, s.token)).status).toBe(401);
      expect((await call(server, 'GET', '/api/permissions', { token: s.token })).status).toBe(401);
    } finally {
      await server.app.db.update(users).set({ status: 'active' }).where(eq(users.email, 'am@demo.test'));
    }
    // Re-enabling brings the session back: disabling does not end it, the status check refuses it.
    expect((await me(server, s.token)).status).toBe(200);
  });

  it('refuses a token signed before sessions were carried (no session claim)', async () => {
    const s = await login(server, 'dealer@demo.test');
    const [user] = await server.app.db.select().from(users).where(eq(users.email, 'dealer@demo.test'));
    const [secret] = await server.app.db.select().from(settings).where(eq(settings.key, 'jwt_secret'));
    // Exactly what the server signed before: sub, ver, iss, iat, exp; valid signature, no session.
    const legacy = await new SignJWT({ ver: user.tokenVersion })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuer('dealer-launch-portal')
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode(secret.value));
    expect((await me(server, s.token)).status).toBe(200);
    const r = await me(server, legacy);
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ message: 'You are not authorised to do that.' });
  });

  it('refuses a validly signed token whose session claim is not a session id (401, never 500)', async () => {
    const [user] = await server.app.db.select().from(users).where(eq(users.email, 'dealer@demo.test'));
    const [secret] = await server.app.db.select().from(settings).where(eq(settings.key, 'jwt_secret'));
    for (const sid of ['not-a-uuid', 42, '00000000-0000-4000-8000-000000000000']) {
      const token = await new SignJWT({ ver: user.tokenVersion, sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(user.id))
        .setIssuer('dealer-launch-portal')
        .setIssuedAt()
        .setExpirationTime('15m')
        .sign(new TextEncoder().encode(secret.value));
      expect((await me(server, token)).status).toBe(401);
    }
  });
});

describe('refreshing inside the reuse grace window cannot fork a session', () => {
  it('two refreshes of the same cookie return the same successor, and the chain cannot fork', async () => {
    const s = await login(server, 'dealer@demo.test', DEMO_PASSWORD, true);
    const first = await refresh(server, s.cookie);
    const second = await refresh(server, s.cookie);
    expect([first.status, second.status]).toEqual([200, 200]);
    const successor = refreshCookie(first)!;
    expect(refreshCookie(second)).toBe(successor);
    // Both answers set the same persistent cookie (same expiry), as one refresh would.
    const expiry = (r: typeof first) => /Expires=([^;]+)/i.exec(r.setCookies.find((c) => c.startsWith('portal_refresh='))!)![1];
    expect(expiry(second)).toBe(expiry(first));

    // One copy moves on; once the window is over, the other copy is a replay.
    const next = await refresh(server, successor);
    expect(next.status).toBe(200);
    await ageRotations(server, s.cookie);
    expect((await refresh(server, successor)).status).toBe(401);
    expect((await refresh(server, refreshCookie(next)!)).status).toBe(401);
    expect((await me(server, next.body.access_token)).status).toBe(401);
  });

  it('two concurrent refreshes (two tabs) both succeed, with the same successor', async () => {
    const s = await login(server, 'dealer@demo.test');
    const [a, b] = await Promise.all([refresh(server, s.cookie), refresh(server, s.cookie)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(refreshCookie(a)).toBe(refreshCookie(b));
    expect((await me(server, a.body.access_token)).status).toBe(200);
    expect((await me(server, b.body.access_token)).status).toBe(200);
    expect((await refresh(server, refreshCookie(a)!)).status).toBe(200);
  });

  it('a replay inside the window after logout gets nothing', async () => {
    const s = await login(server, 'dealer@demo.test');
    const r1 = await refresh(server, s.cookie);
    await call(server, 'POST', '/api/logout', { cookie: refreshCookie(r1)! });
    expect((await refresh(server, s.cookie)).status).toBe(401);
  });
});

describe('two instances on one database', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const mail = await startMailCatcher();
    const { database, drop } = await openDemoDatabase();
    await database.migrate();
    await seedDatabase(database.db, { demo: true, demoPassword: DEMO_PASSWORD });
    const common = { smtpUrl: mail.url, mailWorkerIntervalMs: 0, maxEventLoopDelay: false as const, secureCookies: false };
    const appA = await buildApp({ database, ...common });
    // The second instance shares the database; only the first closes it.
    const appB = await buildApp({ database: { ...database, close: async () => {} }, ...common });
    const urlA = await appA.listen({ host: '127.0.0.1', port: 0 });
    const urlB = await appB.listen({ host: '127.0.0.1', port: 0 });
    b = { url: urlB, app: appB, database, mail, close: () => appB.close() };
    a = {
      url: urlA,
      app: appA,
      database,
      mail,
      async close() {
        await appA.close();
        await drop();
        await mail.close();
      },
    };
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('logout on instance A makes the access token fail on instance B at once', async () => {
    const s: Session = await login(a, 'dealer@demo.test');
    expect((await me(b, s.token)).status).toBe(200);
    expect((await call(a, 'POST', '/api/logout', { cookie: s.cookie })).status).toBe(204);
    expect((await me(b, s.token)).status).toBe(401);
    expect((await me(a, s.token)).status).toBe(401);
  });

  it('a refresh on A and the same refresh on B inside the window hand out the same successor', async () => {
    const s = await login(b, 'dealer@demo.test');
    const [onA, onB] = await Promise.all([refresh(a, s.cookie), refresh(b, s.cookie)]);
    expect([onA.status, onB.status]).toEqual([200, 200]);
    expect(refreshCookie(onA)).toBe(refreshCookie(onB));
  });
});
