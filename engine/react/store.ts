import type { ErrorSchema } from '@rjsf/utils';
import { getAt, type Path } from './paths';

/** What the store holds: the whole configuration, the edited stage and its shown messages. */
export interface StageStoreState<Doc extends Record<string, unknown> = Record<string, unknown>> {
  doc: Doc;
  slug: string;
  /** Errors as an rjsf ErrorSchema tree, so a row can select its own subtree by identity. */
  errors: ErrorSchema;
  warnings: ErrorSchema;
  /** Edits since load or last save. */
  dirty: boolean;
  saving: boolean;
}

/** A tiny external store (useSyncExternalStore-shaped) so rows subscribe to their own slice. */
export interface StageStore<Doc extends Record<string, unknown> = Record<string, unknown>> {
  getState(): StageStoreState<Doc>;
  setState(next: StageStoreState<Doc>): void;
  subscribe(listener: () => void): () => void;
  /** The edited stage's data. */
  getData(): unknown;
  /** The value at a stage-relative path. */
  getAt(path: Path): unknown;
}

/**
 * Creates the store the controller writes and the fields read.
 * @example const store = createStageStore({ company: {} }, 'company'); store.getAt(['franchises'])
 */
export function createStageStore<Doc extends Record<string, unknown>>(doc: Doc, slug: string): StageStore<Doc> {
  let state: StageStoreState<Doc> = { doc, slug, errors: {}, warnings: {}, dirty: false, saving: false };
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    setState(next) {
      if (next === state) return;
      state = next;
      for (const l of [...listeners]) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getData: () => state.doc[state.slug],
    getAt: (path) => getAt(state.doc[state.slug], path),
  };
}

/**
 * Rebuilds `next` reusing every subtree of `prev` that is deeply equal, so identities survive
 * data that went through a copy (rjsf clones its form data on every change).
 * @example replaceEqualDeep({ a: { b: 1 } }, { a: { b: 1 } }) // returns the first object
 */
export function replaceEqualDeep<T>(prev: unknown, next: T): T {
  if (prev === next) return prev as T;
  const prevArray = Array.isArray(prev);
  const nextArray = Array.isArray(next);
  if (prevArray !== nextArray || !isPlain(prev) || !isPlain(next)) return next;
  const p = prev as Record<string, unknown>;
  const n = next as Record<string, unknown>;
  const keys = Object.keys(n);
  const out: Record<string, unknown> = nextArray ? ([] as unknown as Record<string, unknown>) : {};
  let same = keys.length === Object.keys(p).length;
  for (const k of keys) {
    out[k] = replaceEqualDeep(p[k], n[k]);
    if (out[k] !== p[k] || !(k in p)) same = false;
  }
  return (same ? prev : out) as T;
}

function isPlain(v: unknown): v is object {
  if (v === null || typeof v !== 'object') return false;
  if (Array.isArray(v)) return true;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}
