import ApartmentIcon from '@mui/icons-material/Apartment';
import DescriptionIcon from '@mui/icons-material/Description';
import HistoryIcon from '@mui/icons-material/History';
import PeopleIcon from '@mui/icons-material/People';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import TuneIcon from '@mui/icons-material/Tune';
import { Alert, Box, Button, Chip, Link, List, ListItem, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { hasPermission } from '../auth/permissions';
import { agreementEditPath, agreementPreviewPath } from '../routing/paths/agreements';
import { AgreementStageChip } from '../status/AgreementStageChip';
import { useDataWords } from '../i18n/dataWords';
import { formatDate } from '../i18n/format';
import { useSession } from '../session/useSession';
import { PercentBar } from '../status/PercentBar';
import { ProjectTitleLine } from '../status/ProjectTitleLine';
import { ActivityList } from './ActivityList';
import type { CompanyDashboard as Answer } from './api';
import { useCompanyDashboard } from './useDashboard';
import { WidgetCard } from './WidgetCard';

const rowSx = { display: 'block', py: 1 } as const;

/** The company dashboard's sections, from one answer (GET /dashboard/companies/{id}); each only when the answer has it. */
export function CompanyDashboardView({ data, loading = false }: { data?: Answer; loading?: boolean }) {
  const { t } = useTranslation(['dashboard', 'agreementForm']);
  const words = useDataWords();
  const { user } = useSession();
  const editsAgreements = hasPermission(user, 'edit agreements');
  const opensProjects = hasPermission(user, 'edit projects');
  const shown = (key: keyof Answer) => loading || (data !== undefined && key in data);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }} data-testid="company-dashboard">
      {shown('configs') && (
        <WidgetCard id="company-configs" title={t('company.configs.title')} icon={<TuneIcon />} total={data?.configs?.length} empty={t('company.configs.empty')} loading={loading} hideCount>
          <List dense disablePadding>
            {data?.configs?.map((c) => (
              <ListItem key={c.id} disableGutters divider sx={rowSx} data-testid="company-config">
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Link component={RouterLink} to={`/configurator/${c.id}/dashboard`} sx={{ fontWeight: 500, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                    {c.name}
                  </Link>
                  {c.status !== 'active' ? <Chip size="small" label={t(`company.configs.status.${c.status}`, { defaultValue: c.status })} /> : null}
                  {c.submitted ? <Chip size="small" color="primary" variant="outlined" label={t('company.configs.submitted', { count: c.submitted })} /> : null}
                </Box>
                <PercentBar value={c.progress} width="100%" />
              </ListItem>
            ))}
          </List>
        </WidgetCard>
      )}
      {shown('projects') && (
        <WidgetCard id="company-projects" title={t('company.projects.title')} icon={<RocketLaunchIcon />} total={data?.projects?.length} empty={t('company.projects.empty')} loading={loading} hideCount>
          <List dense disablePadding>
            {data?.projects?.map((p) => (
              <ListItem key={p.id} disableGutters divider sx={rowSx} data-testid="company-project">
                <ProjectTitleLine project={p} company={data?.company.name} canOpen={opensProjects} />
                <PercentBar value={p.complete_percentage} width="100%" />
                <Typography variant="body2" color="text.secondary">
                  {[
                    p.launch_date ? t('staff.myProjects.launch', { date: formatDate(p.launch_date) }) : null,
                    p.project_manager ? t('company.projects.pm', { name: p.project_manager }) : null,
                    p.account_manager ? t('company.projects.am', { name: p.account_manager }) : null,
                    p.overdue_tasks ? t('staff.myProjects.overdue', { count: p.overdue_tasks }) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
                {p.next_due ? (
                  <Typography variant="body2">{t('company.projects.next', { name: words.task(p.next_due), date: formatDate(p.next_due.due_date) })}</Typography>
                ) : null}
              </ListItem>
            ))}
          </List>
        </WidgetCard>
      )}
      {shown('agreements') && (
        <WidgetCard id="company-agreements" title={t('company.agreements.title')} icon={<DescriptionIcon />} total={data?.agreements?.length} empty={t('company.agreements.empty')} loading={loading} hideCount>
          <List dense disablePadding>
            {data?.agreements?.map((a) => (
              <ListItem key={a.id} disableGutters divider sx={{ gap: 1 }} data-testid="company-agreement">
                <Link component={RouterLink} to={editsAgreements && a.stage !== 'signed' ? agreementEditPath(a.id) : agreementPreviewPath(a.id)} sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                  {a.name}
                </Link>
                <AgreementStageChip stage={a.stage} />
              </ListItem>
            ))}
          </List>
        </WidgetCard>
      )}
      {shown('users') && (
        <WidgetCard id="company-users" title={t('company.users.title')} icon={<PeopleIcon />} total={data?.users?.length} empty={t('company.users.empty')} loading={loading} hideCount>
          <List dense disablePadding>
            {data?.users?.map((u) => (
              <ListItem key={u.id} disableGutters divider sx={{ gap: 1, flexWrap: 'wrap' }} data-testid="company-user">
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Link component={RouterLink} to={`/users/profile/${u.id}`} sx={{ fontWeight: 500 }}>
                    {u.name}
                  </Link>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {u.email}
                  </Typography>
                </Box>
                {u.primary ? <Chip size="small" color="primary" variant="outlined" label={t('company.users.primary')} /> : null}
                {u.status !== 'active' ? <Chip size="small" label={t('company.users.disabled')} /> : null}
              </ListItem>
            ))}
          </List>
        </WidgetCard>
      )}
      {shown('activity') && (
        <WidgetCard id="company-activity" title={t('company.activity.title')} icon={<HistoryIcon />} total={data?.activity?.length} empty={t('staff.activity.empty')} loading={loading} hideCount>
          <ActivityList rows={data?.activity ?? []} showCompany={false} />
        </WidgetCard>
      )}
    </Box>
  );
}

/** `/dashboard/{id}` for staff: the company's name, status and stage, its profile link, then its sections. */
export function CompanyDashboard({ id }: { id: number }) {
  const { t } = useTranslation('dashboard');
  const { user } = useSession();
  const { data, isPending, isError } = useCompanyDashboard(id);
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
        <ApartmentIcon color="primary" aria-hidden />
        <Typography variant="h5" component="p" data-testid="dashboard-company" sx={{ overflowWrap: 'anywhere' }}>
          {data?.company.name ?? ''}
        </Typography>
        {data ? <Chip size="small" label={t(`company.stage.${data.company.stage}`, { defaultValue: data.company.stage })} /> : null}
        {data && data.company.status !== 'active' ? <Chip size="small" variant="outlined" label={t('company.inactive')} /> : null}
        <Box sx={{ flex: 1 }} />
        {hasPermission(user, 'view companies') ? (
          <Button component={RouterLink} to={`/companies/profile/${id}`} size="small" variant="outlined">
            {t('company.profile')}
          </Button>
        ) : null}
      </Box>
      {isError ? <Alert severity="error">{t('error')}</Alert> : <CompanyDashboardView data={data} loading={isPending} />}
    </Box>
  );
}
