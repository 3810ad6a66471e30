import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, useMediaQuery, type Theme } from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../layout/ConfirmDialog';

/**
 * The create / edit dialog of the four task screens: the fields, Save, Cancel and (editing) a
 * confirmed Delete. `onSave` answers the refusal's general text, or null when saved; the field
 * errors are the caller's to show under its inputs. Full screen on a phone.
 */
export function EditDialog({ open, title, children, onClose, onSave, onDelete, deleteQuestion, testId }: {
  open: boolean;
  title: string;
  children: ReactNode;
  onClose: () => void;
  onSave: () => Promise<string | null>;
  onDelete?: () => Promise<void>;
  deleteQuestion?: string;
  testId: string;
}) {
  const { t } = useTranslation(['tasks', 'common']);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const refused = await onSave();
    setBusy(false);
    setProblem(refused);
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={`${testId}-title`} data-testid={testId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${testId}-title`}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {problem && <Alert severity="error">{problem}</Alert>}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          {onDelete && (
            <Button color="error" onClick={() => setConfirming(true)} disabled={busy} sx={{ mr: 'auto' }}>
              {t('actions.delete')}
            </Button>
          )}
          <Button onClick={onClose} disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid={`${testId}-save`}>
            {t('actions.save')}
          </Button>
        </DialogActions>
      </form>
      {onDelete && (
        <ConfirmDialog open={confirming} title={deleteQuestion ?? t('actions.deleteQuestion')} confirmLabel={t('actions.delete')} tone="error" onClose={() => setConfirming(false)} onConfirm={async () => {
          await onDelete();
          onClose();
        }} testId={`${testId}-confirm`} />
      )}
    </Dialog>
  );
}
