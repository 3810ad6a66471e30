import { describe, expect, it } from 'vitest';
import type { TestServer } from '../../support/server';
import { configPath, newConfig, withDemoServer, writeStage, type ConfigBody, type Demo } from '../configs-helpers';
import { call } from '../helpers';

/**
 * Spec section 3: companies in stage 'created' prefill registered details from company data. The
 * company-information stage's draft is filled from the company row through the engine's write
 * (a revision in the history), never over data a user entered.
 */
let server: TestServer;
let d: Demo;
withDemoServer((started) => ({ server, d } = started));

const DETAILS = {
  lang: 'en',
  fsa_number: '123456',
  reg_number: '09876543',
  vat_number: 'GB123456789',
  address: { line1: '1 River Street', line2: null, line3: 'Leeds' },
  reg_address: { line1: 'Unit 4 Quay Park', line2: 'Quay Road', line3: 'Leeds' },
};

async function company(name: string, stage: string, extra: Record<string, unknown> = {}) {
  const r = await call<{ id: number; guid: string }>(server, 'POST', '/api/companies', { token: d.tokens.admin, body: { ...DETAILS, name, stage, ...extra } });
  expect(r.status).toBe(201);
  return r.body;
}
const info = (c: ConfigBody) => (c.data['company-information'] as { companyInformation?: Record<string, unknown> } | undefined)?.companyInformation;
const read = async (c: ConfigBody, token = d.tokens.admin) => (await call<ConfigBody>(server, 'GET', configPath(c), { token })).body;

describe("company-information prefilled for a company in stage 'created'", () => {
  it('fills the new config\'s stage from the company (name, registered address, registration, VAT and FCA numbers), as a revision', async () => {
    const co = await company('Kingfisher Motors', 'created');
    const config = await newConfig(server, d.tokens.pm, co.guid);
    expect(info(config)).toMatchObject({
      name: 'Kingfisher Motors',
      regAddress: { line1: 'Unit 4 Quay Park', line2: 'Quay Road', line3: 'Leeds' },
      regNumber: '09876543',
      vatNumber: 'GB123456789',
      fcaRegNumber: '123456',
    });
    expect(config.stages.find((s) => s.slug === 'company-information')?.state).toBe('draft');
    // Written through the engine: a save revision of the stage, by the user who created the config.
    const history = await call<{ data: Array<{ stage: string; action: string; user: { name: string } | null }> }>(server, 'GET', `${configPath(config)}/history?stage=company-information`, { token: d.tokens.admin });
    expect(history.body.data).toEqual([expect.objectContaining({ stage: 'company-information', action: 'save' })]);
    // Reading it again changes nothing (the stage has data now).
    const again = await read(config);
    expect(again.version).toBe(config.version);
  });

  it("gives the stage the country of the company's region (spec section 9), beside its details", async () => {
    // Term 10: the demo data's region France (server/db/seed-data.ts).
    const co = await company('Martin Automobiles', 'created', { terms: { region: [10] } });
    const config = await newConfig(server, d.tokens.pm, co.guid);
    expect(info(config)).toMatchObject({ name: 'Martin Automobiles', country: 'FR' });
  });

  it('leaves other companies\' configs alone', async () => {
    const co = await company('Plain Configurator Motors', 'configurator');
    const config = await newConfig(server, d.tokens.pm, co.guid);
    expect(info(config)).toBeUndefined();
    expect(info(await read(config))).toBeUndefined();
  });

  it('fills a config first opened once the company is in stage created, never over what a user entered', async () => {
    const co = await company('Heron Cars', 'configurator');
    const untouched = await newConfig(server, d.tokens.pm, co.guid);
    const typed = await newConfig(server, d.tokens.pm, co.guid);
    const mine = { companyInformation: { name: 'Heron Cars Group', regAddress: { line1: 'Typed by the dealer', line2: '', line3: '' }, postcode: '', country: 'GB', regNumber: '', fcaRegNumber: '', vatNumber: '', icoNumber: '' } };
    const w = await writeStage(server, d.tokens.admin, typed, { slug: 'company-information', data: mine, state: 'draft', version: typed.version });
    expect(w.status).toBe(200);
    expect((await call(server, 'PUT', `/api/companies/${co.guid}`, { token: d.tokens.admin, body: { stage: 'created' } })).status).toBe(200);

    const opened = await read(untouched);
    expect(info(opened)).toMatchObject({ name: 'Heron Cars', regNumber: '09876543', regAddress: { line1: 'Unit 4 Quay Park' } });
    expect(opened.version).toBe(untouched.version + 1);

    // The stage a user wrote keeps what they entered, blanks included.
    const kept = await read(typed);
    expect(info(kept)).toEqual(mine.companyInformation);
    expect(kept.version).toBe(w.body.version);
  });

  it('leaves out a value the stage refuses and fills the rest', async () => {
    // 30 characters: the company allows 50, the stage's registration number 20.
    const co = await company('Kestrel Autos', 'created', { reg_number: '123456789012345678901234567890' });
    const config = await newConfig(server, d.tokens.pm, co.guid);
    expect(info(config)).toMatchObject({ name: 'Kestrel Autos', regNumber: '', vatNumber: 'GB123456789' });
  });
});
