// Issue 50: a stage file is data, never code. The generator of validator modules (engine/
// validation/generate.ts) is safe by construction: for random schemas within the stage format,
// with every string in them (field names, titles, enum values, defaults, patterns, and even the
// `$id` and `$comment` the format refuses) replaced by hostile text, the module parses to the same
// program as with plain strings, and running it runs nothing but the validator.
import { parse, type Node } from 'acorn';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instantiateValidators, stageDefinitionFromFile, stageFiles, stageValidatorModule, type ValidatorModule } from '../../engine';

/** Text that ends comments, strings, templates and script elements, and lines in older parsers. */
const HOSTILE = [
  '*/ globalThis.__hostileRan = 1; /*',
  '"; globalThis.__hostileRan = 1; "',
  "'; globalThis.__hostileRan = 1; '",
  '`; globalThis.__hostileRan = 1; `',
  '${globalThis.__hostileRan = 1}',
  '</script><script>globalThis.__hostileRan = 1</script>',
  '\u2028globalThis.__hostileRan = 1\u2029',
  '\\"); globalThis.__hostileRan = 1; //',
  '\n}); globalThis.__hostileRan = 1; (function(){\n',
];

/**
 * A schema with numbered string slots: `build` fills slot n with `text(n)`, so the plain and the
 * hostile module come from the same blueprint. Slots are numbered apart, so two different strings
 * stay different in both (ajv shares equal patterns and values).
 */
type Blueprint =
  | { kind: 'string'; maxLength: number; pattern: boolean; enumSize: number; withDefault: boolean }
  | { kind: 'number'; min: number; max: number }
  | { kind: 'boolean' }
  | { kind: 'array'; maxItems: number; items: Blueprint }
  | { kind: 'object'; props: Blueprint[]; required: number };

const blueprint: fc.Arbitrary<Blueprint> = fc.letrec<{ node: Blueprint }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ kind: fc.constant('string' as const), maxLength: fc.integer({ min: 1, max: 500 }), pattern: fc.boolean(), enumSize: fc.integer({ min: 0, max: 3 }), withDefault: fc.boolean() }),
    fc.record({ kind: fc.constant('number' as const), min: fc.integer({ min: -100, max: 0 }), max: fc.integer({ min: 1, max: 100 }) }),
    fc.record({ kind: fc.constant('boolean' as const) }),
    fc.record({ kind: fc.constant('array' as const), maxItems: fc.integer({ min: 1, max: 20 }), items: tie('node') }),
    fc.record({ kind: fc.constant('object' as const), props: fc.array(tie('node'), { minLength: 1, maxLength: 4 }), required: fc.nat(4) }),
  ),
})).node;

const escapeRegex = (s: string) => s.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029').replace(/\n/g, '\\n');

/** The schema of a blueprint, each string from `text(slot)`; `$id` and `$comment` on every node. */
function build(b: Blueprint, text: (slot: number) => string): Record<string, unknown> {
  let slot = 0;
  const next = () => text(slot++);
  const node = (n: Blueprint): Record<string, unknown> => {
    const common = { $id: next(), $comment: next(), title: next(), description: next() };
    switch (n.kind) {
      case 'string': {
        const values = Array.from({ length: n.enumSize }, next);
        return {
          ...common,
          type: 'string',
          maxLength: n.maxLength,
          ...(n.pattern ? { pattern: `^${escapeRegex(next())}$` } : {}),
          ...(values.length ? { enum: values } : {}),
          ...(n.withDefault ? { default: next() } : {}),
        };
      }
      case 'number':
        return { ...common, type: 'number', minimum: n.min, maximum: n.max };
      case 'boolean':
        return { ...common, type: 'boolean' };
      case 'array':
        return { ...common, type: 'array', maxItems: n.maxItems, items: node(n.items) };
      case 'object': {
        const names = n.props.map(() => next());
        const properties = Object.fromEntries(n.props.map((p, i) => [names[i], node(p)]));
        return { ...common, type: 'object', properties, required: names.slice(0, Math.min(n.required, names.length)) };
      }
    }
  };
  const body = node(b.kind === 'object' ? b : { kind: 'object', props: [b], required: 1 });
  return body;
}

const plain = (slot: number) => `plain text ${slot}`;
const hostile = (slot: number) => `${HOSTILE[slot % HOSTILE.length]} ${slot}`;

/** The module of a stage whose schema is `schema` (the rest of the file is key contact's). */
function moduleOf(schema: Record<string, unknown>): string {
  const file = { ...(stageFiles['key-contact'] as Record<string, unknown>), schema, rules: [], checks: [], defaults: {} };
  return stageValidatorModule(stageDefinitionFromFile(file, { version: 2, key: 'key-contact@2-0123456789ab' }));
}

/** The program's shape: its syntax tree without positions and literal values (their types kept). */
function shape(code: string): unknown {
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
      if (k === 'start' || k === 'end' || k === 'raw' || k === 'regex') continue;
      if (k === 'value' && (node as Node).type === 'Literal') out[k] = typeof v;
      else if (k === 'value' && (node as Node).type === 'TemplateElement') out[k] = 'text';
      else out[k] = strip(v);
    }
    return out;
  };
  let comments = 0;
  const tree = parse(code, { ecmaVersion: 'latest', sourceType: 'module', onComment: () => void comments++ });
  return { comments, tree: strip(tree) };
}

describe('validator modules generated from hostile stage schemas', () => {
  it('parse to the same program as with plain strings, and run nothing but the validator', async () => {
    await fc.assert(
      fc.asyncProperty(blueprint, async (b) => {
        const safe = moduleOf(build(b, plain));
        const attacked = moduleOf(build(b, hostile));
        expect(shape(attacked)).toEqual(shape(safe));
        // Neither keeps an id or a comment: the only comment is the generator's own first line.
        expect((shape(attacked) as { comments: number }).comments).toBe(1);

        delete (globalThis as Record<string, unknown>).__hostileRan;
        const module = (await import(`data:text/javascript;base64,${Buffer.from(attacked).toString('base64')}`)) as ValidatorModule;
        const validators = instantiateValidators(module);
        const validate = validators['stage:key-contact@2-0123456789ab'];
        expect(typeof validate).toBe('function');
        validate({});
        validate({ [hostile(0)]: hostile(1) });
        expect((globalThis as Record<string, unknown>).__hostileRan).toBeUndefined();
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('judges data with hostile field names and values like any other', async () => {
    const name = hostile(7);
    const schema = { type: 'object', $id: HOSTILE[0], properties: { [name]: { type: 'string', maxLength: 3, pattern: `^${escapeRegex(HOSTILE[3])}`, $comment: HOSTILE[0] } }, required: [name] };
    const module = (await import(`data:text/javascript;base64,${Buffer.from(moduleOf(schema)).toString('base64')}`)) as ValidatorModule;
    const validate = instantiateValidators(module)['stage:key-contact@2-0123456789ab'];
    expect(validate({})).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ keyword: 'required', params: { missingProperty: name } });
    expect(validate({ [name]: `${HOSTILE[3]}` })).toBe(false); // too long
    expect(validate.errors?.map((e) => e.keyword)).toEqual(['maxLength']);
    const section = instantiateValidators(module)[`section:key-contact@2-0123456789ab/${name}`];
    expect(section('abc')).toBe(false);
    expect(section.errors?.map((e) => e.keyword)).toEqual(['pattern']);
    expect((globalThis as Record<string, unknown>).__hostileRan).toBeUndefined();
  });
});
