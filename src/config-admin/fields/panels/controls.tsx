/** The small controls the panels are made of: a number, a switch and a select bound to one key. */
import { FormControlLabel, Switch, TextField } from '@mui/material';
import { numberText, parseNumber } from './panelProps';
import type { Json } from '../model/types';

export function NumberOption({ label, value, onChange, disabled, testId, helperText, step }: { label: string; value: Json | undefined; onChange(v: number | undefined): void; disabled?: boolean; testId: string; helperText?: string; step?: number }) {
  return (
    <TextField
      size="small"
      type="number"
      label={label}
      value={numberText(value)}
      onChange={(e) => onChange(parseNumber(e.target.value))}
      disabled={disabled}
      helperText={helperText}
      slotProps={{ htmlInput: { 'data-testid': testId, step: step ?? 'any' } }}
    />
  );
}

export function SwitchOption({ label, checked, onChange, disabled, testId }: { label: string; checked: boolean; onChange(v: boolean): void; disabled?: boolean; testId: string }) {
  return (
    <FormControlLabel
      control={<Switch size="small" checked={checked} onChange={(e) => onChange(e.target.checked)} disabled={disabled} slotProps={{ input: { 'data-testid': testId } as object }} />}
      label={label}
      slotProps={{ typography: { variant: 'body2' } }}
    />
  );
}

/**
 * A native select of fixed values with their words (the phone's own picker; the keyboard as the
 * browser does it, as the condition builder's). A value not among them (written by hand) is shown
 * as it is, so the select never pretends another value.
 */
export function SelectOption({ label, value, values, wordsOf, onChange, disabled, testId, helperText }: { label: string; value: string; values: readonly string[]; wordsOf(v: string): string; onChange(v: string): void; disabled?: boolean; testId: string; helperText?: string }) {
  const known = values.includes(value);
  return (
    <TextField select size="small" label={label} value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled} helperText={helperText} slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': testId } }}>
      {!known && <option value={value}>{value ? wordsOf(value) : ''}</option>}
      {values.map((v) => (
        <option key={v} value={v}>
          {wordsOf(v)}
        </option>
      ))}
    </TextField>
  );
}

/** The grid the panels lay their controls in: one column on a phone, two beside each other otherwise. */
export const PANEL_GRID = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, gap: 1.5, alignItems: 'start' } as const;
