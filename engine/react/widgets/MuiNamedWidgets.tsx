import type { ComponentType } from 'react';
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
 * see enumLabels.ts), and named by its label when the label is hidden (a table cell, a card).
 */
export function SelectWidget(props: WidgetProps) {
  const t = useConfiguratorT();
  const name = hiddenLabelName(props);
  const enumOptions = labelledOptions(props.options.enumOptions, props.schema, t, props.value);
  const options = { ...props.options, enumOptions };
  return <MuiSelectWidget {...props} options={name ? withMuiSlotProps(options, 'select', selectNameProps(name)) : options} />;
}

/** @rjsf/mui's checkbox (booleans), named by its label when the label is hidden (a table cell, a card). */
export function CheckboxWidget(props: WidgetProps) {
  const name = hiddenLabelName(props);
  if (!name) return <MuiCheckboxWidget {...props} />;
  return <MuiCheckboxWidget {...props} options={withMuiSlotProps(props.options, 'checkbox', { slotProps: { input: { 'aria-label': name } } })} />;
}
