/**
 * Field-level differences between two copies of a stage's data, and re-applying one side's changes
 * onto a third copy: the conflict screen lists what the server changed, "Keep my edits on top" puts
 * the user's own changes onto the server's current data, and restored unsent edits go the same way.
 * Pure functions: no React, no storage.
 */

/**
 * One field that differs: `field` is a JSON pointer into the stage data ('' = the whole stage).
 * Rows of lists whose items carry an `id` are matched by it, not by position: `rows` maps the
 * pointer of each such row in `field` to its id (its position is the `after` side's, or the
 * `before` side's for a removed row), so a change can be put back where that row is now.
 */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
  rows?: Record<string, string>;
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

const rowId = (v: unknown): string | undefined => (isObject(v) && (typeof v.id === 'string' || typeof v.id === 'number') ? String(v.id) : undefined);
/** Every row of both lists has an id: they are compared by id (a removal is one change, not a shift of every later row). */
const keyedById = (before: unknown[], after: unknown[]) => before.length + after.length > 0 && [...before, ...after].every((v) => rowId(v) !== undefined);

/**
 * Rows matched by id: changed rows field by field (at their `after` position), removed rows as one
 * change with `after` undefined, added rows as one change with `before` undefined. A reordering
 * alone is not a change of any row.
 */
function diffRows(before: unknown[], after: unknown[], prefix: string, rows: Record<string, string>): FieldChange[] {
  const afterIndex = new Map(after.map((item, i) => [rowId(item)!, i]));
  const beforeIds = new Set(before.map((item) => rowId(item)!));
  const out: FieldChange[] = [];
  before.forEach((item, i) => {
    const id = rowId(item)!;
    const j = afterIndex.get(id);
    if (j === undefined) out.push({ field: `${prefix}/${i}`, before: item, after: undefined, rows: { ...rows, [`${prefix}/${i}`]: id } });
    else out.push(...diffData(item, after[j], `${prefix}/${j}`, { ...rows, [`${prefix}/${j}`]: id }));
  });
  after.forEach((item, j) => {
    const id = rowId(item)!;
    if (!beforeIds.has(id)) out.push({ field: `${prefix}/${j}`, before: undefined, after: item, rows: { ...rows, [`${prefix}/${j}`]: id } });
  });
  return out;
}

/**
 * The leaf fields that differ between `before` and `after`, in document order.
 * @example diffData({ name: 'A', tags: [1] }, { name: 'B', tags: [1] }) // [{ field: '/name', before: 'A', after: 'B' }]
 */
export function diffData(before: unknown, after: unknown, prefix = '', rows: Record<string, string> = {}): FieldChange[] {
  const withRows = (c: FieldChange): FieldChange => (Object.keys(rows).length ? { ...c, rows } : c);
  if (sameValue(before, after)) return [];
  // An object set where there was none (a stage or group never saved) is its fields, each named.
  if ((before === undefined || before === null) && isObject(after) && prefix !== '') return diffData({}, after, prefix, rows);
  if (isObject(before) && isObject(after)) {
    const keys = [...Object.keys(before), ...Object.keys(after).filter((k) => !(k in before))];
    return keys.flatMap((key) => diffData(before[key], after[key], `${prefix}/${encodeSegment(key)}`, rows));
  }
  if (Array.isArray(before) && Array.isArray(after) && keyedById(before, after)) return diffRows(before, after, prefix, rows);
  if (Array.isArray(before) && Array.isArray(after) && (holdsObjects(before) || holdsObjects(after))) {
    const length = Math.max(before.length, after.length);
    const out: FieldChange[] = [];
    for (let i = 0; i < length; i += 1) {
      const itemPointer = `${prefix}/${i}`;
      // A row added or removed is one change (the whole row), not one per cell.
      if (i >= before.length || i >= after.length) out.push(withRows({ field: itemPointer, before: before[i], after: after[i] }));
      else out.push(...diffData(before[i], after[i], itemPointer, rows));
    }
    return out;
  }
  return [withRows({ field: prefix, before, after })];
}

/**
 * The pointer of `change` in `target`: each row it names by id at that row's position in `target`
 * (rows added or moved by someone else shift it); null when a row it edits is gone from `target`.
 */
export function locate(target: unknown, change: FieldChange): string | null {
  if (!change.rows) return change.field;
  const parts = decodePointer(change.field);
  let node = target;
  let pointer = '';
  for (let i = 0; i < parts.length; i += 1) {
    const original = `/${parts.slice(0, i + 1).map(encodeSegment).join('/')}`;
    const id = change.rows[original];
    let part = parts[i];
    if (id !== undefined && Array.isArray(node)) {
      const at = node.findIndex((item) => rowId(item) === id);
      const wholeRow = i === parts.length - 1;
      if (at >= 0) part = String(at);
      // A row this change adds goes at the end; one it edits or removes that is gone stays gone.
      else if (wholeRow && change.before === undefined) part = String(Number.MAX_SAFE_INTEGER);
      else return null;
    }
    pointer += `/${encodeSegment(part)}`;
    node = Array.isArray(node) ? node[Number(part)] : isObject(node) ? node[part] : undefined;
  }
  return pointer;
}

/**
 * `target` with each change's `after` written at its pointer (a copy; `target` is not touched);
 * rows named by id (`rows`) are found by their id in `target`.
 * Missing parents are created; an `after` of undefined removes the key, or the array item (removals
 * run from the highest index down, so earlier removals do not shift later ones).
 * @example applyChanges({ a: 1, b: 2 }, [{ field: '/b', before: 2, after: 3 }]) // { a: 1, b: 3 }
 */
export function applyChanges<T>(target: T, changes: readonly FieldChange[]): T {
  if (changes.some((c) => c.field === '')) return structuredClone(changes.find((c) => c.field === '')!.after) as T;
  const root = (target === undefined || target === null ? {} : structuredClone(target)) as Record<string, unknown>;
  const removals: Array<{ array: unknown[]; index: number }> = [];
  // Pointers are found before anything moves (removals run last, additions append).
  const located = changes.map((change) => ({ change, field: locate(root, change) }));
  for (const { change, field } of located) {
    if (field === null) continue;
    const parts = decodePointer(field);
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
