/**
 * Small JSON helpers shared by the rules, validation and lifecycle code. They are hot paths in the
 * rules benchmark, so they short-circuit on reference equality first.
 */

/**
 * Keys that reach JavaScript's object machinery instead of data: `obj['__proto__'] = v` replaces
 * the prototype (and a walk that follows it writes onto Object.prototype for the whole process),
 * `constructor` / `prototype` lead there in one more step. JSON.parse keeps them as ordinary own
 * keys, so data from the network can hold them; the engine reads and writes data by key, so it
 * refuses them everywhere (data, pointers, stage files) rather than trusting each call site.
 */
export const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** True for a key the engine never reads or writes by (see UNSAFE_KEYS). */
export function isUnsafeKey(key: string | number): boolean {
  return typeof key === 'string' && UNSAFE_KEYS.has(key);
}

/** Thrown where a path or a data walk meets an UNSAFE_KEYS key; callers with user data check first. */
export class UnsafeKeyError extends Error {
  constructor(readonly key: string) {
    super(`"${key}" is not allowed as a key or pointer segment: it reaches the object prototype, not data.`);
    this.name = 'UnsafeKeyError';
  }
}

/** Throws UnsafeKeyError for an UNSAFE_KEYS key; returns the key otherwise. */
export function safeKey<K extends string | number>(key: K): K {
  if (isUnsafeKey(key)) throw new UnsafeKeyError(key as string);
  return key;
}

/** True for a non-null, non-array object. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Structural equality of JSON values; same reference is equal without walking.
 * @example deepEqual({ a: [1] }, { a: [1] }) // true
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  if (ka.length !== kb.length) return false;
  for (const k of ka) {
    if (!hasOwn(b as object, k)) return false;
    if (!deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

/**
 * Splits a JSON pointer into unescaped segments; a segment in UNSAFE_KEYS throws UnsafeKeyError
 * (every pointer the engine follows, rule targets included, passes through here).
 * @example parsePointer('/locations/locations') // ['locations', 'locations']
 */
export function parsePointer(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => safeKey(s.replace(/~1/g, '/').replace(/~0/g, '~')));
}

/**
 * Joins segments into a JSON pointer.
 * @example toPointer(['locations', 0, 'postcode']) // '/locations/0/postcode'
 */
export function toPointer(segments: readonly (string | number)[]): string {
  return segments.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

/** An own property of `node` (data never inherits). */
export const hasOwn = (node: object, key: string | number): boolean => Object.prototype.hasOwnProperty.call(node, key);

/**
 * Reads the value at a path, `undefined` when any step is missing. Only own properties count: data
 * never inherits, so `['x', 'constructor']` is missing, not the Object function.
 * @example getAt({ a: { b: 1 } }, ['a', 'b']) // 1
 */
export function getAt(root: unknown, path: readonly (string | number)[]): unknown {
  let node: unknown = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object' || !hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key as string];
  }
  return node;
}

/** A deep copy of JSON data (defaults handed out must never be shared). */
export function cloneJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}
