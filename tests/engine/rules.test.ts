import { applyPatches, enablePatches } from 'immer';
import { describe, expect, it } from 'vitest';
import { RuleCycleError, applyRules, updateStage, type ConfigDocument } from '../../engine';
import { group } from './fixtures';

enablePatches();

type Item = Record<string, unknown> & { id: string };
const list = (doc: ConfigDocument, slug: string, key: string) => doc[slug][key] as Item[];
const without = (items: Item[], id: string) => items.filter((i) => i.id !== id);

/** Small group: 3 franchises, 4 locations, 8 departments (2 per location), 8 hours. */
function small(): ConfigDocument {
  const doc = group({ franchises: 3, locations: 4, departments: 8, hours: 8 });
  doc.departments.departments = (doc.departments.departments as Item[]).map((d, i) => ({ ...d, locations: [`l${Math.floor(i / 2)}`] }));
  doc['social-feeds'] = { group: {}, feeds: [{ id: 's1', franchises: ['f0', 'f1'], links: { facebook: 'https://facebook.com/demo' } }] };
  doc['import-feeds'] = { importFeeds: [{ id: 'i1', provider: 'AutoTrader', franchises: ['f0'] }] };
  doc.users = { users: [{ id: 'u1', firstName: 'Ann', lastName: 'Lee', email: 'ann@demo.co.uk', role: 'M', franchises: ['f0'], departments: ['d0', 'd1'], receiveLeads: true }] };
  doc.divisions = { divisions: [{ id: 'v1', divisionName: 'North', divisionLocations: ['l0', 'l1'], selected: true }] };
  return applyRules(doc).doc;
}

describe('structure cascade', () => {
  it('removing a franchise strips it from every location, feed and user referencing it', () => {
    const doc = small();
    expect(list(doc, 'locations', 'locations').some((l) => (l.franchises as string[]).includes('f0'))).toBe(true);
    const { doc: next, applied } = updateStage(doc, 'franchises', { franchises: without(list(doc, 'franchises', 'franchises'), 'f0') });
    for (const l of list(next, 'locations', 'locations')) expect(l.franchises).not.toContain('f0');
    expect(list(next, 'social-feeds', 'feeds')[0].franchises).toEqual(['f1']);
    expect(list(next, 'import-feeds', 'importFeeds')[0].franchises).toEqual([]);
    expect(list(next, 'users', 'users')[0].franchises).toEqual([]);
    expect(applied).toEqual(expect.arrayContaining(['locations.strip-removed-franchises', 'social-feeds.strip-removed-franchises', 'import-feeds.strip-removed-franchises']));
  });

  it('removing a location strips it from departments and removes departments left with no locations by it', () => {
    const doc = small();
    // d0 and d1 serve only l0; give d2 (serving l1) l0 as well, so it survives with l1.
    const departments = list(doc, 'departments', 'departments').map((d) => (d.id === 'd2' ? { ...d, locations: ['l1', 'l0'] } : d));
    const before = updateStage(doc, 'departments', { departments }).doc;
    const { doc: next } = updateStage(before, 'locations', { locations: without(list(before, 'locations', 'locations'), 'l0') });
    const ids = list(next, 'departments', 'departments').map((d) => d.id);
    expect(ids).not.toContain('d0');
    expect(ids).not.toContain('d1');
    expect(list(next, 'departments', 'departments').find((d) => d.id === 'd2')!.locations).toEqual(['l1']);
    expect(list(next, 'divisions', 'divisions')[0].divisionLocations).toEqual(['l1']);
  });

  it('keeps a department the user just added without locations, and one emptied by hand', () => {
    const doc = small();
    const added = { id: 'new01', name: 'Fleet', numbers: [], locations: [] };
    const withNew = updateStage(doc, 'departments', { departments: [...list(doc, 'departments', 'departments'), added] }).doc;
    expect(list(withNew, 'departments', 'departments').map((d) => d.id)).toContain('new01');
    // Now remove a location: the new, still empty department survives the cascade.
    const next = updateStage(withNew, 'locations', { locations: without(list(withNew, 'locations', 'locations'), 'l3') }).doc;
    expect(list(next, 'departments', 'departments').map((d) => d.id)).toContain('new01');
    // Unticking a department's last (existing) location by hand keeps the department.
    const emptied = list(next, 'departments', 'departments').map((d) => (d.id === 'd2' ? { ...d, locations: [] } : d));
    expect(list(updateStage(next, 'departments', { departments: emptied }).doc, 'departments', 'departments').map((d) => d.id)).toContain('d2');
  });

  it('removing a department strips it from opening hours and users', () => {
    const doc = small();
    const hours = list(doc, 'opening-hours', 'hours').map((h) => (h.id === 'h0' ? { ...h, departments: ['d0', 'd1'] } : h));
    const before = updateStage(doc, 'opening-hours', { hours }).doc;
    const { doc: next } = updateStage(before, 'departments', { departments: without(list(before, 'departments', 'departments'), 'd0') });
    expect(list(next, 'opening-hours', 'hours').find((h) => h.id === 'h0')!.departments).toEqual(['d1']);
    for (const h of list(next, 'opening-hours', 'hours')) expect(h.departments).not.toContain('d0');
    expect(list(next, 'users', 'users')[0].departments).toEqual(['d1']);
  });

  it('removing the last division resets to one default division', () => {
    const doc = small();
    const { doc: next } = updateStage(doc, 'divisions', { divisions: [] });
    expect(list(next, 'divisions', 'divisions')).toEqual([{ id: 'main', divisionName: 'Main', divisionLocations: [], selected: true }]);
  });

  it('empty division names are removed on save, not while typing', () => {
    const doc = small();
    const divisions = [...list(doc, 'divisions', 'divisions'), { id: 'v2', divisionName: '  ', divisionLocations: [], selected: false }];
    expect(list(updateStage(doc, 'divisions', { divisions }).doc, 'divisions', 'divisions')).toHaveLength(2);
    const saved = updateStage(doc, 'divisions', { divisions }, { phase: 'save' }).doc;
    expect(list(saved, 'divisions', 'divisions').map((d) => d.id)).toEqual(['v1']);
    // All blank: removed on save, then the default division comes back (no cycle).
    const allBlank = updateStage(doc, 'divisions', { divisions: [{ id: 'v9', divisionName: '', divisionLocations: [] }] }, { phase: 'save' }).doc;
    expect(list(allBlank, 'divisions', 'divisions').map((d) => d.id)).toEqual(['main']);
  });

  it('a sole franchise is auto-selected for locations and feeds', () => {
    const doc = group({ franchises: 1, locations: 2, departments: 0, hours: 0 });
    doc.locations.locations = (doc.locations.locations as Item[]).map((l) => ({ ...l, franchises: [] }));
    doc['social-feeds'] = { feeds: [{ id: 's1', franchises: [], links: {} }] };
    doc['import-feeds'] = { importFeeds: [{ id: 'i1', provider: 'AutoTrader', franchises: [] }] };
    const next = applyRules(doc).doc;
    for (const l of list(next, 'locations', 'locations')) expect(l.franchises).toEqual(['f0']);
    expect(list(next, 'social-feeds', 'feeds')[0].franchises).toEqual(['f0']);
    expect(list(next, 'import-feeds', 'importFeeds')[0].franchises).toEqual(['f0']);
    // A new location added later gets it too; with two franchises nothing is auto-selected.
    const added = updateStage(next, 'locations', { locations: [...list(next, 'locations', 'locations'), { id: 'l9', name: 'New', franchises: [] }] }).doc;
    expect(list(added, 'locations', 'locations')[2].franchises).toEqual(['f0']);
    const two = updateStage(next, 'franchises', { franchises: [{ id: 'f0', name: 'A' }, { id: 'f1', name: 'B' }] }).doc;
    const more = updateStage(two, 'locations', { locations: [...list(two, 'locations', 'locations'), { id: 'l8', name: 'Other', franchises: [] }] }).doc;
    expect(list(more, 'locations', 'locations')[2].franchises).toEqual([]);
  });

  it('design-brief lists are padded to 4, 4, 4, 3, 3', () => {
    const doc = applyRules({ 'design-brief': { designBrief: { uniquePoints: ['Family run'], keywords: ['cars', 'vans', 'used', 'finance'] } } }).doc;
    const b = doc['design-brief'].designBrief as Record<string, unknown[]>;
    expect(b.uniquePoints).toEqual(['Family run', '', '', '']);
    expect([b.businessFocus.length, b.objectives.length, b.sites.length]).toEqual([4, 4, 3]);
    expect(b.keywords).toHaveLength(4); // padding never truncates what the dealer typed
  });

  it('a stage without data is left alone', () => {
    const { doc, patches } = applyRules({ franchises: { franchises: [] } });
    expect(Object.keys(doc)).toEqual(['franchises']);
    expect(patches).toEqual([]);
  });
});

describe('fixed point, identity and patches', () => {
  it('applying the rules twice changes nothing', () => {
    const doc = small();
    const once = updateStage(doc, 'franchises', { franchises: [] }, { phase: 'save' }).doc;
    const twice = applyRules(once, { phase: 'save' });
    expect(twice.doc).toBe(once);
    expect(twice.patches).toEqual([]);
    expect(applyRules(once, { prev: doc, phase: 'save' }).doc).toBe(once);
  });

  it('unchanged parts keep their identity; changed parts are new', () => {
    const doc = small();
    const locations = list(doc, 'locations', 'locations');
    const touched = locations.findIndex((l) => (l.franchises as string[]).includes('f2'));
    const untouched = locations.findIndex((l) => !(l.franchises as string[]).includes('f2'));
    const { doc: next } = updateStage(doc, 'franchises', { franchises: without(list(doc, 'franchises', 'franchises'), 'f2') });
    expect(next['opening-hours']).toBe(doc['opening-hours']);
    expect(next.departments).toBe(doc.departments);
    expect(list(next, 'locations', 'locations')[untouched]).toBe(locations[untouched]);
    expect(list(next, 'locations', 'locations')[touched]).not.toBe(locations[touched]);
    expect((list(next, 'locations', 'locations')[touched] as Item).address).toBe(locations[touched].address);
  });

  it('reordering a list (drag or move to position) keeps every item the same object', () => {
    const doc = small();
    const [a, b, c] = list(doc, 'franchises', 'franchises');
    const r = updateStage(doc, 'franchises', { franchises: [c, a, b] });
    const moved = list(r.doc, 'franchises', 'franchises');
    expect(moved.map((f) => f.id)).toEqual([c.id, a.id, b.id]);
    expect(moved[0]).toBe(c);
    expect(moved[1]).toBe(a);
    expect(moved[2]).toBe(b);
    expect(applyPatches(doc, r.patches)).toEqual(r.doc);
  });

  it('patches turn the old document into the new one, inverse patches back', () => {
    const doc = small();
    const r = updateStage(doc, 'locations', { locations: without(list(doc, 'locations', 'locations'), 'l1') });
    expect(applyPatches(doc, r.patches)).toEqual(r.doc);
    expect(applyPatches(r.doc, r.inversePatches)).toEqual(doc);
    // Fine-grained: a stripped reference is a patch on that one item's field.
    expect(r.patches.map((p) => p.path.join('/'))).toContain('divisions/divisions/0/divisionLocations');
  });

  it('a cycle is a clear error naming the rules', () => {
    const rules = [
      { id: 'test.ping', description: 'sets a to b+1', target: '/t/a', logic: { '+': [{ var: 'doc.t.b' }, 1] } },
      { id: 'test.pong', description: 'sets b to a+1', target: '/t/b', logic: { '+': [{ var: 'doc.t.a' }, 1] } },
    ];
    expect(() => applyRules({ t: { a: 0, b: 0 } }, { rules })).toThrow(RuleCycleError);
    try {
      applyRules({ t: { a: 0, b: 0 } }, { rules });
    } catch (err) {
      expect((err as RuleCycleError).ruleIds).toEqual(['test.ping', 'test.pong']);
      expect((err as Error).message).toContain('test.ping, test.pong');
    }
  });
});
