import type { ComponentType, CSSProperties } from 'react';
import Box from '@mui/material/Box';
import { generateTemplates } from '@rjsf/mui';
import type { FieldTemplateProps } from '@rjsf/utils';
import { STORE_BACKED_FIELDS } from '../fields/names';

const MuiFieldTemplate = generateTemplates().FieldTemplate as ComponentType<FieldTemplateProps>;

const LAYOUT_FIELDS: ReadonlySet<string> = new Set(STORE_BACKED_FIELDS);

/**
 * @rjsf/mui's field wrapper, except around our layout fields (table, tabs, accordion, portlets,
 * opening hours): those hold many inputs, which must not share one MUI FormControl.
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const field = props.uiSchema?.['ui:field'];
  if (typeof field !== 'string' || !LAYOUT_FIELDS.has(field) || props.hidden) return <MuiFieldTemplate {...props} />;
  return (
    <Box className={props.classNames} style={props.style as CSSProperties | undefined}>
      {props.children}
      {props.errors}
      {props.help}
    </Box>
  );
}
