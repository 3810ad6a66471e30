/**
 * Ids of list items. A stage file declares that a list's items have ids by giving the item schema an
 * `id` property (usually `"$ref": "../shapes/id.json"`); other stages refer to those items by id (a
 * location names its franchises, a user their departments). The form gives a new item an id
 * (engine/react/fields/useListEdits.ts, `newItem`); data written through the API may come without
 * them, so `writeStage` gives every such item that has none a fresh one (`assignListIds`). Which
 * lists have ids is read from the stage schemas: no stage is named here.
 */
import { isPlainObject } from '../json';
import { generateId } from '../references';
import { mapAtPath } from './secrets';
import { idListsOf, type ListPath } from './list-schemas';
import { getStage, hasStage } from './catalogue';

export type { ListPath };

/** By definition, not slug: a published version may add or drop lists with ids. */
const pathsByStage = new WeakMap<object, readonly ListPath[]>();
const NONE: readonly ListPath[] = Object.freeze([]);

/**
 * The lists of a stage whose items have ids, outer lists before the lists inside their items
 * (from its bundled schema; cached). Empty for stages without such lists.
 * @example stageListIdPaths('locations') // [['locations']]
 */
export function stageListIdPaths(slug: string): readonly ListPath[] {
  if (!hasStage(slug)) return NONE;
  const stage = getStage(slug);
  let paths = pathsByStage.get(stage);
  if (!paths) {
    paths = Object.freeze(idListsOf(stage.schema as Record<string, unknown>).map((l) => Object.freeze([...l.path])));
    pathsByStage.set(stage, paths);
  }
  return paths;
}

const missing = (id: unknown) => id === undefined || id === null || id === '';

/** `list` with a fresh id (unique in the list) on every object item without one; `list` itself when all have one. */
function withIds(list: unknown): unknown {
  if (!Array.isArray(list) || !list.some((item) => isPlainObject(item) && missing(item.id))) return list;
  const taken = new Set<string>();
  for (const item of list) if (isPlainObject(item) && typeof item.id === 'string' && item.id) taken.add(item.id);
  return list.map((item) => {
    if (!isPlainObject(item) || !missing(item.id)) return item;
    const id = generateId(taken);
    taken.add(id);
    return { ...item, id };
  });
}

/**
 * Stage data with an id on every list item that should have one and has none (missing or empty):
 * 5 alphanumerics unique in its list, as the form's new items get. Items that have an id keep it;
 * `data` is never changed (a copy along the changed branches; `data` itself when nothing lacks an id).
 * @example assignListIds('franchises', { franchises: [{ name: 'Ford' }] }) // { franchises: [{ name: 'Ford', id: 'Qx7pK' }] }
 */
export function assignListIds<T>(slug: string, data: T): T {
  let out: unknown = data;
  for (const path of stageListIdPaths(slug)) out = mapAtPath(out, path, withIds);
  return out as T;
}
