import { Checkbox, FormControlLabel, FormGroup, FormLabel, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Comparison, Scalar } from './conditionModel';
import type { ConditionField } from './fields';

interface ValueInputProps {
  field: ConditionField;
  node: Comparison;
  id: string;
  disabled?: boolean;
  onChange(value: Scalar | Scalar[]): void;
}

const C = 'stages.conditions';
const NATIVE = { select: { native: true } } as const;

/** A number typed as text: "1." stays on screen while the value is 1. */
function NumberValue({ value, id, disabled, onChange }: { value: Scalar; id: string; disabled?: boolean; onChange(v: Scalar): void }) {
  const { t } = useTranslation('configAdmin');
  // The text typed, for the value it gave: an outside change of the value shows that value instead.
  const [typed, setTyped] = useState<{ text: string; forValue: Scalar } | null>(null);
  const text = typed && typed.forValue === value ? typed.text : value === null ? '' : String(value);
  return (
    <TextField
      id={id}
      size="small"
      label={t(`${C}.value`)}
      value={text}
      disabled={disabled}
      onChange={(e) => {
        const n = Number(e.target.value);
        const valid = e.target.value.trim() !== '' && Number.isFinite(n);
        setTyped({ text: e.target.value, forValue: valid ? n : value });
        if (valid) onChange(n);
      }}
      slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'condition-value' } }}
    />
  );
}

/**
 * The value a comparison compares with, fit for its field: a choice's list, yes / no, a number, a
 * text; for "is one of", a checkbox per choice (or a text a line).
 */
export function ValueInput({ field, node, id, disabled, onChange }: ValueInputProps) {
  const { t } = useTranslation('configAdmin');
  if (node.op === 'truthy' || node.op === 'falsy') return null;
  const choices = field.kind === 'boolean' ? [true, false].map((v) => ({ value: v, label: t(`${C}.words.${v ? 'yes' : 'no'}`) })) : field.choices;
  if (node.op === 'in') {
    const list = Array.isArray(node.value) ? node.value : [];
    if (choices) {
      return (
        <FormGroup role="group" aria-labelledby={`${id}-label`} data-testid="condition-values" sx={{ flexDirection: 'row', flexWrap: 'wrap' }}>
          <FormLabel id={`${id}-label`} sx={{ width: '100%', fontSize: '0.8rem' }}>
            {t(`${C}.values`)}
          </FormLabel>
          {choices.map((c) => (
            <FormControlLabel
              key={String(c.value)}
              label={c.label}
              control={
                <Checkbox size="small" checked={list.includes(c.value)} disabled={disabled} onChange={(e) => onChange(e.target.checked ? [...list, c.value] : list.filter((v) => v !== c.value))} />
              }
            />
          ))}
        </FormGroup>
      );
    }
    return (
      <TextField
        id={id}
        size="small"
        multiline
        minRows={2}
        label={t(`${C}.valuesLines`)}
        value={list.join('\n')}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value.split('\n'))}
        slotProps={{ htmlInput: { 'data-testid': 'condition-value' } }}
      />
    );
  }
  const value = Array.isArray(node.value) ? null : (node.value ?? null);
  if (choices) {
    const at = choices.findIndex((c) => c.value === value);
    return (
      <TextField
        id={id}
        select
        size="small"
        label={t(`${C}.value`)}
        value={at < 0 ? '' : String(at)}
        disabled={disabled}
        onChange={(e) => onChange(choices[Number(e.target.value)]?.value ?? null)}
        slotProps={{ ...NATIVE, htmlInput: { 'data-testid': 'condition-value' } }}
      >
        {at < 0 && <option value="">{value === null ? '' : String(value)}</option>}
        {choices.map((c, i) => (
          <option key={String(c.value)} value={String(i)}>
            {c.label}
          </option>
        ))}
      </TextField>
    );
  }
  if (field.kind === 'number') return <NumberValue value={value} id={id} disabled={disabled} onChange={onChange} />;
  return (
    <TextField
      id={id}
      size="small"
      label={t(`${C}.value`)}
      value={value === null ? '' : String(value)}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'condition-value' } }}
    />
  );
}
