/**
 * Our formats and keywords for ajv 8. `extendAjv` (extend-ajv.ts) adds them to any ajv instance, so the same set
 * serves `createAjv` (server, validateStage) and rjsf's validator (`customizeValidator({ extenderFn:
 * extendAjv })`, whose ajv has no `$data` option: relative data references are resolved here).
 *
 * The keyword functions live at module level and are exported because precompiled (standalone)
 * validators import them: the browser runs under a CSP without 'unsafe-eval', where ajv cannot
 * compile. See build-validators.ts.
 */
import type { ErrorObject } from 'ajv';
// ajv-formats' format table alone: its index imports ajv's compiler, which the browser never runs.
import { fullFormats } from 'ajv-formats/dist/formats';
import type { DataValidationCxt } from 'ajv/dist/types';
import { jsonLogic } from '../rules/operations';
import { FR_POSTCODE, UK_POSTCODE, isValidPostcode, normalisePostcode } from './postcode';

/** Values people type to try a form (spec: "should not be a test value"). */
const TEST_VALUES = new Set([
  'test', 'testing', 'tester', 'test test', 'asdf', 'asdfgh', 'qwerty', 'abc', 'abc123', 'aaa', 'xxx',
  'xyz', 'foo', 'bar', 'foobar', 'dummy', 'sample', 'lorem ipsum',
]);

/**
 * True for an obvious test value ("test", "Testing 123", "test@test.com", "asdf").
 * @example isTestValue('Test 1') // true
 */
export function isTestValue(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const v = value.trim().toLowerCase();
  return TEST_VALUES.has(v) || /^test(ing)?[\s\d]*$/.test(v) || /@(test|example)\.(com|co\.uk)$/.test(v);
}

/** Our own formats (ajv-formats provides email, ipv4, date, uri, ...). */
export const formats = {
  'http-url': /^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]{2,}$/i,
  numeric: /^-?\d+(\.\d+)?$/,
  phone: /^\+?[0-9 ()-]{6,20}$/,
  'time-hhmm': /^([01]\d|2[0-3]):[0-5]\d$/,
  'postcode-uk': UK_POSTCODE,
  'postcode-fr': FR_POSTCODE,
};

/**
 * Normalisations found while validating (UK postcodes). `validateStage` switches collection on
 * for the duration of one synchronous validate call; the rjsf instance never collects.
 */
let collector: { path: string; value: string }[] | null = null;
export function collectNormalisations<T>(run: () => T): { result: T; normalised: { path: string; value: string }[] } {
  const mine: { path: string; value: string }[] = [];
  const before = collector;
  collector = mine;
  try {
    return { result: run(), normalised: mine };
  } finally {
    collector = before;
  }
}

/** Resolves `{ "$data": "1/address/country" }` relative to the current value (levels 0 and 1). */
function resolveData(ref: unknown, data: unknown, cxt: DataValidationCxt | undefined): unknown {
  if (!ref || typeof ref !== 'object' || !('$data' in ref)) return ref;
  const m = /^(\d+)(.*)$/.exec(String((ref as { $data: unknown }).$data));
  if (!m) return undefined;
  let node: unknown = m[1] === '0' ? data : m[1] === '1' ? cxt?.parentData : undefined;
  for (const seg of m[2].split('/').filter(Boolean)) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[seg] : undefined;
  }
  return node;
}

/** requiredIf conditions compiled once: simple `var` tests skip json-logic (hot in opening hours). */
type Condition = (obj: Record<string, unknown>, parent?: unknown) => boolean;
const conditionCache = new WeakMap<object, Condition>();
function compileCondition(logic: unknown): Condition {
  if (logic && typeof logic === 'object') {
    const cached = conditionCache.get(logic);
    if (cached) return cached;
  }
  const varName = (l: unknown): string | null => {
    if (l && typeof l === 'object' && !Array.isArray(l) && 'var' in l) {
      const v = (l as { var: unknown }).var;
      return typeof v === 'string' && !v.includes('.') ? v : null;
    }
    return null;
  };
  const unwrap = (l: unknown) => (Array.isArray(l) ? l[0] : l);
  let fn: Condition;
  const obj = logic as Record<string, unknown>;
  const direct = varName(logic);
  const truthy = obj && typeof obj === 'object' && '!!' in obj ? varName(unwrap(obj['!!'])) : null;
  const negated = obj && typeof obj === 'object' && '!' in obj ? varName(unwrap(obj['!'])) : null;
  if (direct) fn = (o) => isFilled(o[direct]) && o[direct] !== false;
  else if (truthy) fn = (o) => isFilled(o[truthy]) && o[truthy] !== false;
  else if (negated) fn = (o) => !(isFilled(o[negated]) && o[negated] !== false);
  // `{"var": "$parent.provider"}` reads the object holding this one (e.g. a provider's keys
  // required only when the payment object names that provider).
  else if (JSON.stringify(logic).includes('"$parent')) {
    fn = (o, parent) => jsonLogic.truthy(jsonLogic.apply(logic as Parameters<typeof jsonLogic.apply>[0], { ...o, $parent: parent ?? null }));
  } else fn = (o) => jsonLogic.truthy(jsonLogic.apply(logic as Parameters<typeof jsonLogic.apply>[0], o));
  if (logic && typeof logic === 'object') conditionCache.set(logic, fn);
  return fn;
}

/** A requiredIf value as [property, condition] pairs, compiled once per schema object. */
const requiredIfCache = new WeakMap<object, [string, Condition][]>();
function compiledRequiredIf(schema: Record<string, unknown>): [string, Condition][] {
  let pairs = requiredIfCache.get(schema);
  if (!pairs) {
    pairs = Object.entries(schema).map(([prop, logic]) => [prop, compileCondition(logic)]);
    requiredIfCache.set(schema, pairs);
  }
  return pairs;
}

function isFilled(v: unknown): boolean {
  return v !== undefined && v !== null && v !== '' && v !== 0 && !(Array.isArray(v) && v.length === 0);
}

function escapePointer(s: string): string {
  return s.replace(/~/g, '~0').replace(/\//g, '~1');
}

type KeywordValidate = ((schema: unknown, data: unknown, parentSchema?: unknown, cxt?: DataValidationCxt) => boolean) & {
  errors?: Partial<ErrorObject>[];
};

/** `postcode`: true (UK), a country code, or `{"$data": "1/country"}`; collects UK normalisations. */
export const postcodeKeyword: KeywordValidate = (schema, data, _parent, cxt) => {
  if (typeof data !== 'string' || data === '') return true;
  const country = resolveData(schema, data, cxt) ?? 'UK';
  if (!isValidPostcode(data, country === true ? 'UK' : country)) return false;
  if (collector && cxt) {
    const norm = normalisePostcode(data, country === true ? 'UK' : country);
    if (norm !== data) collector.push({ path: cxt.instancePath, value: norm });
  }
  return true;
};

/** `noTestValue: true`: rejects "test", "asdf", ... */
export const noTestValueKeyword: KeywordValidate = (schema, data) => !schema || !isTestValue(data);

/** `gtZero: true`: a number (or numeric string) greater than 0. */
export const gtZeroKeyword: KeywordValidate = (schema, data) => !schema || data === '' || Number(data) > 0;

/** `noDuplicate: "name"` (or a list): no two items share that property's value (trimmed, any case). */
export const noDuplicateKeyword: KeywordValidate = (schema, data, parentSchema, cxt) => {
  if (!Array.isArray(data)) return true;
  const props = Array.isArray(schema) ? (schema as string[]) : [schema as string];
  const errors: Partial<ErrorObject>[] = [];
  for (const prop of props) {
    const seen = new Set<string>();
    data.forEach((item, i) => {
      const v = item && typeof item === 'object' ? (item as Record<string, unknown>)[prop] : undefined;
      if (v === undefined || v === null || v === '') return;
      const norm = String(v).trim().toLowerCase();
      if (seen.has(norm)) {
        errors.push({
          keyword: 'noDuplicate',
          instancePath: `${cxt?.instancePath ?? ''}/${i}/${escapePointer(prop)}`,
          message: `duplicate ${prop}`,
          params: { property: prop, index: i },
          parentSchema: parentSchema as ErrorObject['parentSchema'],
        });
      }
      seen.add(norm);
    });
  }
  noDuplicateKeyword.errors = errors;
  return errors.length === 0;
};

/**
 * `requiredIf: {"prop": <JSON-logic on the object>}`: prop must be filled when the logic is truthy.
 * The logic may read the object that holds this one as `$parent` (`{"var": "$parent.provider"}`).
 */
export const requiredIfKeyword: KeywordValidate = (schema, data, parentSchema, cxt) => {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return true;
  const obj = data as Record<string, unknown>;
  let errors: Partial<ErrorObject>[] | null = null;
  for (const [prop, condition] of compiledRequiredIf(schema as Record<string, unknown>)) {
    const v = obj[prop];
    // An empty list is not filled in either (a picker with nothing picked).
    if (v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)) continue;
    if (!condition(obj, cxt?.parentData)) continue;
    (errors ??= []).push({
      // Named after the keyword that runs this (not the requiredIf macro, whose own error is noise
      // the message layer drops), so the missing field is reported.
      keyword: 'requiredIfLogic',
      instancePath: `${cxt?.instancePath ?? ''}/${escapePointer(prop)}`,
      message: `${prop} is required`,
      params: { missingProperty: prop },
      parentSchema: parentSchema as ErrorObject['parentSchema'],
    });
  }
  requiredIfKeyword.errors = errors ?? [];
  return errors === null;
};

/** The sibling a simple condition tests, and whether it must be truthy (true) or falsy (false). */
function simpleCondition(logic: unknown): { prop: string; truthy: boolean } | null {
  const varOf = (l: unknown): string | null => {
    const v = l && typeof l === 'object' && !Array.isArray(l) && Object.keys(l).length === 1 ? (l as { var?: unknown }).var : undefined;
    return typeof v === 'string' && v !== '' && !v.includes('.') ? v : null;
  };
  const unwrap = (l: unknown) => (Array.isArray(l) ? (l.length === 1 ? l[0] : null) : l);
  const obj = (logic ?? {}) as Record<string, unknown>;
  const direct = varOf(logic);
  if (direct) return { prop: direct, truthy: true };
  if ('!!' in obj && Object.keys(obj).length === 1) {
    const p = varOf(unwrap(obj['!!']));
    if (p) return { prop: p, truthy: true };
  }
  if ('!' in obj && Object.keys(obj).length === 1) {
    const p = varOf(unwrap(obj['!']));
    if (p) return { prop: p, truthy: false };
  }
  return null;
}

/** JSON Schema for "`prop` is truthy" in json-logic's sense, for the kinds of values forms hold. */
function truthySchema(prop: string): object {
  return {
    required: [prop],
    properties: { [prop]: { not: { enum: [false, 0, '', null, []] } } },
  };
}

/** Macro for `requiredIf`: `{ open2: { var: 'dual' } }` -> `if dual is truthy then required open2`. */
export function expandRequiredIf(schema: Record<string, unknown>): object {
  const parts: object[] = [];
  const complex: Record<string, unknown> = {};
  for (const [prop, logic] of Object.entries(schema)) {
    const c = simpleCondition(logic);
    if (!c) {
      complex[prop] = logic;
      continue;
    }
    const test = truthySchema(c.prop);
    parts.push(c.truthy ? { if: test, then: { required: [prop] } } : { if: { not: test }, then: { required: [prop] } });
  }
  if (Object.keys(complex).length) parts.push({ requiredIfLogic: complex });
  return { allOf: parts };
}

/** Keyword functions by export name, as the precompiled validators import them. */
export const keywordFunctions = {
  postcodeKeyword,
  noTestValueKeyword,
  gtZeroKeyword,
  noDuplicateKeyword,
  requiredIfKeyword,
} as const;

const AJV_FORMATS = [
  'date', 'time', 'date-time', 'iso-time', 'iso-date-time', 'duration', 'uri', 'uri-reference', 'uri-template', 'url',
  'email', 'hostname', 'ipv4', 'ipv6', 'regex', 'uuid', 'json-pointer', 'json-pointer-uri-fragment',
  'relative-json-pointer', 'byte', 'int32', 'int64', 'float', 'double', 'password', 'binary',
];

/** Every format a precompiled validator may use: ajv-formats' full set plus ours. */
export const allFormats: Record<string, unknown> = {
  ...Object.fromEntries(AJV_FORMATS.filter((name) => name in fullFormats).map((name) => [name, fullFormats[name as keyof typeof fullFormats]])),
  ...formats,
};
