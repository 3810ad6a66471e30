import jsonLogic from 'json-logic-js';
import { describe, expect, it } from 'vitest';
import { customOperations } from '../../engine';

const run = (logic: object, data: object = {}) => jsonLogic.apply(logic as Parameters<typeof jsonLogic.apply>[0], data);

describe('custom JSON-logic operations (registered once, at engine load)', () => {
  it('are all registered with json-logic-js', () => {
    for (const name of Object.keys(customOperations)) expect(() => run({ [name]: [[], 'x', [], []] }), name).not.toThrow();
  });

  it('pluck, sole, countWhere', () => {
    expect(run({ pluck: [{ var: 'x' }, 'id'] }, { x: [{ id: 'a' }, { id: 'b' }] })).toEqual(['a', 'b']);
    expect(run({ sole: [{ var: 'x' }] }, { x: [{ id: 'a' }] })).toEqual(['a']);
    expect(run({ sole: [{ var: 'x' }] }, { x: [{ id: 'a' }, { id: 'b' }] })).toBeNull();
    expect(run({ countWhere: [{ var: 'x' }, 'top'] }, { x: [{ top: true }, { top: false }, { top: 1 }] })).toBe(2);
    expect(run({ countWhere: [{ var: 'x' }] }, { x: [{}, {}] })).toBe(2);
  });

  it('keepRefs keeps valid references and returns the same array when nothing changes', () => {
    const items = [{ id: 1, f: ['a', 'x'] }, { id: 2, f: ['a'] }];
    const out = run({ keepRefs: [{ var: 'items' }, 'f', ['a']] }, { items }) as typeof items;
    expect(out).toEqual([{ id: 1, f: ['a'] }, { id: 2, f: ['a'] }]);
    expect(out[1]).toBe(items[1]);
    expect(run({ keepRefs: [{ var: 'items' }, 'f', ['a', 'x']] }, { items })).toBe(items);
  });

  it('single-key objects in logic are operations, so data comes in through var', () => {
    expect(() => run({ pluck: [[{ id: 'a' }], 'id'] })).toThrow(/Unrecognized operation id/);
  });

  it('dropEmptied drops only items emptied because their references were removed', () => {
    const prev = [{ id: 1, l: ['gone'] }, { id: 2, l: ['kept'] }, { id: 3, l: [] }];
    const items = [{ id: 1, l: [] }, { id: 2, l: [] }, { id: 3, l: [] }, { id: 4, l: [] }];
    expect(run({ dropEmptied: [{ var: 'items' }, 'l', { var: 'prev' }, ['kept']] }, { items, prev })).toEqual([{ id: 2, l: [] }, { id: 3, l: [] }, { id: 4, l: [] }]);
    const same = [{ id: 1, l: ['a'] }];
    expect(run({ dropEmptied: [{ var: 's' }, 'l', { var: 'prev' }, []] }, { s: same, prev })).toBe(same);
  });

  it('fillEmpty, pad, ensureItem, dropBlank', () => {
    expect(run({ fillEmpty: [{ var: 'x' }, 'f', ['a']] }, { x: [{ f: [] }, { f: ['b'] }, {}] })).toEqual([{ f: ['a'] }, { f: ['b'] }, { f: ['a'] }]);
    expect(run({ fillEmpty: [{ var: 'x' }, 'f', null] }, { x: [{ f: [] }] })).toEqual([{ f: [] }]);
    expect(run({ pad: [['a'], 3, ''] })).toEqual(['a', '', '']);
    expect(run({ pad: [null, 2, ''] })).toEqual(['', '']);
    expect(run({ pad: [['a', 'b', 'c'], 2, ''] })).toEqual(['a', 'b', 'c']);
    expect(run({ ensureItem: [[], { var: 'd' }] }, { d: { id: 'x', n: 'Main' } })).toEqual([{ id: 'x', n: 'Main' }]);
    expect(run({ ensureItem: [[1], { var: 'd' }] }, { d: 2 })).toEqual([1]);
    expect(run({ dropBlank: [{ var: 'x' }, 'n'] }, { x: [{ n: ' ' }, { n: 'A' }, {}] })).toEqual([{ n: 'A' }]);
  });

  it('missingRefs lists items no flagged referrer points at', () => {
    const deps = [{ id: 'd1' }, { id: 'd2' }, { id: 'd3' }];
    const users = [{ departments: ['d1'], receiveLeads: true }, { departments: ['d2'], receiveLeads: false }];
    expect(run({ missingRefs: [{ var: 'deps' }, { var: 'users' }, 'departments', 'receiveLeads'] }, { deps, users })).toEqual([1, 2]);
    expect(run({ missingRefs: [{ var: 'deps' }, { var: 'users' }, 'departments'] }, { deps, users })).toEqual([2]);
  });
});
