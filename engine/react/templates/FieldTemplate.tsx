import type { ComponentType, CSSProperties } from 'react';
import Box from '@mui/material/Box';
import { generateTemplates } from '@rjsf/mui';
import type { FieldTemplateProps } from '@rjsf/utils';
import { STORE_BACKED_FIELDS } from '../fields/names';
import { useFieldAddons } from '../fieldAddons';
import { pathToPointer } from '../paths';

const MuiFieldTemplate = generateTemplates().FieldTemplate as ComponentType<FieldTemplateProps>;

const LAYOUT_FIELDS: ReadonlySet<string> = new Set(STORE_BACKED_FIELDS);

/** The class of the box holding a field and what its host put beside it (`FieldAddonsProvider`). */
export const FIELD_WITH_ADDON = 'stage-field-with-addon';

/**
 * @rjsf/mui's field wrapper, except around our layout fields (table, tabs, accordion, portlets,
 * opening hours): those hold many inputs, which must not share one MUI FormControl. When the host
 * gives addons (`fieldAddons.tsx`) and has one for this field, it sits to the field's right.
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const addons = useFieldAddons();
  const field = props.uiSchema?.['ui:field'];
  const layout = typeof field === 'string' && LAYOUT_FIELDS.has(field) && !props.hidden;
  const inner = !layout ? (
    <MuiFieldTemplate {...props} />
  ) : (
    <Box className={props.classNames} style={props.style as CSSProperties | undefined}>
      {props.children}
      {props.errors}
      {props.help}
    </Box>
  );
  const path = props.fieldPathId?.path;
  // No host, a hidden field or the stage's root: exactly what rjsf renders.
  if (!addons || props.hidden || !path || path.length === 0) return inner;
  const pointer = pathToPointer(path);
  const type = props.schema?.type;
  const group = layout || type === 'object' || type === 'array';
  const addon = addons.render({ pointer, label: typeof props.label === 'string' ? props.label : '', kind: group ? 'group' : 'value' });
  if (addon === null || addon === undefined || addon === false) return inner;
  return (
    <Box className={FIELD_WITH_ADDON} data-field-pointer={pointer} sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>{inner}</Box>
      <Box sx={{ flex: 'none', pt: group ? 0 : 1 }}>{addon}</Box>
    </Box>
  );
}
