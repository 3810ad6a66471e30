/**
 * The ONE place where custom JSON-logic operations are registered (json-logic-js keeps a single,
 * global operator table). Importing this module registers them; every engine entry point that
 * evaluates logic imports `jsonLogic` from here, so the table is always complete.
 *
 * The operations are generic set/list work that would be O(n^2) or impossible in plain JSON-logic
 * (json-logic-js has no sets and no object construction). Each returns its input unchanged - the
 * same reference - when there is nothing to do, so callers can detect "no change" in O(1) and
 * untouched items keep their identity (the renderer memoises rows on it).
 */
import jsonLogic from 'json-logic-js';

type Item = Record<string, unknown>;

const asArray = (v: unknown): unknown[] | null => (Array.isArray(v) ? v : null);
const isEmptyRefs = (v: unknown) => v === undefined || v === null || (Array.isArray(v) && v.length === 0);

// Documents are frozen by immer, so a frozen array never changes: what is derived from it (plucked
// ids, id sets) is cached by identity. The fixed point evaluates the same lists several times per
// edit; this keeps a cascade over thousands of items to one pass of real work.
const pluckCache = new WeakMap<readonly unknown[], Map<string, unknown[]>>();
const setCache = new WeakMap<readonly unknown[], Set<unknown>>();

function idSet(ids: unknown): Set<unknown> {
  if (!Array.isArray(ids)) return new Set();
  let set = setCache.get(ids);
  if (!set) {
    set = new Set(ids);
    if (Object.isFrozen(ids)) setCache.set(ids, set);
  }
  return set;
}

/**
 * `pluck(items, field)`: the `field` of every item.
 * @example {"pluck": [[{"id": "a"}, {"id": "b"}], "id"]} // ["a", "b"]
 */
export function pluck(items: unknown, field: string): unknown[] {
  const list = asArray(items);
  if (!list) return [];
  const cached = pluckCache.get(list)?.get(field);
  if (cached) return cached;
  const out = new Array(list.length);
  for (let i = 0; i < list.length; i++) out[i] = (list[i] as Item | null)?.[field];
  if (Object.isFrozen(list)) {
    Object.freeze(out);
    let byField = pluckCache.get(list);
    if (!byField) pluckCache.set(list, (byField = new Map()));
    byField.set(field, out);
  }
  return out;
}

/**
 * `keepRefs(items, field, ids)`: in each item keep only the references in `field` that are in `ids`.
 * @example {"keepRefs": [[{"f": ["a", "x"]}], "f", ["a"]]} // [{"f": ["a"]}]
 */
export function keepRefs(items: unknown, field: string, ids: unknown): unknown {
  const list = asArray(items);
  if (!list) return items;
  const valid = idSet(ids);
  let out: unknown[] | null = null;
  for (let i = 0; i < list.length; i++) {
    const item = list[i] as Item;
    const refs = item?.[field];
    if (!Array.isArray(refs)) continue;
    let kept: unknown[] | null = null;
    for (let j = 0; j < refs.length; j++) {
      if (!valid.has(refs[j])) {
        kept ??= refs.slice(0, j);
      } else if (kept) kept.push(refs[j]);
    }
    if (kept) {
      out ??= list.slice();
      out[i] = { ...item, [field]: kept };
    }
  }
  return out ?? items;
}

/**
 * `dropEmptied(items, field, prevItems, ids)`: drop items whose `field` is now empty because every
 * reference they had before (in `prevItems`, matched by `id`) is no longer in `ids`. An item that
 * was already empty, is new, or was emptied by hand (its old references still exist) is kept.
 * @example {"dropEmptied": [[{"id": 1, "l": []}], "l", [{"id": 1, "l": ["gone"]}], []]} // []
 */
export function dropEmptied(items: unknown, field: string, prevItems: unknown, ids: unknown): unknown {
  const list = asArray(items);
  const prevList = asArray(prevItems);
  if (!list || !prevList || prevList.length === 0) return items;
  let candidates = false;
  for (const item of list) if (isEmptyRefs((item as Item)?.[field])) candidates = true;
  if (!candidates) return items;
  const prevById = new Map<unknown, Item>();
  for (const p of prevList) if (p && typeof p === 'object') prevById.set((p as Item).id, p as Item);
  const valid = idSet(ids);
  const out = list.filter((item) => {
    if (!isEmptyRefs((item as Item)?.[field])) return true;
    const before = prevById.get((item as Item)?.id)?.[field];
    if (!Array.isArray(before) || before.length === 0) return true;
    return before.some((ref) => valid.has(ref));
  });
  return out.length === list.length ? items : out;
}

/**
 * `fillEmpty(items, field, value)`: set `field` to `value` on items where it is missing or empty.
 * A null `value` does nothing (pairs with `sole`).
 * @example {"fillEmpty": [[{"f": []}], "f", ["a"]]} // [{"f": ["a"]}]
 */
export function fillEmpty(items: unknown, field: string, value: unknown): unknown {
  const list = asArray(items);
  if (!list || value === null || value === undefined) return items;
  let out: unknown[] | null = null;
  for (let i = 0; i < list.length; i++) {
    const item = list[i] as Item;
    if (item && typeof item === 'object' && isEmptyRefs(item[field])) {
      out ??= list.slice();
      out[i] = { ...item, [field]: Array.isArray(value) ? value.slice() : value };
    }
  }
  return out ?? items;
}

/**
 * `sole(items)`: `[id]` of the only item when there is exactly one, else null.
 * @example {"sole": [[{"id": "a"}]]} // ["a"]
 */
export function sole(items: unknown): unknown[] | null {
  const list = asArray(items);
  return list && list.length === 1 && (list[0] as Item)?.id !== undefined ? [(list[0] as Item).id] : null;
}

/**
 * `pad(array, length, filler)`: append `filler` until the array has `length` items.
 * @example {"pad": [["a"], 3, ""]} // ["a", "", ""]
 */
export function pad(array: unknown, length: number, filler: unknown): unknown {
  const list = asArray(array) ?? [];
  if (list.length >= length && Array.isArray(array)) return array;
  const out = list.slice();
  while (out.length < length) out.push(filler);
  return out;
}

/**
 * `ensureItem(items, item)`: `[item]` when `items` is missing or empty, else `items`.
 * @example {"ensureItem": [[], {"var": "defaults.divisions.divisions.0"}]}
 */
export function ensureItem(items: unknown, item: unknown): unknown {
  const list = asArray(items);
  if (list && list.length > 0) return items;
  return item === undefined || item === null ? items : [item];
}

/**
 * `dropBlank(items, field)`: drop items whose `field` is missing or only whitespace.
 * @example {"dropBlank": [[{"n": " "}, {"n": "A"}], "n"]} // [{"n": "A"}]
 */
export function dropBlank(items: unknown, field: string): unknown {
  const list = asArray(items);
  if (!list) return items;
  const out = list.filter((item) => {
    const v = (item as Item)?.[field];
    return typeof v === 'string' ? v.trim() !== '' : v !== undefined && v !== null;
  });
  return out.length === list.length ? items : out;
}

/**
 * `missingRefs(items, referrers, field, flag?)`: indexes of `items` whose `id` is listed in the
 * `field` of no referrer (only referrers with a truthy `flag` count, when given).
 * @example {"missingRefs": [[{"id": "d1"}, {"id": "d2"}], [{"departments": ["d1"], "receiveLeads": true}], "departments", "receiveLeads"]} // [1]
 */
export function missingRefs(items: unknown, referrers: unknown, field: string, flag?: string): number[] {
  const list = asArray(items);
  if (!list) return [];
  const referenced = new Set<unknown>();
  for (const r of asArray(referrers) ?? []) {
    if (!r || typeof r !== 'object' || (flag && !(r as Item)[flag])) continue;
    const refs = (r as Item)[field];
    if (Array.isArray(refs)) for (const ref of refs) referenced.add(ref);
  }
  const out: number[] = [];
  list.forEach((item, i) => {
    if (!referenced.has((item as Item)?.id)) out.push(i);
  });
  return out;
}

/**
 * `countWhere(items, field?)`: number of items with a truthy `field` (all items without a field).
 * @example {"countWhere": [[{"top": true}, {"top": false}], "top"]} // 1
 */
export function countWhere(items: unknown, field?: string): number {
  const list = asArray(items);
  if (!list) return 0;
  if (!field) return list.length;
  let n = 0;
  for (const item of list) if ((item as Item)?.[field]) n++;
  return n;
}

/**
 * `keepIds(ids, valid)`: a plain list of references (not items) without those not in `valid`.
 * @example {"keepIds": [["l1", "gone"], ["l1", "l2"]]} // ["l1"]
 */
export function keepIds(ids: unknown, valid: unknown): unknown {
  const list = asArray(ids);
  if (!list) return ids;
  const set = idSet(valid);
  let out: unknown[] | null = null;
  for (let j = 0; j < list.length; j++) {
    if (!set.has(list[j])) out ??= list.slice(0, j);
    else if (out) out.push(list[j]);
  }
  return out ?? ids;
}

/**
 * `fillIfEmpty(value, fill)`: `fill` when `value` is missing, '' or an empty list and `fill` is not
 * null; else `value` unchanged (pairs with `sole` for a plain list of references).
 * @example {"fillIfEmpty": [[], {"sole": [[{"id": "l1"}]]}]} // ["l1"]
 */
export function fillIfEmpty(value: unknown, fill: unknown): unknown {
  if (fill === null || fill === undefined) return value;
  const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
  return empty ? (Array.isArray(fill) ? fill.slice() : fill) : value;
}

/**
 * `emailDomain(address)`: the domain of an email address (after its last "@"), in lower case; ''
 * when the value is not a string holding an "@". For checks comparing addresses with domains.
 * @example {"emailDomain": ["Sales@Demo-Motors.co.uk"]} // "demo-motors.co.uk"
 */
export function emailDomain(address: unknown): string {
  if (typeof address !== 'string') return '';
  const at = address.lastIndexOf('@');
  return at < 0 ? '' : address.slice(at + 1).trim().toLowerCase();
}

/**
 * Decides which stages of a configuration are not complete yet. The validation module sets it
 * (it validates stages, and importing it here would be a cycle); until then nothing is incomplete.
 */
type IncompleteResolver = (doc: unknown, stages: readonly string[] | null, exclude: readonly string[]) => string[];
let incompleteResolver: IncompleteResolver = () => [];
export function setIncompleteStagesResolver(fn: IncompleteResolver): void {
  incompleteResolver = fn;
}

/**
 * `incompleteStages(doc, stages?, exclude?)`: slugs of the required stages (of `stages`, the
 * config's enabled stages, when given) whose data is missing or fails validation in submit mode;
 * `exclude` lists stages not to look at (the stage asking).
 * @example {"incompleteStages": [{"var": "doc"}, {"var": "stages"}, ["confirmation"]]} // ["key-contact"]
 */
export function incompleteStages(doc: unknown, stages?: unknown, exclude?: unknown): string[] {
  const list = Array.isArray(stages) ? (stages.filter((s) => typeof s === 'string') as string[]) : null;
  const skip = Array.isArray(exclude) ? (exclude.filter((s) => typeof s === 'string') as string[]) : [];
  return incompleteResolver(doc && typeof doc === 'object' ? doc : {}, list, skip);
}

/** Names of the custom operations, for the stage-file linter and the README. */
export const customOperations = {
  pluck,
  keepRefs,
  dropEmptied,
  fillEmpty,
  sole,
  pad,
  ensureItem,
  dropBlank,
  missingRefs,
  countWhere,
  keepIds,
  fillIfEmpty,
  emailDomain,
  incompleteStages,
} as const;

for (const [name, fn] of Object.entries(customOperations)) {
  jsonLogic.add_operation(name, fn as (...args: unknown[]) => unknown);
}

export { jsonLogic };
