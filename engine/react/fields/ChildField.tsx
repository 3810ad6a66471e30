import { memo, useCallback, useMemo } from 'react';
import { toFieldPathId, type ErrorSchema, type FieldPathId, type FieldPathList, type Registry, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import type { StageController } from '../controller';
import { useErrorsAt, useValueAt } from './useStore';

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

/**
 * Renders one child of a store-backed field with rjsf's own SchemaField, fed from the store: it
 * re-renders only when its data or errors change identity, and its edits go straight to the
 * controller at their full path (so the root Form never re-renders for them).
 */
export const ChildField = memo(function ChildField(props: ChildFieldProps) {
  const { controller, registry, parentPathId, name, schema, uiSchema, required, disabled, readonly } = props;
  const fieldPathId = useMemo(
    () => toFieldPathId(name, registry.globalFormOptions, parentPathId),
    [name, registry.globalFormOptions, parentPathId],
  );
  const formData = useValueAt(controller, fieldPathId.path);
  const errorSchema = useErrorsAt(controller, fieldPathId.path) as ErrorSchema | undefined;
  const onChange = useCallback(
    (value: unknown, path: FieldPathList) => controller.setAt(path && path.length ? path : fieldPathId.path, value),
    [controller, fieldPathId],
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
