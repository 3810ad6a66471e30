import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PUBLISH_LIMITS, publishProblems } from '../../engine';
import departmentsFile from '../../schemas/stages/departments.json';
import franchisesFile from '../../schemas/stages/franchises.json';
import keyContactFile from '../../schemas/stages/key-contact.json';

// Issue 31: staff publish stage files at run time, so each test takes a real stage file and breaks
// it the way an edit (or an attacker with a staff session) could.

type File = Record<string, unknown> & { rules: Record<string, unknown>[]; checks?: Record<string, unknown>[]; schema: Record<string, unknown> };
const copy = (f: unknown) => structuredClone(f) as File;
const departments = () => copy(departmentsFile);
const keyContact = () => copy(keyContactFile);
const rule = (over: Record<string, unknown>) => ({ id: 'departments.extra', description: 'A rule under test.', target: '/departments/departments', logic: { var: 'value' }, ...over });

/** A schema of `depth` nested objects, built without recursion. */
function nested(depth: number): Record<string, unknown> {
  let node: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < depth; i++) node = { type: 'object', properties: { a: node } };
  return node;
}

describe('publishProblems', () => {
  const dir = new URL('../../schemas/stages/', import.meta.url);
  const builtIn = readdirSync(dir).filter((f) => f.endsWith('.json'));

  it.each(builtIn)('passes the built-in stage file %s', (name) => {
    expect(publishProblems(JSON.parse(readFileSync(new URL(name, dir), 'utf8')))).toEqual([]);
  });

  it('passes every built-in file against an explicit catalogue of the built-in files', () => {
    const all = builtIn.map((name) => JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as unknown);
    for (const file of all) expect(publishProblems(file, { catalogue: all })).toEqual([]);
  });

  it('exports limits the server and editor can show', () => {
    expect(PUBLISH_LIMITS).toMatchObject({ depth: 64, bytes: 1_000_000, patternLength: 500, logicNodes: 2_000 });
    expect(Object.isFrozen(PUBLISH_LIMITS)).toBe(true);
  });

  it('reports what lintStageFile reports', () => {
    const file = departments();
    file.rules.push(rule({ id: 'departments.strip-removed-locations' }));
    file.rules[0].logic = { fillEverything: [{ var: 'value' }] };
    const problems = publishProblems(file);
    expect(problems).toContain('departments.json: /rules/2/id "departments.strip-removed-locations" is used twice');
    expect(problems).toContain('departments.json: /rules/0/logic/fillEverything uses unknown JSON-logic operation "fillEverything"');
  });

  it('reports a meta-schema problem without throwing on what follows', () => {
    const file = keyContact();
    file.rules = 'none' as unknown as File['rules'];
    expect(publishProblems(file)).toEqual(['key-contact.json: /rules must be array']);
  });

  it('reports logic that throws when run on empty data', () => {
    const file = departments();
    file.checks![0].logic = { missing_some: [1, { var: 'doc.users.users' }] };
    expect(publishProblems(file)).toEqual([
      expect.stringMatching(/^departments\.json: \/checks\/0\/logic fails when run on empty data \(.*length.*\); it would make saving/),
    ]);
    const withRule = departments();
    withRule.rules.push(rule({ logic: { missing_some: [1, { var: 'doc.locations.locations' }] } }));
    expect(publishProblems(withRule)).toContainEqual(expect.stringMatching(/^departments\.json: \/rules\/2\/logic fails when run on empty data/));
  });

  describe('rule targets', () => {
    it('refuses a field the stage schema does not define', () => {
      const file = departments();
      file.rules.push(rule({ target: '/departments/staff' }));
      expect(publishProblems(file)).toEqual([
        'departments.json: /rules/2/target "/departments/staff" is not a path the schema of stage "departments" defines: it has no "staff" at /departments',
      ]);
    });

    it('refuses a position in a list (past its end the engine fills the list with nulls) and "-"', () => {
      const file = departments();
      file.rules.push(rule({ target: '/departments/departments/3/name' }), rule({ id: 'departments.end', target: '/departments/departments/-' }));
      const problems = publishProblems(file);
      expect(problems).toEqual([
        expect.stringContaining('/rules/2/target "/departments/departments/3/name" is not a path the schema of stage "departments" defines: /departments/departments is a list, and item 3 may be past its end'),
        expect.stringContaining('/rules/3/target "/departments/departments/-" is not a path the schema of stage "departments" defines: /departments/departments is a list, and the engine does not append at "-"'),
      ]);
    });

    it('walks shapes ($ref) and refuses a path into another stage its schema does not define', () => {
      const file = departments();
      file.rules.push(rule({ target: '/locations/locations' }), rule({ id: 'departments.deep', target: '/key-contact/keyContact/fax' }));
      expect(publishProblems(file)).toEqual([
        'departments.json: /rules/3/target "/key-contact/keyContact/fax" is not a path the schema of stage "key-contact" defines: it has no "fax" at /key-contact/keyContact',
      ]);
    });

    it('checks a target into another stage against the catalogue given', () => {
      const file = departments();
      file.rules.push(rule({ target: '/franchises/brands' }));
      const franchises = copy(franchisesFile);
      (franchises.schema.properties as Record<string, unknown>).brands = { type: 'array', items: { type: 'string' } };
      expect(publishProblems(file)).toEqual([expect.stringContaining('/rules/2/target "/franchises/brands" is not a path')]);
      expect(publishProblems(file, { catalogue: [franchises] })).toEqual([]);
    });
  });

  describe('cycles', () => {
    it('refuses two rules of the file that change each other\'s data', () => {
      const file = departments();
      // departments.strip-removed-locations writes /departments/departments from doc.locations.locations.
      file.rules.push(rule({ id: 'departments.locations-back', target: '/locations/locations', logic: { if: [{ var: 'doc.departments.departments' }, { var: 'value' }, []] } }));
      expect(publishProblems(file)).toContain(
        'departments.json: /rules/0: rules "departments.strip-removed-locations" and "departments.locations-back" change each other\'s data (a cycle): ' +
          '"departments.strip-removed-locations" writes /departments/departments, which "departments.locations-back" reads; ' +
          '"departments.locations-back" writes /locations/locations, which "departments.strip-removed-locations" reads',
      );
    });

    it('refuses a cycle through a rule of another stage in the catalogue', () => {
      const file = keyContact();
      file.rules = [
        { id: 'key-contact.from-franchises', description: 'Position follows the franchises.', target: '/key-contact/keyContact/position', logic: { cat: [{ var: 'doc.franchises.franchises.0.name' }] } },
      ];
      const franchises = copy(franchisesFile);
      franchises.rules = [
        { id: 'franchises.from-contact', description: 'Franchises follow the key contact.', target: '/franchises/franchises', logic: { if: [{ var: 'doc.key-contact.keyContact' }, { var: 'value' }, []] } },
      ];
      expect(publishProblems(file)).toEqual([]); // the built-in franchises file has no such rule
      expect(publishProblems(file, { catalogue: [franchises] })).toEqual([
        expect.stringMatching(/^key-contact\.json: \/rules\/0: rules "key-contact\.from-franchises" and "franchises\.from-contact" change each other's data \(a cycle\)/),
      ]);
    });

    it('assumes a computed var path reads the whole configuration', () => {
      const file = departments();
      file.rules.push(rule({ id: 'departments.computed', target: '/locations/locations', logic: { if: [{ var: { cat: ['doc.', 'users'] } }, { var: 'value' }, []] } }));
      expect(publishProblems(file)).toContain(
        'departments.json: /rules/0: rules "departments.strip-removed-locations" and "departments.computed" change each other\'s data (a cycle): ' +
          '"departments.strip-removed-locations" writes /departments/departments, which "departments.computed" reads; ' +
          '"departments.computed" writes /locations/locations, which "departments.strip-removed-locations" reads',
      );
    });

    it('does not count rules sharing one target (strip, then fill) or reads inside a loop body', () => {
      const file = departments();
      file.rules.push(rule({ logic: { map: [{ var: 'value' }, { var: 'doc.departments.departments' }] } }));
      expect(publishProblems(file)).toEqual([]);
    });
  });

  it('says clearly that a default does not fit the schema', () => {
    const file = keyContact();
    file.defaults = { keyContact: { name: 42 } };
    expect(publishProblems(file)).toEqual([
      'key-contact.json: /defaults/keyContact/name: this default value does not fit the schema (must be string); a new stage starts with it, so it must',
    ]);
  });

  describe('hostile files', () => {
    it('refuses a schema nested 10,000 deep quickly, without throwing', () => {
      const file = keyContact();
      (file.schema.properties as Record<string, unknown>).deep = nested(10_000);
      const started = performance.now();
      const problems = publishProblems(file);
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(problems).toEqual([expect.stringMatching(/^key-contact\.json: \/schema\/properties\/deep(\/properties\/a)+\/properties is nested deeper than 64 levels/)]);
    });

    it('refuses any part of the file nested deeper than 64 levels, and accepts 64', () => {
      const file = keyContact();
      let logic: unknown = 1;
      for (let i = 0; i < 70; i++) logic = [logic];
      file.uiSchema = { deep: logic };
      expect(publishProblems(file)[0]).toMatch(/^key-contact\.json: \/uiSchema\/deep(\/0)+ is nested deeper than 64 levels/);
    });

    it('refuses a file of more than 1 MB', () => {
      const file = keyContact();
      file.uiSchema = { notes: 'x'.repeat(PUBLISH_LIMITS.bytes) };
      expect(publishProblems(file)).toEqual([expect.stringMatching(/^key-contact\.json: \/ is more than 1,000,000 bytes of JSON; a stage file may have at most 1,000,000 bytes$/)]);
      const many = keyContact();
      many.uiSchema = { list: Array.from({ length: 200_000 }, (_, i) => i) };
      const bytes = new TextEncoder().encode(JSON.stringify(many)).length.toLocaleString('en-GB');
      expect(publishProblems(many)).toEqual([`key-contact.json: / is ${bytes} bytes of JSON; a stage file may have at most 1,000,000 bytes`]);
    });

    it('refuses a regex that backtracks catastrophically, in pattern and patternProperties', () => {
      const file = keyContact();
      const props = file.schema.properties as Record<string, Record<string, unknown>>;
      props.code = { type: 'string', pattern: '^(a+)+$' };
      props.codes = { type: 'object', patternProperties: { '^(a|b+)*$': { type: 'string', pattern: '^[a-z]+$' } } };
      const started = performance.now();
      const problems = publishProblems(file);
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(problems).toEqual([
        expect.stringMatching(/^key-contact\.json: \/schema\/properties\/code\/pattern regular expression "\^\(a\+\)\+\$" can take exponential time/),
        expect.stringMatching(/^key-contact\.json: \/schema\/properties\/codes\/patternProperties\/\^\(a\|b\+\)\*\$ regular expression .* can take exponential time/),
      ]);
    });

    it('refuses a regex that is too long or invalid', () => {
      const file = keyContact();
      const props = file.schema.properties as Record<string, Record<string, unknown>>;
      props.long = { type: 'string', pattern: `^${'a'.repeat(600)}$` };
      props.bad = { type: 'string', pattern: '^(a$' };
      expect(publishProblems(file)).toEqual([
        'key-contact.json: /schema/properties/long/pattern is a regular expression of 602 characters; the limit is 500',
        expect.stringMatching(/^key-contact\.json: \/schema\/properties\/bad\/pattern is not a valid regular expression/),
      ]);
    });

    it('refuses logic with too many parts', () => {
      const file = departments();
      file.rules.push(rule({ logic: { in: [{ var: 'value' }, Array.from({ length: 3_000 }, (_, i) => `id${i}`)] } }));
      expect(publishProblems(file)).toEqual([
        'departments.json: /rules/2/logic has 3,005 parts (operations, arguments and values); an expression may have at most 2,000',
      ]);
    });

    it('refuses logic that explodes: map nested over literal lists, map over data in map over data', () => {
      const file = departments();
      const forty = Array.from({ length: 40 }, (_, i) => i);
      file.rules.push(rule({ logic: { map: [forty, { map: [forty, { map: [forty, { map: [forty, { '+': [1, 1] }] }] }] }] } }));
      file.checks![0].logic = { map: [{ var: 'data.departments' }, { map: [{ var: 'locations' }, true] }] };
      expect(publishProblems(file)).toEqual([
        expect.stringMatching(/^departments\.json: \/rules\/2\/logic could take about 12,\d{3},\d{3} steps to evaluate, more than the 1,000,000 allowed/),
        expect.stringMatching(/^departments\.json: \/checks\/0\/logic could take about 25,\d{3},\d{3} steps/),
      ]);
    });

    it('refuses logic nested too deep and a pad that would fill the memory', () => {
      const file = departments();
      let deep: unknown = { var: 'value' };
      for (let i = 0; i < 20; i++) deep = { if: [true, deep, null] }; // 40 levels: an if is an object and a list
      file.rules.push(rule({ logic: deep }), rule({ id: 'departments.pad', logic: { pad: [{ var: 'value' }, 1e9, null] } }));
      expect(publishProblems(file)).toEqual([
        expect.stringMatching(/^departments\.json: \/rules\/2\/logic is nested \d+ levels deep; an expression may nest at most 32$/),
        'departments.json: /rules/3/logic/pad/1 must be a number from 0 to 5,000 written in the file (pad adds items up to that length)',
      ]);
    });

    it('refuses hostile logic in the schema too (visibleIf)', () => {
      const file = keyContact();
      file.schema.visibleIf = { keyContact: { in: ['x', Array.from({ length: 2_500 }, () => 'x')] } };
      expect(publishProblems(file)).toEqual([expect.stringMatching(/^key-contact\.json: \/schema\/visibleIf\/keyContact has 2,504 parts/)]);
    });

    it('never throws, whatever it is given', () => {
      const cyclic: Record<string, unknown> = { slug: 'loop' };
      cyclic.self = cyclic;
      for (const input of [null, undefined, 'a string', 42, [], [1, [2]], {}, true, cyclic, { slug: 10n }, () => 1]) {
        const problems = publishProblems(input);
        expect(Array.isArray(problems)).toBe(true);
        expect(problems.length).toBeGreaterThan(0);
      }
      expect(publishProblems(null)).toEqual(['stage: / must be object']);
      expect(publishProblems(cyclic)[0]).toMatch(/is nested deeper than 64 levels/);
    });
  });
});
