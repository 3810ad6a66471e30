import { Alert, CircularProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { failureText } from './useTrackerWrites';

/** A read's waiting or failure, in place of what it would show. */
export function ProjectState({ error }: { error?: unknown }) {
  const { t } = useTranslation('tracker');
  if (error) return <Alert severity="error">{failureText(error, t('loadFailed'))}</Alert>;
  return <CircularProgress aria-label={t('loading')} />;
}
