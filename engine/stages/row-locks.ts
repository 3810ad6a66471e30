/**
 * Locked rows (issue 54). A row of a list whose items have ids (a location, a department, a
 * franchise...) carries `disabled: true` when staff locked it (spec section 3, "Table rows: id,
 * disabled, order"); the catalogue lets every such row hold the flag (`addRowLocks`). A dealer sees
 * a locked row read only, and `writeStage` refuses a write by anyone without 'manage configs' that
 * changes, removes or moves a locked row, or sets or clears the flag itself
 * (`lockedRowProblems`). Which lists have rows is read from the stage schema, as for ids.
 */
import { deepEqual, isPlainObject } from '../json';
import { stageListIdPaths, type ListPath } from './list-ids';
import { ROW_LOCK } from './list-schemas';

export { ROW_LOCK };

/** What a write did to a locked row: `changed` (values, or moved: its place among the other rows), `removed`, or `lock` (set or cleared the flag). */
export interface LockedRowProblem {
  kind: 'changed' | 'moved' | 'removed' | 'lock';
  /** JSON pointer of the row in the stage data (in the data written; the stored data for a removed row). */
  path: string;
  id: string;
}

/** True when the row is locked. @example isRowLocked({ id: 'a1', disabled: true }) // true */
export function isRowLocked(row: unknown): boolean {
  return isPlainObject(row) && row[ROW_LOCK] === true;
}

const idOf = (row: unknown): string | null => (isPlainObject(row) && typeof row.id === 'string' && row.id ? row.id : null);
const pointer = (at: (string | number)[]) => '/' + at.map((s) => String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/**
 * For each row of `before`, whether its place among the rows kept in both lists is the same: the
 * rows kept before it are the same set before and after. Adding and removing other rows, and
 * reordering rows that stay on the same side of it, does not move it.
 */
function keptPlaceSame(beforeIds: string[], afterIds: string[]): Map<string, boolean> {
  const inAfter = new Set(afterIds);
  const inBefore = new Set(beforeIds);
  const a = beforeIds.filter((id) => inAfter.has(id));
  const b = afterIds.filter((id) => inBefore.has(id));
  const same = new Map<string, boolean>();
  // Walk both kept orders together: `open` counts ids seen in one prefix and not yet in the other,
  // so the prefixes before position k hold the same set exactly when it is 0.
  const seenA = new Set<string>();
  const seenB = new Set<string>();
  let open = 0;
  for (let k = 0; k < a.length; k++) {
    if (a[k] === b[k]) same.set(a[k], open === 0);
    else same.set(a[k], false);
    seenA.add(a[k]);
    open += seenB.has(a[k]) ? -1 : 1;
    seenB.add(b[k]);
    open += seenA.has(b[k]) ? -1 : 1;
  }
  return same;
}

function compareList(before: unknown, after: unknown, at: (string | number)[], out: LockedRowProblem[]): void {
  const prev = Array.isArray(before) ? before : [];
  const next = Array.isArray(after) ? after : [];
  const nextById = new Map<string, number>();
  next.forEach((row, i) => {
    const id = idOf(row);
    if (id !== null && !nextById.has(id)) nextById.set(id, i);
  });
  const prevLocked = new Set<string>();
  for (const row of prev) if (isRowLocked(row) && idOf(row) !== null) prevLocked.add(idOf(row)!);
  const places = prevLocked.size ? keptPlaceSame(prev.map(idOf).filter((id): id is string => id !== null), next.map(idOf).filter((id): id is string => id !== null)) : null;
  prev.forEach((row, i) => {
    const id = idOf(row);
    if (id === null || !prevLocked.has(id)) return;
    const j = nextById.get(id);
    if (j === undefined) out.push({ kind: 'removed', path: pointer([...at, i]), id });
    else if (!isRowLocked(next[j])) out.push({ kind: 'lock', path: pointer([...at, j]), id });
    else if (!deepEqual(row, next[j])) out.push({ kind: 'changed', path: pointer([...at, j]), id });
    else if (!places!.get(id)) out.push({ kind: 'moved', path: pointer([...at, j]), id });
  });
  // Locking a row is staff's: a row locked now that was not locked before.
  next.forEach((row, j) => {
    const id = idOf(row);
    if (!isRowLocked(row) || (id !== null && prevLocked.has(id))) return;
    out.push({ kind: 'lock', path: pointer([...at, j]), id: id ?? '' });
  });
}

/** Pairs the lists at `path` in `before` and `after` (items of outer lists matched by id, else by index) and compares each pair. */
function walk(before: unknown, after: unknown, path: ListPath, i: number, at: (string | number)[], out: LockedRowProblem[]): void {
  if (i === path.length) return compareList(before, after, at, out);
  const seg = path[i];
  if (seg !== '*') {
    const b = isPlainObject(before) ? before[seg] : undefined;
    const a = isPlainObject(after) ? after[seg] : undefined;
    if (b === undefined && a === undefined) return;
    return walk(b, a, path, i + 1, [...at, seg], out);
  }
  const prev = Array.isArray(before) ? before : [];
  const next = Array.isArray(after) ? after : [];
  const matched = new Set<number>();
  prev.forEach((item, k) => {
    const id = idOf(item);
    const j = id !== null ? next.findIndex((n) => idOf(n) === id) : k < next.length && idOf(next[k]) === null ? k : -1;
    if (j >= 0) matched.add(j);
    walk(item, j >= 0 ? next[j] : undefined, path, i + 1, [...at, j >= 0 ? j : k], out);
  });
  next.forEach((item, j) => {
    if (!matched.has(j)) walk(undefined, item, path, i + 1, [...at, j], out);
  });
}

/**
 * What a write from `before` to `after` (one stage's data) does to locked rows, for a writer who may
 * not lock rows (a dealer): every locked row changed, moved or removed, and every lock set or
 * cleared. Empty when the locked rows are as they were. Staff (`manage configs`) are not checked.
 * @example lockedRowProblems('franchises', { franchises: [{ id: 'f1', name: 'Ford', disabled: true }] }, { franchises: [] })
 *   // [{ kind: 'removed', path: '/franchises/0', id: 'f1' }]
 */
export function lockedRowProblems(slug: string, before: unknown, after: unknown): LockedRowProblem[] {
  const out: LockedRowProblem[] = [];
  if (before === after) return out;
  for (const path of stageListIdPaths(slug)) walk(before, after, path, 0, [], out);
  return out;
}
