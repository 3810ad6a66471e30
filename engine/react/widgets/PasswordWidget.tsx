import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
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
  const { id, disabled, readonly, onChange } = props;
  const t = useConfiguratorT();
  const [shown, setShown] = useState(false);
  const field = textFieldProps(props);
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
