import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rateLimits } from '../../../server/db/schema';
import { startTestServer, type TestServer } from '../../support/server';
import { call, DEMO_PASSWORD, parseResetLink } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    rateLimits: { register: { max: 2, windowSeconds: 3600 }, passwordReset: { max: 3, windowSeconds: 15 * 60 } },
  });
});
afterAll(async () => {
  await server?.close();
});

describe('rate limiting (stored in the database)', () => {
  it('sign-in: 10 failed attempts per IP and email in 15 minutes, then 429 even with the right password', async () => {
    for (let i = 0; i < 10; i++) {
      const r = await call(server, 'POST', '/api/login', { body: { email: 'dealer@demo.test', password: `wrong-${i}` } });
      expect(r.status).toBe(401);
    }
    const blocked = await call(server, 'POST', '/api/login', { body: { email: 'dealer@demo.test', password: DEMO_PASSWORD } });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: 'Too many attempts. Please try again in 15 minutes.' });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    // Another account from the same address is not affected.
    expect((await call(server, 'POST', '/api/login', { body: { email: 'dealer2@demo.test', password: DEMO_PASSWORD } })).status).toBe(200);
  });

  it('a successful sign-in clears the count', async () => {
    for (let i = 0; i < 9; i++) await call(server, 'POST', '/api/login', { body: { email: 'pm@demo.test', password: 'wrong' } });
    expect((await call(server, 'POST', '/api/login', { body: { email: 'pm@demo.test', password: DEMO_PASSWORD } })).status).toBe(200);
    for (let i = 0; i < 9; i++) {
      expect((await call(server, 'POST', '/api/login', { body: { email: 'pm@demo.test', password: 'wrong' } })).status).toBe(401);
    }
  });

  it('forgot-password: 5 requests per IP and email in 15 minutes, then 429', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await call(server, 'POST', '/api/password/email', { body: { email: 'am@demo.test' } })).status).toBe(200);
    }
    const blocked = await call(server, 'POST', '/api/password/email', { body: { email: 'am@demo.test' } });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: 'Too many attempts. Please try again in 15 minutes.' });
  });

  it('registration: the expensive attempts per address are bounded; a form typo does not count', async () => {
    let n = 0;
    const payload = (password = 'long-enough-1') => ({
      user: { name: 'Rae Limiter', email: `rate${++n}@dealer.test`, password, primary: 1 },
      company: { name: 'Limit Motors', lang: 'en' },
      terms: [7, 1, 22],
      accept_terms: true,
    });
    expect((await call(server, 'POST', '/api/register', { body: payload('short') })).status).toBe(400);
    expect((await call(server, 'POST', '/api/register', { body: payload() })).status).toBe(201);
    expect((await call(server, 'POST', '/api/register', { body: payload() })).status).toBe(201);
    const blocked = await call(server, 'POST', '/api/register', { body: payload() });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: 'Too many attempts. Please try again in 60 minutes.' });
  });

  it('password reset and set: 3 token tries per address (limit lowered here), a valid reset below it works, then 429 even with a live token', async () => {
    const pw = { password: 'Reset-limit-1', password_confirmation: 'Reset-limit-1' };
    expect((await call(server, 'POST', '/api/password/email', { body: { email: 'admin@demo.test' } })).status).toBe(200);
    const { token } = parseResetLink((await server.mail.waitFor('admin@demo.test')).text);

    // A form mistake reveals nothing about tokens: it is not counted.
    const typo = await call(server, 'POST', '/api/password/reset', { body: { token, email: 'admin@demo.test', password: 'Reset-limit-1', password_confirmation: 'x' } });
    expect(typo.status).toBe(400);
    // Two guessed tokens (1, 2), then the real one (3) still resets.
    for (const guess of ['a'.repeat(43), 'b'.repeat(43)]) {
      const r = await call(server, 'POST', '/api/password/reset', { body: { token: guess, email: 'admin@demo.test', ...pw } });
      expect(r.status).toBe(401);
    }
    const reset = await call(server, 'POST', '/api/password/reset', { body: { token, email: 'admin@demo.test', ...pw } });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: 'Your password has been reset!' });

    // Over the limit a fresh, valid link is refused too: the guesser cannot tell a hit from a miss.
    expect((await call(server, 'POST', '/api/password/email', { body: { email: 'admin@demo.test' } })).status).toBe(200);
    await expect.poll(() => server.mail.messages.filter((m) => m.to === 'admin@demo.test').length).toBe(2);
    const fresh = parseResetLink(server.mail.messages.filter((m) => m.to === 'admin@demo.test')[1].text).token;
    const blocked = await call(server, 'POST', '/api/password/reset', {
      body: { token: fresh, email: 'admin@demo.test', password: 'Other-pass-2', password_confirmation: 'Other-pass-2' },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: 'Too many attempts. Please try again in 15 minutes.' });
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Set-password links test tokens too: they share the budget.
    const setGuess = await call(server, 'POST', '/api/password/set', { body: { token: 'c'.repeat(43), ...pw } });
    expect(setGuess.status).toBe(429);
    expect(setGuess.body).toEqual({ message: 'Too many attempts. Please try again in 15 minutes.' });
    // The blocked reset changed nothing: the password is still the one set below the limit.
    expect((await call(server, 'POST', '/api/login', { body: { email: 'admin@demo.test', password: 'Reset-limit-1' } })).status).toBe(200);
  });

  it('prunes windows that are over and keeps the live ones (with their counts)', async () => {
    const expired = 'login:203.0.113.1:gone@demo.test';
    const live = 'login:203.0.113.2:kept@demo.test';
    await server.app.db.insert(rateLimits).values([
      // Older than its rule's window (sign-in per address and email: 15 minutes).
      { key: expired, count: 7, windowStart: sql`now() - interval '61 minutes'` },
      { key: live, count: 7, windowStart: sql`now() - interval '5 minutes'` },
    ]);
    // Any counted attempt prunes on its way.
    expect((await call(server, 'POST', '/api/login', { body: { email: 'nobody@demo.test', password: 'wrong' } })).status).toBe(401);
    const rows = await server.app.db.select().from(rateLimits);
    expect(rows.find((r) => r.key === expired)).toBeUndefined();
    expect(rows.find((r) => r.key === live)?.count).toBe(7);
  });
});
