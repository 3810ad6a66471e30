import { describe, expect, it } from 'vitest';
import { applyChanges, diffData, getAtPointer, sameValue } from '../../../src/configurator/stage/diff';

describe('stage data diff', () => {
  it('lists the leaf fields that differ, as JSON pointers with both values', () => {
    const before = { group: { twitter: 'a', facebook: 'f' }, feeds: [] };
    const after = { group: { twitter: 'b', facebook: 'f', youtube: 'y' }, feeds: [] };
    expect(diffData(before, after)).toEqual([
      { field: '/group/twitter', before: 'a', after: 'b' },
      { field: '/group/youtube', before: undefined, after: 'y' },
    ]);
  });

  it('treats missing, null and empty text as the same empty value', () => {
    expect(diffData({ a: '' }, { a: undefined })).toEqual([]);
    expect(diffData({ a: null }, {})).toEqual([]);
    expect(sameValue({ list: [1, 2] }, { list: [1, 2] })).toBe(true);
    expect(sameValue({ list: [1, 2] }, { list: [2, 1] })).toBe(false);
  });

  it('compares rows of a list item by item, and a row added or removed is one change', () => {
    const before = { locations: [{ id: 'a', name: 'North' }, { id: 'b', name: 'South' }] };
    const after = { locations: [{ id: 'a', name: 'North side' }] };
    expect(diffData(before, after)).toEqual([
      { field: '/locations/0/name', before: 'North', after: 'North side', rows: { '/locations/0': 'a' } },
      { field: '/locations/1', before: { id: 'b', name: 'South' }, after: undefined, rows: { '/locations/1': 'b' } },
    ]);
  });

  it('matches rows by id: removing one from the middle is one removal, not a shift of every later row', () => {
    const before = { franchises: [{ id: 'f1', name: 'Ford' }, { id: 'k1', name: 'Kia' }, { id: 'v1', name: 'Volvo' }] };
    const after = { franchises: [{ id: 'f1', name: 'Ford' }, { id: 'v1', name: 'Volvo' }] };
    expect(diffData(before, after)).toEqual([{ field: '/franchises/1', before: { id: 'k1', name: 'Kia' }, after: undefined, rows: { '/franchises/1': 'k1' } }]);
    // Reordering alone changes no row; an addition is one change.
    expect(diffData(after, { franchises: [after.franchises[1], after.franchises[0]] })).toEqual([]);
    expect(diffData(after, { franchises: [...after.franchises, { id: 'm1', name: 'MINI' }] })).toMatchObject([{ field: '/franchises/2', before: undefined, after: { name: 'MINI' } }]);
  });

  it('re-applies changes to rows where their id is now, whatever the other side did to the order', () => {
    const base = { rows: [{ id: 'a', n: 1 }, { id: 'b', n: 2 }, { id: 'c', n: 3 }] };
    const mine = { rows: [{ id: 'a', n: 1 }, { id: 'c', n: 30 }, { id: 'd', n: 4 }] };
    const server = { rows: [{ id: 'c', n: 3 }, { id: 'b', n: 2 }, { id: 'a', n: 1 }, { id: 'e', n: 5 }, { id: 'f', n: 6 }] };
    expect(applyChanges(server, diffData(base, mine))).toEqual({ rows: [{ id: 'c', n: 30 }, { id: 'a', n: 1 }, { id: 'e', n: 5 }, { id: 'f', n: 6 }, { id: 'd', n: 4 }] });
  });

  it('a list of plain values (ids) is one field', () => {
    expect(diffData({ franchises: ['x'] }, { franchises: ['x', 'y'] })).toEqual([{ field: '/franchises', before: ['x'], after: ['x', 'y'] }]);
  });

  it('escapes ~ and / in keys, and reads values back by pointer', () => {
    const changes = diffData({ 'a/b': { '~c': 1 } }, { 'a/b': { '~c': 2 } });
    expect(changes[0].field).toBe('/a~1b/~0c');
    expect(getAtPointer({ 'a/b': { '~c': 2 } }, changes[0].field)).toBe(2);
    expect(getAtPointer({ list: [{ n: 'x' }] }, '/list/0/n')).toBe('x');
    expect(getAtPointer({}, '/missing/deep')).toBeUndefined();
  });

  it('re-applies one side\'s changes onto newer data without touching the other fields', () => {
    const base = { group: { twitter: 'old', youtube: 'old' } };
    const mine = { group: { twitter: 'old', youtube: 'mine' } };
    const server = { group: { twitter: 'theirs', youtube: 'old' } };
    const merged = applyChanges(server, diffData(base, mine));
    expect(merged).toEqual({ group: { twitter: 'theirs', youtube: 'mine' } });
    // The input is left as it was.
    expect(server.group.youtube).toBe('old');
  });

  it('adds rows at the end and removes rows from the highest index down', () => {
    const base = { rows: [{ n: 1 }, { n: 2 }, { n: 3 }] };
    const mine = { rows: [{ n: 1 }] };
    expect(applyChanges(base, diffData(base, mine))).toEqual({ rows: [{ n: 1 }] });
    const grown = { rows: [{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }] };
    // The server's list is shorter now: the new row is appended, not left after a hole.
    expect(applyChanges({ rows: [{ n: 1 }] }, diffData(base, grown))).toEqual({ rows: [{ n: 1 }, { n: 4 }] });
  });

  it('creates missing parents and replaces the whole stage for a root change', () => {
    expect(applyChanges({}, [{ field: '/a/b', before: undefined, after: 1 }])).toEqual({ a: { b: 1 } });
    expect(applyChanges(undefined, diffData(undefined, { a: 1 }))).toEqual({ a: 1 });
  });
});
