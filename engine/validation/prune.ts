/**
 * Empty strings are "not filled in": forms keep them (defaults hold ''), but for validation a
 * required '' must read as missing. Object properties holding '' are dropped; array items are kept
 * (a padded list of '' is legal). Only objects on a path to a '' are copied.
 */
// Frozen (immer) subtrees never change, so their pruned form is cached by identity: re-validating a
// large stage after a small edit only walks what the edit replaced. Only subtrees of at least
// CACHE_MIN_NODES objects are cached: a WeakMap entry costs more than walking a few small objects
// (caching every day of 240 opening-hours entries made pruning a whole configuration several times
// slower), but caching each entry (9 objects: the entry and its days) means an edit of one opening
// time walks the list and one entry, not 2,000 objects (issue 32: 1.4 to 1.0 ms a write,
// `npm run bench -- config` unchanged).
const cache = new WeakMap<object, unknown>();
const CACHE_MIN_NODES = 8;
/** Objects walked so far (a cache hit counts as one): a subtree's size is the difference. */
let walked = 0;

/**
 * The value without '' object properties; unchanged parts are returned as they are.
 * @example pruneEmptyStrings({ a: '', b: { c: 'x' } }) // { b: { c: 'x' } }
 */
export function pruneEmptyStrings(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  walked++;
  const hit = cache.get(value);
  if (hit !== undefined) return hit;
  const before = walked;
  const out = prune(value);
  if (walked - before >= CACHE_MIN_NODES && Object.isFrozen(value)) cache.set(value, out);
  return out;
}

function prune(value: object): unknown {
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      const p = v !== null && typeof v === 'object' ? pruneEmptyStrings(v) : v;
      if (p !== v) {
        out ??= value.slice();
        out[i] = p;
      }
    }
    return out ?? value;
  }
  let out: Record<string, unknown> | null = null;
  const obj = value as Record<string, unknown>;
  for (const key of Object.keys(obj)) { // own keys only: data inherits nothing
    const v = obj[key];
    if (v === '') {
      out ??= { ...obj };
      delete out[key];
    } else if (v !== null && typeof v === 'object') {
      const p = pruneEmptyStrings(v);
      if (p !== v) {
        out ??= { ...obj };
        out[key] = p;
      }
    }
  }
  return out ?? value;
}
