import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { displayName } from '../../layout/displayName';
import { useSession } from '../../session/useSession';
import { LatestShowcases } from '../../showcases/LatestShowcases';
import { ConfigProgressCard } from '../../configurator/home/ConfigProgressCard';
import { AgreementWaitingCard } from '../../agreements/home/AgreementWaitingCard';
import { CompanyAgreementsCard } from '../../agreements/home/CompanyAgreementsCard';
import { PageHeading } from '../../layout/PageHeading';
import { ProjectProgressCard } from '../../tracker/home/ProjectProgressCard';

/** Dashboard: a welcome, the company in use, its configurator progress and the latest live releases; more widgets come with later issues. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { user, company } = useSession();
  return (
    <Box data-testid="dashboard-page">
      <PageHeading />
      <Typography variant="h6" component="p" gutterBottom>
        {user ? t('dashboard.welcome', { name: displayName(user) }) : null}
      </Typography>
      {company && (
        <Card variant="outlined" sx={{ maxWidth: 480 }}>
          <CardContent>
            <Typography variant="overline">{t('dashboard.company')}</Typography>
            <Typography variant="h6" data-testid="dashboard-company">
              {company.name}
            </Typography>
            {company.stage && (
              <Typography color="text.secondary">{t('dashboard.stage', { stage: t(`dashboard.stages.${company.stage}`, { defaultValue: company.stage }) })}</Typography>
            )}
          </CardContent>
        </Card>
      )}
      <Box sx={{ mt: 2, '&:empty': { display: 'none' } }}>
        <AgreementWaitingCard />
      </Box>
      <Box sx={{ mt: 2, '&:empty': { display: 'none' } }}>
        <CompanyAgreementsCard />
      </Box>
      <Box sx={{ mt: 2, '&:empty': { display: 'none' } }}>
        <ProjectProgressCard />
      </Box>
      <Box sx={{ mt: 2 }}>
        <ConfigProgressCard />
      </Box>
      <Box sx={{ mt: 3 }}>
        <LatestShowcases />
      </Box>
    </Box>
  );
}
