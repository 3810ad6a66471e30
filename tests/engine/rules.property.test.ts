/**
 * Property tests: after any random sequence of adds, edits and removals across the structure
 * stages, no reference dangles and the invariants of the cascade hold.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyRules, updateStage, type ConfigDocument } from '../../engine';

type Item = Record<string, unknown> & { id: string };
type Op =
  | { kind: 'add'; slug: keyof typeof LISTS; pick: number[] }
  | { kind: 'remove'; slug: keyof typeof LISTS; at: number }
  | { kind: 'edit'; slug: keyof typeof LISTS; at: number; pick: number[] }
  | { kind: 'save' };

/** Each list: its stage slug, data key, and the reference field pointing at another list. */
const LISTS = {
  franchises: { key: 'franchises', ref: null, to: null },
  locations: { key: 'locations', ref: 'franchises', to: 'franchises' },
  departments: { key: 'departments', ref: 'locations', to: 'locations' },
  'opening-hours': { key: 'hours', ref: 'departments', to: 'departments' },
  'social-feeds': { key: 'feeds', ref: 'franchises', to: 'franchises' },
  divisions: { key: 'divisions', ref: 'divisionLocations', to: 'locations' },
  users: { key: 'users', ref: 'departments', to: 'departments' },
} as const;
type Slug = keyof typeof LISTS;

const items = (doc: ConfigDocument, slug: Slug) => ((doc[slug]?.[LISTS[slug].key] as Item[]) ?? []);
const idsOf = (doc: ConfigDocument, slug: Slug) => items(doc, slug).map((i) => i.id);

let counter = 0;
function newItem(doc: ConfigDocument, slug: Slug, pick: number[]): Item {
  const id = `n${counter++}`;
  const def = LISTS[slug];
  const refs = def.to ? pickIds(idsOf(doc, def.to as Slug), pick) : [];
  switch (slug) {
    case 'franchises': return { id, name: `Make ${id}` };
    case 'locations': return { id, name: `Site ${id}`, franchises: refs };
    case 'departments': return { id, name: 'Sales', numbers: [], locations: refs };
    case 'opening-hours': return { id, name: id, departments: refs, days: {} };
    case 'social-feeds': return { id, franchises: refs, links: {} };
    case 'divisions': return { id, divisionName: pick.length % 3 === 0 ? ' ' : `Div ${id}`, divisionLocations: refs, selected: false };
    case 'users': return { id, firstName: 'A', lastName: 'B', email: `${id}@x.co`, role: 'M', departments: refs, receiveLeads: true };
  }
}
function pickIds(ids: string[], pick: number[]): string[] {
  return ids.length ? [...new Set(pick.map((p) => ids[p % ids.length]))] : [];
}

function step(doc: ConfigDocument, op: Op): { doc: ConfigDocument; prev: ConfigDocument } {
  if (op.kind === 'save') return { doc: applyRules(doc, { phase: 'save' }).doc, prev: doc };
  const def = LISTS[op.slug];
  const list = items(doc, op.slug);
  let next: Item[];
  if (op.kind === 'add') next = [...list, newItem(doc, op.slug, op.pick)];
  else if (!list.length) return { doc, prev: doc };
  else if (op.kind === 'remove') next = list.filter((_, i) => i !== op.at % list.length);
  else {
    const at = op.at % list.length;
    const refs = def.to ? pickIds(idsOf(doc, def.to as Slug), op.pick) : [];
    next = list.map((it, i) => (i !== at ? it : def.ref ? { ...it, [def.ref]: refs } : { ...it, name: `Renamed ${op.pick.length}` }));
  }
  return { doc: updateStage(doc, op.slug, { ...doc[op.slug], [def.key]: next }).doc, prev: doc };
}

function checkInvariants(doc: ConfigDocument, prev: ConfigDocument): void {
  // 1. No dangling reference anywhere.
  for (const slug of Object.keys(LISTS) as Slug[]) {
    const def = LISTS[slug];
    if (!def.to) continue;
    const valid = new Set(idsOf(doc, def.to as Slug));
    for (const item of items(doc, slug)) for (const ref of item[def.ref!] as string[]) expect(valid.has(ref), `${slug} ${item.id} -> ${ref}`).toBe(true);
  }
  // 2. A sole franchise is selected on every location and feed.
  const franchises = idsOf(doc, 'franchises');
  if (franchises.length === 1) {
    for (const l of items(doc, 'locations')) expect(l.franchises).toEqual(franchises);
    for (const f of items(doc, 'social-feeds')) expect(f.franchises).toEqual(franchises);
  }
  // 3. There is always at least one division.
  expect(items(doc, 'divisions').length).toBeGreaterThan(0);
  // 4. A department without locations was new, already empty, or emptied by hand (its old locations still exist).
  const locations = new Set(idsOf(doc, 'locations'));
  const before = new Map(items(prev, 'departments').map((d) => [d.id, d]));
  for (const d of items(doc, 'departments')) {
    if ((d.locations as string[]).length) continue;
    const old = before.get(d.id)?.locations as string[] | undefined;
    expect(!old || old.length === 0 || old.some((l) => locations.has(l)), `department ${d.id} emptied by a removal`).toBe(true);
  }
  // 5. Departments whose every location was removed in this step are gone.
  const after = new Set(idsOf(doc, 'departments'));
  const prevLocations = new Set(idsOf(prev, 'locations'));
  for (const [id, old] of before) {
    const refs = old.locations as string[];
    const allRemoved = refs.length > 0 && refs.every((l) => prevLocations.has(l) && !locations.has(l));
    if (allRemoved) expect(after.has(id), `department ${id} should be removed`).toBe(false);
  }
  // 6. Design-brief padding.
  const brief = doc['design-brief']?.designBrief as Record<string, unknown[]>;
  expect([brief.uniquePoints, brief.businessFocus, brief.objectives, brief.sites, brief.keywords].map((l) => l.length >= 0 && l.length)).toEqual([4, 4, 4, 3, 3]);
  // 7. Fixed point: applying again changes nothing.
  expect(applyRules(doc, { prev }).doc).toBe(doc);
}

const slugArb = fc.constantFrom(...(Object.keys(LISTS) as Slug[]));
const pickArb = fc.array(fc.nat(50), { maxLength: 3 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('add' as const), slug: slugArb, pick: pickArb }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('remove' as const), slug: slugArb, at: fc.nat(50) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('edit' as const), slug: slugArb, at: fc.nat(50), pick: pickArb }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'save' as const }) },
);

function start(): ConfigDocument {
  return applyRules({
    franchises: { franchises: [{ id: 'f0', name: 'A' }, { id: 'f1', name: 'B' }] },
    locations: { locations: [{ id: 'l0', name: 'L0', franchises: ['f0'] }, { id: 'l1', name: 'L1', franchises: ['f0', 'f1'] }] },
    departments: { departments: [{ id: 'd0', name: 'Sales', locations: ['l0'] }, { id: 'd1', name: 'Parts', locations: ['l0', 'l1'] }] },
    'opening-hours': { hours: [{ id: 'h0', departments: ['d0', 'd1'], days: {} }] },
    'social-feeds': { feeds: [{ id: 's0', franchises: ['f1'], links: {} }] },
    divisions: { divisions: [] },
    users: { users: [] },
    'design-brief': { designBrief: { keywords: ['cars'] } },
  }).doc;
}

describe('cascade properties', () => {
  it('after any sequence of adds, edits and removals no reference dangles and the invariants hold', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 40 }), (ops) => {
        let doc = start();
        for (const op of ops) {
          const r = step(doc, op);
          checkInvariants(r.doc, r.prev);
          doc = r.doc;
        }
      }),
      { numRuns: 200 },
    );
  }, 60_000); // a few seconds normally; generous because the machine is shared
});
