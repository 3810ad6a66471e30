import { describe, expect, it } from 'vitest';
import type { TestServer } from '../../support/server';
import { companyInformation, configPath, newConfig, withDemoServer, writeStage, writeStages, type ConfigBody, type Demo } from '../configs-helpers';
import { call } from '../helpers';

let server: TestServer;
let d: Demo;
withDemoServer((started) => ({ server, d } = started));

const ID = /^[A-Za-z0-9]{5}$/;
type Item = { id: string; name: string; franchises?: string[] };

describe('list items written through the API without ids', () => {
  it('get an id from the server, which is stored, answered, and can be referred to by other stages', async () => {
    let config: ConfigBody = await newConfig(server, d.tokens.pm, d.motors.company.guid);
    config = await writeStages(server, d.tokens.pm, config, [{ slug: 'company-information', data: companyInformation, state: 'draft' }]);

    // A script (or an older client) sends franchises without ids.
    const written = await writeStage(server, d.tokens.dealer, config, { slug: 'franchises', data: { franchises: [{ name: 'Ford' }, { name: 'Kia' }] }, state: 'draft', version: config.version });
    expect(written.status).toBe(200);
    const answered = written.body.data.franchises.franchises as Item[];
    expect(answered.map((f) => f.name)).toEqual(['Ford', 'Kia']);
    expect(answered.map((f) => f.id)).toEqual([expect.stringMatching(ID), expect.stringMatching(ID)]);
    expect(answered[0].id).not.toBe(answered[1].id);

    // Stored: a fresh read has the same ids.
    const read = await call<ConfigBody>(server, 'GET', configPath(config), { token: d.tokens.dealer });
    expect(read.body.data.franchises.franchises).toEqual(answered);

    // A location (itself without an id) picks the Kia franchise by its new id, and the franchises
    // stage can then be submitted: every item has the id its schema requires.
    const site = { name: 'Leeds', address: { line1: '1 Road', town: 'Leeds', country: 'GB' }, postcode: 'LS1 1AA', franchises: [answered[1].id] };
    const located = await writeStage(server, d.tokens.dealer, written.body, { slug: 'locations', data: { locations: [site] }, state: 'draft', version: written.body.version });
    expect(located.status).toBe(200);
    const [location] = located.body.data.locations.locations as Item[];
    expect(location.id).toMatch(ID);
    expect(location.franchises).toEqual([answered[1].id]);

    const submitted = await writeStage(server, d.tokens.dealer, located.body, { slug: 'franchises', data: located.body.data.franchises, state: 'submitted', version: located.body.version });
    expect(submitted.status).toBe(200);
    expect(submitted.body.stages.find((s) => s.slug === 'franchises')?.state).toBe('submitted');
    expect(submitted.body.data.franchises.franchises).toEqual(answered);
  });

  it('keep the ids they were sent with', async () => {
    let config: ConfigBody = await newConfig(server, d.tokens.pm, d.motors.company.guid);
    config = await writeStages(server, d.tokens.pm, config, [{ slug: 'company-information', data: companyInformation, state: 'draft' }]);
    const r = await writeStage(server, d.tokens.dealer, config, { slug: 'franchises', data: { franchises: [{ id: 'fFord', name: 'Ford' }, { name: 'Kia' }] }, state: 'draft', version: config.version });
    expect(r.status).toBe(200);
    const [ford, kia] = r.body.data.franchises.franchises as Item[];
    expect(ford).toEqual({ id: 'fFord', name: 'Ford' });
    expect(kia.id).toMatch(ID);
  });
});
