import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { validatePasswordReset } from '../../../engine/accounts';
import { growl } from '../../session/notifier';
import { resetPassword } from './api';
import { AuthCard } from './AuthCard';
import { FormErrors } from '../../session/FormErrors';
import { NewPasswordFields } from './NewPasswordFields';
import { emailNotFoundTexts, useAccountForm } from '../../session/useAccountForm';
import { useRedirectAfter } from './useRedirectAfter';

/**
 * Reset password from the emailed link (route password/reset/{token}?email=...): checks in the
 * spec's order, then a message and Login after 2 seconds.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const [email, setEmail] = useState(search.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [done, setDone] = useState(false);
  const form = useAccountForm();
  useRedirectAfter(done, '/login');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(
      validatePasswordReset({ token, email, password, passwordConfirmation: confirmation }),
      async (v) => {
        await resetPassword(v);
        setDone(true);
        growl(t('errors:password_reset'), 'success');
      },
      emailNotFoundTexts(t),
    );
  };

  return (
    <AuthCard title={t('passwordReset.title')} intro={t('passwordReset.intro')} testId="reset-password-page">
      {done ? (
        <Alert severity="success" data-testid="password-reset-done">
          {t('passwordReset.done')}
        </Alert>
      ) : (
        <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }} data-testid="reset-password-form">
          <TextField label={t('login.email')} type="email" name="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} error={form.flagged.has('email')} required />
          <NewPasswordFields password={password} confirmation={confirmation} onPassword={setPassword} onConfirmation={setConfirmation} flagged={form.flagged} />
          <FormErrors messages={form.messages} />
          <Button type="submit" variant="contained" disabled={form.busy}>
            {t('passwordReset.submit')}
          </Button>
        </Box>
      )}
    </AuthCard>
  );
}
