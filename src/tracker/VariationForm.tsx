import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, InputAdornment, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VARIATION_TYPES } from '../../contract/projects';
import type { Variation, VariationInput, VariationType } from './types';

export interface VariationFormProps {
  /** The variation to change, or null to raise one. */
  variation: Variation | null;
  /** The project's currency (its company's region), for the amounts' labels. */
  currency: string;
  busy?: boolean;
  /** The server's words for a refused save. */
  error?: string | null;
  onClose(): void;
  onSave(input: VariationInput): void;
  /** Rendered in place (stories) rather than as a modal. */
  inline?: boolean;
}

const amount = (text: string) => (text.trim() === '' ? NaN : Number(text.replace(',', '.')));

/**
 * Raise or change a variation: type, title, description, effort in hours, cost impact and the
 * free-of-charge part in the project's currency. A FOC cost above 0 waits for an approver.
 */
export function VariationForm({ variation, currency, busy = false, error, onClose, onSave, inline = false }: VariationFormProps) {
  const { t } = useTranslation('tracker');
  const [type, setType] = useState<VariationType>(variation?.type ?? 'configuration');
  const [title, setTitle] = useState(variation?.title ?? '');
  const [description, setDescription] = useState(variation?.description ?? '');
  const [effort, setEffort] = useState(String(variation?.total_effort ?? 0));
  const [cost, setCost] = useState(String(variation?.cost_impact ?? 0));
  const [foc, setFoc] = useState(String(variation?.foc_cost ?? 0));
  const [touched, setTouched] = useState(false);
  const bad = (text: string) => touched && !(amount(text) >= 0) ? t('validation.amount') : undefined;
  const titleMissing = touched && !title.trim() ? t('validation.required') : undefined;
  const submit = () => {
    setTouched(true);
    if (!title.trim() || ![effort, cost, foc].every((v) => amount(v) >= 0)) return;
    onSave({ type, title: title.trim(), description: description.trim() || null, total_effort: amount(effort), cost_impact: amount(cost), foc_cost: amount(foc) });
  };
  const money = currency ? { input: { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> } } : {};
  const fields = (
    <Stack spacing={2} sx={{ mt: 1 }} component="form" noValidate onSubmit={(e) => { e.preventDefault(); submit(); }} data-testid="variation-form">
      <TextField select label={t('fields.variationType')} value={type} onChange={(e) => setType(e.target.value as VariationType)} required>
        {VARIATION_TYPES.map((v) => (
          <MenuItem key={v} value={v}>
            {t(`variationTypes.${v}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField label={t('fields.title')} value={title} onChange={(e) => setTitle(e.target.value)} required error={Boolean(titleMissing)} helperText={titleMissing} slotProps={{ htmlInput: { 'data-testid': 'variation-title', maxLength: 255 } }} />
      <TextField label={t('fields.description')} value={description} onChange={(e) => setDescription(e.target.value)} multiline minRows={2} slotProps={{ htmlInput: { 'data-testid': 'variation-description' } }} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label={t('fields.effort')} value={effort} onChange={(e) => setEffort(e.target.value)} error={Boolean(bad(effort))} helperText={bad(effort)} slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'variation-effort' }, input: { endAdornment: <InputAdornment position="end">{t('hoursUnit')}</InputAdornment> } }} />
        <TextField label={t('fields.costImpact')} value={cost} onChange={(e) => setCost(e.target.value)} error={Boolean(bad(cost))} helperText={bad(cost)} slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'variation-cost' }, ...money }} />
        <TextField label={t('fields.focCost')} value={foc} onChange={(e) => setFoc(e.target.value)} error={Boolean(bad(foc))} helperText={bad(foc) ?? t('variation.focHelp')} slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'variation-foc' }, ...money }} />
      </Stack>
      {error ? (
        <Alert severity="error" data-testid="variation-error">
          {error}
        </Alert>
      ) : null}
      <button type="submit" hidden />
    </Stack>
  );
  const actions = (
    <>
      <Button onClick={onClose} disabled={busy}>
        {t('actions.cancel')}
      </Button>
      <Button variant="contained" onClick={submit} disabled={busy} data-testid="variation-save">
        {variation ? t('actions.save') : t('variation.raise')}
      </Button>
    </>
  );
  const title_ = variation ? t('variation.editTitle') : t('variation.raiseTitle');
  if (inline)
    return (
      <div>
        <h2 id="variation-form-title">{title_}</h2>
        {fields}
        <DialogActions>{actions}</DialogActions>
      </div>
    );
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="variation-dialog-title" data-testid="variation-dialog">
      <DialogTitle id="variation-dialog-title">{title_}</DialogTitle>
      <DialogContent>{fields}</DialogContent>
      <DialogActions>{actions}</DialogActions>
    </Dialog>
  );
}
