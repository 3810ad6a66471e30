import { afterEach, describe, expect, it } from 'vitest';
import {
  InvalidInputError,
  MAX_INPUT_DEPTH,
  MAX_INPUT_ITEMS,
  MAX_INPUT_STRING_LENGTH,
  UnsafeKeyError,
  applyRules,
  findInputProblem,
  lintStageFile,
  updateStage,
  writeStage,
  type ConfigDocument,
  type ConfigSnapshot,
  type StageState,
  type WriteStageFailure,
  type WriteStageSuccess,
} from '../../engine';
import franchisesFile from '../../schemas/stages/franchises.json';
import { largeGroupDoc } from '../../stories/support/dealerGroup';
import { largeGroup } from '../../bench/rules';
import { DEALER, companyInformation, group } from './fixtures';

// Everything here arrives as JSON text, as the configurator API will receive it: JSON.parse keeps
// "__proto__" as an ordinary own key, which an object literal in a test would not.

const POLLUTION_MARKERS = ['polluted', 'evil'];
const prototypeIsClean = () => {
  for (const marker of POLLUTION_MARKERS) {
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, marker), `Object.prototype.${marker}`).toBe(false);
    expect(({} as Record<string, unknown>)[marker]).toBeUndefined();
  }
};
afterEach(() => {
  // A failing test must not leave the rest of the file running on a polluted prototype.
  for (const marker of POLLUTION_MARKERS) delete (Object.prototype as Record<string, unknown>)[marker];
});

/** A config where the stages already hold data (the walk only goes into existing data). */
function existing(): ConfigSnapshot {
  const doc = group({ franchises: 2, locations: 2, departments: 0, hours: 0 });
  doc['design-brief'] = JSON.parse(
    '{"designBrief":{"uniquePoints":["Family run","","",""],"businessFocus":["","","",""],"objectives":["","","",""],"otherSites":true,"sites":["https://old.example","",""],"keywords":["","",""]}}',
  ) as Record<string, unknown>;
  doc.divisions = { divisions: [{ id: 'v1', divisionName: 'Used Cars', divisionLocations: ['l0'], selected: true }] };
  return { version: 4, doc, states: {} };
}

const write = (config: ConfigSnapshot, slug: string, json: string, state: StageState = 'draft', lng?: string) =>
  writeStage({ config, slug, data: JSON.parse(json), state, permissions: DEALER, baseVersion: config.version, lng });
const ok = (r: ReturnType<typeof writeStage>) => {
  if (!r.ok) throw new Error(`expected ok, got ${r.status} ${r.code}: ${JSON.stringify(r.errors)}`);
  return r as WriteStageSuccess;
};
const refused = (r: ReturnType<typeof writeStage>) => {
  if (r.ok) throw new Error(`expected a 422, got ok with ${JSON.stringify(r.config.doc).slice(0, 300)}`);
  return r as WriteStageFailure;
};

const LOCATION = '"id":"l0","name":"Leeds","postcode":"LS1 1AA","franchises":["f0"]';

/** `{"a":{"a":...{"a":1}}}` nested `levels` deep, as text (40 KB at 1,500 levels). */
function nestedJson(levels: number, leaf = '1'): string {
  return '{"a":'.repeat(levels) + leaf + '}'.repeat(levels);
}

describe('prototype keys in stage data', () => {
  const cases: { name: string; slug: string; json: string; path: string }[] = [
    {
      name: 'at the top of stage data',
      slug: 'design-brief',
      json: '{"designBrief":{"uniquePoints":["Family run"]},"__proto__":{"polluted":"top"}}',
      path: '/__proto__',
    },
    {
      name: 'inside the design brief object',
      slug: 'design-brief',
      json: '{"designBrief":{"__proto__":{"polluted":"brief"},"uniquePoints":["Family run"]}}',
      path: '/designBrief/__proto__',
    },
    {
      name: 'inside a list item',
      slug: 'locations',
      json: `{"locations":[{${LOCATION},"address":{"line1":"1 Road","town":"Leeds"},"__proto__":{"polluted":"item"}}]}`,
      path: '/locations/0/__proto__',
    },
    {
      name: 'inside an address',
      slug: 'locations',
      json: `{"locations":[{${LOCATION},"address":{"line1":"1 Road","town":"Leeds","__proto__":{"polluted":"address"}}}]}`,
      path: '/locations/0/address/__proto__',
    },
    {
      name: 'as constructor.prototype in a list item',
      slug: 'franchises',
      json: '{"franchises":[{"id":"f0","name":"Ford","constructor":{"prototype":{"polluted":"ctor"}}}]}',
      path: '/franchises/0/constructor',
    },
  ];

  for (const c of cases) {
    it(`writeStage refuses "__proto__"-style keys ${c.name} with a 422 naming the field, prototype untouched`, () => {
      const config = existing();
      const r = refused(write(config, c.slug, c.json));
      expect([r.status, r.code]).toEqual([422, 'invalid']);
      expect(r.errors).toEqual([expect.objectContaining({ path: c.path, key: 'validation:field.invalid', message: 'is not valid' })]);
      prototypeIsClean();
    });

    it(`updateStage throws InvalidInputError for such keys ${c.name}, prototype untouched`, () => {
      const { doc } = existing();
      let thrown: unknown;
      try {
        updateStage(doc, c.slug, JSON.parse(c.json) as Record<string, unknown>);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(InvalidInputError);
      expect((thrown as InvalidInputError).errors[0].path).toBe(c.path);
      prototypeIsClean();
    });
  }

  it('a rule target through __proto__ cannot write Object.prototype, and the stage file format refuses it', () => {
    const doc = existing().doc;
    const rule = { id: 'franchises.evil', description: 'Writes through the prototype.', target: '/franchises/__proto__/evil', logic: 'yes' };
    expect(() => applyRules(doc, { rules: [rule] })).toThrow(UnsafeKeyError);
    prototypeIsClean();

    const file = JSON.parse(JSON.stringify(franchisesFile)) as { rules: unknown[] };
    file.rules = [rule];
    expect(lintStageFile(file, 'franchises.json')).toEqual([expect.stringMatching(/^franchises\.json: \/rules\/0\/target must match pattern/)]);
    for (const target of ['/franchises/constructor', '/franchises/franchises/prototype/x']) {
      file.rules = [{ ...rule, target }];
      expect(lintStageFile(file, 'franchises.json'), target).toHaveLength(1);
    }
  });

  it('the stage file format refuses unsafe keys anywhere in the file and in rule logic', () => {
    const text = JSON.stringify(franchisesFile);
    const inDefaults = JSON.parse(text.replace('"defaults":{', '"defaults":{"__proto__":{"polluted":1},'));
    expect(lintStageFile(inDefaults, 'franchises.json')).toEqual([
      'franchises.json: /defaults: property name "__proto__" is not allowed (__proto__, constructor, prototype reach the object prototype, not data)',
    ]);
    const inSchema = JSON.parse(text.replace('"properties":{', '"properties":{"constructor":{"type":"string"},'));
    expect(lintStageFile(inSchema, 'franchises.json')).toEqual([expect.stringContaining('/schema/properties: property name "constructor" is not allowed')]);

    const inLogic = JSON.parse(text) as { rules: unknown[] };
    inLogic.rules = [{ id: 'franchises.read', description: 'Reads through the prototype.', target: '/franchises/franchises', logic: { pluck: [{ var: 'doc.__proto__' }, 'id'] } }];
    expect(lintStageFile(inLogic, 'franchises.json')).toEqual([
      'franchises.json: /rules/0/logic/pluck/0/var names "doc.__proto__": __proto__, constructor, prototype reach the object prototype, not data',
    ]);
    prototypeIsClean();
  });
});

describe('deep nesting, long lists and long strings', () => {
  it('stage data nested 1,500 levels (40 KB) is a 422 naming where it got too deep, not a RangeError', () => {
    const json = `{"designBrief":{"uniquePoints":["x"],"deep":${nestedJson(1500)}}}`;
    expect(json.length).toBeLessThan(41_000);
    let r: ReturnType<typeof writeStage> | undefined;
    expect(() => (r = write(existing(), 'design-brief', json))).not.toThrow();
    const failure = refused(r!);
    expect([failure.status, failure.code]).toEqual([422, 'invalid']);
    expect(failure.errors).toHaveLength(1);
    // Level 1 is the stage data, 2 designBrief, 3 deep: the 33rd level is the 30th "a" down.
    expect(failure.errors[0]).toMatchObject({ path: `/designBrief/deep${'/a'.repeat(30)}`, key: 'validation:field.invalid', params: { depth: 32 } });
  });

  it('deep nesting inside a list item and through updateStage is refused before immer recurses', () => {
    const json = `{"locations":[{${LOCATION},"address":{"line1":"1 Road","town":"Leeds","county":${nestedJson(5000)}}}]}`;
    expect(refused(write(existing(), 'locations', json)).errors[0].path).toMatch(/^\/locations\/0\/address\/county\/a\/a/);
    expect(() => updateStage(existing().doc, 'locations', JSON.parse(json) as Record<string, unknown>)).toThrow(InvalidInputError);
  });

  it('a list longer than 5,000 items and a string longer than 100,000 characters are 422s in the catalogue words', () => {
    const franchises = Array.from({ length: 5001 }, (_, i) => `{"id":"f${i}","name":"Make ${i}"}`).join(',');
    const list = refused(write(existing(), 'franchises', `{"franchises":[${franchises}]}`));
    expect(list.errors).toEqual([expect.objectContaining({ path: '/franchises', key: 'validation:field.maxItems', params: expect.objectContaining({ length: 5000 }), message: 'must have at most 5000 items' })]);

    // hours/0/days/monday/open has no maxLength of its own: only the guard bounds it.
    const open = 'x'.repeat(100_001);
    const text = refused(write(existing(), 'opening-hours', `{"hours":[{"id":"h0","departments":[],"days":{"monday":{"open":"${open}"}}}]}`));
    expect(text.errors).toEqual([
      expect.objectContaining({ path: '/hours/0/days/monday/open', key: 'validation:field.maxLength', params: expect.objectContaining({ length: 100_000 }), message: 'at most 100000 characters' }),
    ]);
  });

  it('the limits are named constants that the largest realistic stage data stays well inside', () => {
    expect([MAX_INPUT_DEPTH, MAX_INPUT_ITEMS, MAX_INPUT_STRING_LENGTH]).toEqual([32, 5000, 100_000]);
    // 30 sites x 8 departments (240 opening-hours entries), and the rules benchmark's 2,000.
    for (const doc of [largeGroupDoc as ConfigDocument, largeGroup()]) {
      for (const [slug, data] of Object.entries(doc)) expect(findInputProblem(JSON.parse(JSON.stringify(data))), slug).toBeNull();
    }
    const config: ConfigSnapshot = { version: 1, doc: { 'company-information': structuredClone(companyInformation), departments: largeGroupDoc.departments }, states: {} };
    const hours = JSON.stringify(largeGroupDoc['opening-hours']);
    expect(ok(write(config, 'opening-hours', hours)).config.doc['opening-hours'].hours).toHaveLength(240);
  });

  it('frozen data passed once (as a form keeps it) still fails wherever it changes or is moved too deep', () => {
    const deepFreeze = <T,>(v: T): T => {
      if (v && typeof v === 'object' && !Object.isFrozen(v)) {
        Object.values(v).forEach(deepFreeze);
        Object.freeze(v);
      }
      return v;
    };
    const hours = deepFreeze(JSON.parse(JSON.stringify(largeGroupDoc['opening-hours'])) as { hours: Array<Record<string, unknown>> });
    expect(findInputProblem(hours)).toBeNull();
    // A new state sharing every checked entry but one, which now holds a prototype key.
    const changed = deepFreeze({ hours: [...hours.hours.slice(0, 7), JSON.parse('{"id":"h7","days":{"__proto__":{"open":"09:00"}}}'), ...hours.hours.slice(8)] });
    expect(findInputProblem(changed)).toMatchObject({ kind: 'unsafeKey', path: ['hours', 7, 'days', '__proto__'] });
    // A checked entry (days and a weekday inside it) put under 30 more levels goes past 32.
    let deep: unknown = hours.hours[0];
    for (let i = 0; i < 30; i++) deep = deepFreeze({ a: deep });
    expect(findInputProblem(deepFreeze({ wrap: deep }))).toMatchObject({ kind: 'depth', limit: 32 });
    // And the same state checked again is still fine.
    expect(findInputProblem(hours)).toBeNull();
  });

  it('the guard walks without recursion: 100,000 levels and a cycle end as "too deep", never a stack overflow', () => {
    expect(findInputProblem(JSON.parse(nestedJson(100_000)))).toMatchObject({ kind: 'depth', limit: 32 });
    const cycle: Record<string, unknown> = { name: 'loop' };
    cycle.self = cycle;
    expect(findInputProblem(cycle)).toMatchObject({ kind: 'depth' });
    expect(() => updateStage(existing().doc, 'franchises', { franchises: [cycle] })).toThrow(InvalidInputError);
  });
});

describe('wrong types are refused before the rules default or pad them', () => {
  it('{"divisions": "New Cars"} is a 422 at /divisions, not the default division', () => {
    const r = refused(write(existing(), 'divisions', '{"divisions":"New Cars"}'));
    expect([r.status, r.code]).toEqual([422, 'invalid']);
    expect(r.errors).toEqual([{ path: '/divisions', key: 'validation:field.type', params: { attribute: 'Divisions' }, message: 'has the wrong type of value' }]);
  });

  it('{"designBrief": "..."} and uniquePoints: 5 are 422s naming the field; otherSites is not lost', () => {
    const whole = refused(write(existing(), 'design-brief', '{"designBrief":"We sell cars"}'));
    expect(whole.errors.map((e) => [e.path, e.key])).toEqual([['/designBrief', 'validation:field.type']]);

    const points = refused(write(existing(), 'design-brief', '{"designBrief":{"uniquePoints":5,"otherSites":true,"sites":["https://other.example"]}}'));
    expect(points.errors.map((e) => [e.path, e.key])).toEqual([['/designBrief/uniquePoints', 'validation:field.type']]);

    const item = refused(write(existing(), 'divisions', '{"divisions":[{"id":"v1","divisionName":7,"divisionLocations":"l0"}]}'));
    expect(item.errors.map((e) => e.path).sort()).toEqual(['/divisions/0/divisionLocations', '/divisions/0/divisionName']);
  });

  it('unknown keys are refused (422 naming the key), at the top, in an object and in a list item, never stored', () => {
    const top = refused(write(existing(), 'design-brief', '{"designBrief":{"uniquePoints":["Family run"]},"notes":"hello"}'));
    expect(top.errors).toEqual([expect.objectContaining({ path: '/notes', key: 'validation:field.invalid', message: 'is not valid' })]);
    const nested = refused(write(existing(), 'design-brief', '{"designBrief":{"uniquePoints":["Family run"],"colour":"red"}}'));
    expect(nested.errors.map((e) => e.path)).toEqual(['/designBrief/colour']);
    const inItem = refused(write(existing(), 'locations', `{"locations":[{${LOCATION},"address":{"line1":"1 Road","town":"Leeds","lat":1}}]}`));
    expect(inItem.errors.map((e) => e.path)).toEqual(['/locations/0/address/lat']);
  });

  it('the field errors come in the writer\'s language', () => {
    const r = refused(write(existing(), 'divisions', '{"divisions":"New Cars"}', 'draft', 'fr-FR'));
    expect(r.errors[0]).toMatchObject({ path: '/divisions', message: "n'a pas le bon type de valeur" });
  });

  it('legitimate partial drafts still save: missing fields, empty strings, short lists', () => {
    const brief = ok(write(existing(), 'design-brief', '{"designBrief":{"uniquePoints":["Family run"],"otherSites":true}}'));
    expect(brief.config.doc['design-brief'].designBrief).toEqual({
      uniquePoints: ['Family run', '', '', ''],
      otherSites: true,
      businessFocus: ['', '', '', ''],
      objectives: ['', '', '', ''],
      sites: ['', '', ''],
      keywords: ['', '', ''],
    });
    // An emptied list is what the spec's cascade resets to the default division; that stays.
    expect(ok(write(existing(), 'divisions', '{"divisions":[]}')).config.doc.divisions.divisions).toEqual([
      { id: 'main', divisionName: 'Main', divisionLocations: [], selected: true },
    ]);
    ok(write(existing(), 'key-contact', '{"keyContact":{"name":"","email":"","telephone":"","mobile":"","position":""}}'));
    ok(write(existing(), 'key-contact', '{}'));
    ok(write(existing(), 'locations', `{"locations":[{${LOCATION},"address":{"line1":"","town":"","latitude":""}}]}`));
    ok(write(existing(), 'company-information', '{"companyInformation":{"name":"Demo Motors Ltd","regAddress":{"line1":""}}}'));
  });
});
