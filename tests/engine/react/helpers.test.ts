import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkTargetPosition, moveItem, sortedOrder } from '../../../engine/react/fields/sorting';
import { createRemoteSearchScheduler } from '../../../engine/react/widgets/remoteSearch';
import { renderMarkdown } from '../../../engine/react/widgets/markdown';
import { formatDisplayDate, parseDisplayDate } from '../../../engine/react/widgets/DatePickerWidget';
import { findOwnedPaths, ownedSplit } from '../../../engine/react/owned';
import { replaceEqualDeep } from '../../../engine/react/store';
import { setAtCopy } from '../../../engine/react/paths';
import { errorPath, mergeErrorSection, toErrorSchema } from '../../../engine/react/errors';

describe('table sorting and reordering', () => {
  it('moves an item and keeps the others', () => {
    const list = [{ n: 'a' }, { n: 'b' }, { n: 'c' }];
    const moved = moveItem(list, 0, 2);
    expect(moved.map((x) => x.n)).toEqual(['b', 'c', 'a']);
    expect(moved[0]).toBe(list[1]);
    expect(list.map((x) => x.n)).toEqual(['a', 'b', 'c']);
  });

  it('sorts the view ascending and descending, blanks last, numbers naturally', () => {
    const rows = [{ n: 'b10' }, { n: '' }, { n: 'b9' }, { n: 'A' }];
    expect(sortedOrder(rows, 'n', 'asc')).toEqual([3, 2, 0, 1]);
    expect(sortedOrder(rows, 'n', 'desc')).toEqual([0, 2, 3, 1]);
  });

  it('checks a target position with the spec words', () => {
    expect(checkTargetPosition(0, 5)?.message).toBe('Value must be more than 0');
    expect(checkTargetPosition(6, 5)?.message).toBe('Value cannot be more than 5');
    expect(checkTargetPosition(5, 5)).toBeNull();
  });
});

describe('remote search scheduling', () => {
  afterEach(() => vi.useRealTimers());

  it('waits 250 ms, debounces later keystrokes by 500 ms, ignores empty text and drops stale answers', async () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    const results: string[] = [];
    const s = createRemoteSearchScheduler(
      async (term) => {
        calls.push(term);
        return term;
      },
      (r) => results.push(r),
    );
    s.input(' ');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toEqual([]);
    s.input('L');
    await vi.advanceTimersByTimeAsync(249);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(['L']);
    s.input('Le');
    await vi.advanceTimersByTimeAsync(100);
    s.input('Lee');
    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toEqual(['L']);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(['L', 'Lee']);
    expect(results).toEqual(['L', 'Lee']);
  });

  it('never delivers an answer that a newer search overtook', async () => {
    vi.useFakeTimers();
    const results: string[] = [];
    let release: (v: string) => void = () => {};
    const s = createRemoteSearchScheduler(
      (term) => (term === 'a' ? new Promise<string>((ok) => (release = ok)) : Promise.resolve(term)),
      (r) => results.push(r),
    );
    s.input('a');
    await vi.advanceTimersByTimeAsync(250);
    s.input('ab');
    await vi.advanceTimersByTimeAsync(250);
    release('a');
    await vi.advanceTimersByTimeAsync(0);
    expect(results).toEqual(['ab']);
  });
});

describe('markdown preview', () => {
  it('renders markdown and escapes raw HTML and script links', () => {
    const html = renderMarkdown('**hi** <script>alert(1)</script> [x](javascript:alert(1)) [ok](https://example.com)');
    expect(html).toContain('<strong>hi</strong>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('href="https://example.com"');
  });
});

describe('dates', () => {
  it('shows dd/mm/yyyy and stores ISO dates', () => {
    expect(formatDisplayDate('2026-03-01')).toBe('01/03/2026');
    expect(parseDisplayDate('01/03/2026')).toBe('2026-03-01');
    expect(parseDisplayDate('31/02/2026')).toBeUndefined();
  });
});

describe('data plumbing', () => {
  it('keeps identities of equal subtrees', () => {
    const prev = { a: { b: [1, 2] }, c: { d: 1 } };
    const next = replaceEqualDeep(prev, { a: { b: [1, 2] }, c: { d: 2 } });
    expect(next.a).toBe(prev.a);
    expect(next.c).not.toBe(prev.c);
    expect(replaceEqualDeep(prev, structuredClone(prev))).toBe(prev);
  });

  it('sets a value at a path by copying only the containers on the way, leaving the original as it was', () => {
    const data = Object.freeze({ hours: Object.freeze([Object.freeze({ days: Object.freeze({ monday: Object.freeze({ open: '09:00' }) }) }), Object.freeze({ id: 2 })]), info: Object.freeze({}) });
    const next = setAtCopy(data, ['hours', 0, 'days', 'monday', 'open'], '08:30') as typeof data & { hours: Array<Record<string, unknown>> };
    expect(next.hours[0]).toEqual({ days: { monday: { open: '08:30' } } });
    expect((data.hours[0] as { days: { monday: { open: string } } }).days.monday.open).toBe('09:00');
    expect(next.hours[1]).toBe(data.hours[1]);
    expect(next.info).toBe(data.info);
    expect(Array.isArray(next.hours)).toBe(true);
    // The same value again changes nothing; a cleared cell keeps its key, as undefined.
    expect(setAtCopy(data, ['hours', 0, 'days', 'monday', 'open'], '09:00')).toBe(data);
    expect(setAtCopy(data, ['hours', 0, 'days', 'monday', 'open'], undefined)).toEqual({ ...data, hours: [{ days: { monday: { open: undefined } } }, { id: 2 }] });
    // Missing containers are created: an array before a numeric step, else an object.
    expect(setAtCopy({}, ['list', 0, 'name'], 'x')).toEqual({ list: [{ name: 'x' }] });
    expect(() => setAtCopy({}, ['__proto__', 'polluted'], true)).toThrow(/__proto__/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('splits the data a store-backed field owns from what rjsf sees', () => {
    const paths = findOwnedPaths({ hours: { 'ui:field': 'accordion' }, info: { name: { 'ui:widget': 'text' } } }, ['accordion']);
    expect(paths).toEqual([['hours']]);
    const split = ownedSplit(paths);
    const data = { info: { name: 'x' }, hours: [{ id: 1 }] };
    expect(split.view(data)).toEqual({ info: { name: 'x' } });
    expect(split.merge({ info: { name: 'y' }, hours: [] }, data)).toEqual({ info: { name: 'y' }, hours: [{ id: 1 }] });
  });

  it('reads error paths and replaces one section of the error tree', () => {
    expect(errorPath('/hours/0/days/monday/open')).toEqual(['hours', 0, 'days', 'monday', 'open']);
    expect(errorPath('.hours[0].name')).toEqual(['hours', 0, 'name']);
    const tree = toErrorSchema([
      { path: '/a/0/x', key: 'k', params: {}, message: 'bad a0' },
      { path: '/a/1/x', key: 'k', params: {}, message: 'bad a1' },
      { path: '/b', key: 'k', params: {}, message: 'bad b' },
    ]);
    const merged = mergeErrorSection(tree, {}, ['a', 0]) as Record<string, Record<string, unknown>>;
    expect(merged.a['0']).toBeUndefined();
    expect(merged.a['1']).toEqual({ x: { __errors: ['bad a1'] } });
    expect(merged.b).toEqual({ __errors: ['bad b'] });
  });
});
