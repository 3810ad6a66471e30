// Analytics (spec section 1: "Analytics is configured"): off unless configured; configured, a page
// view (a route's path pattern) is forwarded to the provider, here a real local HTTP receiver
// standing in for a Plausible Events API, with the visitor's browser and address.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAnalyticsEnv } from '../../../server/options';
import { startTestServer, type TestServer } from '../../support/server';
import { call } from '../helpers';

type Received = { body: Record<string, unknown>; headers: IncomingHttpHeaders };

describe('analytics off (no ANALYTICS_PROVIDER)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('tells the app it is off and refuses page views with a 404 in the error shape', async () => {
    expect((await call(server, 'GET', '/api/analytics')).body).toEqual({ enabled: false });
    const r = await call<{ message: string }>(server, 'POST', '/api/analytics/pageview', { body: { path: '/dashboard' } });
    expect([r.status, r.body.message]).toEqual([404, 'Analytics is not configured.']);
  });
});

describe('analytics to a Plausible Events API', () => {
  let server: TestServer;
  let receiver: Server;
  const received: Received[] = [];
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        received.push({ body: JSON.parse(text) as Record<string, unknown>, headers: req.headers });
        res.writeHead(202).end('ok');
      });
    });
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/event`;
    server = await startTestServer({ analytics: { provider: 'plausible', url, site: 'portal.example.test' } });
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((done) => receiver?.close(done));
  });

  it('forwards a page view with the route pattern, the site, the browser and the address, without a session', async () => {
    expect((await call(server, 'GET', '/api/analytics')).body).toEqual({ enabled: true });
    const r = await call(server, 'POST', '/api/analytics/pageview', { body: { path: '/configurator/:id/:slug' }, headers: { 'user-agent': 'Mozilla/5.0 (test)' } });
    expect(r.status).toBe(202);
    await expect.poll(() => received.length).toBe(1);
    expect(received[0].body).toEqual({ name: 'pageview', url: `${server.url}/configurator/:id/:slug`, domain: 'portal.example.test' });
    expect(received[0].headers['user-agent']).toBe('Mozilla/5.0 (test)');
    expect(received[0].headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('refuses anything but a route pattern (no query, no markup, nothing else) with a 400, forwarding nothing', async () => {
    const before = received.length;
    for (const body of [{ path: '/dashboard?company=Demo%20Motors' }, { path: '/x/<b>' }, { path: 'dashboard' }, { path: '/dashboard', email: 'dealer@demo.test' }, {}]) {
      expect((await call(server, 'POST', '/api/analytics/pageview', { body })).status, JSON.stringify(body)).toBe(400);
    }
    await new Promise((done) => setTimeout(done, 200));
    expect(received.length).toBe(before);
  });
});

describe('ANALYTICS_* variables', () => {
  it('are off when unset, and stop the start with the reason when incomplete or unknown', () => {
    expect(parseAnalyticsEnv({})).toBeNull();
    expect(parseAnalyticsEnv({ ANALYTICS_PROVIDER: 'log' })).toEqual({ provider: 'log' });
    expect(parseAnalyticsEnv({ ANALYTICS_PROVIDER: 'plausible', ANALYTICS_URL: 'https://plausible.io/api/event', ANALYTICS_SITE: 'portal.example' })).toEqual({
      provider: 'plausible', url: 'https://plausible.io/api/event', site: 'portal.example',
    });
    expect(() => parseAnalyticsEnv({ ANALYTICS_PROVIDER: 'plausible', ANALYTICS_SITE: 'portal.example' })).toThrow(/ANALYTICS_URL/);
    expect(() => parseAnalyticsEnv({ ANALYTICS_PROVIDER: 'google' })).toThrow(/"log" or "plausible"/);
  });
});
