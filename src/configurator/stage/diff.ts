/**
 * Field-level differences between two copies of a stage's data, and re-applying one side's changes
 * onto a third copy: the conflict screen lists what the server changed, "Keep my edits on top" puts
 * the user's own changes onto the server's current data, and restored unsent edits go the same way.
 * Pure functions: no React, no storage.
 */

/** One field that differs: `field` is a JSON pointer into the stage data ('' = the whole stage). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** JSON equality where a missing value, null and '' count as the same "empty" (the form turns one into another). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b || (isEmpty(a) && isEmpty(b))) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) if (!sameValue(a[key], b[key])) return false;
    return true;
  }
  return false;
}

export const encodeSegment = (s: string | number) => String(s).replace(/~/g, '~0').replace(/\//g, '~1');
export const decodePointer = (pointer: string): string[] =>
  pointer === '' ? [] : pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));

/** The value at a JSON pointer, or undefined. */
export function getAtPointer(value: unknown, pointer: string): unknown {
  let node = value;
  for (const part of decodePointer(pointer)) {
    if (Array.isArray(node)) node = node[Number(part)];
    else if (isObject(node)) node = node[part];
    else return undefined;
  }
  return node;
}

/** An array holding objects is compared item by item; an array of plain values is one field. */
const holdsObjects = (v: unknown[]) => v.some((item) => isObject(item) || Array.isArray(item));

/**
 * The leaf fields that differ between `before` and `after`, in document order.
 * @example diffData({ name: 'A', tags: [1] }, { name: 'B', tags: [1] }) // [{ field: '/name', before: 'A', after: 'B' }]
 */
export function diffData(before: unknown, after: unknown, prefix = ''): FieldChange[] {
  if (sameValue(before, after)) return [];
  if (isObject(before) && isObject(after)) {
    const keys = [...Object.keys(before), ...Object.keys(after).filter((k) => !(k in before))];
    return keys.flatMap((key) => diffData(before[key], after[key], `${prefix}/${encodeSegment(key)}`));
  }
  if (Array.isArray(before) && Array.isArray(after) && (holdsObjects(before) || holdsObjects(after))) {
    const length = Math.max(before.length, after.length);
    const out: FieldChange[] = [];
    for (let i = 0; i < length; i += 1) {
      const itemPointer = `${prefix}/${i}`;
      // A row added or removed is one change (the whole row), not one per cell.
      if (i >= before.length || i >= after.length) out.push({ field: itemPointer, before: before[i], after: after[i] });
      else out.push(...diffData(before[i], after[i], itemPointer));
    }
    return out;
  }
  return [{ field: prefix, before, after }];
}

/**
 * `target` with each change's `after` written at its pointer (a copy; `target` is not touched).
 * Missing parents are created; an `after` of undefined removes the key, or the array item (removals
 * run from the highest index down, so earlier removals do not shift later ones).
 * @example applyChanges({ a: 1, b: 2 }, [{ field: '/b', before: 2, after: 3 }]) // { a: 1, b: 3 }
 */
export function applyChanges<T>(target: T, changes: readonly FieldChange[]): T {
  if (changes.some((c) => c.field === '')) return structuredClone(changes.find((c) => c.field === '')!.after) as T;
  const root = (target === undefined || target === null ? {} : structuredClone(target)) as Record<string, unknown>;
  const removals: Array<{ array: unknown[]; index: number }> = [];
  for (const change of changes) {
    const parts = decodePointer(change.field);
    let node: unknown = root;
    for (let i = 0; i < parts.length - 1; i += 1) {
      const container = node as Record<string, unknown>;
      const key = Array.isArray(container) ? Number(parts[i]) : parts[i];
      const existing = (container as Record<string | number, unknown>)[key];
      if (!isObject(existing) && !Array.isArray(existing)) {
        (container as Record<string | number, unknown>)[key] = /^\d+$/.test(parts[i + 1]) ? [] : {};
      }
      node = (container as Record<string | number, unknown>)[key];
    }
    const last = parts[parts.length - 1];
    if (Array.isArray(node)) {
      const index = Number(last);
      if (change.after === undefined) removals.push({ array: node, index });
      // A row added beyond the end is appended (no holes when the other side's list is shorter).
      else if (index >= node.length) node.push(structuredClone(change.after));
      else node[index] = structuredClone(change.after);
    } else if (isObject(node)) {
      if (change.after === undefined) delete node[last];
      else node[last] = structuredClone(change.after);
    }
  }
  removals.sort((a, b) => b.index - a.index).forEach(({ array, index }) => index < array.length && array.splice(index, 1));
  return root as T;
}
