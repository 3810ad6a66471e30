/**
 * The whole configuration of the `config` benchmark (bench/config-document.ts): every stage of the
 * catalogue filled for a dealer group of 30 locations validates clean, and removing a franchise (or a
 * location) cascades through every stage so that no stage still names it.
 */
import { describe, expect, it } from 'vitest';
import { applyRules, stageCatalogue, updateStage, validateStage, writeStage, type ConfigDocument } from '../../engine';
import { validateConfig } from '../../bench/config';
import { filledConfig } from '../../bench/config-document';

type Item = { id: string };
const stages = stageCatalogue.map((s) => s.slug);
const settled = () => applyRules(filledConfig() as ConfigDocument).doc;

/** Every place (stage and JSON pointer) in `doc` holding the string `id`. */
function mentions(doc: ConfigDocument, id: string): string[] {
  const out: string[] = [];
  const walk = (v: unknown, path: string) => {
    if (v === id) out.push(path);
    else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}/${i}`));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, `${path}/${k}`);
  };
  walk(doc, '');
  return out;
}
const stagesOf = (paths: string[]) => [...new Set(paths.map((p) => p.split('/')[1]))].sort();

describe('the whole configuration of a 30-location dealer group', () => {
  it('has data for every stage of the catalogue and validates with no errors (the add-on element only warns)', () => {
    const doc = filledConfig();
    expect(stages.filter((s) => !doc[s])).toEqual([]);
    expect((doc.locations.locations as Item[]).length).toBe(30);
    const { errors, warnings } = validateConfig(doc, stages);
    expect(errors.map((e) => `${e.path} ${e.key}`)).toEqual([]);
    expect(warnings.map((w) => w.key)).toEqual(['validation:warning.homepageAddOn']);
  });

  it('stays valid once settled by the rules (nothing for a cascade to fix) and the final stage submits it', () => {
    const raw = filledConfig() as ConfigDocument;
    const r = applyRules(raw);
    expect(r.applied).toEqual([]);
    const doc = r.doc;
    for (const slug of stages) expect({ slug, errors: validateStage(slug, doc[slug], doc, { stages }).errors }).toEqual({ slug, errors: [] });
    const submit = writeStage({
      config: { version: 3, doc, states: {}, stages }, slug: 'confirmation', data: structuredClone(doc.confirmation),
      state: 'submitted', permissions: ['edit configs'], baseVersion: 3,
    });
    expect(submit.ok).toBe(true);
  });

  it('gives the same verdicts on frozen data validated again (remembered) as on fresh data', () => {
    const doc = settled();
    const first = validateConfig(doc, stages);
    const again = validateConfig(doc, stages);
    expect(again).toEqual(first);
    // A changed stage is validated anew, and the final stage's summary sees the change.
    const users = (doc.users.users as Record<string, unknown>[]).map((u) => ({ ...u, receiveLeads: false }));
    const next = updateStage(doc, 'users', { ...doc.users, users }).doc;
    expect(validateStage('departments', next.departments, next, { stages }).errors.length).toBe(240);
    expect(validateStage('confirmation', next.confirmation, next, { stages }).errors.map((e) => e.key)).toContain('validation:rule.configIncomplete');
    expect(validateStage('confirmation', doc.confirmation, doc, { stages }).errors).toEqual([]);

    // A caller's own (unfrozen) document changed in place between two validations is read anew.
    const mine: ConfigDocument = { ...doc };
    expect(validateStage('departments', mine.departments, mine, { stages }).errors).toEqual([]);
    mine.users = next.users;
    expect(validateStage('departments', mine.departments, mine, { stages }).errors.length).toBe(240);

    // A remembered verdict is kept while the stages its checks read are the same: the email
    // accounts (which read the domains) warn anew when the domains change, not when the opening
    // hours do.
    const accounts = doc['email-accounts'];
    const onDomains = (d: ConfigDocument) => validateStage('email-accounts', accounts, d, { stages }).warnings.length;
    expect(onDomains(doc)).toBe(0);
    const hours = updateStage(doc, 'opening-hours', { ...doc['opening-hours'], hours: (doc['opening-hours'].hours as unknown[]).slice(1) }).doc;
    expect(hours['email-accounts']).toBe(accounts);
    expect(onDomains(hours)).toBe(0);
    const elsewhere = updateStage(doc, 'domains', { ...doc.domains, domains: [{ ...(doc.domains.domains as Record<string, unknown>[])[0], domain: 'elsewhere.example' }] }).doc;
    expect(elsewhere['email-accounts']).toBe(accounts);
    expect(onDomains(elsewhere)).toBe((accounts.emailAccounts as unknown[]).length);
  });

  it('removing any franchise leaves no stage naming it', () => {
    const doc = settled();
    const franchises = doc.franchises.franchises as Item[];
    // The first make is named across the configuration: the test means something.
    expect(stagesOf(mentions(doc, franchises[0].id))).toEqual([
      'design', 'franchises', 'global-navigation', 'homepage-elements', 'import-feeds', 'locations',
      'marketing-preferences', 'sales-recipients', 'social-feeds', 'stock', 'users',
    ]);
    for (const { id } of franchises) {
      const next = updateStage(doc, 'franchises', { franchises: franchises.filter((f) => f.id !== id) }).doc;
      expect({ id, left: mentions(next, id) }).toEqual({ id, left: [] });
      expect((next.franchises.franchises as Item[]).length).toBe(franchises.length - 1);
    }
  });

  it('removing a location leaves no stage naming it, nor its departments and their opening hours', () => {
    const doc = settled();
    const locations = doc.locations.locations as Item[];
    const gone = locations[0].id;
    const departments = (doc.departments.departments as (Item & { locations: string[] })[]).filter((d) => d.locations.includes(gone)).map((d) => d.id);
    expect(stagesOf(mentions(doc, gone)).length).toBeGreaterThan(8);
    const next = updateStage(doc, 'locations', { locations: locations.filter((l) => l.id !== gone) }).doc;
    expect(mentions(next, gone)).toEqual([]);
    for (const d of departments) expect({ d, left: mentions(next, d) }).toEqual({ d, left: [] });
  });
});
