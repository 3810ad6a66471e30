// Locked rows (issue 54) on the real server: staff lock a location; a dealer's write that removes,
// changes or moves it, or unlocks it, is refused 403 with the engine's message, and nothing is lost.
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../../support/server';
import { companyInformation, configPath, newConfig, withDemoServer, writeStage, writeStages, type ConfigBody, type Demo, type ErrorBody } from '../configs-helpers';
import { call } from '../helpers';
import errorsCatalogue from '../../../locales/en-GB/errors.json';

let server: TestServer;
let d: Demo;
withDemoServer((started) => ({ server, d } = started));

type Location = { id: string; name: string; disabled?: boolean };
const site = (id: string, name: string) => ({ id, name, address: { line1: '1 Road', town: 'Leeds', country: 'GB' }, postcode: 'LS1 1AA', franchises: ['fFord'] });
const LOCKED_MESSAGE = 'This row is locked by our team: it cannot be changed, removed or moved.';

/** A config whose second location (lLeeds) staff (pm@, manage configs) locked. */
async function lockedConfig(): Promise<ConfigBody> {
  const config = await newConfig(server, d.tokens.pm, d.motors.company.guid);
  return writeStages(server, d.tokens.pm, config, [
    { slug: 'company-information', data: companyInformation, state: 'draft' },
    { slug: 'franchises', data: { franchises: [{ id: 'fFord', name: 'Ford' }] }, state: 'draft' },
    { slug: 'locations', data: { locations: [site('lYork', 'York'), { ...site('lLeeds', 'Leeds'), disabled: true }, site('lHull', 'Hull')] }, state: 'draft' },
  ]);
}

const locationsOf = (c: ConfigBody) => c.data.locations.locations as Location[];

describe('a row staff locked', () => {
  it('is stored with its flag, and a dealer sees it', async () => {
    const config = await lockedConfig();
    const read = await call<ConfigBody>(server, 'GET', configPath(config), { token: d.tokens.dealer });
    expect(read.status).toBe(200);
    expect(locationsOf(read.body).map((l) => [l.id, l.disabled])).toEqual([['lYork', undefined], ['lLeeds', true], ['lHull', undefined]]);
  });

  it('cannot be removed by a dealer, by PUT of the data or by patches: 403 with the message, nothing lost', async () => {
    const config = await lockedConfig();
    const before = locationsOf(config);

    const whole = await writeStage(server, d.tokens.dealer, config, { slug: 'locations', data: { locations: before.filter((l) => l.id !== 'lLeeds') }, state: 'draft', version: config.version });
    expect(whole.status, whole.text).toBe(403);
    expect(whole.body.message).toBe(LOCKED_MESSAGE);
    expect(whole.body.errors).toEqual([{ detail: LOCKED_MESSAGE, field: '/locations/1' }]);
    // The server speaks the English catalogue; the app shows it in the dealer's language (errors.json).
    expect(errorsCatalogue.configs.row_locked).toBe(LOCKED_MESSAGE);

    const patched = await call<ConfigBody & ErrorBody>(server, 'PUT', configPath(config), {
      token: d.tokens.dealer,
      body: { slug: 'locations', state: 'draft', version: config.version, patches: [{ op: 'remove', path: '/locations/1' }] },
    });
    expect(patched.status, patched.text).toBe(403);
    expect(patched.body.message).toBe(LOCKED_MESSAGE);

    // Unlocking it is refused too, with its own words.
    const unlocked = await writeStage(server, d.tokens.dealer, config, { slug: 'locations', data: { locations: before.map(({ disabled: _d, ...l }) => l) }, state: 'draft', version: config.version });
    expect(unlocked.status).toBe(403);
    expect(unlocked.body.message).toBe('Only our team can lock or unlock a row.');

    const read = await call<ConfigBody>(server, 'GET', configPath(config), { token: d.tokens.dealer });
    expect(read.body.version).toBe(config.version);
    expect(locationsOf(read.body)).toEqual(before);
  });

  it('leaves a dealer free to edit the other rows, and staff free to edit, unlock and remove it', async () => {
    const config = await lockedConfig();
    const [york, leeds, hull] = locationsOf(config);
    const dealer = await writeStage(server, d.tokens.dealer, config, { slug: 'locations', data: { locations: [{ ...york, name: 'York Central' }, leeds, hull] }, state: 'draft', version: config.version });
    expect(dealer.status, dealer.text).toBe(200);
    expect(locationsOf(dealer.body)[1]).toEqual(leeds);

    const staff = await writeStage(server, d.tokens.pm, dealer.body, { slug: 'locations', data: { locations: [locationsOf(dealer.body)[0], hull] }, state: 'draft', version: dealer.body.version });
    expect(staff.status, staff.text).toBe(200);
    expect(locationsOf(staff.body).map((l) => l.id)).toEqual(['lYork', 'lHull']);
  });
});
