import { Box, FormControlLabel, FormHelperText, Switch, TextField, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { InputHelperText, useInput, type Validator } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { isReminderDays, REMINDER_DAYS_DEFAULT, REMINDER_DAYS_MAX } from '../../contract/companies';
import type { ValidationMessage } from '../forms/validators';

/** The company field (server/companies/: `reminder_days`, null when off). */
export const REMINDER_FIELD = 'reminder_days';

/** Off (null) or a whole number of days from 1 to 90, in the server's words (errors:companies.reminder_days_invalid). */
export const reminderDaysValid: Validator = (value) =>
  value === undefined || isReminderDays(value) ? undefined : ({ message: 'errors:companies.reminder_days_invalid', args: {} } satisfies ValidationMessage);

/** What the days box holds as the form's value: a whole number when it is one, else the text (which the check refuses). */
const parseDays = (text: string): number | string => (/^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : text);

const keep = (value: unknown) => value;

/**
 * "Reminders of untouched stages" (issue 55): a switch (off: `reminder_days` null) and, while on, the
 * number of days nothing of a config must be saved before the company's users are reminded of its
 * stages still waiting. Switching off and on again brings back the number last typed.
 */
export function ReminderDaysInput() {
  const { t } = useTranslation();
  // As stored: react-admin's default format would show null (off) as '' (on, with an empty box).
  const { field, fieldState } = useInput({ source: REMINDER_FIELD, validate: reminderDaysValid, format: keep, parse: keep });
  const on = field.value !== null;
  const [kept, setKept] = useState<number | string>(typeof field.value === 'number' ? field.value : REMINDER_DAYS_DEFAULT);
  const days = on ? (field.value ?? REMINDER_DAYS_DEFAULT) : kept;
  const helpId = useId();
  const error = fieldState.error?.message;
  return (
    <Box component="fieldset" sx={{ gridColumn: '1 / -1', border: 0, p: 0, m: 0, mb: 2 }} data-testid="company-reminders" aria-describedby={helpId}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
        {t('companiesAdmin.reminders.title')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <FormControlLabel
          control={
            <Switch
              checked={on}
              onChange={(e) => {
                if (!e.target.checked) setKept(days);
                field.onChange(e.target.checked ? kept : null);
              }}
              onBlur={field.onBlur}
            />
          }
          label={t('companiesAdmin.reminders.switch')}
        />
        {on ? (
          <TextField
            label={t('companiesAdmin.reminders.days')}
            type="number"
            size="small"
            value={String(days)}
            onChange={(e) => field.onChange(parseDays(e.target.value))}
            onBlur={field.onBlur}
            error={Boolean(error)}
            helperText={error ? <InputHelperText error={error} /> : undefined}
            slotProps={{ htmlInput: { min: 1, max: REMINDER_DAYS_MAX, step: 1, inputMode: 'numeric', name: REMINDER_FIELD } }}
            sx={{ width: 200 }}
          />
        ) : null}
      </Box>
      <FormHelperText id={helpId}>{t('companiesAdmin.reminders.help')}</FormHelperText>
    </Box>
  );
}
