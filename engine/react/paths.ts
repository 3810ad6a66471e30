import { safeKey } from '../json';

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
 * `value` with `next` at `path`: the containers along the path are copied (missing ones created),
 * everything else keeps its identity; `value` itself is returned when `path` already holds `next`.
 * A plain copy, not an immer draft: the engine's updateStage produces the next document from it in
 * one pass, and a second produce per keystroke here cost as much again (stage page bench, issue 10).
 * @example setAtCopy({ a: [{ b: 1 }], c: {} }, ['a', 0, 'b'], 2) // { a: [{ b: 2 }], c: <the same {}> }
 */
export function setAtCopy(value: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next;
  const [key, ...rest] = path;
  safeKey(key); // a copy assigning "__proto__" would set the prototype, not a property
  const container = value !== null && typeof value === 'object' ? (value as Record<string | number, unknown>) : undefined;
  const current = container?.[key];
  const replaced = setAtCopy(current, rest, next);
  if (container && Object.is(replaced, current) && (rest.length > 0 || key in container)) return value;
  const copy: Record<string | number, unknown> = Array.isArray(container)
    ? (container.slice() as unknown as Record<string | number, unknown>)
    : container
      ? { ...container }
      : typeof key === 'number'
        ? ([] as unknown as Record<string | number, unknown>)
        : {};
  copy[key] = replaced;
  return copy;
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
