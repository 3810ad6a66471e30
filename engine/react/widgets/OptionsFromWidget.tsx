import { useMemo } from 'react';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { ariaDescribedByIds, labelValue, type WidgetProps } from '@rjsf/utils';
import { referenceLabel } from '../../references';
import { maybeFormController } from '../context';
import type { StageController } from '../controller';
import { useConfiguratorT } from '../i18n';
import { pointerToPath } from '../paths';
import { useDocValueAt } from '../fields/useStore';
import { hiddenLabelName, selectNameProps } from './hiddenLabel';

type Option = { value: string | number; label: string };

/**
 * The options a list elsewhere in the configuration offers.
 * @example optionsFromList([{ id: 1, name: 'Audi' }], 'id', 'name') // [{ value: 1, label: 'Audi' }]
 */
export function optionsFromList(list: unknown, valueKey = 'id', labelKey = 'name', labelOf?: (item: unknown, index: number) => string): Option[] {
  if (!Array.isArray(list)) return [];
  const out: Option[] = [];
  for (const [index, item] of list.entries()) {
    if (item && typeof item === 'object') {
      const v = (item as Record<string, unknown>)[valueKey];
      if (v === undefined || v === null || v === '') continue;
      const l = (item as Record<string, unknown>)[labelKey];
      // An item without a label is named by the engine's one labeller of references, never by its id.
      const label = labelOf ? labelOf(item, index) : l === undefined || l === null || l === '' ? String(v) : String(l);
      out.push({ value: v as string | number, label });
    } else if (typeof item === 'string' || typeof item === 'number') {
      out.push({ value: item, label: String(item) });
    }
  }
  return out;
}

function Inner(props: WidgetProps & { controller: StageController }) {
  const { id, value, label, hideLabel, required, disabled, readonly, onChange, onBlur, onFocus, options, rawErrors = [], multiple, controller, placeholder } = props;
  const t = useConfiguratorT();
  const pointer = (options.optionsFrom as string | undefined) ?? '';
  const path = useMemo(() => pointerToPath(pointer), [pointer]);
  const list = useDocValueAt(controller, options.stage as string | undefined, path);
  const valueKey = (options.valueKey as string | undefined) ?? 'id';
  const labelKey = (options.labelKey as string | undefined) ?? 'name';
  const sourceStage = (options.stage as string | undefined) ?? controller.slug;
  const choices = useMemo(
    () => optionsFromList(list, valueKey, labelKey, (item, index) => referenceLabel(item, index, { stage: sourceStage, pointer, labelKey }, t as (key: string, params?: Record<string, unknown>) => string)),
    [list, valueKey, labelKey, sourceStage, pointer, t],
  );
  const isMultiple = Boolean(multiple) || Array.isArray(value);
  // Values are ids of numbers or strings; MUI's select works on strings, so map both ways.
  const encode = (v: unknown) => String(v);
  const decode = (s: string) => choices.find((c) => encode(c.value) === s)?.value ?? s;
  const selected = isMultiple ? ((value as unknown[] | undefined) ?? []).map(encode) : value === undefined || value === null ? '' : encode(value);
  const labelOf = (s: string) => choices.find((c) => encode(c.value) === s)?.label ?? s;
  const empty = isMultiple ? (selected as string[]).length === 0 : selected === '';
  const emptyHint =
    empty && hiddenLabelName(props) ? (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {placeholder || t('form.choose', { defaultValue: 'Choose…' })}
      </Box>
    ) : undefined;
  // `hideIfSole`: with exactly one choice there is nothing to pick (a rule selects the sole item, e.g.
  // a single-franchise dealer's make), so no picker: the choice is shown, read-only.
  if (options.hideIfSole && choices.length === 1) {
    return (
      <TextField
        id={id}
        fullWidth
        size="small"
        label={labelValue(label, hideLabel)}
        value={choices[0].label}
        slotProps={{ htmlInput: { readOnly: true, 'aria-label': hiddenLabelName(props), 'aria-describedby': ariaDescribedByIds(id) } }}
      />
    );
  }
  return (
    <TextField
      id={id}
      select
      fullWidth
      size="small"
      label={labelValue(label, hideLabel)}
      required={required}
      disabled={disabled || readonly}
      error={rawErrors.length > 0}
      value={selected}
      onChange={(e) => {
        const raw = e.target.value as unknown;
        if (isMultiple) onChange((Array.isArray(raw) ? raw : String(raw).split(',')).map((s) => decode(String(s))));
        else onChange(raw === '' ? undefined : decode(String(raw)));
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      aria-describedby={ariaDescribedByIds(id)}
      slotProps={{
        select: {
          ...selectNameProps(hiddenLabelName(props)),
          multiple: isMultiple,
          // Without a visible label (a table cell, a card) an empty select shows a placeholder, not a blank box.
          displayEmpty: emptyHint !== undefined,
          renderValue: emptyHint !== undefined ? () => emptyHint : isMultiple ? (v: unknown) => (v as string[]).map(labelOf).join(', ') : undefined,
        },
      }}
    >
      {!isMultiple && (
        <MenuItem value="">
          <em>{placeholder || t('form.none', { defaultValue: 'None' })}</em>
        </MenuItem>
      )}
      {choices.map((c) => (
        <MenuItem key={encode(c.value)} value={encode(c.value)}>
          {isMultiple && <Checkbox size="small" checked={(selected as string[]).includes(encode(c.value))} />}
          <ListItemText primary={c.label} />
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * `"ui:widget": "optionsFrom"`: a select whose options are another list of this configuration, kept live
 * (remove a franchise and it leaves every location's choices at once). On an array of ids it is a
 * multi-select. `hideIfSole: true`: when the list has exactly one item, it is shown read-only instead of a picker.
 * @example { "franchises": { "ui:widget": "optionsFrom", "ui:options": { "optionsFrom": "/franchises", "labelKey": "name", "valueKey": "id" } } }
 */
export function OptionsFromWidget(props: WidgetProps) {
  const controller = maybeFormController(props.registry);
  if (!controller) throw new Error('The optionsFrom widget needs a StageForm (it reads other configuration data).');
  return <Inner {...props} controller={controller} />;
}
