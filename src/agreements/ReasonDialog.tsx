import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AGREEMENT_REASON_MAX } from '../../contract/agreements';

export interface ReasonDialogProps {
  /** `decline`: a signer refuses to sign; `void`: staff withdraw a sent agreement. */
  kind: 'decline' | 'void';
  open: boolean;
  busy: boolean;
  /** The server's refusal of the reason (422), in words. */
  error?: string;
  onClose(): void;
  onConfirm(reason: string): void;
}

/** The reason's problem as a text key, or null (the server checks the same: 1 to AGREEMENT_REASON_MAX characters). */
export function reasonProblem(reason: string): 'turns.reasonRequired' | 'turns.reasonTooLong' | null {
  const trimmed = reason.trim();
  if (!trimmed) return 'turns.reasonRequired';
  return trimmed.length > AGREEMENT_REASON_MAX ? 'turns.reasonTooLong' : null;
}

/**
 * Declining or voiding with a reason (issue 57): the reason is required and its length is counted
 * against the limit as it is typed; Cancel has the focus, as in every confirmation, and the action
 * button names what it does.
 */
export function ReasonDialog({ kind, open, busy, error, onClose, onConfirm }: ReasonDialogProps) {
  const { t } = useTranslation('agreementForm');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const problem = reasonProblem(reason);
  const shown = (tried && problem) || (problem === 'turns.reasonTooLong' && problem);
  const id = `agreement-${kind}-dialog`;
  const submit = () => {
    setTried(true);
    if (!problem) onConfirm(reason.trim());
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} data-testid={id} fullWidth maxWidth="sm">
      <DialogTitle id={`${id}-title`}>{t(kind === 'decline' ? 'turns.declineTitle' : 'turns.voidTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`} sx={{ mb: 2 }}>
          {t(kind === 'decline' ? 'turns.declineText' : 'turns.voidText')}
        </DialogContentText>
        <TextField
          label={t('turns.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
          multiline
          minRows={3}
          fullWidth
          error={Boolean(shown || error)}
          helperText={shown ? t(shown, { max: AGREEMENT_REASON_MAX }) : (error ?? t('turns.reasonCount', { count: reason.trim().length, max: AGREEMENT_REASON_MAX }))}
          slotProps={{ htmlInput: { 'data-testid': 'agreement-reason' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus>
          {t('actions.cancel')}
        </Button>
        <Button variant="contained" color="error" onClick={submit} disabled={busy} data-testid={`${id}-confirm`}>
          {t(kind === 'decline' ? 'turns.decline' : 'turns.void')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
