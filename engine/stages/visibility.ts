/**
 * Field visibility (`visibleIf`): a schema annotation on an object, `{"prop": <JSON-logic>}`, that
 * shows `prop` only while the logic is truthy. The logic reads the object's own fields and the object
 * holding it as `$parent` (as `requiredIf` does), and the config's company as `$company` (its region,
 * `{"var": "$company.region"}`: a `region` term slug such as 'uk' or 'fr'; null when the caller knows
 * no company, so a condition on it is then false). A hidden field is not shown by the form, the
 * overview or the history, and is not validated (validateStage drops it before the schema pass);
 * its stored value is KEPT, so switching back (e.g. to the other payment provider) loses nothing.
 * Generic: no stage is named here; stage files declare it.
 */
import { isPlainObject } from '../json';
import { jsonLogic } from '../rules/operations';

type Schema = Record<string, unknown>;

/**
 * What a `visibleIf` may know of the config's company, as `$company`: its region (a `region` term
 * slug, engine/regions.ts). The same shape as the defaults' `DefaultsContext`, so a caller holding
 * one passes it as is. Only `region`: lintStageFile refuses `$company.<anything else>`.
 */
export interface CompanyFacts {
  region?: string | null;
}

/** `$company` as the logic reads it: always an object, its region null when not known. */
const companyOf = (company: CompanyFacts | undefined) => ({ region: company?.region ?? null });

type Condition = (obj: Record<string, unknown>, parent: unknown, company: { region: string | null }) => boolean;

const compiled = new WeakMap<object, [string, Condition][]>();

/**
 * The `visibleIf` of an object schema as [property, condition] pairs, compiled once per schema object.
 * The company is an argument of each evaluation, never part of what is kept: one schema serves every company.
 */
function conditionsOf(schema: Schema): [string, Condition][] {
  const spec = schema.visibleIf;
  if (!isPlainObject(spec)) return [];
  let pairs = compiled.get(spec);
  if (!pairs) {
    pairs = Object.entries(spec).map(([prop, logic]) => [
      prop,
      (obj, parent, company) =>
        jsonLogic.truthy(jsonLogic.apply(logic as Parameters<typeof jsonLogic.apply>[0], { ...obj, $parent: parent ?? null, $company: company })),
    ]);
    compiled.set(spec, pairs);
  }
  return pairs;
}

/**
 * The properties of `obj` that its schema's `visibleIf` hides now, for the config's `company`.
 * @example hiddenFields(paymentSchema, { provider: 'stripe' }) // ['cybersource']
 * @example hiddenFields(paymentSchema, { online: true }, undefined, { region: 'fr' }) // ['financeProvider'] (shown for 'uk')
 */
export function hiddenFields(schema: Schema | undefined, obj: unknown, parent?: unknown, company?: CompanyFacts): string[] {
  if (!schema || !isPlainObject(obj)) return [];
  const out: string[] = [];
  const facts = companyOf(company);
  for (const [prop, condition] of conditionsOf(schema)) if (!condition(obj, parent, facts)) out.push(prop);
  return out;
}

/** A local `$ref` (`#/definitions/x`) resolved against the bundled root. */
function resolve(schema: unknown, root: Schema): Schema | undefined {
  if (!isPlainObject(schema)) return undefined;
  const ref = schema.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/definitions/')) {
    return (root.definitions as Record<string, Schema> | undefined)?.[ref.slice('#/definitions/'.length)];
  }
  return schema;
}

/** Whether any object in the schema declares `visibleIf` (most stages do not: they skip every walk). */
const declares = new WeakMap<object, boolean>();
function hasVisibility(root: Schema): boolean {
  let hit = declares.get(root);
  if (hit === undefined) {
    hit = JSON.stringify(root).includes('"visibleIf"');
    declares.set(root, hit);
  }
  return hit;
}

const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

const unescapePart = (p: string) => p.replace(/~1/g, '/').replace(/~0/g, '~');

/** Whether the data holds a value at `pointer` (a hidden field it lacks needs no removing). */
function holds(data: unknown, pointer: string): boolean {
  let node = data;
  for (const part of pointer.split('/').slice(1).map(unescapePart)) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return true;
}

/**
 * Whether the data holds a field hidden now (its stored value, whose shape is still checked).
 * @example holdsHidden(schema, { payment: { provider: 'stripe' } }) // false: no Cybersource keys stored
 */
export function holdsHidden(root: Schema, data: unknown, company?: CompanyFacts): boolean {
  return hiddenPaths(root, data, company).some((p) => holds(data, p));
}

/**
 * JSON pointers (into the stage data) of every field hidden now for the config's `company`, whether
 * or not the data holds it (a hidden field the data lacks is not required either: validation drops
 * the errors under these); [] for a stage without `visibleIf`.
 * @example hiddenPaths(getStage('buying-online').schema, data) // ['/payment/cybersource']
 * @example hiddenPaths(schema, data, { region: 'uk' })
 */
export function hiddenPaths(root: Schema, data: unknown, company?: CompanyFacts): string[] {
  if (!hasVisibility(root)) return [];
  const out: string[] = [];
  const walk = (schemaIn: unknown, value: unknown, parent: unknown, at: string, depth: number) => {
    const schema = resolve(schemaIn, root);
    if (!schema || depth > 32) return;
    if (Array.isArray(value)) {
      // As in requiredIf (ajv's parentData), an item's `$parent` is its list.
      value.forEach((item, i) => walk(schema.items, item, value, `${at}/${i}`, depth + 1));
      return;
    }
    if (!isPlainObject(value)) return;
    const hidden = new Set(hiddenFields(schema, value, parent, company));
    for (const prop of hidden) out.push(`${at}/${escape(prop)}`);
    const props = (schema.properties ?? {}) as Record<string, unknown>;
    for (const [key, child] of Object.entries(props)) {
      if (!hidden.has(key) && key in value) walk(child, value[key], value, `${at}/${escape(key)}`, depth + 1);
    }
  };
  walk(root, data, undefined, '', 0);
  return out;
}

/**
 * The data without the fields hidden for the config's `company` (copies only the objects on the way
 * to one; the same object when nothing is hidden): what validation judges.
 * @example withoutHidden(schema, { payment: { provider: 'stripe', cybersource: {...} } }) // no cybersource
 */
export function withoutHidden<T>(root: Schema, data: T, company?: CompanyFacts): T {
  const paths = hiddenPaths(root, data, company).filter((p) => holds(data, p));
  if (!paths.length) return data;
  const out = structuredClone(data) as unknown;
  for (const pointer of paths) {
    const parts = pointer.split('/').slice(1).map(unescapePart);
    const last = parts.pop()!;
    let node: unknown = out;
    for (const part of parts) node = (node as Record<string, unknown>)[part];
    if (node && typeof node === 'object') delete (node as Record<string, unknown>)[last];
  }
  return out as T;
}

/** Whether `pointer` is one of `hidden` or lies inside one. */
export function isUnderHidden(pointer: string, hidden: readonly string[]): boolean {
  return hidden.some((h) => pointer === h || pointer.startsWith(`${h}/`));
}
