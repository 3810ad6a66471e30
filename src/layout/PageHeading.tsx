import { Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentRoute } from '../routing/currentRoute';

/** The page's heading: its route title (the same words as the document title), and what the page puts beside it (a record's audit log link). */
export function PageHeading({ action }: { action?: ReactNode } = {}) {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const heading = (
    <Typography variant="h4" component="h1" gutterBottom={!action} data-testid="page-title">
      {route ? t(route.title) : ''}
    </Typography>
  );
  if (!action) return heading;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}>
      {heading}
      {action}
    </Stack>
  );
}
