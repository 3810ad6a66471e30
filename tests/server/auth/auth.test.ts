import { PERMISSIONS } from '../../../contract/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../support/server';
import { users } from '../../../server/db/schema';
import { call, DEMO_PASSWORD, login, refreshCookie, sleep } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('POST /api/login', () => {
  it('signs in with the demo password and sets the httpOnly refresh cookie', async () => {
    const r = await call<{ access_token: string; expires_in: number }>(server, 'POST', '/api/login', {
      body: { email: ' Dealer@Demo.test ', password: DEMO_PASSWORD },
    });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['access_token', 'expires_in']);
    expect(r.body.expires_in).toBe(900);
    expect(r.body.access_token.split('.')).toHaveLength(3);
    const cookie = r.setCookies.find((c) => c.startsWith('portal_refresh='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/api/);
    // Without remember-me: a session cookie (no Expires / Max-Age).
    expect(cookie).not.toMatch(/Expires=|Max-Age=/i);
  });

  it('remember-me makes the cookie persistent for 30 days', async () => {
    const s = await login(server, 'pm@demo.test', DEMO_PASSWORD, true);
    const cookie = s.reply.setCookies.find((c) => c.startsWith('portal_refresh='))!;
    const expires = new Date(/Expires=([^;]+)/i.exec(cookie)![1]).getTime();
    expect(expires - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
  });

  it('answers 401 with the incorrect-credentials message for a wrong password or unknown email', async () => {
    for (const body of [
      { email: 'dealer@demo.test', password: 'wrong-password' },
      { email: 'nobody@demo.test', password: DEMO_PASSWORD },
    ]) {
      const r = await call(server, 'POST', '/api/login', { body });
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ message: 'Password or Email Address are incorrect.' });
    }
  });

  it('answers 400 with the incomplete-fields message for empty or invalid input', async () => {
    for (const body of [{ email: '', password: '' }, { email: 'not-an-email', password: 'x' }, {}]) {
      const r = await call<{ message: string; errors: unknown[] }>(server, 'POST', '/api/login', { body });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('Please make sure that all required fields are complete.');
      expect(r.body.errors.length).toBeGreaterThan(0);
    }
  });

  it('never answers 500 to malformed input', async () => {
    const broken = await fetch(`${server.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { message: string }).message).toBeTruthy();
    const wrongType = await call(server, 'POST', '/api/login', { body: { email: { $gt: '' }, password: [] } });
    expect(wrongType.status).toBe(400);
    const tooBig = await call(server, 'POST', '/api/login', { body: { email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) } });
    expect(tooBig.status).toBe(413);
  });
});

describe('GET /api/users/current', () => {
  it('returns the user with roles.permissions and the company with taxonomies.term and users', async () => {
    const { token } = await login(server, 'dealer@demo.test');
    const r = await call<{
      user: { email: string; primary: boolean; roles: Array<{ id: number; name: string; permissions: Array<{ name: string }> }> };
      company: { name: string; stage: string; lang: string; taxonomies: Array<{ taxonomy: string; term: { id: number; slug: string } }>; users: Array<{ email: string; primary: boolean }> };
    }>(server, 'GET', '/api/users/current', { token });
    expect(r.status).toBe(200);
    expect(r.body.user.email).toBe('dealer@demo.test');
    expect(r.body.user.primary).toBe(true);
    expect(r.body.user.roles[0]).toMatchObject({ id: 1, name: 'Client' });
    expect(r.body.user.roles[0].permissions.length).toBeGreaterThan(0);
    expect(r.body.company).toMatchObject({ name: 'Demo Motors', stage: 'configurator', lang: 'en' });
    expect(r.body.company.taxonomies).toContainEqual(expect.objectContaining({ taxonomy: 'region', term: expect.objectContaining({ id: 7, slug: 'uk' }) }));
    // Dana, the primary user, and Fran, the second signer of issue 57's demo agreement in turns.
    expect(r.body.company.users).toEqual([expect.objectContaining({ email: 'dealer@demo.test', primary: true }), expect.objectContaining({ email: 'finance@demo.test', primary: false })]);
  });

  it('gives the administrator every permission and no company', async () => {
    const { token } = await login(server, 'admin@demo.test');
    const r = await call<{ user: { roles: Array<{ name: string; permissions: unknown[] }> }; company: null }>(server, 'GET', '/api/users/current', { token });
    expect(r.body.user.roles[0].name).toBe('Administrator');
    expect(r.body.user.roles[0].permissions).toHaveLength(PERMISSIONS.length);
    expect(r.body.company).toBeNull();
  });

  it('shows Harbour Cars as a showcase-stage company in FR', async () => {
    const { token } = await login(server, 'dealer2@demo.test');
    const r = await call<{ company: { name: string; stage: string; taxonomies: Array<{ taxonomy: string; term: { slug: string } }> } }>(server, 'GET', '/api/users/current', { token });
    expect(r.body.company.name).toBe('Harbour Cars');
    expect(r.body.company.stage).toBe('showcase');
    expect(r.body.company.taxonomies.find((t) => t.taxonomy === 'region')?.term.slug).toBe('fr');
  });

  it('answers 401 without a token, with a tampered token, or a token signed with another key', async () => {
    const { token } = await login(server, 'dealer@demo.test');
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...payload, sub: '1' })).toString('base64url');
    const flipped = s.slice(0, -2) + (s.endsWith('AA') ? 'BB' : 'AA');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    for (const bad of [undefined, 'garbage', `${h}.${forgedPayload}.${s}`, `${h}.${p}.${flipped}`, none]) {
      const r = await call(server, 'GET', '/api/users/current', { token: bad });
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ message: 'You are not authorised to do that.' });
    }
  });

  it("stops a disabled user's token at once", async () => {
    const { token, cookie } = await login(server, 'am@demo.test');
    expect((await call(server, 'GET', '/api/users/current', { token })).status).toBe(200);
    await server.app.db.update(users).set({ status: 'disabled' }).where(eq(users.email, 'am@demo.test'));
    try {
      expect((await call(server, 'GET', '/api/users/current', { token })).status).toBe(401);
      expect((await call(server, 'POST', '/api/login/refresh', { cookie })).status).toBe(401);
      expect((await call(server, 'POST', '/api/login', { body: { email: 'am@demo.test', password: DEMO_PASSWORD } })).status).toBe(401);
    } finally {
      await server.app.db.update(users).set({ status: 'active' }).where(eq(users.email, 'am@demo.test'));
    }
  });

  it('stops tokens issued before a token-version bump', async () => {
    const { token } = await login(server, 'am@demo.test');
    await server.app.db.update(users).set({ tokenVersion: sql`${users.tokenVersion} + 1` }).where(eq(users.email, 'am@demo.test'));
    expect((await call(server, 'GET', '/api/users/current', { token })).status).toBe(401);
    const fresh = await login(server, 'am@demo.test');
    expect((await call(server, 'GET', '/api/users/current', { token: fresh.token })).status).toBe(200);
  });
});

describe('refresh and logout', () => {
  it('rotates the refresh token on every refresh', async () => {
    const s = await login(server, 'dealer@demo.test', DEMO_PASSWORD, true);
    const r1 = await call<{ access_token: string; expires_in: number }>(server, 'POST', '/api/login/refresh', { cookie: s.cookie });
    expect(r1.status).toBe(200);
    expect(r1.body.expires_in).toBe(900);
    const c1 = refreshCookie(r1)!;
    expect(c1).toBeTruthy();
    expect(c1).not.toBe(s.cookie);
    expect((await call(server, 'GET', '/api/users/current', { token: r1.body.access_token })).status).toBe(200);
    const r2 = await call(server, 'POST', '/api/login/refresh', { cookie: c1 });
    expect(r2.status).toBe(200);
    expect(refreshCookie(r2)).not.toBe(c1);
  });

  it('accepts the previous token within the grace window (two tabs at once)', async () => {
    const s = await login(server, 'dealer@demo.test');
    const [a, b] = await Promise.all([
      call(server, 'POST', '/api/login/refresh', { cookie: s.cookie }),
      call(server, 'POST', '/api/login/refresh', { cookie: s.cookie }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
  });

  it('revokes the whole family when a rotated token is replayed after the grace window', async () => {
    const s = await login(server, 'dealer@demo.test');
    const r1 = await call(server, 'POST', '/api/login/refresh', { cookie: s.cookie });
    const current = refreshCookie(r1)!;
    // Age the rotation past the grace window instead of waiting 10 s.
    await server.app.db.execute(sql`UPDATE refresh_tokens SET rotated_at = now() - interval '60 seconds' WHERE rotated_at IS NOT NULL`);
    const replay = await call(server, 'POST', '/api/login/refresh', { cookie: s.cookie });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ message: 'You are not authorised to do that.' });
    // The thief's replay also killed the legitimate, current token of the family.
    expect((await call(server, 'POST', '/api/login/refresh', { cookie: current })).status).toBe(401);
  });

  it('answers 401 without a cookie or with an unknown one, and clears it', async () => {
    expect((await call(server, 'POST', '/api/login/refresh')).status).toBe(401);
    const r = await call(server, 'POST', '/api/login/refresh', { cookie: 'portal_refresh=made-up' });
    expect(r.status).toBe(401);
    expect(r.setCookies.some((c) => /^portal_refresh=;/.test(c))).toBe(true);
  });

  it('logout revokes the family and clears the cookie', async () => {
    const s = await login(server, 'dealer@demo.test', DEMO_PASSWORD, true);
    const out = await call(server, 'POST', '/api/logout', { cookie: s.cookie });
    expect(out.status).toBe(204);
    expect(out.setCookies.some((c) => /^portal_refresh=;/.test(c))).toBe(true);
    expect((await call(server, 'POST', '/api/login/refresh', { cookie: s.cookie })).status).toBe(401);
  });
});

describe('access token lifetime', () => {
  let short: TestServer;
  beforeAll(async () => {
    // JWT times are whole seconds: a token of N seconds lives between N-1 and N seconds. Three
    // leave a loaded machine room to use it at once; one second could be over before the first call.
    short = await startTestServer({ accessTokenTtl: 3, demo: true });
  });
  afterAll(async () => {
    await short?.close();
  });

  it('reports expires_in and answers 401 once the token has expired; refresh gives a new one', async () => {
    const s = await login(short, 'dealer@demo.test');
    expect(s.expiresIn).toBe(3);
    expect((await call(short, 'GET', '/api/users/current', { token: s.token })).status).toBe(200);
    await sleep(3100);
    expect((await call(short, 'GET', '/api/users/current', { token: s.token })).status).toBe(401);
    const r = await call<{ access_token: string }>(short, 'POST', '/api/login/refresh', { cookie: s.cookie });
    expect(r.status).toBe(200);
    expect((await call(short, 'GET', '/api/users/current', { token: r.body.access_token })).status).toBe(200);
  });
});
