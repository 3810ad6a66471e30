import { useCallback, useMemo } from 'react';
import { getUiOptions, type FieldProps, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import { formController } from '../context';
import type { StageController } from '../controller';
import { itemKey, itemSchema, objectEntries } from './structure';
import { useItemKeys } from './useItemKeys';
import { listAt, useListEdits } from './useListEdits';

/** One section (tab, accordion panel) of an array or object field. */
export interface Section {
  key: string;
  name: string | number;
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  required: boolean;
  /** The fixed label for object properties; array items are labelled from their data. */
  title?: string;
}

export interface SectionsModel {
  controller: StageController;
  sections: Section[];
  isArray: boolean;
  title: string;
  canAdd: boolean;
  canRemove: boolean;
  /** Appends a new item; returns its section key (the caller shows the new item). */
  add(): string;
  remove(index: number): void;
}

/**
 * A section's uiSchema with the inner object's own heading turned off: the tab, panel or card already
 * shows the title, and an array item's object would otherwise be headed by its index ("1"). A plain
 * value keeps its label (it is the input's label); a stage may still set `ui:label` itself.
 * @example sectionUiSchema({ type: 'object' }, undefined) // { 'ui:label': false }
 */
export function sectionUiSchema(schema: RJSFSchema | undefined, uiSchema: UiSchema | undefined): UiSchema | undefined {
  const isObject = schema?.type === 'object' || Boolean(schema?.properties) || Boolean(schema?.$ref);
  if (!isObject || (uiSchema && 'ui:label' in uiSchema)) return uiSchema;
  return { ...uiSchema, 'ui:label': false };
}

/**
 * The sections of a store-backed array/object field: array items (keyed by id) or object properties.
 * Re-renders only when items are added, removed or moved.
 */
export function useSections(props: FieldProps): SectionsModel {
  const { schema, uiSchema, registry, fieldPathId, disabled, readonly } = props;
  const controller = formController(registry);
  const isArray = schema.type === 'array';
  const keys = useItemKeys(controller, isArray ? fieldPathId.path : []);
  const options = getUiOptions(uiSchema);
  const title = (uiSchema?.['ui:title'] as string | undefined) ?? schema.title ?? props.name;
  const items = useMemo(() => (isArray ? itemSchema(schema, registry) : undefined), [isArray, schema, registry]);
  const rawItems = (Array.isArray(schema.items) ? schema.items[0] : schema.items) as RJSFSchema | undefined;
  const sections = useMemo<Section[]>(() => {
    if (!isArray) {
      return objectEntries(schema, uiSchema, registry).map((e) => ({
        key: String(e.name),
        name: e.name,
        schema: e.schema,
        uiSchema: sectionUiSchema(e.schema, e.uiSchema),
        required: e.required,
        title: (e.uiSchema?.['ui:title'] as string | undefined) ?? e.schema.title ?? String(e.name),
      }));
    }
    const itemUi = sectionUiSchema(rawItems, uiSchema?.items as UiSchema | undefined); // one object: rows stay memoised
    return keys.map((key, index) => ({
      key,
      name: index,
      schema: rawItems ?? {},
      uiSchema: itemUi,
      required: false,
    }));
  }, [isArray, keys, schema, uiSchema, registry, rawItems]);

  const editable = !disabled && !readonly;
  const canAdd = isArray && editable && options.addable !== false;
  const canRemove = isArray && editable && options.removable !== false;
  const { add: append, remove } = useListEdits(controller, fieldPathId.path, registry, items);
  const path = fieldPathId.path;
  const add = useCallback(() => {
    append();
    const list = listAt(controller, path);
    return itemKey(list[list.length - 1], list.length - 1);
  }, [append, controller, path]);
  return {
    controller,
    sections,
    isArray,
    title: String(title),
    canAdd,
    canRemove,
    add,
    remove,
  };
}
