import { Alert, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** What the page says about another person's save: their changes are shown, or theirs may be loaded. */
export interface LiveNotice {
  kind: 'shown' | 'offer';
  /** Who saved (null: an account that is gone). */
  name: string | null;
  version: number;
}

export function LiveSaveNotice({ notice, onLoad, onClose }: { notice: LiveNotice; onLoad(): void; onClose(): void }) {
  const { t } = useTranslation();
  const name = notice.name ?? t('configPages.stagePage.live.someone');
  if (notice.kind === 'shown') {
    return (
      <Alert severity="info" role="status" onClose={onClose} sx={{ mb: 2 }} data-testid="live-saved-shown">
        {t('configPages.stagePage.live.savedShown', { name })}
      </Alert>
    );
  }
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      data-testid="live-saved-offer"
      action={
        <Button color="inherit" size="small" onClick={onLoad} data-testid="live-load-theirs">
          {t('configPages.stagePage.live.loadTheirs')}
        </Button>
      }
    >
      {t('configPages.stagePage.live.savedOffer', { name })}
    </Alert>
  );
}
