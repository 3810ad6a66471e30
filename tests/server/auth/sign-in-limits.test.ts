// Issue 25, "Sign-in and reset limits": the limits hold against an attacker who spreads guesses over
// accounts and addresses or writes X-Forwarded-For, and the owner still gets in.
//
// Both servers run with TRUST_PROXY=1 and the test plays the one proxy in front of them: it appends
// the address it "sees" (the client's real one) to whatever X-Forwarded-For the client sent, so
// every request names its client, and a spoofed value sits in front of the real one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits, users } from '../../../server/db/schema';
import { parseTrustProxy, trustProxyFor } from '../../../server/options';
import { startPortal } from '../../support/process';
import { startTestServer, type TestServer } from '../../support/server';
import { call, DEMO_PASSWORD, parseResetLink, type Reply } from '../helpers';

const TOO_MANY = { message: 'Too many attempts. Please try again in 1 minutes.' };
/** The X-Forwarded-For the proxy passes on: what the client wrote (if anything), then its address. */
const via = (client: string, spoofed?: string) => ({ 'x-forwarded-for': spoofed ? `${spoofed}, ${client}` : client });
const deviceCookie = (reply: Reply<unknown>) => reply.setCookies.find((c) => c.startsWith('portal_device='));
const devicePair = (reply: Reply<unknown>) => deviceCookie(reply)!.split(';')[0];
const retryAfter = (reply: Reply<unknown>) => Number(reply.headers.get('retry-after'));

describe('sign-in limits per account and per address, behind one proxy', () => {
  let server: TestServer;
  const signIn = (email: string, password: string, client: string, extra: { cookie?: string; spoofed?: string } = {}) =>
    call(server, 'POST', '/api/login', { body: { email, password }, cookie: extra.cookie, headers: via(client, extra.spoofed) });
  /** Wrong guesses at `email`, one from each address in turn, `rounds` times over. */
  const guess = async (email: string, clients: string[], rounds = 1) => {
    const statuses: number[] = [];
    for (let r = 0; r < rounds; r++) {
      for (const client of clients) statuses.push((await signIn(email, `Guess-${r}-${client}`, client)).status);
    }
    return statuses;
  };
  /** Four attacker addresses; each test has its own, so no test spends another's address budget. */
  const attackersOf = (net: number) => [1, 2, 3, 4].map((host) => `198.51.100.${net * 10 + host}`);

  beforeAll(async () => {
    server = await startTestServer({
      trustProxy: 1,
      rateLimits: {
        // Per address and email stays at its default (10): the four addresses below never reach it.
        loginAddress: { max: 6, windowSeconds: 3600 },
        // Long locks, so that no assertion races the clock; the tests move time by editing the row.
        loginAccount: { max: 4, windowSeconds: 3600, firstLockSeconds: 30, maxLockSeconds: 100 },
      },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a spray of one password across every demo account from one address is limited', async () => {
    const emails = (await server.app.db.select({ email: users.email }).from(users)).map((u) => u.email);
    expect(emails.length).toBeGreaterThan(50);
    // The five named demo accounts last: they are refused at the address's limit, before their own
    // account counts a miss, so the tests below start from clean accounts.
    emails.sort((a, b) => Number(a.endsWith('@demo.test')) - Number(b.endsWith('@demo.test')));
    const statuses: number[] = [];
    for (const email of emails) statuses.push((await signIn(email, 'Spring-2026!', '198.51.100.10')).status);
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(new Set(statuses.slice(6))).toEqual(new Set([429]));
    // Counted before the password is checked: the right one is refused alike, so a hit is not seen.
    const right = await signIn('dealer@demo.test', DEMO_PASSWORD, '198.51.100.10');
    expect(right.status).toBe(429);
    expect(right.body).toEqual({ message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes\.$/) });
    expect(retryAfter(right)).toBeGreaterThan(0);
    // Other addresses, and the accounts themselves (one miss each), are not affected.
    expect((await signIn('dealer@demo.test', DEMO_PASSWORD, '198.51.100.11')).status).toBe(200);
  });

  it('successful sign-ins from one address do not use up its failure budget', async () => {
    for (let i = 0; i < 8; i++) expect((await signIn('dealer@demo.test', DEMO_PASSWORD, '198.51.100.12')).status).toBe(200);
    expect((await signIn('dealer@demo.test', 'wrong-once', '198.51.100.12')).status).toBe(401);
  });

  it('guesses at one account from four addresses are limited, with a back-off that doubles; unknown emails alike', async () => {
    const attackers = attackersOf(12);
    const known = await guess('am@demo.test', attackers, 2);
    const unknown = await guess('nobody-here@demo.test', attackers, 2);
    // Four misses are free, then the account is locked whichever address asks.
    expect(known).toEqual([401, 401, 401, 401, 429, 429, 429, 429]);
    // An email nobody has is counted the same way: a lock tells nothing about who exists.
    expect(unknown).toEqual(known);

    const locked = await signIn('am@demo.test', DEMO_PASSWORD, '198.51.100.25');
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual(TOO_MANY);
    expect(retryAfter(locked)).toBeGreaterThan(25);
    expect(retryAfter(locked)).toBeLessThanOrEqual(30);

    // Time passes (the lock's start moves back): the next miss doubles the lock, then the cap holds.
    const elapse = (seconds: number) =>
      server.app.db.execute(sql`UPDATE rate_limits SET window_start = window_start - make_interval(secs => ${seconds}) WHERE key = 'login-account:am@demo.test'`);
    for (const expected of [60, 100]) {
      await elapse(expected);
      expect((await signIn('am@demo.test', 'one-more-guess', attackers[0])).status).toBe(401);
      const next = await signIn('am@demo.test', DEMO_PASSWORD, attackers[1]);
      expect(next.status).toBe(429);
      expect(retryAfter(next)).toBeGreaterThan(expected - 5);
      expect(retryAfter(next)).toBeLessThanOrEqual(expected);
    }
  });

  it('a burst of guesses sent at once gets the free misses only, not one each', async () => {
    const clients = Array.from({ length: 10 }, (_, i) => `198.51.100.${160 + i}`);
    const statuses = await Promise.all(clients.map((client, i) => signIn('burst@demo.test', `Burst-${i}`, client).then((r) => r.status)));
    expect(statuses.filter((s) => s === 401)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
  });

  it('the owner still signs in from a device that signed in before, while the account stays locked for others', async () => {
    const owner = '192.0.2.50';
    const attackers = attackersOf(13);
    const first = await signIn('dealer2@demo.test', DEMO_PASSWORD, owner);
    expect(first.status).toBe(200);
    const cookie = deviceCookie(first)!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/api\/login/);
    // Signed, and it names no account: no email, no id in clear.
    expect(cookie).not.toContain('dealer2');
    const device = devicePair(first);

    expect(await guess('dealer2@demo.test', attackers)).toEqual([401, 401, 401, 401]);
    // A new browser of the owner waits like everybody else ...
    expect((await signIn('dealer2@demo.test', DEMO_PASSWORD, owner)).status).toBe(429);
    // ... but the known device gets in at once with the right password (and a wrong one is a 401).
    expect((await signIn('dealer2@demo.test', 'owner-typo', owner, { cookie: device })).status).toBe(401);
    const back = await signIn('dealer2@demo.test', DEMO_PASSWORD, owner, { cookie: device });
    expect(back.status).toBe(200);
    expect(typeof back.body.access_token).toBe('string');
    // The owner getting in does not unlock the account for the attacker.
    expect((await signIn('dealer2@demo.test', DEMO_PASSWORD, attackers[0])).status).toBe(429);

    // A forged tag, or another account's tag, is no known device.
    const [name, value] = device.split('=');
    const forged = `${name}=${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await signIn('dealer2@demo.test', DEMO_PASSWORD, owner, { cookie: forged })).status).toBe(429);
    const other = await signIn('dealer@demo.test', DEMO_PASSWORD, '192.0.2.51');
    expect((await signIn('dealer2@demo.test', DEMO_PASSWORD, owner, { cookie: devicePair(other) })).status).toBe(429);
    // One browser keeps a tag per account signed in to on it.
    const both = await signIn('dealer@demo.test', DEMO_PASSWORD, owner, { cookie: devicePair(back) });
    expect((await signIn('dealer2@demo.test', DEMO_PASSWORD, owner, { cookie: devicePair(both) })).status).toBe(200);

    // The table keeps counts, never the cookie.
    const keys = (await server.app.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key).join(' ');
    expect(keys).not.toContain(value);
    expect(keys).not.toContain(value.split('.')[2]);
  });

  it('a password reset unlocks the account', async () => {
    const owner = '192.0.2.60';
    const attackers = attackersOf(14);
    expect(await guess('pm@demo.test', attackers)).toEqual([401, 401, 401, 401]);
    expect((await signIn('pm@demo.test', DEMO_PASSWORD, owner)).status).toBe(429);

    const asked = await call(server, 'POST', '/api/password/email', { body: { email: 'pm@demo.test' }, headers: via(owner) });
    expect(asked.status).toBe(200);
    const { token } = parseResetLink((await server.mail.waitFor('pm@demo.test')).text);
    const reset = await call(server, 'POST', '/api/password/reset', {
      body: { token, email: 'pm@demo.test', password: 'Unlocked-pass-1', password_confirmation: 'Unlocked-pass-1' },
      headers: via(owner),
    });
    expect(reset.status).toBe(200);
    expect((await signIn('pm@demo.test', 'Unlocked-pass-1', owner)).status).toBe(200);
  });

  it('a spoofed X-Forwarded-For behind the proxy changes nothing: the real address is the one limited', async () => {
    const client = '203.0.113.7';
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      statuses.push((await signIn(`spoof-${i}@demo.test`, 'x-guess-1', client, { spoofed: `10.0.${i}.1` })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
    const keys = (await server.app.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).toContain('login-address:203.0.113.7');
    expect(keys.filter((k) => k.includes('10.0.'))).toEqual([]);
    // A spoofed "address" that is the next client's does not spend that client's budget either.
    expect((await signIn('dealer@demo.test', DEMO_PASSWORD, client, { spoofed: '203.0.113.8' })).status).toBe(429);
  });

  it('two clients behind the same proxy are limited separately', async () => {
    // 203.0.113.7 is over its limit (above); its neighbour behind the same proxy is not.
    expect((await signIn('dealer@demo.test', DEMO_PASSWORD, '203.0.113.7')).status).toBe(429);
    expect((await signIn('dealer@demo.test', DEMO_PASSWORD, '203.0.113.8')).status).toBe(200);
    expect((await signIn('dealer@demo.test', 'wrong-here', '203.0.113.8')).status).toBe(401);
  });
});

describe('reset-link requests and registration: limited per address and globally, before the answer', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      trustProxy: 1,
      rateLimits: {
        passwordEmailAddress: { max: 3, windowSeconds: 3600 },
        passwordEmailGlobal: { max: 6, windowSeconds: 3600 },
        register: { max: 2, windowSeconds: 3600 },
        registerGlobal: { max: 4, windowSeconds: 3600 },
      },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const askReset = (email: string, client: string) => call(server, 'POST', '/api/password/email', { body: { email }, headers: via(client) });
  const NOT_FOUND = { message: 'That email does not exist.' };

  it('reset requests: the spec texts below the limits; per address, then for everyone, the 429 comes before the email is looked up', async () => {
    const a = '198.51.100.30';
    expect((await askReset('ghost-1@demo.test', a)).body).toEqual(NOT_FOUND);
    expect((await askReset('dealer@demo.test', a)).body).toEqual({ message: 'We have emailed your password reset link!' });
    expect((await askReset('ghost-2@demo.test', a)).status).toBe(401);
    // Over the address's limit an existing and an unknown email get the same answer.
    const unknown = await askReset('ghost-3@demo.test', a);
    const existing = await askReset('am@demo.test', a);
    expect([unknown.status, existing.status]).toEqual([429, 429]);
    expect(existing.body).toEqual(unknown.body);
    expect(retryAfter(existing)).toBeGreaterThan(0);

    // Global: 3 counted so far (the refused ones spent only their address's budget); 3 more from
    // fresh addresses, then everyone is refused, whichever address and email.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await askReset(i % 2 ? 'dealer2@demo.test' : `ghost-x${i}@demo.test`, `198.51.100.${40 + i}`)).status);
    expect(statuses).toEqual([401, 200, 401, 429, 429]);
  });

  it('registration: "The email has already been taken." is counted before the check, per address and then for everyone', async () => {
    let n = 0;
    const register = (client: string, email = `limit${++n}@dealer.test`, password = 'long-enough-1') =>
      call(server, 'POST', '/api/register', {
        body: { user: { name: 'Rae Limiter', email, password, primary: 1 }, company: { name: 'Limit Motors', lang: 'en' }, terms: [7, 1, 22], accept_terms: true },
        headers: via(client),
      });
    const a = '198.51.100.50';
    // A form mistake tells nothing about accounts: not counted.
    expect((await register(a, undefined, 'short')).status).toBe(400);
    const taken = await register(a, 'dealer@demo.test');
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({ message: 'The email has already been taken.' });
    expect((await register(a)).status).toBe(201);
    // The address's third try is refused before the email is looked up, taken or not.
    const third = await register(a, 'dealer2@demo.test');
    expect(third.status).toBe(429);
    expect(third.body).toEqual({ message: 'Too many attempts. Please try again in 60 minutes.' });
    expect((await register(a)).status).toBe(429);

    // Global: 2 counted so far; two more from other addresses, then nobody gets an answer.
    expect((await register('198.51.100.51', 'am@demo.test')).status).toBe(400);
    expect((await register('198.51.100.52')).status).toBe(201);
    expect((await register('198.51.100.53', 'pm@demo.test')).status).toBe(429);
    expect((await register('198.51.100.54')).status).toBe(429);
  });
});

describe('TRUST_PROXY', () => {
  it('takes a hop count or the proxies\' addresses, never "trust everyone"', () => {
    expect(parseTrustProxy(undefined)).toBeUndefined();
    expect(parseTrustProxy('')).toBeUndefined();
    expect(parseTrustProxy('0')).toBeUndefined();
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy(' 10.0.0.1, 192.168.0.0/16 ,fd00::/8, loopback')).toEqual(['10.0.0.1', '192.168.0.0/16', 'fd00::/8', 'loopback']);
    for (const everyone of ['true', 'TRUE', '*', '0.0.0.0/0', '10.0.0.1, ::/0']) {
      expect(() => parseTrustProxy(everyone), everyone).toThrow(/TRUST_PROXY: .*any client's X-Forwarded-For/);
    }
    for (const bad of ['yes', '10.0.0.300', '10.0.0.0/33', 'proxy.internal']) expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY: /);
    expect(() => trustProxyFor(true as never)).toThrow(/never true/);
  });

  it('what Fastify does with a hop count, and what the server passes it instead', async () => {
    const ipWith = async (trustProxy: FastifyServerOptions['trustProxy']) => {
      const app = Fastify({ trustProxy });
      app.get('/', (request) => ({ ip: request.ip }));
      // From the proxy on 127.0.0.1: the client wrote 10.9.9.9, the proxy appended 203.0.113.9.
      const r = await app.inject({ url: '/', remoteAddress: '127.0.0.1', headers: via('203.0.113.9', '10.9.9.9') });
      await app.close();
      return (r.json() as { ip: string }).ip;
    };
    // Fastify 5.12 ignores a bare hop count (it cannot check the peer, so it trusts nobody; its
    // types no longer even list a number): every client behind the proxy would share the proxy's
    // address and its limits.
    expect(await ipWith(1 as unknown as FastifyServerOptions['trustProxy'])).toBe('127.0.0.1');
    // `true` takes the leftmost entry: the client's own word.
    expect(await ipWith(true)).toBe('10.9.9.9');
    // The server's translation of TRUST_PROXY=1: the address the proxy appended.
    expect(await ipWith(trustProxyFor(1))).toBe('203.0.113.9');
    expect(await ipWith(trustProxyFor(['127.0.0.1']))).toBe('203.0.113.9');
    expect(await ipWith(trustProxyFor(['10.0.0.0/8']))).toBe('127.0.0.1');
  });

  it('the process refuses TRUST_PROXY=true at start, before it opens the database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-trust-'));
    const portal = startPortal({ DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'no-dist'), TRUST_PROXY: 'true' });
    try {
      expect(await portal.exited).toBe(1);
      expect(portal.output()).toContain(`TRUST_PROXY: "true" would trust any client's X-Forwarded-For`);
      expect(portal.output()).not.toContain('listening on');
    } finally {
      // Only this test's own process (killAll would end other files' too).
      if (portal.child.exitCode === null) portal.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
