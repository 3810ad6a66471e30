import { describe, expect, it } from 'vitest';
import type { TestServer } from '../../support/server';
import { startTestServer } from '../../support/server';
import { companyInformation, newConfig, withDemoServer, writeStage, type Demo } from '../configs-helpers';
import { call, login } from '../helpers';
import { names, openEvents } from './events-helpers';

let server: TestServer;
let d: Demo;
withDemoServer((started) => ({ server, d } = started));

const STAGE = 'company-information';
const withPostcode = (postcode: string) => ({ companyInformation: { ...companyInformation.companyInformation, postcode } });

describe('GET /configs/{id}/events', () => {
  it('is a stream for whoever may see the config: 401 without a session, 404 for another company\'s config or an unknown stage', async () => {
    expect((await openEvents(server.url, null, d.motors.id, STAGE)).status).toBe(401);
    const other = await openEvents(server.url, d.tokens.dealer2, d.motors.id, STAGE);
    expect(other.status).toBe(404);
    const unknown = await openEvents(server.url, d.tokens.dealer, d.motors.id, 'no-such-stage');
    expect(unknown.status).toBe(404);
    const bad = await openEvents(server.url, d.tokens.dealer, d.motors.id, 'Bad Stage!');
    expect(bad.status).toBe(400);
    const none = await call(server, 'GET', `/api/configs/999999/events?stage=${STAGE}`, { token: d.tokens.pm });
    expect(none.status).toBe(404);
  });

  it('tells a dealer and a project manager on one stage about each other, and the one about the other\'s save', async () => {
    // A config of the dealer's company whose stage has been written once (its first save holds the whole stage).
    const created = await newConfig(server, d.tokens.pm, d.motors.company.guid);
    const first = await writeStage(server, d.tokens.dealer, created, { slug: STAGE, data: withPostcode('LS1 1AA'), state: 'draft', version: created.version });
    expect(first.status).toBe(200);

    const dealer = await openEvents(server.url, d.tokens.dealer, created.id, STAGE);
    expect(dealer.status).toBe(200);
    expect(names(await dealer.next('presence'))).toEqual([]);
    const pm = await openEvents(server.url, d.tokens.pm, created.guid, STAGE);
    expect(pm.status).toBe(200);
    const seenByPm = await pm.next('presence');
    expect(seenByPm.users).toEqual([{ id: expect.any(Number), name: 'Dana Dealer', avatar: null }]);
    const dealerName = 'Dana Dealer';
    expect(names(await dealer.next('presence', (e) => e.users.length === 1))).toEqual(['Pat Project']);

    // Another stage's page does not count.
    const elsewhere = await openEvents(server.url, d.tokens.am, created.id, 'locations');
    expect(names(await elsewhere.next('presence'))).toEqual([]);

    // The same user's second tab is not someone else: it sees the PM only, and the PM still sees the dealer once.
    const dealerAgain = await openEvents(server.url, d.tokens.dealer, created.id, STAGE);
    expect(names(await dealerAgain.next('presence'))).toEqual(['Pat Project']);
    dealerAgain.close();
    expect(names(await pm.next('presence', (e) => e.users.length === 1))).toEqual([dealerName]);

    // The dealer saves the postcode: the PM hears of it at once, with the pointer it changed.
    const saved = await writeStage(server, d.tokens.dealer, first.body, { slug: STAGE, data: withPostcode('M1 1AE'), state: 'draft', version: first.body.version });
    expect(saved.status).toBe(200);
    const heard = await pm.next('saved');
    expect(heard).toEqual({ version: saved.body.version, stage: STAGE, by: { id: seenByPm.users[0].id, name: dealerName, avatar: seenByPm.users[0].avatar }, fields: ['/companyInformation/postcode'] });
    // The writer's own page hears it too (the app ignores its own user and version).
    expect((await dealer.next('saved')).version).toBe(saved.body.version);
    // A page of another stage hears the save, with no fields of its own.
    expect(await elsewhere.next('saved')).toMatchObject({ version: saved.body.version, stage: STAGE, fields: [] });

    // The dealer leaves: the PM's list empties.
    dealer.close();
    expect(names(await pm.next('presence', (e) => e.users.length === 0))).toEqual([]);
    pm.close();
    elsewhere.close();
  });

  it('ends its streams when the server drains, so the drain does not wait for them, and closes cleanly', async () => {
    const own = await startTestServer();
    try {
      const token = (await login(own, 'pm@demo.test')).token;
      const stream = await openEvents(own.url, token, d.motors.id, STAGE);
      expect(stream.status).toBe(200);
      await stream.next('presence');
      const started = Date.now();
      await own.app.drain();
      await stream.ended;
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await own.close();
    }
  });
});
