/**
 * Checks a "move to position" value (1-based) against the list length, with the spec's words.
 * @example checkTargetPosition(0, 5) // { key: 'sort.moreThanZero', message: 'Value must be more than 0' }
 */
export function checkTargetPosition(position: number, length: number): { key: string; message: string; params?: Record<string, unknown> } | null {
  if (!Number.isFinite(position) || position <= 0) return { key: 'sort.moreThanZero', message: 'Value must be more than 0' };
  if (position > length) return { key: 'sort.notMoreThan', message: `Value cannot be more than ${length}`, params: { length } };
  return null;
}

/**
 * Moves one item of a list (a new array; the items keep their identity).
 * @example moveItem(['a', 'b', 'c'], 0, 2) // ['b', 'c', 'a']
 */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = list.slice();
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/**
 * The display order of rows sorted by one column (the data keeps its order).
 * @example sortedOrder([{ n: 'b' }, { n: 'a' }], 'n', 'asc') // [1, 0]
 */
export function sortedOrder(rows: readonly unknown[], column: string, direction: 'asc' | 'desc'): number[] {
  const value = (r: unknown) => (r && typeof r === 'object' ? (r as Record<string, unknown>)[column] : undefined);
  const order = rows.map((_, i) => i);
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  order.sort((a, b) => {
    const va = value(rows[a]);
    const vb = value(rows[b]);
    if (va === vb) return a - b;
    if (va === undefined || va === null || va === '') return 1;
    if (vb === undefined || vb === null || vb === '') return -1;
    const c = typeof va === 'number' && typeof vb === 'number' ? va - vb : collator.compare(String(va), String(vb));
    return direction === 'asc' ? c : -c;
  });
  return order;
}
