import { LinearProgress, type LinearProgressProps } from '@mui/material';
import { useTranslation } from 'react-i18next';

/**
 * The bar shown while a page or panel loads. A progress bar must have an accessible name (WCAG 4.1.2,
 * axe's aria-progressbar-name): screen readers say "Loading…" in the user's language.
 */
export function LoadingBar(props: LinearProgressProps) {
  const { t } = useTranslation('signIn');
  return <LinearProgress aria-label={t('app.loading')} {...props} />;
}
