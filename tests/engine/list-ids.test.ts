import { describe, expect, it } from 'vitest';
import { assignListIds, stageListIdPaths, writeStage, type ConfigSnapshot, type WriteStageSuccess } from '../../engine';
import { DEALER, group, snapshot } from './fixtures';

const ID = /^[A-Za-z0-9]{5}$/;

const write = (config: ConfigSnapshot, slug: string, data: unknown, state: 'draft' | 'submitted' = 'draft') => {
  const r = writeStage({ config, slug, data, state, permissions: DEALER, baseVersion: config.version });
  if (!r.ok) throw new Error(`expected ok, got ${r.status} ${r.code}: ${r.message} ${JSON.stringify(r.errors)}`);
  return r as WriteStageSuccess;
};

describe('which lists have item ids (read from the stage schemas)', () => {
  it('finds every list whose items declare an id, nested ones by their place in the data', () => {
    expect(stageListIdPaths('franchises')).toEqual([['franchises']]);
    expect(stageListIdPaths('opening-hours')).toEqual([['hours']]);
    expect(stageListIdPaths('content')).toEqual([['content', 'assets']]);
  });

  it('leaves out lists whose items have no id (extras) and lists of plain references (a location\'s franchises)', () => {
    expect(stageListIdPaths('extras')).toEqual([]);
    expect(stageListIdPaths('locations')).toEqual([['locations']]);
  });
});

describe('assignListIds', () => {
  it('gives items without an id a fresh one, unique in the list, and keeps the ids items have', () => {
    const data = { franchises: [{ id: 'f0', name: 'Ford' }, { name: 'Kia' }, { id: '', name: 'Audi' }] };
    const out = assignListIds('franchises', data);
    const ids = out.franchises.map((f) => f.id);
    expect(ids[0]).toBe('f0');
    expect(ids[1]).toMatch(ID);
    expect(ids[2]).toMatch(ID);
    expect(new Set(ids).size).toBe(3);
    expect(out.franchises.map((f) => f.name)).toEqual(['Ford', 'Kia', 'Audi']);
  });

  it('never changes its input, and returns it as it is when every item has an id', () => {
    const complete = { franchises: [{ id: 'f0', name: 'Ford' }] };
    expect(assignListIds('franchises', complete)).toBe(complete);
    const partial = Object.freeze({ franchises: Object.freeze([Object.freeze({ id: 'f0', name: 'Ford' }), Object.freeze({ name: 'Kia' })]) });
    const out = assignListIds('franchises', partial);
    expect(out).not.toBe(partial);
    expect(out.franchises[0]).toBe(partial.franchises[0]);
    expect(partial.franchises[1]).toEqual({ name: 'Kia' });
  });

  it('reaches lists inside objects (the content stage\'s assets)', () => {
    const out = assignListIds('content', { content: { type: 1, assets: [{ name: 'Logo', url: 'https://example.com/logo.png' }] } });
    expect((out.content as unknown as { assets: { id: string }[] }).assets[0].id).toMatch(ID);
  });

  it('leaves stages without id lists and data without the list alone', () => {
    const extras = { extras: [{ name: 'GAP insurance', price: 299 }] };
    expect(assignListIds('extras', extras)).toBe(extras);
    const empty = {};
    expect(assignListIds('franchises', empty)).toBe(empty);
  });
});

describe('writeStage gives list items written without ids an id', () => {
  it('stores the new ids, and other stages can refer to the items by them', () => {
    const doc = group({ franchises: 0, locations: 0, departments: 0, hours: 0 });
    const first = write(snapshot(doc), 'franchises', { franchises: [{ name: 'Ford' }, { name: 'Kia' }] });
    const stored = first.config.doc.franchises.franchises as { id: string; name: string }[];
    expect(stored.map((f) => f.id)).toEqual([expect.stringMatching(ID), expect.stringMatching(ID)]);
    expect(first.patches.some((p) => p.path[0] === 'franchises')).toBe(true);

    // A location written through the API without an id, naming the new franchise by its id.
    const site = { name: 'Leeds', address: { line1: '1 Road', town: 'Leeds', country: 'GB' }, postcode: 'LS1 1AA', franchises: [stored[1].id] };
    const second = write(first.config, 'locations', { locations: [site] });
    const location = (second.config.doc.locations.locations as { id: string; franchises: string[] }[])[0];
    expect(location.id).toMatch(ID);
    expect(location.franchises).toEqual([stored[1].id]);
  });

  it('writing the stored data back keeps its ids and changes nothing', () => {
    const doc = group({ franchises: 0, locations: 0, departments: 0, hours: 0 });
    const first = write(snapshot(doc), 'franchises', { franchises: [{ name: 'Ford' }] });
    const again = write(first.config, 'franchises', structuredClone(first.config.doc.franchises));
    expect(again.changed).toBe(false);
  });
});
