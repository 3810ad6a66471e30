import { Alert, Box, Button, Card, CardContent, CircularProgress, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { PROJECT_STATUSES, RAG_STATUSES, type RagStatus } from '../../../contract/projects';
import { hasPermission } from '../../auth/permissions';
import { PageHeading } from '../../layout/PageHeading';
import { useSession } from '../../session/useSession';
import { OPEN_PROJECT_STATUSES, PROJECT_VIEWS } from './api';
import { CountCard } from './CountCard';
import { OverviewProjectList } from './OverviewProjectList';
import { projectsListPath } from './paths';
import { useProjectsOverview } from './useProjectsOverview';

const DOT: Record<RagStatus, string> = { green: 'success.main', amber: 'warning.main', red: 'error.main' };
const dot = (rag: RagStatus) => <Box component="span" aria-hidden sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: DOT[rag], display: 'inline-block' }} />;

/** A titled group of the dashboard. */
function Section({ title, action, children, testId }: { title: string; action?: ReactNode; children: ReactNode; testId: string }) {
  return (
    <Box component="section" aria-labelledby={`${testId}-title`} data-testid={testId} sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography id={`${testId}-title`} component="h2" variant="h6">
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Box>
  );
}

const grid = (min: number) => ({ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: `repeat(auto-fill, minmax(${min}px, 1fr))` } });

/**
 * `/projects/dashboard` ('view projects'): where every launch stands, from one read
 * (GET /projects/overview). Counts per status, per RAG of the open projects and per named view,
 * each a link into the filtered list with that filter; the launches due this month and next; the
 * projects most at risk (red first, then the most overdue tasks).
 */
export default function ProjectsDashboardPage() {
  const { t } = useTranslation(['projects', 'tracker']);
  const { user } = useSession();
  const link = hasPermission(user, 'edit projects');
  const overview = useProjectsOverview();
  const data = overview.data;
  return (
    <Box data-testid="projects-dashboard">
      <PageHeading />
      {overview.isError ? (
        <Alert severity="error" action={<Button onClick={() => void overview.refetch()}>{t('projects:retry')}</Button>} data-testid="overview-failed">
          {t('projects:loadFailed')}
        </Alert>
      ) : !data ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('projects:loading')} />
        </Box>
      ) : (
        <>
          <Section title={t('projects:dashboard.views')} testId="overview-views">
            <Box sx={grid(170)}>
              {PROJECT_VIEWS.map((view) => (
                <CountCard key={view} count={data.views[view]} label={t(`projects:views.${view}.short`)} to={projectsListPath(view)} testId={`view-${view}`} />
              ))}
            </Box>
          </Section>
          <Section title={t('projects:dashboard.byStatus')} testId="overview-status" action={<Link component={RouterLink} to={projectsListPath(null)}>{t('projects:dashboard.allProjects')}</Link>}>
            <Box sx={grid(150)}>
              {PROJECT_STATUSES.map((status) => (
                <CountCard key={status} count={data.by_status[status]} label={t(`tracker:status.${status}`)} to={projectsListPath(null, { status: [status] })} testId={`status-${status.replace(' ', '-')}`} />
              ))}
            </Box>
          </Section>
          <Section title={t('projects:dashboard.byRag')} testId="overview-rag">
            <Box sx={grid(150)}>
              {RAG_STATUSES.map((rag) => (
                <CountCard key={rag} count={data.by_rag[rag]} label={t(`tracker:rag.${rag}`)} mark={dot(rag)} to={projectsListPath(null, { rag, status: [...OPEN_PROJECT_STATUSES] })} testId={`rag-${rag}`} />
              ))}
            </Box>
          </Section>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'repeat(3, minmax(0, 1fr))' } }}>
            {(
              [
                ['due-this-month', t('projects:dashboard.dueThisMonth'), data.due_this_month, data.due_this_month_total, t('projects:dashboard.noneDue')],
                ['due-next-month', t('projects:dashboard.dueNextMonth'), data.due_next_month, data.due_next_month_total, t('projects:dashboard.noneDue')],
                ['at-risk', t('projects:dashboard.atRisk'), data.at_risk, data.views['at-risk'], t('projects:dashboard.noneAtRisk')],
              ] as const
            ).map(([key, title, rows, total, empty]) => (
              <Card key={key} variant="outlined">
                <CardContent>
                  <Section
                    title={title}
                    testId={`overview-${key}`}
                    action={
                      total > rows.length ? (
                        <Typography variant="body2" color="text.secondary">
                          {t('projects:dashboard.shown', { shown: rows.length, total })}
                        </Typography>
                      ) : undefined
                    }
                  >
                    <OverviewProjectList projects={rows} link={link} empty={empty} testId={`${key}-list`} />
                    {key === 'at-risk' && total ? (
                      <Button component={RouterLink} to={projectsListPath('at-risk')} sx={{ mt: 1 }} data-testid="at-risk-all">
                        {t('projects:dashboard.allAtRisk', { count: total })}
                      </Button>
                    ) : null}
                  </Section>
                </CardContent>
              </Card>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}
