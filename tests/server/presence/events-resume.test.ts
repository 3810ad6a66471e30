// A page whose stream ended (its token renewed, the network dropped, an instance drained) connects
// again with the last event id it heard (`Last-Event-ID`: a config version): the new stream starts
// with the saves made in between, so a save made during the reconnect is not lost.
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../../support/server';
import { companyInformation, newConfig, withDemoServer, writeStage, type Demo, type ErrorBody } from '../configs-helpers';
import { call } from '../helpers';
import { names, openEvents, type EventReader } from './events-helpers';

let server: TestServer;
let d: Demo;
withDemoServer((started) => ({ server, d } = started));

const STAGE = 'company-information';
const withInfo = (postcode: string, fcaRegNumber = '123456') => ({ companyInformation: { ...companyInformation.companyInformation, postcode, fcaRegNumber } });

/** The stream's position: the `id` it sends once it has said what it had to (an id alone). */
async function position(stream: EventReader): Promise<string> {
  await expect.poll(() => stream.ids.length, { timeout: 5000, interval: 20 }).toBeGreaterThan(0);
  return stream.ids.at(-1)!;
}

describe('GET /configs/{id}/events with Last-Event-ID', () => {
  it('starts a page that connects again with the saves it missed, in order, each with its fields, then its place', async () => {
    const created = await newConfig(server, d.tokens.pm, d.motors.company.guid);
    let current = (await writeStage(server, d.tokens.dealer, created, { slug: STAGE, data: withInfo('LS1 1AA'), state: 'draft', version: created.version })).body;

    const pm = await openEvents(server.url, d.tokens.pm, created.id, STAGE);
    expect(pm.status).toBe(200);
    await pm.next('presence');
    // Its place: the config's version when it opened.
    const at = await position(pm);
    expect(at).toBe(String(current.version));
    pm.close();

    // While Pat's page is away, the dealer saves twice.
    const missed: number[] = [];
    for (const [postcode, fca] of [['M1 1AE', '123456'], ['M1 1AE', '654321']]) {
      const r = await writeStage(server, d.tokens.dealer, current, { slug: STAGE, data: withInfo(postcode, fca), state: 'draft', version: current.version });
      expect(r.status).toBe(200);
      current = r.body;
      missed.push(current.version);
    }

    const again = await openEvents(server.url, d.tokens.pm, created.id, STAGE, at);
    expect(again.status).toBe(200);
    expect(names(await again.next('presence'))).toEqual([]);
    expect(await position(again)).toBe(String(current.version));
    const heard = again.events.filter((e) => e.event === 'saved').map((e) => e.data);
    expect(heard).toEqual([
      { version: missed[0], stage: STAGE, by: expect.objectContaining({ name: 'Dana Dealer' }), fields: ['/companyInformation/postcode'] },
      { version: missed[1], stage: STAGE, by: expect.objectContaining({ name: 'Dana Dealer' }), fields: ['/companyInformation/fcaRegNumber'] },
    ]);
    // Each save carries its version as its id, the stream's place last.
    expect(again.ids).toEqual([...missed.map(String), String(current.version)]);
    again.close();

    // A page that missed nothing hears no save.
    const upToDate = await openEvents(server.url, d.tokens.pm, created.id, STAGE, String(current.version));
    await position(upToDate);
    expect(upToDate.events.some((e) => e.event === 'saved')).toBe(false);
    upToDate.close();
  });

  it('sends one change of the whole stage, by the latest save\'s author, for a page that missed more than a hundred saves', async () => {
    const created = await newConfig(server, d.tokens.pm, d.motors.company.guid);
    const since = String(created.version);
    let current = created;
    // 101 saves by the dealer, then one by Pat: the one event names who saved last, not the 101st.
    for (let i = 0; i < 102; i++) {
      const token = i < 101 ? d.tokens.dealer : d.tokens.pm;
      const r = await writeStage(server, token, current, { slug: STAGE, data: withInfo('LS1 1AA', String(100000 + i)), state: 'draft', version: current.version });
      expect(r.status).toBe(200);
      current = r.body;
    }
    const dealer = await openEvents(server.url, d.tokens.dealer, created.id, STAGE, since);
    expect(await position(dealer)).toBe(String(current.version));
    const heard = dealer.events.filter((e) => e.event === 'saved').map((e) => e.data);
    expect(heard).toEqual([{ version: current.version, stage: STAGE, by: expect.objectContaining({ name: 'Pat Project' }), fields: [''] }]);
    expect(dealer.ids).toEqual([String(current.version), String(current.version)]);
    dealer.close();
  }, 60_000);

  it('refuses a Last-Event-ID that is not a version, in the error shape', async () => {
    for (const bad of ['abc', '-1', '1.5', '12345678901']) {
      const r = await call<ErrorBody>(server, 'GET', `/api/configs/${d.motors.id}/events?stage=${STAGE}`, { token: d.tokens.pm, headers: { accept: 'text/event-stream', 'last-event-id': bad } });
      expect(r.status, bad).toBe(400);
      expect(r.body.message, bad).toMatch(/last-event-id/i);
    }
  });
});
