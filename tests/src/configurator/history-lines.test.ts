import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import common from '../../../locales/en-GB/common.json';
import configurator from '../../../locales/en-GB/configurator.json';
import { catalogueWith, stageDefinitionFromFile, stageFiles, withCatalogue, type Translate } from '../../../engine';
import { historyLines } from '../../../src/configurator/stage/historyLines';
import { pointerTarget, stageSummary } from '../../../src/configurator/dashboard/summary';
import type { RevisionChange } from '../../../src/configurator/api';

let t: Translate;
beforeAll(async () => {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'en-GB', resources: { 'en-GB': { common, configurator } }, defaultNS: 'common', interpolation: { escapeValue: false } });
  t = i18n.t.bind(i18n) as Translate;
});

const ford = { id: 'f1Ab2', name: 'Ford' };
const kia = { id: 'b9Hyt', name: 'Kia' };
const volvo = { id: 'o0IzY', name: 'Volvo' };
const wisbech = { id: 'w1Xy9', name: 'Wisbech', address: { line1: '1 High St', town: 'Wisbech', country: 'GB' }, postcode: 'PE13 1AA', franchises: [ford.id] };
/** The config as it is now (after the revisions below). */
const doc = { franchises: { franchises: [ford, volvo] }, locations: { locations: [wisbech] } };
const lines = (changes: Partial<RevisionChange>[], slug = 'franchises') =>
  historyLines(
    { changes: changes.map((c) => ({ internal: false, op: 'replace', ...c }) as RevisionChange) },
    { slug, showInternal: false, doc, stageTitle: (s) => ({ franchises: 'Franchises', locations: 'Locations' })[s] ?? s, t },
  ).map((l) => l.text);
const ids = /f1Ab2|b9Hyt|o0IzY|w1Xy9/;

describe('history lines a person can read', () => {
  it('removing Kia from the middle of the list is one line naming Kia, and the cascade names the location and the franchises', () => {
    const out = lines([
      { stage: 'franchises', field: '/franchises', old: [ford, kia, volvo], new: [ford, volvo] },
      { stage: 'locations', field: '/locations/0/franchises', old: [ford.id, kia.id], new: [ford.id] },
    ]);
    expect(out).toEqual(['Franchises › Kia removed', 'Locations › Locations › Wisbech › Franchises: Ford, Kia → Ford']);
    expect(out.join('\n')).not.toMatch(ids);
  });

  it('an addition is one line; a change to a row names the row; ids and hidden fields are never listed', () => {
    expect(lines([{ stage: 'franchises', field: '/franchises', old: [ford], new: [ford, volvo] }])).toEqual(['Franchises › Volvo added']);
    expect(lines([{ stage: 'franchises', field: '/franchises/1/name', old: 'Volvo', new: 'Volvo Cars' }])).toEqual(['Franchises › Volvo › Franchise: Volvo → Volvo Cars']);
    expect(lines([{ stage: 'franchises', field: '/franchises/1/id', old: kia.id, new: volvo.id }])).toEqual([]);
  });

  it("a stage's first save lists a line per row, and a row without a name is its list and position, never JSON", () => {
    const unnamed = { ...wisbech, id: 'u2Zz1', name: '' };
    const out = lines([{ stage: 'locations', field: '', old: undefined, new: { locations: [wisbech, unnamed] } }], 'locations');
    expect(out).toEqual(['Locations › Wisbech added', 'Locations 2 added']);
    const changed = lines([{ stage: 'locations', field: '/locations/1', old: unnamed, new: undefined }], 'locations');
    expect(changed).toEqual(['Locations 2 removed']);
    expect([...out, ...changed].join('\n')).not.toMatch(/[{}]|"/);
  });
});

describe('fields hidden by visibleIf (the other payment provider)', () => {
  const payment = { provider: 'stripe', stripe: { accountEmail: 'pay@demo.test' }, cybersource: { profileId: 'DEMO-01' } };
  const boDoc = { 'buying-online': { payment } };
  it('the overview and the history leave out the provider not chosen', () => {
    const fields = stageSummary('buying-online', boDoc, t);
    const text = JSON.stringify(fields);
    expect(text).toContain('pay@demo.test');
    expect(text).not.toContain('DEMO-01');
    expect(pointerTarget('buying-online', '/payment/cybersource/profileId', { doc: boDoc }, t)).toBeNull();
    expect(pointerTarget('buying-online', '/payment/stripe/accountEmail', { doc: boDoc }, t)?.labels).toEqual(['Payment', 'Stripe', 'Stripe account email']);
  });
});

describe('enums named by enumLabels: departments and user roles (issue 54)', () => {
  let fr: Translate;
  beforeAll(async () => {
    const [frCommon, frConfigurator] = await Promise.all([import('../../../locales/fr-FR/common.json'), import('../../../locales/fr-FR/configurator.json')]);
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'fr-FR', resources: { 'fr-FR': { common: frCommon.default, configurator: frConfigurator.default } }, defaultNS: 'common', interpolation: { escapeValue: false } });
    fr = i18n.t.bind(i18n) as Translate;
  });
  const sales = { id: 'd1Sal', name: 'Sales', numbers: [], locations: [wisbech.id] };
  const service = { id: 'd2Ser', name: 'Service', numbers: [], locations: [wisbech.id] };
  const user = { id: 'u1Jan', firstName: 'Jane', lastName: 'Doe', email: 'jane@demo.test', role: 'M', franchises: [], departments: [sales.id, service.id], receiveLeads: true, softwareAccess: false, training: false };
  const cfg = { ...doc, departments: { departments: [sales, service] }, users: { users: [user], general: { catchAll: '', autoResponder: false } } };

  it('the overview shows department names and roles in words of the reader’s language, never the stored code', () => {
    const text = (slug: string, tr: Translate) => JSON.stringify(stageSummary(slug, cfg, tr));
    expect(text('users', t)).toContain('"Manager"');
    expect(text('users', t)).toContain('"items":["Sales","Service"]');
    expect(text('users', fr)).toContain('"Responsable"');
    expect(text('users', fr)).toContain('"items":["Ventes","Atelier"]');
    expect(text('departments', fr)).toContain('"title":"Ventes"');
    expect(text('departments', fr)).not.toContain('"Sales"');
  });

  it('the history names a department row and a role change by their labels', () => {
    const frLines = (changes: Partial<RevisionChange>[], slug: string) =>
      historyLines({ changes: changes.map((c) => ({ internal: false, op: 'replace', ...c }) as RevisionChange) }, { slug, showInternal: false, doc: cfg, stageTitle: (s) => s, t: fr }).map((l) => l.text);
    expect(frLines([{ stage: 'users', field: '/users/0/role', old: 'E', new: 'M' }], 'users')).toEqual([expect.stringMatching(/Jane Doe › Rôle : Conseiller → Responsable$|Jane Doe › Rôle: Conseiller → Responsable$/)]);
    const removed = frLines([{ stage: 'departments', field: '/departments', old: [sales, service], new: [sales] }], 'departments');
    expect(removed).toEqual([expect.stringContaining('› Atelier')]);
    expect(removed.join('\n')).not.toMatch(/› Service/);
  });
});

describe('an item gone from the config, in the reader\'s language (issue 54)', () => {
  it('a removed department that opening hours named reads as its French name, not its stored English', async () => {
    const [frCommon, frConfigurator] = await Promise.all([import('../../../locales/fr-FR/common.json'), import('../../../locales/fr-FR/configurator.json')]);
    const fr = i18next.createInstance();
    await fr.init({ lng: 'fr-FR', resources: { 'fr-FR': { common: frCommon.default, configurator: frConfigurator.default } }, defaultNS: 'common', interpolation: { escapeValue: false } });
    const sales = { id: 'dsale', name: 'Sales' };
    const service = { id: 'dserv', name: 'Service' };
    const week = { id: 'h1', name: 'Semaine', departments: [sales.id, service.id], days: {} };
    const now = { departments: { departments: [service] }, 'opening-hours': { hours: [{ ...week, departments: [service.id] }] } };
    const out = historyLines(
      {
        changes: [
          { stage: 'departments', field: '/departments', old: [sales, service], new: [service] },
          { stage: 'opening-hours', field: '/hours/0/departments', old: [sales.id, service.id], new: [service.id] },
        ].map((c) => ({ internal: false, op: 'replace', ...c }) as RevisionChange),
      },
      { slug: 'opening-hours', showInternal: false, doc: now, stageTitle: (s) => s, t: fr.t.bind(fr) as Translate },
    ).map((l) => l.text);
    const hours = out.find((l) => l.includes('→'))!;
    expect(hours).toContain('Ventes');
    expect(hours).not.toMatch(/\bSales\b/);
  });
});

describe('a stage born in the editor (only in the catalogue of the configs pinned to it)', () => {
  // A published born stage as the config's pinned catalogue holds it: a list of lenders.
  const file = JSON.parse(JSON.stringify(stageFiles.franchises)) as { slug: string; title: string };
  file.slug = 'finance';
  const finance = stageDefinitionFromFile(file, { version: 1, key: 'finance@1' });
  const lloyds = { id: 'l1Oy2', name: 'Lloyds' };
  const firstSave = { changes: [{ internal: false, op: 'replace', stage: 'finance', field: '', old: undefined, new: { franchises: [lloyds] } } as RevisionChange] };
  const options = () => ({ slug: 'finance', showInternal: false, doc: { finance: { franchises: [lloyds] } }, stageTitle: () => 'Finance', t });

  it("lists its saves with the pinned catalogue, as the stage page's history panel reads them", () => {
    expect(withCatalogue(catalogueWith([finance]), () => historyLines(firstSave, options())).map((l) => l.text)).toEqual(['Franchises › Lloyds added']);
  });
  it('and without it knows no such stage: no line, never an id or JSON', () => {
    expect(historyLines(firstSave, options())).toEqual([]);
  });
});
