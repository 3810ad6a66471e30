/**
 * A stage's edit as JSON Patch operations (RFC 6902 `add`, `remove`, `replace`, each `path` a JSON
 * pointer into the stage's data): the app makes them from the stage data it holds at a version and
 * what the dealer has now (`diffStage`), and the server applies them to the data it holds at that
 * same version (`applyStagePatches`) before the one call into writeStage. An autosave of one
 * opening time then carries the time, not the 100 KB stage of a 30-location group (issue 7), and
 * the server's engine sees the untouched entries as the very objects it already holds.
 */
import { deepEqual, hasOwn, isPlainObject, parsePointer, toPointer, UnsafeKeyError } from '../json';
import { immer } from './immer';

export interface StagePatch {
  op: 'add' | 'remove' | 'replace';
  /** JSON pointer into the stage's data, e.g. '/hours/3/days/monday/open'. */
  path: string;
  value?: unknown;
}

/** Beyond these the whole stage is sent instead: a rewrite is not an edit. */
export const STAGE_PATCH_LIMITS = { ops: 64, bytes: 16 * 1024 };


/**
 * The operations that turn `before` into `after` (as JSON: keys holding undefined count as absent),
 * or null when they would not be smaller than the data itself (more than STAGE_PATCH_LIMITS, or
 * either side not an object): then the caller sends the data whole.
 * @example diffStage({ a: 1, b: [1] }, { a: 2, b: [1, 2] }) // [{ op: 'replace', path: '/a', value: 2 }, { op: 'add', path: '/b/1', value: 2 }]
 */
export function diffStage(before: unknown, after: unknown, limits = STAGE_PATCH_LIMITS): StagePatch[] | null {
  if (!isPlainObject(before) || !isPlainObject(after)) return null;
  const out: StagePatch[] = [];
  const push = (p: StagePatch) => {
    out.push(p);
    return out.length <= limits.ops;
  };
  // False once over the limit: the walk stops there.
  const walk = (a: unknown, b: unknown, path: string): boolean => {
    if (a === b || deepEqual(a, b)) return true;
    if (Array.isArray(a) && Array.isArray(b)) {
      const common = Math.min(a.length, b.length);
      for (let i = 0; i < common; i++) if (!walk(a[i], b[i], `${path}/${i}`)) return false;
      for (let i = common; i < b.length; i++) if (!push({ op: 'add', path: `${path}/${i}`, value: b[i] ?? null })) return false;
      for (let i = a.length - 1; i >= common; i--) if (!push({ op: 'remove', path: `${path}/${i}` })) return false;
      return true;
    }
    if (isPlainObject(a) && isPlainObject(b)) {
      for (const k of Object.keys(b)) {
        if (b[k] === undefined) continue;
        const ok = hasOwn(a, k) && a[k] !== undefined ? walk(a[k], b[k], `${path}${toPointer([k])}`) : push({ op: 'add', path: `${path}${toPointer([k])}`, value: b[k] });
        if (!ok) return false;
      }
      for (const k of Object.keys(a)) {
        if (a[k] !== undefined && (!hasOwn(b, k) || b[k] === undefined) && !push({ op: 'remove', path: `${path}${toPointer([k])}` })) return false;
      }
      return true;
    }
    return push({ op: 'replace', path, value: b ?? null });
  };
  if (!walk(before, after, '')) return null;
  return JSON.stringify(out).length <= limits.bytes ? out : null;
}

/** Patches that do not fit the data they are applied to; the message says which and why. */
export class StagePatchError extends Error {
  constructor(
    readonly index: number,
    reason: string,
  ) {
    super(`patch ${index + 1}: ${reason}`);
    this.name = 'StagePatchError';
  }
}

type Container = Record<string, unknown> | unknown[];

/** An array position: a plain non-negative integer (or '-', the end, where `end` allows it) up to `max`. */
function position(seg: string, max: number, end: boolean): number | null {
  if (end && seg === '-') return max;
  if (!/^(0|[1-9]\d*)$/.test(seg)) return null;
  const i = Number(seg);
  return i <= max ? i : null;
}

/**
 * `base` with `patches` applied in order, as RFC 6902 says (add inserts into an array, replace and
 * remove need what they name to exist). Untouched parts of `base` are the same objects in the
 * result. Throws StagePatchError for a patch that does not fit, and applies none then.
 * @example applyStagePatches({ hours: [{ open: '09:00' }] }, [{ op: 'replace', path: '/hours/0/open', value: '08:30' }])
 */
export function applyStagePatches(base: Record<string, unknown>, patches: readonly StagePatch[]): Record<string, unknown> {
  return immer.produce(base, (draft) => {
    patches.forEach((p, index) => {
      const fail = (reason: string): never => {
        throw new StagePatchError(index, `${p.op} ${p.path}: ${reason}`);
      };
      if (p.op !== 'add' && p.op !== 'remove' && p.op !== 'replace') fail('not add, remove or replace');
      if (typeof p.path !== 'string' || !p.path.startsWith('/')) fail('not a path inside the stage');
      let segs: string[] = [];
      try {
        segs = parsePointer(p.path);
      } catch (err) {
        if (err instanceof UnsafeKeyError) fail(err.message);
        throw err;
      }
      if (segs.length === 0) fail('not a path inside the stage');
      if (p.op !== 'remove' && !('value' in p)) fail('no value');
      let node: Container = draft as Record<string, unknown>;
      for (const seg of segs.slice(0, -1)) {
        const child: unknown = Array.isArray(node)
          ? node[position(seg, node.length - 1, false) ?? fail(`no item ${seg}`)]
          : hasOwn(node, seg) ? node[seg] : fail(`no ${seg}`);
        if (child === null || typeof child !== 'object') fail(`${seg} holds no object or list`);
        node = child as Container;
      }
      const last = segs[segs.length - 1];
      if (Array.isArray(node)) {
        const i = position(last, p.op === 'add' ? node.length : node.length - 1, p.op === 'add') ?? fail(`no item ${last}`);
        if (p.op === 'add') node.splice(i, 0, p.value);
        else if (p.op === 'replace') node[i] = p.value;
        else node.splice(i, 1);
      } else {
        if (p.op !== 'add' && !hasOwn(node, last)) fail(`no ${last}`);
        if (p.op === 'remove') delete node[last];
        else node[last] = p.value;
      }
    });
  });
}
