import { useCallback } from 'react';
import type { Registry, RJSFSchema } from '@rjsf/utils';
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
 * Adding and removing items of the array field at `path` (tables, tabs, accordions): each is one
 * controller edit, so the rules run at once; a new item starts from the item schema's defaults.
 * @example const { add, remove } = useListEdits(controller, ['locations'], registry, itemSchema(schema, registry));
 */
export function useListEdits(controller: StageController, path: Path, registry: Registry, items: RJSFSchema | undefined) {
  const add = useCallback(() => {
    const fresh = registry.schemaUtils.getDefaultFormState(items ?? {}, undefined);
    controller.setAt(path, [...listAt(controller, path), fresh ?? {}]);
  }, [controller, path, registry, items]);
  const remove = useCallback(
    (index: number) => controller.setAt(path, listAt(controller, path).filter((_, i) => i !== index)),
    [controller, path],
  );
  return { add, remove };
}
