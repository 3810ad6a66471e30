import { useQuery } from '@tanstack/react-query';
import { Box, Button, Card, CardActions, CardContent, Link, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { hasPermission, PERMISSIONS } from '../../auth/permissions';
import { FRESH, answered } from '../../data/queryPolicies';
import { isSidebarVisible } from '../../layout/menuItems';
import { useSession } from '../../session/useSession';
import { pageConfigs, type ConfigPageQuery } from '../../data/configs';
import { getConfig } from '../api';
import { ConfigProgress } from '../parts';
import { configKeys } from '../queryKeys';

/**
 * The next stage to fill: the first dealer stage, in the configurator's order, that is open (what it
 * requires is complete) and neither submitted nor completed, as a link to it; "every stage is
 * submitted" once none is left. Read from the config itself (GET /configs/{id}), as its pages do.
 */
function NextStage({ configId }: { configId: number }) {
  const { t } = useTranslation(['dashboard', 'common', 'configurator']);
  const { data } = useQuery({
    queryKey: configKeys.detail(String(configId)),
    queryFn: async ({ signal }) => answered(await getConfig(String(configId), signal)),
    ...FRESH,
  });
  if (!data) return null;
  const next = data.stages.find((s) => s.audience === 'dealer' && s.open && !s.done);
  if (!next) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="dashboard-config-next">
        {t('dealer.allSubmitted')}
      </Typography>
    );
  }
  return (
    <Typography variant="body2" data-testid="dashboard-config-next">
      {t('dealer.next')}{' '}
      <Link component={RouterLink} to={`/configurator/${configId}/${next.slug}`} data-testid="dashboard-config-next-link">
        {t(next.title)}
      </Link>
    </Typography>
  );
}

/**
 * The dashboard's configurator card: the company's active configs (newest first, at most three)
 * with their progress and a link to each; nothing for users without configs to see, nor for the
 * dealer of a showcase-stage company: their portal is the showcases, without the sidebar (spec
 * section 6), and the configurator is not offered to them anywhere else either.
 */
export function ConfigProgressCard() {
  const { t } = useTranslation();
  const { user, company } = useSession();
  const allowed = hasPermission(user, [PERMISSIONS.viewConfigs, PERMISSIONS.manageConfigs]) && isSidebarVisible(user, company);
  const newest: ConfigPageQuery = { status: 'active', sort: ['updated_at', 'DESC'], page: 0, perPage: 3, companyId: company?.id };
  // Read fresh at every visit of the home page; a failure leaves the card out.
  const { data } = useQuery({
    queryKey: configKeys.page(newest),
    queryFn: async ({ queryKey: [, , asked], signal }) => answered(await pageConfigs(asked, signal)),
    enabled: allowed && Boolean(newest.companyId),
    ...FRESH,
  });
  const rows = data?.rows;

  if (!rows?.length) return null;
  return (
    <Card variant="outlined" sx={{ maxWidth: 480 }} data-testid="dashboard-config-card">
      <CardContent>
        <Typography variant="overline">{t('configPages.home.title')}</Typography>
        {rows.map((config) => (
          <Box key={config.id} sx={{ mt: 1 }} data-testid="dashboard-config">
            <Typography variant="h6" component="p">
              {config.name}
            </Typography>
            <ConfigProgress value={config.progress} testId="dashboard-config-progress" />
            <NextStage configId={config.id} />
            <Button component={RouterLink} to={`/configurator/${config.id}/dashboard`} size="small" sx={{ mt: 0.5, px: 0 }} data-testid="dashboard-config-open">
              {t('configPages.home.open')}
            </Button>
          </Box>
        ))}
      </CardContent>
      {rows.length > 1 && (
        <CardActions>
          <Button component={RouterLink} to="/configurator" size="small">
            {t('configPages.home.all')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}
