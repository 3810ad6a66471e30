import RateReviewIcon from '@mui/icons-material/RateReview';
import { Box, Link, List, ListItem, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useStageTitles } from '../data/stageCatalogue';
import { formatDate } from '../i18n/format';
import type { DashboardReview } from './api';
import { CompanyLink } from './CompanyLink';
import { WidgetCard } from './WidgetCard';

/** "Waiting for review": configs with stages the dealer submitted, the longest waiting first; each opens its config. */
export function ReviewWidget({ widget, loading }: { widget?: { total: number; rows: DashboardReview[] }; loading?: boolean }) {
  const { t } = useTranslation(['dashboard', 'common', 'configurator']);
  const titleOf = useStageTitles(widget?.rows.flatMap((c) => c.stages) ?? []);
  return (
    <WidgetCard id="widget-review" title={t('staff.review.title')} icon={<RateReviewIcon />} total={widget?.total} empty={t('staff.review.empty')} loading={loading} more={{ to: '/configurator', label: t('staff.review.all') }}>
      <List dense disablePadding>
        {widget?.rows.map((c) => (
          <ListItem key={c.id} disableGutters divider sx={{ display: 'block', py: 1 }} data-testid="review-config">
            <Link component={RouterLink} to={`/configurator/${c.id}/dashboard`} sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
              {c.name}
            </Link>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="body2" component="span">
                <CompanyLink company={c.company} />
              </Typography>
              {c.submitted_at ? (
                <Typography variant="body2" color="text.secondary" component="span">
                  · {t('staff.review.since', { date: formatDate(c.submitted_at) })}
                </Typography>
              ) : null}
            </Box>
            <Typography variant="body2" color="text.secondary">
              {t('staff.review.stages', { count: c.stages.length, stages: c.stages.map(titleOf).join(', ') })}
            </Typography>
          </ListItem>
        ))}
      </List>
    </WidgetCard>
  );
}
