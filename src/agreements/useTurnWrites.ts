import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { HttpError } from '../http';
import { agreementEditPath } from '../routing/paths/agreements';
import type { AgreementDetail } from './api';
import { copyAgreement, declineAgreement, voidAgreement } from './turnsApi';

/**
 * Issue 57's writes on the agreement page, each sent once: a signer declines, staff void (both with
 * a reason; a 422 about the reason stays in the dialog, under the field), staff copy a closed one to
 * a new draft and are taken to its form.
 */
export function useTurnWrites(agreement: AgreementDetail, onStored: (next: AgreementDetail) => void) {
  const { t } = useTranslation('agreementForm');
  const notify = useNotify();
  const navigate = useNavigate();
  const [reasonError, setReasonError] = useState<string | undefined>();
  const failed = (error: unknown) => {
    if (!(error instanceof HttpError)) return;
    if (error.status === 422) setReasonError(error.messages.join(' '));
    else notify(error.messages.join('\n') || t('edit.failed'), { type: 'error' });
  };
  const closed = (text: string) => (next: AgreementDetail | undefined) => {
    if (!next) return;
    setReasonError(undefined);
    onStored(next);
    notify(t(text), { type: 'success' });
  };
  const decline = useMutation({ mutationFn: (reason: string) => declineAgreement(agreement.id, reason), retry: false, onSuccess: closed('turns.declined'), onError: failed });
  const voiding = useMutation({ mutationFn: (reason: string) => voidAgreement(agreement.id, reason), retry: false, onSuccess: closed('turns.voided'), onError: failed });
  const copy = useMutation({
    mutationFn: () => copyAgreement(agreement.id),
    retry: false,
    onSuccess: (next) => {
      if (!next) return;
      notify(t('turns.copied'), { type: 'success' });
      navigate(agreementEditPath(next.id));
    },
    onError: failed,
  });
  return { decline, void: voiding, copy, reasonError, clearReasonError: () => setReasonError(undefined) };
}
