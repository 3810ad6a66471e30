// A stage page's event stream lives as long as the access token that opened it: it ends when the
// token expires (`expired` {reason: 'token'} last; the page renews and connects again) and when its
// session is signed out (`expired` {reason: 'session'}, at the stream's next heartbeat).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESENCE_HEARTBEAT_SECONDS } from '../../../contract/reviews';
import { startTestServer, type TestServer } from '../../support/server';
import { demo, withDemoServer, type Demo } from '../configs-helpers';
import { call, login, refreshCookie } from '../helpers';
import { names, openEvents } from './events-helpers';

const STAGE = 'company-information';

describe('an event stream whose access token expires', () => {
  const TTL = 2;
  let own: TestServer;
  let configId: number;
  beforeAll(async () => {
    own = await startTestServer({ accessTokenTtl: TTL });
    configId = (await demo(own)).motors.id;
  }, 120_000);
  afterAll(async () => {
    await own?.close();
  });

  it('ends when the token expires, saying so last; a renewed token opens it again', async () => {
    const pm = await login(own, 'pm@demo.test', undefined, true);
    const opened = Date.now();
    const stream = await openEvents(own.url, pm.token, configId, STAGE);
    expect(stream.status).toBe(200);
    await stream.next('presence');
    expect(await stream.next('expired', undefined, (TTL + 3) * 1000)).toEqual({ reason: 'token' });
    await stream.ended;
    // Ended at the token's expiry (its `exp` is in whole seconds: up to one before the lifetime), not before.
    const lasted = Date.now() - opened;
    expect(lasted).toBeGreaterThan((TTL - 1) * 1000 - 200);
    expect(lasted).toBeLessThan((TTL + 2) * 1000);
    expect(stream.events.at(-1)?.event).toBe('expired');

    // The token no longer opens one: 401, as any request.
    expect((await openEvents(own.url, pm.token, configId, STAGE)).status).toBe(401);

    // Renewed as the app renews it (the refresh cookie): a new stream; the old tab is no longer present.
    const refreshed = await call<{ access_token: string }>(own, 'POST', '/api/login/refresh', { cookie: pm.cookie });
    expect(refreshed.status).toBe(200);
    const again = await openEvents(own.url, refreshed.body.access_token, configId, STAGE);
    expect(again.status).toBe(200);
    const dealer = await login(own, 'dealer@demo.test');
    const seenByDealer = await openEvents(own.url, dealer.token, configId, STAGE);
    expect(names(await seenByDealer.next('presence'))).toEqual(['Pat Project']);
    again.close();
    seenByDealer.close();
  });
});

describe('an event stream whose session is signed out', () => {
  let server: TestServer;
  let d: Demo;
  withDemoServer((started) => ({ server, d } = started));

  it('ends at the next heartbeat, saying so; another session of the same user keeps its stream', async () => {
    const signedIn = await login(server, 'pm@demo.test');
    const mine = await openEvents(server.url, signedIn.token, d.motors.id, STAGE);
    const otherSession = await openEvents(server.url, d.tokens.pm, d.motors.id, STAGE);
    expect([mine.status, otherSession.status]).toEqual([200, 200]);
    await mine.next('presence');
    await otherSession.next('presence');

    const pings = otherSession.comments.length;
    const out = await call(server, 'POST', '/api/logout', { cookie: signedIn.cookie });
    expect(out.status).toBe(204);
    expect(refreshCookie(out)).toBeNull();
    expect(await mine.next('expired', undefined, (PRESENCE_HEARTBEAT_SECONDS + 5) * 1000)).toEqual({ reason: 'session' });
    await mine.ended;

    // The other session's stream is still open: it had the same heartbeat's ping and no end.
    await expect.poll(() => otherSession.comments.length, { timeout: 2000, interval: 50 }).toBeGreaterThan(pings);
    expect(otherSession.events.some((e) => e.event === 'expired')).toBe(false);
    otherSession.close();
  }, 60_000);
});
