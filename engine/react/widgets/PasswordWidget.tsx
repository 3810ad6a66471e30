import { useState, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { SECRET_SET } from '../../stages/secrets';
import { useConfiguratorT } from '../i18n';
import { generatePassword, passwordStrength, STRENGTH_LABELS, STRENGTH_LEVELS } from '../password';
import { hiddenLabelName } from './hiddenLabel';
import { textFieldProps } from './textFieldProps';

const COLOURS = ['error.main', 'warning.main', 'warning.light', 'success.light', 'success.main'] as const;

/** The five-level strength meter (very weak .. very strong). */
export function StrengthMeter({ password, id }: { password: string; id?: string }) {
  const t = useConfiguratorT();
  const score = passwordStrength(password);
  const level = STRENGTH_LEVELS[score];
  const text = t(`password.strength.${level}`, { defaultValue: STRENGTH_LABELS[level] });
  return (
    <Box id={id} role="meter" aria-label={t('password.meter', { defaultValue: 'Password strength' })} aria-valuemin={0} aria-valuemax={4} aria-valuenow={score} aria-valuetext={text} data-level={level} sx={{ mt: 0.5 }}>
      <Box sx={{ display: 'flex', gap: 0.5 }}>
        {STRENGTH_LEVELS.map((l, i) => (
          <Box key={l} sx={{ flex: 1, height: 4, borderRadius: 1, bgcolor: password && i <= score ? COLOURS[score] : 'action.disabledBackground' }} />
        ))}
      </Box>
      {password && (
        <Typography variant="caption" color="text.secondary">
          {text}
        </Typography>
      )}
    </Box>
  );
}

/**
 * `"ui:widget": "password"`: a password input with show/hide, a generator (20-24 characters with numbers
 * and symbols, none of : ; . ^ ,) and a five-level strength meter.
 * @example { "password": { "ui:widget": "password" } }
 */
export function PasswordWidget(props: WidgetProps) {
  const { id, disabled, readonly, onChange, schema, value } = props;
  const t = useConfiguratorT();
  const [shown, setShown] = useState(false);
  // A secret field (`"secret": true`) arrives as "set" when one is stored: shown empty with a
  // placeholder, and emptied again it sends "set" back, which the server reads as "keep it".
  const secret = (schema as { secret?: unknown }).secret === true;
  const [stored] = useState(() => secret && value === SECRET_SET);
  const base = textFieldProps(props);
  const keeping = stored && (value === SECRET_SET || value === undefined || value === '');
  const field = !secret
    ? base
    : {
        ...base,
        value: keeping ? '' : base.value,
        placeholder: keeping ? t('password.secretSet', { defaultValue: 'Saved: leave blank to keep it' }) : base.placeholder,
        onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(e.target.value === '' ? (stored ? SECRET_SET : undefined) : e.target.value),
      };
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          {...field}
          type={shown ? 'text' : 'password'}
          size="small"
          fullWidth
          autoComplete="new-password"
          slotProps={{
            // The label stays above the input so the "Saved" placeholder of a stored secret shows.
            ...(keeping ? { inputLabel: { shrink: true } } : {}),
            htmlInput: { readOnly: readonly, 'aria-label': hiddenLabelName(props), 'aria-describedby': `${ariaDescribedByIds(id)} ${id}__strength` },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton size="small" aria-label={shown ? t('password.hide', { defaultValue: 'Hide password' }) : t('password.show', { defaultValue: 'Show password' })} onClick={() => setShown((s) => !s)}>
                    {shown ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
        <Button
          variant="outlined"
          size="medium"
          disabled={disabled || readonly}
          onClick={() => {
            setShown(true);
            onChange(generatePassword());
          }}
        >
          {t('password.generate', { defaultValue: 'Generate' })}
        </Button>
      </Box>
      <StrengthMeter password={field.value} id={`${id}__strength`} />
    </Box>
  );
}
