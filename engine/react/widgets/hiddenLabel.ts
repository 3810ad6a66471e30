import type { UIOptionsType, WidgetProps } from '@rjsf/utils';

/**
 * The accessible name of a widget's control when its visible label is hidden (`"ui:label": false`: a
 * table cell under its column header, a card's field under the card title). Such a control has no
 * `<label>`, so it is named with `aria-label`; a table gives each cell its own `ui:title`
 * ("Name, row 1"), which rjsf passes as `label`. With a visible label: undefined (the label names it).
 * @example hiddenLabelName({ label: 'Name, row 1', hideLabel: true }) // 'Name, row 1'
 */
export function hiddenLabelName({ label, hideLabel }: Pick<WidgetProps, 'label' | 'hideLabel'>): string | undefined {
  return hideLabel && label ? label : undefined;
}

/**
 * Props naming an MUI Select: its control is a div with role combobox, which no `<label>` names, and
 * without a label MUI points its `aria-labelledby` at the div itself. The open listbox gets the name too.
 * @example <TextField select slotProps={{ select: { ...selectNameProps('Country') } }} />
 */
export function selectNameProps(name: string | undefined) {
  if (!name) return {};
  return {
    SelectDisplayProps: { 'aria-label': name, 'aria-labelledby': undefined },
    MenuProps: { slotProps: { list: { 'aria-label': name } } },
  };
}

type Props = Record<string, unknown>;

/**
 * `options` with `props` added to the `ui:options.mui.rjsfSlotProps[slot]` of an @rjsf/mui widget
 * (its way of passing props to the MUI component inside), keeping what the uiSchema set there.
 * @example withMuiSlotProps(options, 'checkbox', { slotProps: { input: { 'aria-label': 'Active, row 1' } } })
 */
export function withMuiSlotProps(options: UIOptionsType, slot: string, props: Props): UIOptionsType {
  const mui = (options.mui ?? {}) as Props;
  const slots = (mui.rjsfSlotProps ?? {}) as Props;
  const current = (slots[slot] ?? {}) as Props;
  const merged: Props = { ...current, ...props };
  // One level deeper for MUI's own slotProps (input, list, ...), the usual place for aria attributes.
  if (current.slotProps && props.slotProps) merged.slotProps = { ...(current.slotProps as Props), ...(props.slotProps as Props) };
  return { ...options, mui: { ...mui, rjsfSlotProps: { ...slots, [slot]: merged } } };
}
