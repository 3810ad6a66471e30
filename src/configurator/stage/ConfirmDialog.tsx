import { useId } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm(): void;
  onClose(): void;
  busy?: boolean;
  testId?: string;
}

/** Asks before an action that replaces what the user sees (Reset, Restore); Cancel has the focus. */
export function ConfirmDialog({ open, title, text, confirmLabel, onConfirm, onClose, busy, testId }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} data-testid={testId}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('configPages.stagePage.cancel')}
        </Button>
        <Button color="warning" variant="contained" disabled={busy} onClick={onConfirm} data-testid="confirm-action">
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
