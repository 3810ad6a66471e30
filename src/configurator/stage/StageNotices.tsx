import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';

/**
 * What the editor says above the form: unsent edits of an earlier visit were put back (closable),
 * the stage is read only, or (a dealer's completed stage) saving needs re-submission.
 */
export function StageNotices({ restored, onRestoredClose, readonly, resubmit }: { restored: boolean; onRestoredClose(): void; readonly: boolean; resubmit: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {restored && (
        <Alert severity="info" sx={{ mb: 2 }} onClose={onRestoredClose} data-testid="unsent-restored">
          {t('configPages.stagePage.unsentRestored')}
        </Alert>
      )}
      {readonly && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="stage-readonly">
          {t('configPages.readonly')}
        </Alert>
      )}
      {resubmit && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="stage-resubmit">
          {t('configPages.stagePage.resubmitHint')}
        </Alert>
      )}
    </>
  );
}
