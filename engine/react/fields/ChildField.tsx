import { memo, useCallback, useMemo } from 'react';
import { toFieldPathId, type ErrorSchema, type FieldPathId, type FieldPathList, type Registry, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import type { StageController } from '../controller';
import { findOwnedPaths, mergeOwnedAt, ownedSplit } from '../owned';
import { STORE_BACKED_FIELDS } from './names';
import { useDerived, useErrorsAt } from './useStore';

export interface ChildFieldProps {
  controller: StageController;
  registry: Registry;
  parentPathId: FieldPathId;
  name: string | number;
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  required?: boolean;
  disabled?: boolean;
  readonly?: boolean;
}

const noop = () => {};
const identity = (v: unknown) => v;

/**
 * Renders one child of a store-backed field with rjsf's own SchemaField, fed from the store: it
 * re-renders only when its data or errors change identity, and its edits go straight to the
 * controller at their full path (so the root Form never re-renders for them).
 *
 * As the root Form does (StageForm.tsx), it leaves out of rjsf's data the parts that store-backed
 * fields inside it own (an item's opening-hours grid): those fields read the store themselves, so
 * a keystroke in a grid cell re-renders that cell, not the item's whole object field. A child that
 * is itself store-backed gets no data from here at all. (So, as at the root, a schema condition
 * (if/then, dependencies) must not depend on data a store-backed field owns.)
 */
export const ChildField = memo(function ChildField(props: ChildFieldProps) {
  const { controller, registry, parentPathId, name, schema, uiSchema, required, disabled, readonly } = props;
  const fieldPathId = useMemo(
    () => toFieldPathId(name, registry.globalFormOptions, parentPathId),
    [name, registry.globalFormOptions, parentPathId],
  );
  const owned = useMemo(() => findOwnedPaths(uiSchema, STORE_BACKED_FIELDS), [uiSchema]);
  const self = owned.some((p) => p.length === 0);
  const view = useMemo(() => (owned.length && !self ? ownedSplit(owned).view : identity), [owned, self]);
  const pathKey = fieldPathId.path.join('\u0000');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `pathKey` stands for the path's contents
  const readData = useCallback(() => (self ? undefined : controller.store.getAt(fieldPathId.path)), [controller, pathKey, self]);
  const formData = useDerived(controller, readData, view);
  // Errors whole: an owned field's own message (on the grid itself) is shown by rjsf's template.
  const errorSchema = useErrorsAt(controller, fieldPathId.path) as ErrorSchema | undefined;
  const onChange = useCallback(
    (value: unknown, path: FieldPathList) => {
      const target = path && path.length ? path : fieldPathId.path;
      const rel = target.slice(fieldPathId.path.length);
      controller.setAt(target, owned.length ? mergeOwnedAt(owned, rel, value, controller.store.getAt(target)) : value);
    },
    [controller, fieldPathId, owned],
  );
  const { SchemaField } = registry.fields;
  return (
    <SchemaField
      name={String(name)}
      schema={schema}
      uiSchema={uiSchema}
      fieldPathId={fieldPathId}
      formData={formData}
      errorSchema={errorSchema}
      onChange={onChange}
      onBlur={noop}
      onFocus={noop}
      registry={registry}
      required={required}
      disabled={disabled}
      readonly={readonly}
    />
  );
});
