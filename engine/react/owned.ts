import type { UiSchema } from '@rjsf/utils';
import type { Path } from './paths';

/**
 * Paths of the properties a store-backed field owns, found by walking the uiSchema's object
 * properties (not array items: an owner owns everything under it).
 * @example findOwnedPaths({ hours: { 'ui:field': 'accordion' } }, ['accordion']) // [['hours']]
 */
export function findOwnedPaths(uiSchema: UiSchema | undefined, storeBacked: readonly string[], base: string[] = []): string[][] {
  if (!uiSchema || typeof uiSchema !== 'object') return [];
  const field = uiSchema['ui:field'];
  if (typeof field === 'string' && storeBacked.includes(field)) return [base];
  const out: string[][] = [];
  for (const [key, sub] of Object.entries(uiSchema)) {
    if (key.startsWith('ui:') || key === 'items' || key === 'additionalProperties') continue;
    out.push(...findOwnedPaths(sub as UiSchema, storeBacked, [...base, key]));
  }
  return out;
}

type Tree = { [key: string]: Tree | true };

function toTree(paths: readonly Path[]): Tree | true {
  if (paths.some((p) => p.length === 0)) return true;
  const tree: Tree = {};
  for (const p of paths) {
    let node = tree;
    for (let i = 0; i < p.length; i++) {
      const k = String(p[i]);
      if (i === p.length - 1) node[k] = true;
      else {
        if (node[k] === true) break;
        node[k] = (node[k] as Tree | undefined) ?? {};
        node = node[k] as Tree;
      }
    }
  }
  return tree;
}

function strip(value: unknown, tree: Tree): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const t = tree[k];
    if (t === true) continue;
    out[k] = t ? strip(v, t) : v;
  }
  return out;
}

function merge(view: unknown, full: unknown, tree: Tree): unknown {
  if (!view || typeof view !== 'object' || Array.isArray(view)) return view;
  const out: Record<string, unknown> = { ...(view as Record<string, unknown>) };
  const src = (full && typeof full === 'object' ? full : {}) as Record<string, unknown>;
  for (const [k, t] of Object.entries(tree)) {
    if (t === true) {
      if (k in src) out[k] = src[k];
      else delete out[k];
    } else if (k in out) out[k] = merge(out[k], src[k], t);
  }
  return out;
}

/**
 * Splits stage data between the root rjsf Form (small: everything not owned) and the store-backed
 * fields (which read the store directly), so a keystroke in a big grid never makes rjsf re-derive
 * the whole document.
 * @example const split = ownedSplit([['hours']]); split.view({ a: 1, hours: [...] }) // { a: 1 }
 */
export function ownedSplit(paths: readonly Path[]) {
  const tree = toTree(paths);
  return {
    /** The data without owned parts (what rjsf sees). */
    view(data: unknown): unknown {
      if (tree === true) return {};
      return strip(data, tree);
    },
    /** rjsf's data with the owned parts put back from the store's current data. */
    merge(view: unknown, full: unknown): unknown {
      if (tree === true) return full;
      return merge(view, full, tree);
    },
  };
}

/**
 * A value rjsf hands back at `rel` (a path relative to where `paths` are rooted), with the owned
 * parts under it put back from `current` (the store's value there): rjsf only ever saw them stripped.
 * @example mergeOwnedAt([['days']], [], { name: 'Sales' }, { name: 'S', days: {...} }) // { name: 'Sales', days: {...} }
 */
export function mergeOwnedAt(paths: readonly Path[], rel: Path, value: unknown, current: unknown): unknown {
  const under = paths.filter((p) => p.length > rel.length && rel.every((k, i) => String(p[i]) === String(k))).map((p) => p.slice(rel.length));
  return under.length ? ownedSplit(under).merge(value, current) : value;
}
