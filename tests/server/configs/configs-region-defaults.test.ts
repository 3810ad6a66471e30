// A config's country fields default to its company's region upper-cased (spec section 9; UK as GB):
// a reset stage, and a stage restored to before its first save, hold the company's defaults.
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../../support/server';
import { call } from '../helpers';
import { companyInformation, newConfig, withDemoServer, writeStage, writeStages, type ConfigBody, type Demo } from '../configs-helpers';

let server: TestServer;
let d: Demo;
withDemoServer((s) => ({ server, d } = s));

// Region terms of the demo data (server/db/seed-data.ts) and the country their companies start in.
const REGIONS: Array<[slug: string, term: number, country: string]> = [['uk', 7, 'GB'], ['au', 8, 'AU'], ['be', 9, 'BE'], ['fr', 10, 'FR'], ['nl', 11, 'NL'], ['za', 12, 'ZA']];
const countryOf = (c: ConfigBody) => (c.data['company-information'].companyInformation as { country: string }).country;

/** A demo company of the region (by its term id). */
async function companyIn(term: number): Promise<{ guid: string }> {
  const r = await call<Array<{ guid: string }>>(server, 'GET', `/api/companies?filter=${encodeURIComponent(JSON.stringify({ region: [term] }))}`, { token: d.tokens.admin });
  expect(r.body.length, `a company in region ${term}`).toBeGreaterThan(0);
  return r.body[0];
}

describe("country defaults follow the company's region", () => {
  it.each(REGIONS)('a new config of a company in %s (term %i) resets its company information to country %s', async (_slug, term, country) => {
    const config = await newConfig(server, d.tokens.admin, (await companyIn(term)).guid);
    const reset = await writeStage(server, d.tokens.admin, config, { slug: 'company-information', state: 'draft', action: 'reset', version: config.version });
    expect(reset.status, reset.body.message).toBe(200);
    expect(countryOf(reset.body)).toBe(country);
  });

  it.each(REGIONS)("a config of a company in %s (term %i) answers the company's region, which the stage page's defaults follow", async (slug, term) => {
    const config = await newConfig(server, d.tokens.admin, (await companyIn(term)).guid);
    const read = await call<ConfigBody & { company: { region: string | null } }>(server, 'GET', `/api/configs/${config.id}`, { token: d.tokens.admin });
    expect(read.status).toBe(200);
    expect(read.body.company.region).toBe(slug);
  });

  it('a reset of a domain registration gives the region country too, after the dealer chose another', async () => {
    // Company information complete first (the other stages require it), a UK address as the dealer typed it.
    const config = await writeStages(server, d.tokens.admin, await newConfig(server, d.tokens.admin, (await companyIn(10)).guid), [
      { slug: 'company-information', data: companyInformation, state: 'draft' },
    ]);
    const registration = { companyName: '', firstName: '', lastName: '', telephone: '', email: '', address: { line1: '', line2: '', line3: '' }, postcode: '', country: 'IE' };
    const saved = await writeStage(server, d.tokens.admin, config, { slug: 'domains', data: { domains: [], ssl: true, registration }, state: 'draft', version: config.version });
    expect(saved.status, saved.body.message).toBe(200);
    const reset = await writeStage(server, d.tokens.admin, saved.body, { slug: 'domains', state: 'draft', action: 'reset', version: saved.body.version });
    expect(reset.status, reset.body.message).toBe(200);
    expect((reset.body.data.domains.registration as { country: string }).country).toBe('FR');
  });

  it("restoring a stage's first save returns it to the company defaults", async () => {
    const config = await writeStages(server, d.tokens.admin, await newConfig(server, d.tokens.admin, (await companyIn(11)).guid), [
      { slug: 'company-information', data: companyInformation, state: 'draft' },
    ]);
    const history = await call<{ data: Array<{ id: number; stage: string }> }>(server, 'GET', `/api/companies/${config.company.guid}/configs/${config.guid}/history`, { token: d.tokens.admin });
    const first = history.body.data.find((h) => h.stage === 'company-information')!;
    const r = await call<ConfigBody>(server, 'POST', `/api/companies/${config.company.guid}/configs/${config.guid}/history/${first.id}/restore`, { token: d.tokens.admin, body: { version: config.version } });
    expect(r.status).toBe(200);
    expect(countryOf(r.body)).toBe('NL');
  });
});
