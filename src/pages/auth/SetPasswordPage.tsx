import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { validatePasswordSet } from '../../../engine/accounts';
import { FRESH, answered } from '../../data/queryPolicies';
import { growl } from '../../session/notifier';
import { accountKeys, checkSetPasswordToken, setPassword as sendPassword } from './api';
import { AuthCard } from './AuthCard';
import { FormErrors } from '../../session/FormErrors';
import { NewPasswordFields } from './NewPasswordFields';
import { useAccountForm } from '../../session/useAccountForm';
import { useRedirectAfter } from './useRedirectAfter';

/** Set a password from a new user's link (route password/set/{token}); the link is checked first. */
export default function SetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  // The link is checked first: null while asking, then whether it is still good.
  const check = useQuery({
    queryKey: accountKeys.setPasswordToken(token),
    queryFn: async ({ signal }) => answered(await checkSetPasswordToken(token, signal)) ?? true,
    ...FRESH,
  });
  const valid = check.isPending ? null : check.isSuccess;
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [done, setDone] = useState(false);
  const form = useAccountForm();
  useRedirectAfter(done, '/login');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(validatePasswordSet({ token, password, passwordConfirmation: confirmation }), async (v) => {
      await sendPassword({ token, password: v.password, passwordConfirmation: v.passwordConfirmation });
      setDone(true);
      growl(t('errors:password_set'), 'success');
    });
  };

  let body;
  if (valid === null) body = <CircularProgress sx={{ justifySelf: 'center' }} aria-label={t('app.loading')} />;
  else if (!valid)
    body = (
      <Alert severity="error" data-testid="password-set-invalid">
        {t('errors:token_invalid')}
      </Alert>
    );
  else if (done)
    body = (
      <Alert severity="success" data-testid="password-set-done">
        {t('passwordSet.done')}
      </Alert>
    );
  else
    body = (
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }} data-testid="set-password-form">
        <NewPasswordFields password={password} confirmation={confirmation} onPassword={setPassword} onConfirmation={setConfirmation} flagged={form.flagged} autoFocus />
        <FormErrors messages={form.messages} />
        <Button type="submit" variant="contained" disabled={form.busy}>
          {t('passwordSet.submit')}
        </Button>
      </Box>
    );

  return (
    <AuthCard title={t('passwordSet.title')} intro={t('passwordSet.intro')} testId="set-password-page">
      {body}
    </AuthCard>
  );
}
