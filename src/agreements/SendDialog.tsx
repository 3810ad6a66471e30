import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControlLabel, Stack, Switch, TextField, useMediaQuery, useTheme } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgreementSendOptions } from '../../contract/agreements';
import { DateField } from '../forms/DateField';
import { defaultSendOptions, sendOptionsOf, todayInput, type SendOptionsDraft } from './expiry';
import { emptySignerDraft, signerOptions, type SignerDraft } from './signerChoice';
import { SignerChoice, type SignerChoiceProps } from './SignerChoice';

export interface SendDialogProps {
  open: boolean;
  /** Where the order form goes (the contact's address). */
  recipient: string;
  /** `send`: the first sending; `resend`: an expired one sent again. */
  mode: 'send' | 'resend';
  busy: boolean;
  /** The server's refusals (422) at `remind_after_days` and `expires_at`, already in words. */
  errors?: Record<string, string>;
  onClose(): void;
  onSend(options: AgreementSendOptions): void;
  /** The dialog's test id; its send button is `${testId}-confirm`. */
  testId?: string;
  /**
   * The agreement's company (issue 57): given on a first sending, staff choose the signers among
   * its users (or invite them), their order and a countersigner (`SignerChoice`).
   */
  companyId?: number;
  /** Replace the user searches of the signer choice (stories, tests). */
  searches?: Pick<SignerChoiceProps, 'searchUsers' | 'searchCountersigners'>;
}

/**
 * Sending an order form for signature (issue 55; issue 57: who signs, in what order): to whom, then when the signer is reminded
 * (after 3 days unless changed; can be turned off) and, optionally, the day after which it can no
 * longer be signed and must be sent again (dd/mm/yyyy, forms/DateField). Used for the first sending
 * and for sending an expired one again. Cancel has the focus, as in every confirmation.
 */
export function SendDialog({ open, recipient, mode, busy, errors = {}, onClose, onSend, testId = 'agreement-send-dialog', companyId, searches }: SendDialogProps) {
  const { t } = useTranslation('agreementForm');
  const [draft, setDraft] = useState<SendOptionsDraft>(defaultSendOptions);
  const [signers, setSigners] = useState<SignerDraft>(emptySignerDraft);
  const choosing = mode === 'send' && companyId !== undefined;
  // Named signers need no recipient; nobody named keeps the sending as before (to the contact).
  const named = choosing && signers.signers.length > 0;
  // The choice of signers makes a long form: the whole screen on a phone.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [shown, setShown] = useState<Record<string, string>>({});
  const today = todayInput();
  const message = (field: string) => (shown[field] ? t(shown[field]) : errors[field]);
  const submit = () => {
    const { options, errors: problems } = sendOptionsOf(draft, today);
    setShown(problems);
    if (options) onSend(choosing ? { ...options, ...signerOptions(signers) } : options);
  };
  const change = (next: Partial<SendOptionsDraft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setShown({});
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={`${testId}-title`} aria-describedby={`${testId}-text`} data-testid={testId} fullWidth maxWidth="sm" fullScreen={choosing && phone}>
      <DialogTitle id={`${testId}-title`}>{t(mode === 'resend' ? 'send.againTitle' : 'send.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${testId}-text`} sx={{ mb: 2 }}>
          {named ? t('signers.sendText') : t(mode === 'resend' ? 'send.againText' : 'send.text', { recipient })}
        </DialogContentText>
        <Stack spacing={2}>
          {choosing && <SignerChoice companyId={companyId} recipient={recipient} value={signers} onChange={setSigners} errors={errors} {...searches} />}
          <FormControlLabel
            control={<Switch checked={draft.remind} onChange={(e) => change({ remind: e.target.checked })} slotProps={{ input: { 'data-testid': 'send-remind' } as object }} />}
            label={t('send.remind')}
          />
          <TextField
            type="number"
            label={t('send.remindDays')}
            value={draft.remind ? draft.days : ''}
            placeholder={draft.remind ? undefined : t('send.remindOff')}
            disabled={!draft.remind}
            onChange={(e) => change({ days: e.target.value })}
            error={Boolean(message('remind_after_days'))}
            helperText={message('remind_after_days') ?? t(draft.remind ? 'send.remindHelp' : 'send.remindOff')}
            slotProps={{ htmlInput: { min: 1, max: 90, step: 1, inputMode: 'numeric', 'data-testid': 'send-remind-days' }, inputLabel: { shrink: true } }}
          />
          <DateField
            label={t('send.expiresOn')}
            value={draft.expiresOn}
            onChange={(expiresOn) => change({ expiresOn })}
            error={Boolean(message('expires_at'))}
            helperText={message('expires_at') ?? t('send.expiresHelp')}
            data-testid="send-expires"
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus>
          {t('actions.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy || !(recipient || named)} data-testid={`${testId}-confirm`}>
          {t(mode === 'resend' ? 'actions.sendAgain' : 'actions.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
