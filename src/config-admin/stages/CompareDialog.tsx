import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, useMediaQuery, type Theme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useStageDiff } from './api';
import { DiffView } from './DiffView';

/** Two versions of a stage compared (the versions panel's Compare): the server's diff in a dialog, full screen on a phone. */
export function CompareDialog({ slug, from, to, onClose }: { slug: string; from: number; to: number; onClose: () => void }) {
  const { t } = useTranslation('configAdmin');
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { data, isPending, error } = useStageDiff(slug, Math.min(from, to), Math.max(from, to));
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby="diff-dialog-title" data-testid="diff-dialog">
      <DialogTitle id="diff-dialog-title">{t('stages.diff.title', { from: Math.min(from, to), to: Math.max(from, to) })}</DialogTitle>
      <DialogContent>
        {isPending ? <CircularProgress size={24} aria-label={t('stages.loading')} /> : error ? <Alert severity="error">{t('stages.loadFailed')}</Alert> : <DiffView changes={data?.changes ?? []} from={data?.from ?? from} to={data?.to ?? to} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('stages.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
