import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Alert, CircularProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { HttpError } from '../../http';
import { confirmEmail } from './api';
import { AuthCard } from './AuthCard';

type Outcome = { ok: true; email: string } | { ok: false; message: string };

/**
 * The link mailed to a new email address (route email/confirm/{token}): opening it confirms the
 * change (no session needed: it may be opened on another device) and shows the result. Until then
 * the account keeps its old address.
 */
export default function ConfirmEmailPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { mutateAsync } = useMutation({ mutationFn: confirmEmail });
  // A token is used once: React may run the effect twice (StrictMode), the request goes once. The
  // outcome is kept here, not read from the mutation, as StrictMode's second mount would not see it.
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (sent.current === token) return;
    sent.current = token;
    mutateAsync(token)
      .then((r) => setOutcome({ ok: true, email: r?.email ?? '' }))
      // The server's words in the reader's language (the HTTP layer localises them): an invalid or
      // expired link, or an address someone else took meanwhile.
      .catch((err: unknown) => setOutcome({ ok: false, message: err instanceof HttpError ? err.message : t('errors:token_invalid') }));
  }, [token, t, mutateAsync]);

  let body;
  if (!outcome) body = <CircularProgress sx={{ justifySelf: 'center' }} aria-label={t('emailConfirm.working')} />;
  else if (outcome.ok)
    body = (
      <Alert severity="success" data-testid="email-confirm-done">
        {t('emailConfirm.done', { email: outcome.email })}
      </Alert>
    );
  else
    body = (
      <Alert severity="error" data-testid="email-confirm-failed">
        {outcome.message}
      </Alert>
    );
  return (
    <AuthCard title={t('emailConfirm.title')} testId="email-confirm-page">
      {body}
    </AuthCard>
  );
}
