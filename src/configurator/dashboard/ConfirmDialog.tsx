import { useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  /** The confirm button's text (e.g. "Delete"); red when `danger`. */
  confirmLabel: string;
  danger?: boolean;
  onClose(): void;
  /** May be async: the buttons are disabled until it settles, then the dialog closes. */
  onConfirm(): unknown;
  testId?: string;
}

/** A yes/no question before something that cannot be undone (delete, remove a stage). */
export function ConfirmDialog({ open, title, children, confirmLabel, danger, onClose, onConfirm, testId = 'confirm-dialog' }: ConfirmDialogProps) {
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
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={`${testId}-title`} data-testid={testId}>
      <DialogTitle id={`${testId}-title`}>{title}</DialogTitle>
      {children && (
        <DialogContent>
          <DialogContentText component="div">{children}</DialogContentText>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('configPages.dialog.cancel')}
        </Button>
        <Button onClick={() => void confirm()} disabled={busy} color={danger ? 'error' : 'primary'} variant="contained" data-testid={`${testId}-confirm`}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
