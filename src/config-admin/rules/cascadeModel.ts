/**
 * Cascades drawn, not typed (issue 56): the rules that keep references true when the list they point
 * into changes. A field that picks from another stage's list (`optionsFrom`) can have two cascades,
 * each a rule of the stage file written exactly as the shipped stages write it:
 *
 * | cascade | a list of references | one reference | references inside each item of a list |
 * |---|---|---|---|
 * | `strip`: removing an item there removes it here | `keepIds(value, pluck)` | `if(or(!value, in(value, pluck)), value, "")` | `keepRefs(value, field, pluck)` |
 * | `sole`: while nothing is picked, the only item there is picked | `fillIfEmpty(value, sole)` | (none: `sole` gives a list) | `fillEmpty(value, field, sole)` |
 *
 * `pluck` is `{"pluck": [{"var": "doc.<stage>.<list path>"}, "<value key>"]}` and `sole` is
 * `{"sole": [{"var": "doc.<stage>.<list path>"}]}` (the id of the one item, as a list). `cascadeOfRule`
 * reads a rule back into this shape, and `ruleLogic` writes the same JSON (key order included), so a
 * drawn cascade round-trips through the file untouched. Everything else a rule can do stays as written.
 */

import { shapeFiles } from '../../../engine/stages/files';

export type CascadeKind = 'strip' | 'sole';

export interface Cascade {
  kind: CascadeKind;
  /** The rule's target: a JSON pointer into the config (`/locations/locations`). */
  target: string;
  /** The reference field inside each item of the target list (`franchises`), or null when the target holds the references itself. */
  field: string | null;
  /** The target holds one reference (a text), not a list of them. */
  single: boolean;
  /** Where the references point: a stage, the list's path in that stage's data (`franchises`, dotted) and the item key they hold. */
  source: { stage: string; list: string; key: string };
}

type Logic = unknown;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const VALUE = { var: 'value' };

/** The one operation of a logic node and its arguments, or null. */
function op(node: unknown): [string, unknown[]] | null {
  if (!isObject(node)) return null;
  const keys = Object.keys(node);
  if (keys.length !== 1) return null;
  const args = node[keys[0]];
  return [keys[0], Array.isArray(args) ? args : [args]];
}

const isValue = (node: unknown) => isObject(node) && Object.keys(node).length === 1 && node.var === 'value';

/** `doc.<stage>.<list>` of a `{"var": ...}` (a stage slug has no dot), or null. */
function docList(node: unknown): { stage: string; list: string } | null {
  if (!isObject(node) || Object.keys(node).length !== 1 || typeof node.var !== 'string') return null;
  const match = /^doc\.([a-z][a-z0-9-]*)\.([A-Za-z0-9_.]+)$/.exec(node.var);
  return match ? { stage: match[1], list: match[2] } : null;
}

function pluckOf(node: unknown): Cascade['source'] | null {
  const o = op(node);
  if (!o || o[0] !== 'pluck' || o[1].length !== 2 || typeof o[1][1] !== 'string') return null;
  const list = docList(o[1][0]);
  return list ? { ...list, key: o[1][1] } : null;
}

function soleOf(node: unknown): Omit<Cascade['source'], 'key'> | null {
  const o = op(node);
  if (!o || o[0] !== 'sole' || o[1].length !== 1) return null;
  return docList(o[1][0]);
}

/** A rule's cascade, or null when the rule is something else (kept as written). */
export function cascadeOfRule(rule: unknown): Cascade | null {
  if (!isObject(rule) || typeof rule.target !== 'string' || (rule.on !== undefined && rule.on !== 'change')) return null;
  const target = rule.target;
  const o = op(rule.logic);
  if (!o) return null;
  const [name, args] = o;
  if (name === 'keepIds' && args.length === 2 && isValue(args[0])) {
    const source = pluckOf(args[1]);
    return source ? { kind: 'strip', target, field: null, single: false, source } : null;
  }
  if (name === 'keepRefs' && args.length === 3 && isValue(args[0]) && typeof args[1] === 'string') {
    const source = pluckOf(args[2]);
    return source ? { kind: 'strip', target, field: args[1], single: false, source } : null;
  }
  if (name === 'fillIfEmpty' && args.length === 2 && isValue(args[0])) {
    const source = soleOf(args[1]);
    return source ? { kind: 'sole', target, field: null, single: false, source: { ...source, key: 'id' } } : null;
  }
  if (name === 'fillEmpty' && args.length === 3 && isValue(args[0]) && typeof args[1] === 'string') {
    const source = soleOf(args[2]);
    return source ? { kind: 'sole', target, field: args[1], single: false, source: { ...source, key: 'id' } } : null;
  }
  if (name === 'if' && args.length === 3 && isValue(args[1]) && args[2] === '') {
    // if(or(!value, in(value, pluck)), value, ""): one reference, emptied when its item goes.
    const or = op(args[0]);
    if (!or || or[0] !== 'or' || or[1].length !== 2) return null;
    const not = op(or[1][0]);
    const inOp = op(or[1][1]);
    if (!not || not[0] !== '!' || !isValue(not[1][0]) || !inOp || inOp[0] !== 'in' || inOp[1].length !== 2 || !isValue(inOp[1][0])) return null;
    const source = pluckOf(inOp[1][1]);
    return source ? { kind: 'strip', target, field: null, single: true, source } : null;
  }
  return null;
}

const list = (c: Cascade) => ({ var: `doc.${c.source.stage}.${c.source.list}` });

/** The JSON-logic of a cascade, as the shipped stages write it. */
export function ruleLogic(c: Cascade): Logic {
  const pluck = { pluck: [list(c), c.source.key] };
  const sole = { sole: [list(c)] };
  if (c.kind === 'strip') {
    if (c.single) return { if: [{ or: [{ '!': VALUE }, { in: [VALUE, pluck] }] }, VALUE, ''] };
    return c.field ? { keepRefs: [VALUE, c.field, pluck] } : { keepIds: [VALUE, pluck] };
  }
  if (c.single) throw new Error('A field holding one reference has no "pick the only one" cascade.');
  return c.field ? { fillEmpty: [VALUE, c.field, sole] } : { fillIfEmpty: [VALUE, sole] };
}

/** Two cascades do the same thing (ids and descriptions aside). */
export const sameCascade = (a: Cascade, b: Cascade): boolean =>
  a.kind === b.kind && a.target === b.target && a.field === b.field && a.single === b.single && a.source.stage === b.source.stage && a.source.list === b.source.list && (a.kind === 'sole' || a.source.key === b.source.key);

const kebab = (s: string) =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .toLowerCase()
    .replace(/^-+|-+$/g, '');

/**
 * A new rule for a cascade of stage `slug`: an id the meta-schema accepts (`<slug>.strip-removed-<list>-<field>`,
 * made unique against `taken`), a description for stage editors (English, as every rule's is: the
 * editor shows the cascade in the reader's words) and the logic.
 */
export function newRule(c: Cascade, slug: string, taken: ReadonlySet<string>): { id: string; description: string; target: string; logic: Logic } {
  const where = c.target.split('/').slice(2).join('-');
  const base = `${slug}.${c.kind === 'strip' ? 'strip-removed' : 'fill-sole'}-${kebab(c.source.list.split('.').pop() ?? c.source.stage)}-${kebab(`${where}${c.field ? `-${c.field}` : ''}`)}`.replace(/-+$/, '');
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  const from = `${c.source.stage} (${c.source.list})`;
  const here = `${c.target}${c.field ? ` (${c.field} of each item)` : ''}`;
  const description = c.kind === 'strip' ? `Removing an item of ${from} strips it from ${here}.` : `When ${from} has exactly one item, it is picked at ${here} while nothing is.`;
  return { id, description, target: c.target, logic: ruleLogic(c) };
}

const isNode = isObject;

/** A shared shape (`../shapes/location.json`, or `location.json` from inside a shape) in place of its `$ref`. */
function resolved(node: Record<string, unknown>): Record<string, unknown> {
  const ref = typeof node.$ref === 'string' ? /^(?:\.\.\/shapes\/)?([a-z-]+)\.json$/.exec(node.$ref) : null;
  return (ref && shapeFiles[ref[1]]) || node;
}

/** The schema node at a structured-editor path (property names, `[]` stepping into items; shared shapes read through), or null. */
function schemaNode(file: unknown, path: readonly string[], resolveLast = true): Record<string, unknown> | null {
  if (!isNode(file) || !isNode(file.schema)) return null;
  let node: Record<string, unknown> = file.schema;
  for (const step of path) {
    const here = resolved(node);
    const next = step === '[]' ? here.items : isNode(here.properties) ? here.properties[step] : undefined;
    if (!isNode(next)) return null;
    node = next;
  }
  return resolveLast ? resolved(node) : node;
}

function uiNode(file: unknown, path: readonly string[]): Record<string, unknown> | null {
  if (!isNode(file) || !isNode(file.uiSchema)) return null;
  let node: Record<string, unknown> = file.uiSchema;
  for (const step of path) {
    const next = node[step === '[]' ? 'items' : step];
    if (!isNode(next)) return null;
    node = next;
  }
  return node;
}

/**
 * The cascades a field that picks from another stage's list can have (`ui:widget: optionsFrom` with
 * `ui:options` `{stage, optionsFrom, valueKey}`), or null when it cannot have any: not such a field,
 * or deeper than one list (the engine's operations reach a list's items, not a list inside them).
 * `sole` is null for a field holding one reference.
 */
export function cascadesOfField(file: unknown, path: readonly string[]): { strip: Cascade; sole: Cascade | null } | null {
  const slug = isNode(file) && typeof file.slug === 'string' ? file.slug : null;
  const schema = schemaNode(file, path);
  const ui = uiNode(file, path);
  const options = ui && isNode(ui['ui:options']) ? ui['ui:options'] : null;
  if (!slug || !schema || ui?.['ui:widget'] !== 'optionsFrom' || !options) return null;
  const { stage, optionsFrom, valueKey } = options;
  if (typeof stage !== 'string' || typeof optionsFrom !== 'string' || !/^(\/[A-Za-z0-9_]+)+$/.test(optionsFrom)) return null;
  const items = path.filter((p) => p === '[]').length;
  if (items > 1 || (items === 1 && path[path.length - 2] !== '[]')) return null;
  const single = schema.type === 'string';
  const source = { stage, list: optionsFrom.slice(1).split('/').join('.'), key: typeof valueKey === 'string' ? valueKey : 'id' };
  const inItems = items === 1;
  const target = `/${slug}/${(inItems ? path.slice(0, -2) : path).join('/')}`;
  const field = inItems ? path[path.length - 1] : null;
  if (single && inItems) return null; // no operation empties one reference inside each item
  const strip: Cascade = { kind: 'strip', target, field, single, source };
  return { strip, sole: single ? null : { kind: 'sole', target, field, single, source } };
}

/** The rules of a file (an empty list when it has none or they are not a list). */
export const rulesOf = (file: unknown): unknown[] => (isNode(file) && Array.isArray(file.rules) ? file.rules : []);

/** Whether the file has a rule doing this cascade. */
export const hasCascade = (file: unknown, c: Cascade): boolean => rulesOf(file).some((r) => {
  const found = cascadeOfRule(r);
  return !!found && sameCascade(found, c);
});

/**
 * The file with the cascade on (a rule added at the end of `rules`, unless one already does it) or
 * off (every rule doing it removed). Returns the same file when nothing changes; never mutates it.
 */
export function withCascade(file: unknown, c: Cascade, on: boolean): unknown {
  if (!isNode(file)) return file;
  const rules = rulesOf(file);
  if (on) {
    if (hasCascade(file, c)) return file;
    const slug = typeof file.slug === 'string' ? file.slug : 'stage';
    const taken = new Set(rules.map((r) => (isNode(r) && typeof r.id === 'string' ? r.id : '')));
    return { ...file, rules: [...rules, newRule(c, slug, taken)] };
  }
  const kept = rules.filter((r) => {
    const found = cascadeOfRule(r);
    return !(found && sameCascade(found, c));
  });
  return kept.length === rules.length ? file : { ...file, rules: kept };
}

/**
 * The structured-editor path of the field a cascade writes (`['locations', '[]', 'franchises']`), or
 * null when its target is not a pointer into the stage `slug`.
 */
export function cascadeFieldPath(c: Cascade, slug: string): string[] | null {
  const parts = c.target.split('/').slice(1);
  if (parts[0] !== slug || parts.length < 2) return null;
  return c.field ? [...parts.slice(1), '[]', c.field] : parts.slice(1);
}

/** The schema titles (i18n keys or words) on the way to a path, each step once (list items add none). */
export function titlesOnPath(file: unknown, path: readonly string[]): (string | null)[] {
  const out: (string | null)[] = [];
  for (let i = 0; i < path.length; i++) {
    if (path[i] === '[]') continue;
    // The title written beside a `$ref` is this stage's, so it is read before the shape's own.
    const node = schemaNode(file, path.slice(0, i + 1), false);
    const title = node && (typeof node.title === 'string' ? node.title : resolved(node).title);
    out.push(typeof title === 'string' ? title : path[i]);
  }
  return out;
}
