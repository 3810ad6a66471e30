import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CASE_LIMITS } from './caseFile';

/**
 * Asks for a test case's name (1-200 characters, as the meta-schema allows): renaming a case, and
 * naming one the preview saves (`title`, `confirm` and `children` then say so).
 */
export function RenameCaseDialog({
  name,
  onClose,
  onRename,
  title,
  confirm,
  children,
  disabled,
}: {
  /** The name to start from; null: closed. */
  name: string | null;
  onClose: () => void;
  onRename: (name: string) => void;
  title?: string;
  confirm?: string;
  children?: React.ReactNode;
  disabled?: boolean;
}) {
  const { t } = useTranslation('configAdmin');
  const [value, setValue] = useState(name ?? '');
  const ok = value.trim().length > 0;
  return (
    <Dialog open={name !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="test-case-name-title">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (ok && !disabled) onRename(value.trim());
        }}
      >
        <DialogTitle id="test-case-name-title">{title ?? t('stages.testCases.rename')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('stages.testCases.name')}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            required
            slotProps={{ htmlInput: { maxLength: CASE_LIMITS.name, 'data-testid': 'test-case-name' } }}
          />
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('stages.testCases.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!ok || disabled} data-testid="test-case-name-confirm">
            {confirm ?? t('stages.testCases.rename')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
