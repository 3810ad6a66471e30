import { Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../layout/ConfirmDialog';

export interface Rollback {
  version: number;
  note: string;
}

/** Roll back to `rollback.version` (confirmed, with a note): published as version `next`. */
export function RollbackDialog({ rollback, next, onChange, onRollBack }: { rollback: Rollback | null; next: number; onChange: (next: Rollback | null) => void; onRollBack: (version: number, note: string) => Promise<void> | void }) {
  const { t } = useTranslation('configAdmin');
  return (
    <ConfirmDialog
      open={rollback !== null}
      title={t('stages.rollbackQuestion', { version: rollback?.version ?? '', next })}
      confirmLabel={t('stages.versionsPanel.rollback')}
      tone="warning"
      onClose={() => onChange(null)}
      onConfirm={() => rollback && onRollBack(rollback.version, rollback.note.trim() || t('stages.rollbackNote', { version: rollback.version }))}
      testId="rollback-dialog"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <span>{t('stages.rollbackText', { version: rollback?.version ?? '', next })}</span>
        <TextField
          label={t('stages.publish.note')}
          value={rollback?.note ?? ''}
          onChange={(e) => rollback && onChange({ ...rollback, note: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'rollback-note' } }}
        />
      </Stack>
    </ConfirmDialog>
  );
}
