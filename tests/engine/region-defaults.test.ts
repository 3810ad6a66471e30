// Country fields default to the company's region upper-cased (spec section 9), UK as GB: named data
// in engine/regions.ts, declared on the country shape (`defaultFrom`), applied by stageDefaults and a reset.
import { describe, expect, it } from 'vitest';
import {
  COUNTRY_CHOICES,
  DEFAULT_REGION,
  EUROPE_COUNTRIES,
  PARTNER_REGIONS,
  getStage,
  lintStageFile,
  regionCountry,
  stageCatalogue,
  stageDefaults,
  validateStage,
  withContextSchema,
  writeStage,
  type WriteStageSuccess,
} from '../../engine';
import companyInformationFile from '../../schemas/stages/company-information.json';
import { STAFF, snapshot } from './fixtures';

// The portal's region terms (server/db/seed-data.ts) and the country each company's fields start with.
const REGIONS: Array<[string, string]> = [['uk', 'GB'], ['au', 'AU'], ['be', 'BE'], ['fr', 'FR'], ['nl', 'NL'], ['za', 'ZA'], ['usa', 'US']];

/** Every pointer in `data` whose value differs from `other`'s. */
function differences(data: unknown, other: unknown, at = ''): string[] {
  if (data && typeof data === 'object' && other && typeof other === 'object') {
    return Object.keys(data).flatMap((k) => differences((data as Record<string, unknown>)[k], (other as Record<string, unknown>)[k], `${at}/${k}`));
  }
  return data === other ? [] : [at];
}

describe('regionCountry', () => {
  it.each(REGIONS)('region %s -> %s', (region, country) => {
    expect(regionCountry(region)).toBe(country);
    expect(regionCountry(region.toUpperCase())).toBe(country);
  });

  it('is the default region (UK -> GB) without a region, or for a region whose country no field offers', () => {
    expect(DEFAULT_REGION).toBe('uk');
    for (const none of [undefined, null, '', 'de']) expect(regionCountry(none)).toBe('GB');
  });
});

describe('the country choices', () => {
  it('are the Europe set, the partner regions and every region country, nothing else', () => {
    expect(EUROPE_COUNTRIES).toEqual(['UK', 'GB', 'FR', 'IE', 'PL', 'NL']);
    expect(PARTNER_REGIONS).toEqual(['ZA', 'FR', 'NL', 'AU', 'US']);
    const union = new Set([...EUROPE_COUNTRIES, ...PARTNER_REGIONS, ...REGIONS.map(([, c]) => c)]);
    expect(new Set(COUNTRY_CHOICES)).toEqual(union);
    // Every field that offers countries offers exactly these (the shape's enum, bundled into each stage).
    const enums = stageCatalogue.flatMap((s) => (JSON.stringify(s.schema).match(/"enum":\[[^\]]*"GB"[^\]]*\]/g) ?? []).map((e) => `${s.slug} ${e}`));
    expect(enums.length).toBeGreaterThan(0);
    for (const e of enums) expect(e).toContain(JSON.stringify(COUNTRY_CHOICES));
  });
});

describe('stageDefaults with the company region', () => {
  it.each(REGIONS)('a company in %s starts its company information and domain registration in %s', (region, country) => {
    expect((stageDefaults('company-information', { region }).companyInformation as { country: string }).country).toBe(country);
    expect((stageDefaults('domains', { region }).registration as { country: string }).country).toBe(country);
  });

  it('changes only country fields, stays valid draft data for every stage and region, and leaves the catalogue alone', () => {
    for (const s of stageCatalogue) {
      const plain = stageDefaults(s.slug);
      for (const [region, country] of REGIONS) {
        const mine = stageDefaults(s.slug, { region });
        for (const at of differences(mine, plain)) expect(`${s.slug}${at} ${country}`).toMatch(/\/country [A-Z]{2}$/);
        expect(validateStage(s.slug, mine, {}, { mode: 'draft' }).errors, `${s.slug} ${region}`).toEqual([]);
      }
    }
    // Without a company, the file's own defaults (the default region's country).
    expect((stageDefaults('company-information').companyInformation as { country: string }).country).toBe('GB');
    expect((getStage('company-information').defaults.companyInformation as { country: string }).country).toBe('GB');
  });

  it('a reset returns to the company defaults', () => {
    const config = snapshot({ 'company-information': { companyInformation: { name: 'Garage du Port', country: 'GB' } } as never });
    const r = writeStage({ config, slug: 'company-information', data: null, state: 'draft', action: 'reset', permissions: STAFF, baseVersion: config.version, context: { region: 'fr' } });
    expect(r.ok).toBe(true);
    expect(((r as WriteStageSuccess).config.doc['company-information'].companyInformation as { country: string }).country).toBe('FR');
  });
});

describe('withContextSchema: what a form is given', () => {
  /** Every `default` of a country field in a schema, definitions included. */
  const countryDefaults = (schema: unknown): unknown[] => {
    if (Array.isArray(schema)) return schema.flatMap(countryDefaults);
    if (!schema || typeof schema !== 'object') return [];
    const node = schema as Record<string, unknown>;
    return [...(node.defaultFrom ? [node.default] : []), ...Object.values(node).flatMap(countryDefaults)];
  };

  it("makes the company's country the default of every country field, in list items too, without touching the catalogue", () => {
    const locations = getStage('locations').schema as Record<string, unknown>;
    const before = JSON.stringify(locations);
    expect(countryDefaults(locations)).toContain('GB');
    const french = withContextSchema(locations, { region: 'fr' });
    expect(new Set(countryDefaults(french))).toEqual(new Set(['FR']));
    expect(countryDefaults(french).length).toBe(countryDefaults(locations).length);
    expect(JSON.stringify(locations)).toBe(before);
    // Only the defaults change: everything else of the schema is the same.
    expect(JSON.stringify(withContextSchema(locations, { region: 'uk' }))).toBe(before);
  });
});

describe('lintStageFile and defaultFrom', () => {
  it('refuses a defaultFrom the engine does not know', () => {
    const file = structuredClone(companyInformationFile) as unknown as { schema: { properties: { companyInformation: { properties: Record<string, unknown> } } } };
    file.schema.properties.companyInformation.properties.regNumber = { type: 'string', defaultFrom: 'companyNumber' };
    expect(lintStageFile(file, 'company-information.json')).toContain('company-information.json: /schema/properties/companyInformation/properties/regNumber/defaultFrom must be one of ["regionCountry"]');
  });
});
