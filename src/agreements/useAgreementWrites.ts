import { useMutation } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../data/restClient';
import { HttpError } from '../http';
import { getAgreement, saveAgreement, sendForSignature, sendWelcomeMail, signAgreement, type AgreementChanges, type AgreementDetail, type AgreementSendOptions, type MailData, type SignatureInput } from './api';
import { downloadPdf } from './downloadPdf';
import { fieldPathsOf } from './draft';

export interface WriteOptions {
  /** The stored agreement after the write (the page shows it in place of the old one). */
  onStored(next: AgreementDetail): void;
  /** The server's field errors (422) under the form's field paths; {} clears them. */
  onFieldErrors?(errors: Record<string, string>): void;
}

/**
 * The order form's writes, each a mutation sent once (never retried): save, recall, send for
 * signature, the PDF, the welcome mail and the dealer's signature. Growls are the spec's words
 * (section 8: 'agreement signed', 'Mail Sent'); a 422 puts its messages under the fields.
 */
export function useAgreementWrites(agreement: AgreementDetail | undefined, { onStored, onFieldErrors }: WriteOptions) {
  const { t } = useTranslation('agreementForm');
  const notify = useNotify();
  const failed = (error: unknown) => {
    if (!(error instanceof HttpError)) return;
    const fields = fieldPathsOf(fieldErrors(error.body));
    if (Object.keys(fields).length && onFieldErrors) {
      onFieldErrors(fields);
      notify(t('agreementForm:edit.fixErrors'), { type: 'error' });
    } else notify(error.messages.join('\n') || t('agreementForm:edit.failed'), { type: 'error' });
  };

  const save = useMutation({
    mutationFn: async (changes: AgreementChanges) => saveAgreement(agreement!, changes),
    retry: false,
    onSuccess: (next, changes) => {
      if (!next) return;
      onFieldErrors?.({});
      onStored(next);
      notify(t(changes.stage === 'created' ? 'agreementForm:edit.recalled' : 'agreementForm:edit.saved'), { type: 'success' });
    },
    onError: failed,
  });

  // The envelope is the answer; the agreement is read again for what the sending stored (stage, version, reminder, expiry).
  const send = useMutation({
    mutationFn: async ({ recipient, userId, options }: { recipient: string; userId: number | null; options?: AgreementSendOptions }) => {
      const envelope = await sendForSignature(agreement!, recipient, userId, options);
      return envelope ? { envelope, next: await getAgreement(agreement!.id).catch(() => undefined) } : undefined;
    },
    retry: false,
    onSuccess: (sent) => {
      if (!sent || !agreement) return;
      onFieldErrors?.({});
      onStored(sent.next ?? { ...agreement, stage: 'sent', envelopes: [...agreement.envelopes, sent.envelope] });
      notify(t('agreementForm:edit.sentTo', { recipient: sent.envelope.recipient }), { type: 'success' });
    },
    onError: failed,
  });

  const pdf = useMutation({ mutationFn: async () => downloadPdf(agreement!), retry: false });

  const mail = useMutation({
    mutationFn: async ({ to, data }: { to: string; data: MailData }) => sendWelcomeMail(agreement!.id, to, data),
    retry: false,
    onSuccess: (answer) => {
      if (!answer) return;
      const failures = answer.data?.failures ?? [];
      if (failures.length) notify(t('agreementForm:mail.failures', { failures: failures.join(', ') }), { type: 'error' });
      else notify(t('agreementForm:mail.sent'), { type: 'success' });
    },
  });

  const sign = useMutation({
    mutationFn: async (input: SignatureInput) => signAgreement(agreement!.id, input),
    retry: false,
    onSuccess: (next) => {
      if (!next) return;
      onStored(next);
      notify(t('agreementForm:sign.signed'), { type: 'success' });
    },
    onError: failed,
  });

  return { save, send, pdf, mail, sign };
}
