import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { displayName } from '../layout/displayName';
import { worksAcrossCompanies } from '../layout/CompanySwitcher';
import { useSession } from '../session/useSession';
import { LatestShowcases } from '../showcases/LatestShowcases';
import { ConfigProgressCard } from '../configurator/home/ConfigProgressCard';
import { AgreementWaitingCard } from '../agreements/home/AgreementWaitingCard';
import { CompanyAgreementsCard } from '../agreements/home/CompanyAgreementsCard';
import { PageHeading } from '../layout/PageHeading';
import { ProjectProgressCard } from '../tracker/home/ProjectProgressCard';
import { CompanyDashboard, StaffDashboard } from '../dashboard';

const slot = { '&:empty': { display: 'none' } } as const;

/**
 * `/dashboard` and `/dashboard/{id}` by role (issue 29, src/dashboard/README.md). Staff (who work
 * across companies): their widgets on `/dashboard`, one company on `/dashboard/{id}`. A dealer: their
 * company, the agreement waiting for their signature, their configurator's progress with the next
 * stage to fill, their launch (status, milestones, contacts) and the latest live releases.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { user, company } = useSession();
  const { id } = useParams();
  const staff = worksAcrossCompanies(user);
  const companyId = Number(id);
  return (
    <Box data-testid="dashboard-page">
      <PageHeading />
      <Typography variant="h6" component="p" gutterBottom>
        {user ? t('dashboard.welcome', { name: displayName(user) }) : null}
      </Typography>
      {staff && id ? (
        <CompanyDashboard id={companyId} />
      ) : staff ? (
        <>
          <StaffDashboard />
          <Box sx={{ mt: 3 }}>
            <LatestShowcases />
          </Box>
        </>
      ) : (
        <>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start', '& .MuiCard-root': { maxWidth: 'none' } }} data-testid="dealer-dashboard">
            {company && (
              <Card variant="outlined">
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
            <Box sx={slot}>
              <AgreementWaitingCard />
            </Box>
            <Box sx={slot}>
              <ConfigProgressCard />
            </Box>
            <Box sx={slot}>
              <ProjectProgressCard />
            </Box>
            <Box sx={slot}>
              <CompanyAgreementsCard />
            </Box>
          </Box>
          <Box sx={{ mt: 3 }}>
            <LatestShowcases />
          </Box>
        </>
      )}
    </Box>
  );
}
