import { Paper, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

/**
 * The stage's internal notes (`internal_data.notes`, staff on the internal route). Controlled by the
 * editor, which keeps the text for its saver and marks the stage edited on every keystroke.
 */
export function InternalNotes({ value, readonly, onChange }: { value: string; readonly: boolean; onChange(text: string): void }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <TextField
        label={t('configPages.stagePage.internalNotes')}
        helperText={t('configPages.stagePage.internalHelp')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={readonly}
        multiline
        minRows={3}
        fullWidth
        inputProps={{ 'data-testid': 'internal-notes' }}
      />
    </Paper>
  );
}
