/**
 * Writes a new value into an immer draft touching only what differs, so untouched items keep their
 * identity and patches name the smallest changed paths (e.g. one location's `franchises`).
 */
import { deepEqual, isPlainObject, safeKey } from '../json';

type Container = Record<string | number, unknown>;

/** Reuses items of `current` (by reference, same id, or same index) that equal their counterpart. */
function reuseItems(current: unknown[], next: unknown[]): unknown[] {
  const byId = new Map<unknown, unknown>();
  for (const item of current) if (isPlainObject(item) && item.id !== undefined) byId.set(item.id, item);
  return next.map((item, i) => {
    if (!isPlainObject(item)) return item;
    const candidate = item.id !== undefined ? byId.get(item.id) : current[i];
    return candidate !== undefined && candidate !== item && deepEqual(candidate, item) ? candidate : item;
  });
}

/** True when some position holds an item with another id than before (items with ids only). */
function reordered(current: unknown[], next: unknown[]): boolean {
  return next.some((item, i) => {
    const before = current[i];
    return isPlainObject(item) && isPlainObject(before) && item.id !== undefined && before.id !== undefined && item.id !== before.id;
  });
}

/**
 * Sets `parent[key]` (a draft) from `current` (its present value) to `next`.
 * @example immer.produce(doc, (d) => assignDiff(d, 'locations', doc.locations, nextLocations))
 */
export function assignDiff(parent: Container, key: string | number, current: unknown, next: unknown): void {
  if (current === next) return;
  // The draft below `key` is only touched where something differs: reading a draft's child makes
  // an immer proxy, and a 240-entry list read whole made 2,000 of them for one changed time
  // (issue 7's write profile). Equal subtrees are compared as plain data and keep their identity.
  const differs = (a: unknown, b: unknown) => a !== b && !deepEqual(a, b);
  if (Array.isArray(current) && Array.isArray(next)) {
    // Same length and same order: diff position by position. A reordering (rows dragged or moved)
    // takes the reuse path instead, so each moved item keeps its identity under its id.
    if (current.length === next.length && !reordered(current, next)) {
      let draft: Container | undefined;
      for (let i = 0; i < next.length; i++) if (differs(current[i], next[i])) assignDiff((draft ??= parent[key] as Container), i, current[i], next[i]);
      return;
    }
    parent[key] = reuseItems(current, next);
    return;
  }
  if (isPlainObject(current) && isPlainObject(next)) {
    let draft: Container | undefined;
    // Own keys of JSON.parse output may be '__proto__': reading current['__proto__'] gives the
    // prototype and the walk would write into it (Object.prototype, process-wide). Refuse, never skip.
    for (const k of Object.keys(next)) if (differs(current[safeKey(k)], next[k])) assignDiff((draft ??= parent[key] as Container), k, current[k], next[k]);
    for (const k of Object.keys(current)) if (!(k in next)) delete (draft ??= parent[key] as Container)[k];
    return;
  }
  if (deepEqual(current, next)) return;
  parent[key] = next;
}

/**
 * Sets the value at `path` in a draft, creating missing intermediate objects.
 * @example setAtPath(draft, ['design-brief', 'designBrief', 'keywords'], current, ['', '', ''])
 */
export function setAtPath(root: Container, path: readonly string[], current: unknown, next: unknown): void {
  for (const segment of path) safeKey(segment); // a rule target or slug "__proto__" would write the prototype
  let node = root;
  for (let i = 0; i < path.length - 1; i++) {
    if (!isPlainObject(node[path[i]]) && !Array.isArray(node[path[i]])) node[path[i]] = {};
    node = node[path[i]] as Container;
  }
  assignDiff(node, path[path.length - 1], current, next);
}
