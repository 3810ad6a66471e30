/**
 * A stage's edit as JSON patches (engine/rules/stage-patch.ts): what the app makes from the data
 * it holds and what the dealer has now, applied by the server to the same data, gives exactly what
 * the dealer has; patches that do not fit are refused, never half applied.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyStagePatches, diffStage, StagePatchError, type StagePatch } from '../../engine';
import { filledConfig } from '../../bench/config-document';

const asJson = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const json = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, fc.constantFrom(null, true, false, 0, 1, 'a', 'b', ''), fc.string(), tie('list'), tie('object')),
  list: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(fc.constantFrom('a', 'b', 'c', 'x/y', 'm~n', 'hours'), tie('value'), { maxKeys: 4 }),
})) as { object: fc.Arbitrary<Record<string, unknown>> };

describe('stage patches', () => {
  it('applied to what they were made from, give what they were made for (any JSON objects)', () => {
    fc.assert(
      fc.property(json.object, json.object, (before, after) => {
        const patches = diffStage(before, after, { ops: 10_000, bytes: 1e9 });
        expect(patches).not.toBeNull();
        expect(applyStagePatches(before, asJson(patches!))).toEqual(asJson(after));
      }),
      { numRuns: 500 },
    );
  });

  it('carry one opening time of a 30-location group as one small patch, and keep the untouched entries as they were', () => {
    const hours = filledConfig()['opening-hours'] as { hours: Array<{ days: Record<string, Record<string, unknown>> }> };
    const edited = structuredClone(hours);
    edited.hours[17].days.monday.open = '07:45';
    const patches = diffStage(hours, edited);
    expect(patches).toEqual([{ op: 'replace', path: '/hours/17/days/monday/open', value: '07:45' }]);
    const applied = applyStagePatches(hours, patches!) as typeof hours;
    expect(applied).toEqual(edited);
    expect(applied.hours[16]).toBe(hours.hours[16]);
    // Keys cleared in the form (undefined) are absent in JSON: removed.
    const cleared = { ...edited, hours: edited.hours.map((h, i) => (i === 2 ? { ...h, days: { ...h.days, sunday: undefined } } : h)) };
    expect(diffStage(edited, cleared)).toEqual([{ op: 'remove', path: '/hours/2/days/sunday' }]);
    // A rewrite is not an edit: the data is sent whole.
    expect(diffStage(hours, { hours: hours.hours.slice(1) })).toBeNull();
    expect(diffStage(hours, null)).toBeNull();
  });

  it('that do not fit the data are refused whole, naming the patch', () => {
    const base = Object.freeze({ list: Object.freeze([1, 2]), obj: Object.freeze({ a: 1 }) });
    const refused = (patches: unknown[]) => {
      try {
        applyStagePatches(base, patches as StagePatch[]);
      } catch (err) {
        expect(err).toBeInstanceOf(StagePatchError);
        return (err as Error).message;
      }
      return 'applied';
    };
    expect(refused([{ op: 'replace', path: '/list/2', value: 3 }])).toMatch(/^patch 1: replace \/list\/2: no item 2/);
    expect(refused([{ op: 'replace', path: '/obj/b', value: 3 }])).toMatch(/no b/);
    expect(refused([{ op: 'remove', path: '/nothing/a' }])).toMatch(/no nothing/);
    expect(refused([{ op: 'add', path: '/list/01', value: 3 }])).toMatch(/no item 01/);
    expect(refused([{ op: 'add', path: '/obj/a/b', value: 3 }])).toMatch(/a holds no object or list/);
    expect(refused([{ op: 'move', path: '/obj/a' }])).toMatch(/not add, remove or replace/);
    expect(refused([{ op: 'replace', path: '' , value: {} }])).toMatch(/not a path inside the stage/);
    expect(refused([{ op: 'add', path: '/__proto__/polluted', value: 1 }])).toMatch(/prototype/);
    expect(refused([{ op: 'add', path: '/obj/c' }])).toMatch(/no value/);
    // The first fits, the second does not: nothing is applied.
    expect(refused([{ op: 'replace', path: '/obj/a', value: 2 }, { op: 'remove', path: '/list/5' }])).toMatch(/^patch 2:/);
    expect(base.obj.a).toBe(1);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // RFC 6902: add inserts into a list ('-' is its end), remove takes the item out.
    expect(applyStagePatches(base, [{ op: 'add', path: '/list/0', value: 0 }, { op: 'add', path: '/list/-', value: 9 }, { op: 'remove', path: '/list/1' }])).toEqual({ list: [0, 2, 9], obj: { a: 1 } });
  });
});
