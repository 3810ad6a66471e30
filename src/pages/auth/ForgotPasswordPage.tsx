import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { validateForgotPassword } from '../../../engine/accounts';
import { growl } from '../../session/notifier';
import { sendResetLink } from './api';
import { AuthCard } from './AuthCard';
import { FormErrors } from '../../session/FormErrors';
import { emailNotFoundTexts, useAccountForm } from '../../session/useAccountForm';

/** Forgot password (route password/email/reset): asks for the email and sends the reset link. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const form = useAccountForm();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(
      validateForgotPassword({ email }),
      async (v) => {
        await sendResetLink(v.email);
        const text = t('errors:reset_link_sent');
        setSent(text);
        growl(text, 'success');
      },
      emailNotFoundTexts(t),
    );
  };

  return (
    <AuthCard title={t('passwordEmail.title')} intro={t('passwordEmail.intro')} testId="forgot-password-page">
      {sent ? (
        <Alert severity="success" data-testid="reset-link-sent">
          {sent}
        </Alert>
      ) : (
        <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }} data-testid="forgot-password-form">
          <TextField label={t('login.email')} type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={form.flagged.has('email')} required autoFocus />
          <FormErrors messages={form.messages} />
          <Button type="submit" variant="contained" disabled={form.busy}>
            {t('passwordEmail.submit')}
          </Button>
        </Box>
      )}
    </AuthCard>
  );
}
