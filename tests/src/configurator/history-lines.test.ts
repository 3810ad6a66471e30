import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import common from '../../../locales/en-GB/common.json';
import configurator from '../../../locales/en-GB/configurator.json';
import type { Translate } from '../../../engine';
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
