/**
 * The lists of a bundled stage schema whose items have ids (the item schema has an `id` property
 * holding a string), found by walking the schema: no stage is named here. Pure (no catalogue), so
 * the catalogue can use it while it builds its definitions (row locks, `row-locks.ts`) and
 * `list-ids.ts` for `stageListIdPaths`.
 */
import { isPlainObject } from '../json';

/** A list's place in stage data: property names, `*` for "every item of this list". */
export type ListPath = readonly string[];

/** One list with ids: where it is, and its item schema (resolved through `#/definitions/...`). */
export interface IdList {
  path: ListPath;
  items: Record<string, unknown>;
}

function resolve(schema: unknown, defs: Record<string, unknown>, seen: Set<unknown>): Record<string, unknown> | null {
  let node = schema;
  while (isPlainObject(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#/definitions/')) {
    if (seen.has(node)) return null;
    seen.add(node);
    node = defs[node.$ref.slice('#/definitions/'.length)];
  }
  return isPlainObject(node) ? node : null;
}

/** The item schema has an `id` property that holds a string (or says nothing of its type). */
function itemsHaveIds(items: Record<string, unknown>, defs: Record<string, unknown>): boolean {
  if (!isPlainObject(items.properties)) return false;
  const id = resolve(items.properties.id, defs, new Set());
  return id !== null && (id.type === undefined || id.type === 'string');
}

function collect(schema: unknown, defs: Record<string, unknown>, at: string[], out: IdList[], seen: Set<unknown>): void {
  const node = resolve(schema, defs, new Set());
  // A recursive shape (an item holding a list of the same items) is followed one level per data
  // level would need; the stage files have none, so a repeat simply stops the walk.
  if (!node || seen.has(node)) return;
  seen.add(node);
  if (isPlainObject(node.properties)) {
    for (const [name, sub] of Object.entries(node.properties)) collect(sub, defs, [...at, name], out, seen);
  }
  const items = resolve(node.items, defs, new Set());
  if (items) {
    if (itemsHaveIds(items, defs)) out.push({ path: at, items });
    collect(items, defs, [...at, '*'], out, seen);
  }
  seen.delete(node);
}

/**
 * Every list of a bundled schema whose items have ids, outer lists before the lists inside their items.
 * @example idListsOf(getStage('locations').schema).map((l) => l.path) // [['locations']]
 */
export function idListsOf(schema: Record<string, unknown>): IdList[] {
  const out: IdList[] = [];
  collect(schema, (schema.definitions as Record<string, unknown>) ?? {}, [], out, new Set());
  return out;
}

/** The row property that marks a row locked by staff (spec section 3, "Table rows: id, disabled, order"). */
export const ROW_LOCK = 'disabled';

/** The schema of `disabled` on a row: staff set it; a dealer's write may not change it (row-locks.ts). */
const rowLockSchema = () => ({ type: 'boolean', title: 'configurator:fields.rowLocked' });

/**
 * Lets every row of every list with ids carry the lock flag: adds a boolean `disabled` property to
 * each such item schema (in place: `schema` must be a fresh bundle, not yet frozen) unless it has
 * one, and returns the uiSchema with `disabled` hidden in those lists (the table and accordion show
 * a lock cue instead of a checkbox). Rows are closed objects, so without this the flag would be an
 * unknown key. The catalogue runs it on every definition, so no stage file declares it.
 * @example addRowLocks(bundled, file.uiSchema) // uiSchema.locations.items.disabled = { 'ui:widget': 'hidden' }
 */
export function addRowLocks(schema: Record<string, unknown>, uiSchema: Record<string, unknown>): Record<string, unknown> {
  let ui = uiSchema;
  for (const { path, items } of idListsOf(schema)) {
    const props = items.properties as Record<string, unknown>;
    if (!(ROW_LOCK in props)) items.properties = { ...props, [ROW_LOCK]: rowLockSchema() };
    // The uiSchema follows the data: a property by its name, a list's items under `items`.
    ui = hideAt(ui, [...path.map((p) => (p === '*' ? 'items' : p)), 'items', ROW_LOCK]);
  }
  return ui;
}

function hideAt(ui: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  const [key, ...rest] = keys;
  const current = isPlainObject(ui[key]) ? (ui[key] as Record<string, unknown>) : {};
  if (rest.length) return { ...ui, [key]: hideAt(current, rest) };
  if ('ui:widget' in current) return ui; // the stage file chose how to show it
  return { ...ui, [key]: { ...current, 'ui:widget': 'hidden' } };
}
