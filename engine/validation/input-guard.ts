/**
 * The first check on data from outside (writeStage, updateStage; the server runs the same walk over
 * every request body): it bounds nesting depth, list sizes and string lengths and refuses prototype
 * keys BEFORE anything recursive touches the data. Everything after it recurses once per level
 * (immer, assignDiff, pruneEmptyStrings, deepEqual, ajv): about 1,500 levels of {"a":{"a":...}}, 40 KB
 * and far under the body limit, overflow the call stack. This walk keeps its own stack, so measuring
 * any depth is safe, and a cycle (possible from JS callers only) simply ends as "too deep".
 */
import type { FieldError } from '../types';
import { isUnsafeKey, toPointer } from '../json';
import { engineT } from './i18n';
import { fieldLabel, type MessageOptions } from './messages';

/**
 * Levels of nested objects and arrays (the stage data object itself is level 1). The deepest real
 * stage data has 5: /hours/0/days/monday/open. 32 leaves room for new nested shapes, and is 40 times
 * below where the recursive code after this check would overflow the stack.
 */
export const MAX_INPUT_DEPTH = 32;

/**
 * Items of one array, or keys of one object. The largest realistic list is 240 opening-hours entries
 * (a group of 30 sites with 8 departments each: stories/support/dealerGroup.ts, largeGroupDoc); the
 * rules benchmark's synthetic group (bench/rules.ts) has 2,000 and must still fit. Checks such as
 * noDuplicate and uniqueItems compare items pairwise, so lists must not grow without bound.
 */
export const MAX_INPUT_ITEMS = 5_000;

/**
 * Characters of one string (a value or a key). The longest field a stage schema allows is 200
 * characters (design brief entries); 100,000 leaves room for long free text (a markdown brief) while
 * the formats' regular expressions (email, phone, postcode) never see megabytes.
 */
export const MAX_INPUT_STRING_LENGTH = 100_000;

export interface InputLimits {
  maxDepth: number;
  maxItems: number;
  maxStringLength: number;
  /**
   * Also find text PostgreSQL cannot store (`storable`), in values and keys: the server's body
   * guard asks for it, so a request body is walked once for its shape and its text together.
   */
  storableText?: boolean;
}

/** The engine's limits for stage data (the constants above). */
export const INPUT_LIMITS: Readonly<InputLimits> = Object.freeze({
  maxDepth: MAX_INPUT_DEPTH,
  maxItems: MAX_INPUT_ITEMS,
  maxStringLength: MAX_INPUT_STRING_LENGTH,
});

/**
 * What is wrong, and where (`path`: property names and indexes from the root):
 * `depth` the container at `path` is nested deeper than `limit`; `items` the array/object at `path`
 * has more than `limit` entries; `stringLength` the string at `path` (or one of its keys) is longer
 * than `limit`; `unsafeKey` the last segment of `path` is `__proto__`, `constructor` or `prototype`;
 * `notJson` the value at `path` is not JSON data (a function, a Date, a Map...); `unstorable` (with
 * `storableText` only, and only when nothing else is wrong) the string at `path`, or the last key of
 * `path`, holds text PostgreSQL cannot store.
 */
export interface InputProblem {
  kind: 'depth' | 'items' | 'stringLength' | 'unsafeKey' | 'notJson' | 'unstorable';
  path: (string | number)[];
  limit?: number;
}

// A cheap first test: almost every string has neither a NUL nor any surrogate at all.
const SUSPECT = /[\0\uD800-\uDFFF]/;
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when PostgreSQL can store the text as it is: no NUL character (U+0000: text and jsonb cannot
 * hold it) and no lone UTF-16 surrogate (it has no UTF-8 form). A surrogate pair (an emoji) is fine.
 * @example storable('a\u0000b') // false
 * @example storable('😀') // true
 */
export function storable(text: string): boolean {
  return !SUSPECT.test(text) || !UNSTORABLE.test(text);
}

interface Frame {
  value: object;
  depth: number;
  key: string | number;
  parent: Frame | null;
}

function pathOf(frame: Frame | null, last?: string | number): (string | number)[] {
  const path: (string | number)[] = last === undefined ? [] : [last];
  for (let f = frame; f && f.parent; f = f.parent) path.push(f.key);
  return path.reverse();
}

/**
 * Frozen containers already found within the engine's limits, by the deepest depth they were found
 * at: a frozen object cannot change, so at that depth or less it passes again without a walk. Stage
 * data in the browser is immer's frozen, structurally shared state, so a keystroke's check walks
 * only the path it changed, not the whole stage (issue 10). Data parsed from a request is not
 * frozen and is walked whole, every time.
 */
const verifiedAt = new WeakMap<object, number>();

/** Plain data objects only: Object.prototype (of any realm) or no prototype at all. */
function isPlainData(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/**
 * The first problem found in `value`, or null when it is within the limits. Iterative: safe on any
 * depth. Missing values (`undefined`, as forms leave them) and any number are fine here; types are
 * the schema's business.
 * @example findInputProblem(JSON.parse('{"a":{"__proto__":{}}}')) // { kind: 'unsafeKey', path: ['a', '__proto__'] }
 */
export function findInputProblem(value: unknown, limits: Readonly<InputLimits> = INPUT_LIMITS): InputProblem | null {
  const stack: Frame[] = [];
  // Frozen containers found within the limits: remembered once the whole value passes.
  const passed: Frame[] | null = limits === INPUT_LIMITS ? [] : null;
  // The first unstorable text, answered only if the walk finds nothing else (shape problems come first).
  let unstorableAt: (string | number)[] | null = null;
  // Checks one value found under `parent` at `key`; containers go on the stack.
  const visit = (v: unknown, parent: Frame | null, key: string | number, depth: number): InputProblem | null => {
    if (typeof v === 'string') {
      if (limits.storableText && !unstorableAt && !storable(v)) unstorableAt = pathOf(parent, key);
      return v.length > limits.maxStringLength ? { kind: 'stringLength', path: pathOf(parent, key), limit: limits.maxStringLength } : null;
    }
    if (typeof v === 'function' || typeof v === 'symbol' || typeof v === 'bigint') return { kind: 'notJson', path: pathOf(parent, key) };
    if (v === null || typeof v !== 'object') return null;
    if (depth > limits.maxDepth) return { kind: 'depth', path: pathOf(parent, key), limit: limits.maxDepth };
    if (!Array.isArray(v) && !isPlainData(v)) return { kind: 'notJson', path: pathOf(parent, key) };
    if (passed && Object.isFrozen(v)) {
      const at = verifiedAt.get(v);
      if (at !== undefined && depth <= at) return null;
      passed.push({ value: v, depth, key, parent });
    }
    stack.push({ value: v, depth, key, parent });
    return null;
  };

  const first = visit(value, null, '', 1);
  if (first) return first;
  while (stack.length) {
    const frame = stack.pop()!;
    if (Array.isArray(frame.value)) {
      const list = frame.value as unknown[];
      if (list.length > limits.maxItems) return { kind: 'items', path: pathOf(frame), limit: limits.maxItems };
      for (let i = 0; i < list.length; i++) {
        const problem = visit(list[i], frame, i, frame.depth + 1);
        if (problem) return problem;
      }
      continue;
    }
    const obj = frame.value as Record<string, unknown>;
    const keys = Object.keys(obj);
    if (keys.length > limits.maxItems) return { kind: 'items', path: pathOf(frame), limit: limits.maxItems };
    for (const key of keys) {
      if (isUnsafeKey(key)) return { kind: 'unsafeKey', path: pathOf(frame, key) };
      // A huge key is reported on its object: a pointer holding it would be just as huge.
      if (key.length > limits.maxStringLength) return { kind: 'stringLength', path: pathOf(frame), limit: limits.maxStringLength };
      if (limits.storableText && !unstorableAt && !storable(key)) unstorableAt = pathOf(frame, key);
      const problem = visit(obj[key], frame, key, frame.depth + 1);
      if (problem) return problem;
    }
  }
  if (unstorableAt) return { kind: 'unstorable', path: unstorableAt };
  for (const f of passed ?? []) verifiedAt.set(f.value, Math.max(f.depth, verifiedAt.get(f.value) ?? 0));
  return null;
}

const KEYS: Record<InputProblem['kind'], string> = {
  depth: 'validation:field.invalid',
  items: 'validation:field.maxItems',
  stringLength: 'validation:field.maxLength',
  unsafeKey: 'validation:field.invalid',
  notJson: 'validation:field.type',
  unstorable: 'validation:field.invalid',
};

/**
 * The problem as a `FieldError` in the validation catalogue's words: `path` is the JSON pointer of
 * the offending field, the limit is `{{length}}` (maxItems, maxLength) or `depth`.
 * @example inputProblemError({ kind: 'items', path: ['hours'], limit: 5000 })
 *   // { path: '/hours', key: 'validation:field.maxItems', params: { attribute: 'Opening hours', length: 5000 }, message: 'must have at most 5000 items' }
 */
export function inputProblemError(problem: InputProblem, opts: MessageOptions = {}): FieldError {
  const t = opts.t ?? engineT(opts.lng);
  const key = KEYS[problem.kind];
  const last = problem.path[problem.path.length - 1];
  const params: Record<string, unknown> = { attribute: last === undefined ? '' : fieldLabel(String(last), undefined, t) };
  if (problem.kind === 'depth') params.depth = problem.limit;
  else if (problem.limit !== undefined) params.length = problem.limit;
  return { path: toPointer(problem.path), key, params, message: t(key, params) };
}

/** Thrown by `updateStage` (which has no error result) for data `findInputProblem` refuses. */
export class InvalidInputError extends Error {
  constructor(readonly errors: FieldError[]) {
    super(`Stage data refused: ${errors.map((e) => `${e.path || '/'} ${e.message}`).join('; ')}`);
    this.name = 'InvalidInputError';
  }
}

/**
 * Runs `findInputProblem` with the engine's limits; the problem as a FieldError, or null.
 * @example guardInput(JSON.parse(body))?.path // '/designBrief/__proto__'
 */
export function guardInput(value: unknown, opts: MessageOptions = {}): FieldError | null {
  const problem = findInputProblem(value);
  return problem ? inputProblemError(problem, opts) : null;
}
