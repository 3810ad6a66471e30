import { TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The password + confirmation pair of the reset and set-password pages. */
export function NewPasswordFields({
  password,
  confirmation,
  onPassword,
  onConfirmation,
  flagged,
  autoFocus = false,
}: {
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  flagged: Set<string>;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('passwordReset.password')}
        type="password"
        name="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        error={flagged.has('password')}
        required
        autoFocus={autoFocus}
      />
      <TextField
        label={t('passwordReset.confirmation')}
        type="password"
        name="password_confirmation"
        autoComplete="new-password"
        value={confirmation}
        onChange={(e) => onConfirmation(e.target.value)}
        error={flagged.has('passwordConfirmation') || flagged.has('password')}
        required
      />
    </>
  );
}
