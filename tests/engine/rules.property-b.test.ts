/**
 * Property test for the stages from stock to confirmation (extends rules.property.test.ts): after
 * any random sequence of adds, edits and removals of franchises, locations and users, and edits of
 * the stages that point at them, no reference dangles in any of them, a sole franchise or location
 * is picked wherever one must be, and the rules are at their fixed point.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyRules, updateStage, type ConfigDocument } from '../../engine';

type Obj = Record<string, unknown>;
type Item = Obj & { id: string };
type Source = 'franchises' | 'locations' | 'users';
const KEY: Record<Source, string> = { franchises: 'franchises', locations: 'locations', users: 'users' };

/** Every reference list of these stages: where it is, what it points at, and whether one must be picked. */
const REFS: { slug: string; read: (doc: ConfigDocument) => unknown[][]; to: Source; mustPick: boolean }[] = [
  { slug: 'stock', to: 'locations', mustPick: true, read: (d) => [((d.stock?.stock as Obj)?.locations as unknown[]) ?? []] },
  { slug: 'stock', to: 'franchises', mustPick: true, read: (d) => [((d.stock?.stock as Obj)?.franchises as unknown[]) ?? []] },
  { slug: 'homepage-elements', to: 'franchises', mustPick: false, read: (d) => ((d['homepage-elements']?.elements as Item[]) ?? []).map((e) => e.franchises as unknown[]) },
  { slug: 'homepage-elements', to: 'locations', mustPick: false, read: (d) => ((d['homepage-elements']?.elements as Item[]) ?? []).map((e) => e.locations as unknown[]) },
  { slug: 'marketing-preferences', to: 'franchises', mustPick: true, read: (d) => [((d['marketing-preferences']?.marketing as Obj)?.franchises as unknown[]) ?? []] },
  { slug: 'buying-online', to: 'users', mustPick: false, read: (d) => [(d['buying-online']?.recipients as unknown[]) ?? []] },
  { slug: 'delivery-collection', to: 'locations', mustPick: true, read: (d) => [((d['delivery-collection']?.deliveryCollection as Obj)?.locations as unknown[]) ?? []] },
  { slug: 'sales-recipients', to: 'locations', mustPick: true, read: (d) => ((d['sales-recipients']?.recipients as Item[]) ?? []).map((r) => r.locations as unknown[]) },
  { slug: 'sales-recipients', to: 'franchises', mustPick: true, read: (d) => ((d['sales-recipients']?.recipients as Item[]) ?? []).map((r) => r.franchises as unknown[]) },
  { slug: 'sales-recipients', to: 'users', mustPick: false, read: (d) => ((d['sales-recipients']?.recipients as Item[]) ?? []).map((r) => r.users as unknown[]) },
];

const ids = (doc: ConfigDocument, source: Source) => ((doc[source]?.[KEY[source]] as Item[]) ?? []).map((i) => i.id);
const pick = (list: string[], p: number[]) => (list.length ? [...new Set(p.map((n) => list[n % list.length]))] : []);

type Op =
  | { kind: 'add' | 'remove'; source: Source; at: number }
  | { kind: 'edit'; target: number; p: number[] }
  | { kind: 'save' };

let counter = 0;
function newSource(source: Source): Item {
  const id = `n${counter++}`;
  if (source === 'franchises') return { id, name: `Make ${id}` };
  if (source === 'locations') return { id, name: `Site ${id}`, franchises: [] };
  return { id, firstName: 'Sam', lastName: id, email: `${id}@demo.co.uk`, role: 'E', departments: [], receiveLeads: true };
}

/** Re-points one of the reference-holding stages at a random pick of what exists now. */
function edit(doc: ConfigDocument, target: number, p: number[]): ConfigDocument {
  const f = pick(ids(doc, 'franchises'), p);
  const l = pick(ids(doc, 'locations'), p);
  const u = pick(ids(doc, 'users'), p);
  switch (target % 6) {
    case 0: return updateStage(doc, 'stock', { stock: { ...(doc.stock.stock as Obj), locations: l, franchises: f } }).doc;
    case 1: return updateStage(doc, 'homepage-elements', { elements: [...(doc['homepage-elements'].elements as Item[]), { element: (p.length % 19) + 1, franchises: f, locations: l }].slice(-5) }).doc;
    case 2: return updateStage(doc, 'marketing-preferences', { marketing: { ...(doc['marketing-preferences'].marketing as Obj), franchises: f } }).doc;
    case 3: return updateStage(doc, 'buying-online', { ...doc['buying-online'], recipients: u }).doc;
    case 4: return updateStage(doc, 'delivery-collection', { deliveryCollection: { ...(doc['delivery-collection'].deliveryCollection as Obj), locations: l } }).doc;
    default: return updateStage(doc, 'sales-recipients', { recipients: [...(doc['sales-recipients'].recipients as Item[]), { id: `r${counter++}`, events: ['order'], locations: l, franchises: f, users: u }].slice(-4) }).doc;
  }
}

function step(doc: ConfigDocument, op: Op): { doc: ConfigDocument; prev: ConfigDocument } {
  if (op.kind === 'save') return { doc: applyRules(doc, { phase: 'save' }).doc, prev: doc };
  if (op.kind === 'edit') return { doc: edit(doc, op.target, op.p), prev: doc };
  const list = (doc[op.source][KEY[op.source]] as Item[]) ?? [];
  const next = op.kind === 'add' ? [...list, newSource(op.source)] : list.filter((_, i) => i !== op.at % Math.max(1, list.length));
  return { doc: updateStage(doc, op.source, { ...doc[op.source], [KEY[op.source]]: next }).doc, prev: doc };
}

function checkInvariants(doc: ConfigDocument, prev: ConfigDocument): void {
  for (const ref of REFS) {
    const valid = new Set(ids(doc, ref.to));
    for (const list of ref.read(doc)) {
      // 1. No dangling reference.
      for (const id of list) expect(valid.has(id as string), `${ref.slug} -> ${ref.to} ${String(id)}`).toBe(true);
      // 2. With exactly one franchise or location, a list that must name one names it.
      if (ref.mustPick && valid.size === 1) expect(list, `${ref.slug} ${ref.to} picks the sole one`).toEqual([...valid]);
    }
  }
  // 3. Fixed point.
  expect(applyRules(doc, { prev }).doc).toBe(doc);
}

function start(): ConfigDocument {
  return applyRules({
    franchises: { franchises: [{ id: 'f0', name: 'Kia' }, { id: 'f1', name: 'MG' }] },
    locations: { locations: [{ id: 'l0', name: 'Leeds', franchises: ['f0'] }, { id: 'l1', name: 'York', franchises: ['f1'] }] },
    users: { users: [newSource('users'), newSource('users')] },
    stock: { stock: { stockType: 1, vehicleType: 'all', locations: ['l0'], franchises: ['f0', 'f1'] } },
    'homepage-elements': { elements: [{ element: 1, franchises: ['f1'], locations: ['l1'] }] },
    'marketing-preferences': { marketing: { consentType: 'optIn', channels: ['email'], shareWithManufacturer: true, franchises: ['f0'] } },
    'buying-online': { payment: { provider: 'stripe', deposit: true, depositLevel: 1 }, recipients: ['n0', 'n1'] },
    'delivery-collection': { deliveryCollection: { requirement: 'both', locations: ['l0', 'l1'] } },
    'sales-recipients': { recipients: [{ id: 'r0', events: ['order'], locations: ['l1'], franchises: [], users: ['n1'] }] },
  }).doc;
}

const sourceArb = fc.constantFrom<Source>('franchises', 'locations', 'users');
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('add' as const), source: sourceArb, at: fc.nat(20) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('remove' as const), source: sourceArb, at: fc.nat(20) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('edit' as const), target: fc.nat(50), p: fc.array(fc.nat(50), { maxLength: 3 }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'save' as const }) },
);

describe('cascade properties: stock to confirmation', () => {
  it('after any sequence of edits no reference dangles, sole picks hold and the rules are at rest', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 30 }), (ops) => {
        let doc = start();
        for (const op of ops) {
          const r = step(doc, op);
          checkInvariants(r.doc, r.prev);
          doc = r.doc;
        }
      }),
      { numRuns: 150 },
    );
  }, 60_000); // a few seconds normally; generous because the machine is shared
});
