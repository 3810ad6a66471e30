// Stage versions in the engine (engine/README.md "Stage versions"): a catalogue per set of
// definitions, the engine's lookups reading the active one, validators of a run-time version made
// by the shipped generator and run from its module text, and caches that never mix two versions.
import { describe, expect, it } from 'vitest';
import {
  activeCatalogue,
  baseCatalogue,
  catalogueWith,
  configProgress,
  forgetStageValidators,
  getStage,
  instantiateValidators,
  loadStageValidators,
  registerStageValidators,
  stageDefaults,
  stageDefinitionFromFile,
  stageFiles,
  stageValidatorModule,
  updateStage,
  validateStage,
  withCatalogue,
  writeStage,
  type ValidatorModule,
} from '../../engine';

type StageFile = { slug: string; schema: { properties: Record<string, unknown>; required?: string[] }; defaults: Record<string, unknown>; rules?: unknown[] };
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** Key contact, version `version`, with a required "best time to call" of at most `max` characters. */
function keyContact(version: number, max: number) {
  const file = clone(stageFiles['key-contact']) as StageFile;
  file.schema.properties.bestTime = { type: 'string', title: 'configurator:fields.bestTime', maxLength: max };
  file.schema.required = [...(file.schema.required ?? []), 'bestTime'];
  file.defaults = { ...file.defaults, bestTime: '' };
  return stageDefinitionFromFile(file, { version, key: `key-contact@${version}-test${max}` });
}

/** Evaluates a module's text as the server does (a data: import) and registers its validators. */
async function register(definition: ReturnType<typeof keyContact>) {
  const text = stageValidatorModule(definition);
  const module = (await import(`data:text/javascript;base64,${Buffer.from(text).toString('base64')}`)) as ValidatorModule;
  registerStageValidators(instantiateValidators(module));
  return text;
}

const contact = { name: 'Jo Bloggs', email: 'jo@example.test', telephone: '01234 567890', mobile: '', position: 'Owner' };

describe('catalogues of stage versions', () => {
  it('reads the shipped files outside any scope and the version inside one, restoring the outer catalogue after', () => {
    const v2 = keyContact(2, 40);
    const catalogue = catalogueWith([v2]);
    expect(getStage('key-contact').version).toBe(1);
    expect(withCatalogue(catalogue, () => getStage('key-contact'))).toBe(v2);
    expect(withCatalogue(catalogue, () => stageDefaults('key-contact'))).toMatchObject({ bestTime: '' });
    // Nested scopes: the inner one wins, the outer one comes back.
    const v3 = keyContact(3, 10);
    withCatalogue(catalogue, () => {
      expect(withCatalogue(catalogueWith([v3]), () => getStage('key-contact').version)).toBe(3);
      expect(getStage('key-contact').version).toBe(2);
    });
    expect(activeCatalogue()).toBe(baseCatalogue);
    // The other stages are the shipped ones, in the same order.
    expect(catalogue.stages.map((s) => s.slug)).toEqual(baseCatalogue.stages.map((s) => s.slug));
    expect(catalogue.bySlug.get('franchises')).toBe(baseCatalogue.bySlug.get('franchises'));
  });

  it('gives the same catalogue for the same definitions, and refuses an async function', async () => {
    const v2 = keyContact(2, 40);
    expect(catalogueWith([v2])).toBe(catalogueWith([v2]));
    expect(catalogueWith([])).toBe(baseCatalogue);
    expect(() => withCatalogue(catalogueWith([v2]), async () => 1)).toThrow(/synchronous/);
    expect(activeCatalogue()).toBe(baseCatalogue);
  });

  it('validates with the version\'s own validators, made by the shipped generator and run from the module text', async () => {
    await loadStageValidators(['key-contact', 'company-information']);
    const v2 = keyContact(2, 40);
    const text = await register(v2);
    expect(text).not.toMatch(/^import /m);
    const data = Object.freeze({ keyContact: contact, bestTime: 'x'.repeat(41) });
    const catalogue = catalogueWith([v2]);
    const judged = withCatalogue(catalogue, () => validateStage('key-contact', data, {}, { mode: 'draft' }));
    expect(judged.errors).toEqual([expect.objectContaining({ path: '/bestTime', key: 'validation:field.maxLength' })]);
    // The same frozen data under version 1: the key is unknown there (remembered results are per version).
    const shipped = validateStage('key-contact', data, {}, { mode: 'draft' });
    expect(shipped.errors).toEqual([expect.objectContaining({ path: '/bestTime', key: 'validation:field.invalid' })]);
    // And again under version 2, from the memo: still version 2's verdict.
    expect(withCatalogue(catalogue, () => validateStage('key-contact', data, {}, { mode: 'draft' })).errors).toEqual(judged.errors);
  });

  it("runs a config's writes and progress with the snapshot's catalogue", async () => {
    await loadStageValidators();
    const v2 = keyContact(2, 40);
    await register(v2);
    const { companyInformation } = await import('./fixtures');
    const config = { version: 1, doc: { 'company-information': companyInformation }, states: {}, catalogue: catalogueWith([v2]) };
    const write = (data: unknown) => writeStage({ config, slug: 'key-contact', data, state: 'draft', permissions: ['edit configs'], baseVersion: 1 });
    const ok = write({ keyContact: contact, bestTime: 'Mornings' });
    expect(ok.ok).toBe(true);
    const tooLong = write({ keyContact: contact, bestTime: 'x'.repeat(41) });
    expect(tooLong).toMatchObject({ ok: false, status: 422 });
    // The same write without the pinned catalogue is refused: version 1 has no such field.
    expect(writeStage({ config: { ...config, catalogue: undefined }, slug: 'key-contact', data: { keyContact: contact, bestTime: 'Mornings' }, state: 'draft', permissions: ['edit configs'], baseVersion: 1 }).ok).toBe(false);
    // The progress reads the version's required flag through the snapshot.
    expect(configProgress(config).stages.find((s) => s.slug === 'key-contact')).toMatchObject({ required: true, open: true });
  });

  it("applies a version's rules only where it is in use", () => {
    const file = clone(stageFiles['franchises']) as StageFile;
    // Version 2 of franchises upper-cases nothing but pads the list to one item: a visible rule.
    file.rules = [{ id: 'franchises.at-least-one', description: 'test', target: '/franchises/franchises', logic: { ensureItem: [{ var: 'value' }, { var: 'defaults.franchises.item' }] } }];
    file.defaults = { franchises: [], item: { id: 'f0', name: 'First' } } as Record<string, unknown>;
    (file.schema.properties as Record<string, unknown>).item = { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } };
    const v2 = stageDefinitionFromFile(file, { version: 2, key: 'franchises@2-testrule' });
    const doc = { franchises: { franchises: [] } };
    expect(withCatalogue(catalogueWith([v2]), () => updateStage(doc, 'franchises', { franchises: [] }).doc.franchises)).toMatchObject({ franchises: [{ id: 'f0', name: 'First' }] });
    expect(updateStage(doc, 'franchises', { franchises: [] }).doc.franchises).toEqual({ franchises: [] });
  });

  it('forgets the validators of a key', async () => {
    const v9 = keyContact(9, 7);
    await register(v9);
    const catalogue = catalogueWith([v9]);
    expect(withCatalogue(catalogue, () => validateStage('key-contact', { keyContact: contact, bestTime: 'x' }, {}, { mode: 'draft' }).errors)).toEqual([]);
    forgetStageValidators(v9.key);
    expect(() => withCatalogue(catalogue, () => validateStage('key-contact', Object.freeze({ keyContact: contact, bestTime: 'y' }), {}, { mode: 'draft' }))).toThrow(/not loaded/);
  });
});
