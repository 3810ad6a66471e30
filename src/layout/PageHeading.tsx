import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useCurrentRoute } from '../routing/currentRoute';

/** The page's heading: its route title (the same words as the document title). */
export function PageHeading() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  return (
    <Typography variant="h4" component="h1" gutterBottom data-testid="page-title">
      {route ? t(route.title) : ''}
    </Typography>
  );
}
