import type { ComponentType } from 'react';
import { generateTemplates } from '@rjsf/mui';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { hiddenFields } from '../../index';
import { maybeFormController, type StageFormContext } from '../context';
import { getAt } from '../paths';

const MuiObjectFieldTemplate = generateTemplates().ObjectFieldTemplate as ComponentType<ObjectFieldTemplateProps>;

/**
 * @rjsf/mui's object layout without the properties the schema's `visibleIf` hides now (the engine's
 * `hiddenFields`, the same rule validation and the overview apply). `$parent` is read from the
 * stage controller's data at the object's path, `$company` is the form's company (formContext).
 */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const schema = props.schema as Record<string, unknown>;
  if (!schema.visibleIf) return <MuiObjectFieldTemplate {...props} />;
  const controller = maybeFormController(props.registry);
  const path = props.fieldPathId?.path ?? [];
  const parent = controller && path.length ? getAt(controller.getData(), path.slice(0, -1)) : undefined;
  const company = (props.registry.formContext as Partial<StageFormContext> | undefined)?.company;
  const hidden = new Set(hiddenFields(schema, props.formData ?? {}, parent, company));
  if (!hidden.size) return <MuiObjectFieldTemplate {...props} />;
  return <MuiObjectFieldTemplate {...props} properties={props.properties.filter((p) => !hidden.has(p.name))} />;
}
