import { useState, type FormEvent } from 'react';
import { Box, Button, Checkbox, FormControlLabel, Link } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { HashLink } from '../routing/HashLink';
import { validateLogin } from '../../engine/accounts';
import { FilledField } from '../forms/FilledField';
import { session } from './session';
import { FormErrors } from './FormErrors';
import { useAccountForm } from './useAccountForm';

/**
 * The sign-in form of the Login page and of the session-expired modal (spec section 2): email,
 * password, remember-me, forgot-password link (not in the modal), login button. Where to go next
 * is the route guard's job (redirect query, else Dashboard); the modal stays where it is.
 */
export function LoginForm({ variant, defaultEmail = '' }: { variant: 'page' | 'modal'; defaultEmail?: string }) {
  const { t } = useTranslation('signIn');
  const [email, setEmail] = useState(defaultEmail);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const form = useAccountForm();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(
      validateLogin({ email, password, remember }),
      (v) => session.login(v.email, v.password, v.remember),
      // A 401 on login is always the incorrect-credentials text (spec section 8).
      (error) => (error.status === 401 ? [t('errors:incorrect_credentials')] : error.messages),
    );
  };

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid={variant === 'modal' ? 'session-login-form' : 'login-form'} sx={{ display: 'grid', gap: 2 }}>
      <FilledField
        label={t('login.email')}
        type="email"
        name="email"
        autoComplete="username"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={form.flagged.has('email')}
        required
        autoFocus={variant === 'page'}
      />
      <FilledField
        label={t('login.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={form.flagged.has('password')}
        required
        autoFocus={variant === 'modal'}
      />
      <FormControlLabel control={<Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)} name="remember" />} label={t('login.remember')} />
      <FormErrors messages={form.messages} />
      <Button type="submit" variant="contained" size="large" disabled={form.busy}>
        {t('login.submit')}
      </Button>
      {variant === 'page' && (
        <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Link component={HashLink} to="/password/email/reset">
            {t('login.forgot')}
          </Link>
          <Link component={HashLink} to="/register">
            {t('login.requestAccess')}
          </Link>
        </Box>
      )}
    </Box>
  );
}
