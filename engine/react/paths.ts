/** A location inside stage data: property names and array indexes, like rjsf's FieldPathList. */
export type Path = readonly (string | number)[];

/**
 * Reads the value at `path`, or undefined when any step is missing.
 * @example getAt({ a: [{ b: 1 }] }, ['a', 0, 'b']) // 1
 */
export function getAt(value: unknown, path: Path): unknown {
  let cur: unknown = value;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[key];
  }
  return cur;
}

/**
 * Sets `next` at `path` on a mutable (immer draft) object, creating containers as needed.
 * @example produce(doc, (d) => setAtDraft(d, ['a', 0], 1))
 */
export function setAtDraft(draft: unknown, path: Path, next: unknown): void {
  if (path.length === 0) throw new Error('setAtDraft needs a non-empty path');
  let cur = draft as Record<string | number, unknown>;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i];
    if (cur[key] === null || typeof cur[key] !== 'object') cur[key] = typeof path[i + 1] === 'number' ? [] : {};
    cur = cur[key] as Record<string | number, unknown>;
  }
  cur[path[path.length - 1]] = next;
}

/**
 * Turns a JSON pointer into a path (numeric segments become indexes).
 * @example pointerToPath('/franchises/0/name') // ['franchises', 0, 'name']
 */
export function pointerToPath(pointer: string): (string | number)[] {
  if (pointer === '' || pointer === '/') return [];
  return pointer
    .replace(/^\//, '')
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/**
 * Turns a path into a JSON pointer.
 * @example pathToPointer(['franchises', 0]) // '/franchises/0'
 */
export function pathToPointer(path: Path): string {
  return path.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}
