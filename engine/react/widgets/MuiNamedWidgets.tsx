import type { ComponentType } from 'react';
import Box from '@mui/material/Box';
import { generateWidgets } from '@rjsf/mui';
import type { WidgetProps } from '@rjsf/utils';
import { useConfiguratorT } from '../i18n';
import { labelledOptions } from './enumLabels';
import { hiddenLabelName, selectNameProps, withMuiSlotProps } from './hiddenLabel';

const mui = generateWidgets();
const MuiSelectWidget = mui.SelectWidget as ComponentType<WidgetProps>;
const MuiCheckboxWidget = mui.CheckboxWidget as ComponentType<WidgetProps>;

/**
 * @rjsf/mui's select (enums): its choices read in words where the schema names them (`enumLabels`,
 * see enumLabels.ts), and named by its label when the label is hidden (a table cell, a card), where
 * an empty one shows a placeholder.
 */
export function SelectWidget(props: WidgetProps) {
  const t = useConfiguratorT();
  const name = hiddenLabelName(props);
  const enumOptions = labelledOptions(props.options.enumOptions, props.schema, t, props.value);
  const options = { ...props.options, enumOptions };
  if (!name) return <MuiSelectWidget {...props} options={options} />;
  // Without a visible label (a table cell, a card) an empty select would be a blank box: it shows a
  // placeholder ("Choose…", or the uiSchema's `ui:placeholder`) until something is chosen.
  const empty = !props.multiple && (props.value === undefined || props.value === null || props.value === '');
  const placeholder = props.placeholder || t('form.choose', { defaultValue: 'Choose…' });
  const emptyProps = empty ? { displayEmpty: true, renderValue: () => <Box component="span" sx={{ color: 'text.secondary' }}>{placeholder}</Box> } : {};
  return <MuiSelectWidget {...props} placeholder={placeholder} options={withMuiSlotProps(options, 'select', { ...selectNameProps(name), ...emptyProps })} />;
}

/** @rjsf/mui's checkbox (booleans), named by its label when the label is hidden (a table cell, a card). */
export function CheckboxWidget(props: WidgetProps) {
  const name = hiddenLabelName(props);
  if (!name) return <MuiCheckboxWidget {...props} />;
  return <MuiCheckboxWidget {...props} options={withMuiSlotProps(props.options, 'checkbox', { slotProps: { input: { 'aria-label': name } } })} />;
}
