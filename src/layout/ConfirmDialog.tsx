import { useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in a sentence or two. */
  children?: ReactNode;
  /** The confirm button's text ("Delete", "Restore"). */
  confirmLabel: string;
  /** error: cannot be undone (delete); warning: replaces what the user sees (reset, restore). */
  tone?: 'primary' | 'warning' | 'error';
  onClose(): void;
  /** May be async: both buttons are disabled until it settles, then the dialog closes. */
  onConfirm(): unknown;
  /** The dialog's test id; its confirm button is `${testId}-confirm`. */
  testId?: string;
}

/**
 * The one yes/no question before an action the user may regret. Cancel has the focus, so Enter
 * or a stray keypress never confirms by accident.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, tone = 'primary', onClose, onConfirm, testId = 'confirm-dialog' }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={`${testId}-title`} aria-describedby={children ? `${testId}-text` : undefined} data-testid={testId}>
      <DialogTitle id={`${testId}-title`}>{title}</DialogTitle>
      {children && (
        <DialogContent>
          <DialogContentText component="div" id={`${testId}-text`}>
            {children}
          </DialogContentText>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus>
          {t('ra.action.cancel')}
        </Button>
        <Button onClick={() => void confirm()} disabled={busy} color={tone} variant="contained" data-testid={`${testId}-confirm`}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
