import { Box, Button, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { FRESH, answered } from '../data/queryPolicies';
import { pageShowcases } from './api';
import { CARD_GRID } from './parts';
import { ShowcaseCard } from './ShowcaseCard';
import { showcaseKeys } from './queryKeys';

/**
 * The dashboard's live releases: the three newest published showcases as the grid's cards, and a
 * link to all of them; nothing while there are none (or they could not be loaded: the dashboard
 * stays useful without them).
 */
export function LatestShowcases() {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: showcaseKeys.page({ page: 0, perPage: 3 }),
    queryFn: async ({ queryKey: [, , asked], signal }) => answered(await pageShowcases(asked, signal)),
    ...FRESH,
  });
  const rows = data?.rows ?? [];

  if (!rows.length) return null;
  return (
    <Box component="section" aria-labelledby="latest-showcases-title" data-testid="dashboard-showcases">
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography id="latest-showcases-title" variant="h6" component="h2">
          {t('dashboard.latestShowcases')}
        </Typography>
        <Button component={RouterLink} to="/showcases" size="small">
          {t('dashboard.allShowcases')}
        </Button>
      </Box>
      <Box component="ul" sx={CARD_GRID}>
        {rows.map((post) => (
          <ShowcaseCard key={post.id} post={post} />
        ))}
      </Box>
    </Box>
  );
}
