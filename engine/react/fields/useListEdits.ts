import { useCallback } from 'react';
import type { Registry, RJSFSchema } from '@rjsf/utils';
import { generateId } from '../../references';
import type { StageController } from '../controller';
import type { Path } from '../paths';

/**
 * The array at a stage-relative path as it is now ([] when missing), read at the moment of an edit.
 * @example listAt(controller, ['franchises']).length
 */
export function listAt(controller: StageController, path: Path): unknown[] {
  const value = controller.store.getAt(path);
  return Array.isArray(value) ? value : [];
}

/**
 * A new item for a list: the item schema's defaults, and a fresh id (unique in the list) when the
 * item has a string `id` property. Other stages refer to items by that id (a location names its
 * franchises by id), and it is hidden from the user, so without it the new item could never be
 * picked elsewhere nor pass a submit.
 * @example newItem(registry, { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } }, []) // { id: 'Qx7pK' }
 */
export function newItem(registry: Registry, items: RJSFSchema | undefined, list: unknown[]): unknown {
  const fresh = registry.schemaUtils.getDefaultFormState(items ?? {}, undefined) ?? {};
  const idSchema = (items?.properties as Record<string, RJSFSchema> | undefined)?.id;
  if (!idSchema || !fresh || typeof fresh !== 'object' || Array.isArray(fresh)) return fresh;
  const resolved = registry.schemaUtils.retrieveSchema(idSchema);
  if (resolved.type !== undefined && resolved.type !== 'string') return fresh;
  const current = (fresh as Record<string, unknown>).id;
  if (current !== undefined && current !== null && current !== '') return fresh;
  const taken = list.flatMap((item) => (item && typeof item === 'object' && typeof (item as { id?: unknown }).id === 'string' ? [(item as { id: string }).id] : []));
  return { ...fresh, id: generateId(taken) };
}

/**
 * Adding and removing items of the array field at `path` (tables, tabs, accordions): each is one
 * controller edit, so the rules run at once; a new item starts from the item schema's defaults (with
 * a new id, see `newItem`).
 * @example const { add, remove } = useListEdits(controller, ['locations'], registry, itemSchema(schema, registry));
 */
export function useListEdits(controller: StageController, path: Path, registry: Registry, items: RJSFSchema | undefined) {
  const add = useCallback(() => {
    const list = listAt(controller, path);
    controller.setAt(path, [...list, newItem(registry, items, list)]);
  }, [controller, path, registry, items]);
  const remove = useCallback(
    (index: number) => controller.setAt(path, listAt(controller, path).filter((_, i) => i !== index)),
    [controller, path],
  );
  return { add, remove };
}
