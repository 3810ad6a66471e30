import { Box, Button, Card, CardActions, CardContent, Chip, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

export interface WidgetCardProps {
  /** The widget's test id and the id of its heading. */
  id: string;
  title: string;
  icon: ReactNode;
  /** How many there are in all (the list shows the first ten). */
  total?: number;
  /** Shown when there are none. */
  empty: string;
  loading?: boolean;
  /** A link below the list ("All projects"). */
  more?: { to: string; label: string };
  /** The total is no count worth showing (the latest few of a history). */
  hideCount?: boolean;
  children?: ReactNode;
}

/** One dashboard widget: a titled card (its heading names the region), its count, its rows or the empty text. */
export function WidgetCard({ id, title, icon, total, empty, loading, more, hideCount = false, children }: WidgetCardProps) {
  const { t } = useTranslation('dashboard');
  const headingId = `${id}-title`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} data-testid={id} sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <CardContent sx={{ flex: 1, pb: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Box sx={{ display: 'flex', color: 'primary.main' }} aria-hidden>
            {icon}
          </Box>
          <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 600, flex: 1, minWidth: 0 }}>
            {title}
          </Typography>
          {!hideCount && total !== undefined && total > 0 ? <Chip size="small" label={total} aria-label={t('count', { count: total })} data-testid={`${id}-total`} /> : null}
        </Box>
        {loading ? (
          <>
            <Skeleton height={28} />
            <Skeleton height={28} />
            <Skeleton height={28} width="60%" />
          </>
        ) : total === 0 ? (
          <Typography color="text.secondary" variant="body2" data-testid={`${id}-empty`}>
            {empty}
          </Typography>
        ) : (
          children
        )}
      </CardContent>
      {more && !loading && total ? (
        <CardActions sx={{ pt: 0 }}>
          <Button component={RouterLink} to={more.to} size="small">
            {more.label}
          </Button>
        </CardActions>
      ) : null}
    </Card>
  );
}
