import { Box, Card, CardContent, Divider, Link, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useDataWords } from '../i18n/dataWords';
import { formatDate } from '../i18n/format';
import { agreementPreviewPath, configDashboardPath } from '../routing/paths/tracker';
import { PercentBar } from '../status/PercentBar';
import { RagChip } from '../status/RagChip';
import { StatusChip } from '../status/StatusChip';
import type { ProjectDetail } from './types';

/** Today as yyyy-mm-dd in the reader's time zone: a task due before it is overdue (the server's rule). */
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * A project at a glance (`/tracker/{id}/summary`): status, RAG and how complete (unless the page's
 * header shows them, `header={false}`), the managers with
 * their contacts, the counts, the next tasks due and links to its config and agreement.
 */
export function ProjectSummaryCard({ project, header = true }: { project: ProjectDetail; header?: boolean }) {
  const { t } = useTranslation('tracker');
  const words = useDataWords();
  const counts: Array<[string, number]> = [
    [t('counts.tasks'), project.tasks_total],
    [t('counts.done'), project.tasks_done],
    [t('counts.overdue'), project.overdue_tasks ?? 0],
    [t('counts.risks'), project.counts.risks],
    [t('counts.variations'), project.counts.variations],
    [t('counts.stakeholders'), project.counts.stakeholders],
    [t('counts.notes'), project.counts.notes],
  ];
  return (
    <Card variant="outlined" data-testid="project-summary">
      <CardContent>
        {header ? (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 1, mb: 2 }}>
            <StatusChip status={project.status} />
            <RagChip rag={project.rag} manual={Boolean(project.rag_manual)} />
            <Box sx={{ width: 220 }}>
              <PercentBar value={project.complete_percentage} width="100%" />
            </Box>
          </Stack>
        ) : null}
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t(`types.${project.project_type}`, { defaultValue: project.project_type })} · {t('summary.doneOf', { done: project.tasks_done, total: project.tasks_total })}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
          <Box>
            <Typography component="h2" variant="subtitle1" gutterBottom>
              {t('summary.dates')}
            </Typography>
            <Typography variant="body2">{t('summary.start', { date: formatDate(project.start_date) || '—' })}</Typography>
            <Typography variant="body2">{t('summary.launch', { date: formatDate(project.launch_date) || '—' })}</Typography>
            <Typography component="h2" variant="subtitle1" sx={{ mt: 2 }} gutterBottom>
              {t('summary.links')}
            </Typography>
            <Typography variant="body2">
              {t('fields.config')}:{' '}
              {project.config ? (
                <Link component={RouterLink} to={configDashboardPath(project.config.id)} data-testid="summary-config-link">
                  {project.config.name}
                </Link>
              ) : (
                t('summary.none')
              )}
            </Typography>
            <Typography variant="body2">
              {t('fields.agreement')}:{' '}
              {project.agreement ? (
                <Link component={RouterLink} to={agreementPreviewPath(project.agreement.id)} data-testid="summary-agreement-link">
                  {project.agreement.name}
                </Link>
              ) : (
                t('summary.none')
              )}
            </Typography>
          </Box>
          <Box>
            <Typography component="h2" variant="subtitle1" gutterBottom>
              {t('summary.contacts')}
            </Typography>
            {project.contacts?.length ? (
              project.contacts.map((c, i) => (
                <Box key={`${c.id ?? c.name}-${i}`} sx={{ mb: 1 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {c.name}
                    {c.role ? ` · ${t(`contactRoles.${c.role}`, { defaultValue: c.role })}` : c.position ? ` · ${c.position}` : ''}
                  </Typography>
                  {c.email ? (
                    <Link variant="body2" href={`mailto:${c.email}`} sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                      {c.email}
                    </Link>
                  ) : null}
                  {c.telephone ? (
                    <Link variant="body2" href={`tel:${c.telephone}`} sx={{ display: 'block' }}>
                      {c.telephone}
                    </Link>
                  ) : null}
                </Box>
              ))
            ) : (
              <Typography variant="body2">{t('summary.noContacts')}</Typography>
            )}
          </Box>
        </Box>
        <Divider sx={{ my: 2 }} />
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))', gap: 1, m: 0 }} data-testid="summary-counts">
          {counts.map(([label, value]) => (
            <Box key={label}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="h6" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Divider sx={{ my: 2 }} />
        <Typography component="h2" variant="subtitle1">
          {t('summary.nextDue')}
        </Typography>
        {project.next_due?.length ? (
          <List dense disablePadding data-testid="summary-next-due">
            {project.next_due.map((task) => ({ ...task, overdue: Boolean(task.due_date && task.due_date < today()) })).map((task) => (
              <ListItem key={task.id} disableGutters>
                <ListItemText
                  primary={words.task(task)}
                  secondary={task.due_date ? (task.overdue ? t('task.overdueOn', { date: formatDate(task.due_date) }) : t('task.dueOn', { date: formatDate(task.due_date) })) : t('task.noDue')}
                />
              </ListItem>
            ))}
          </List>
        ) : (
          <Typography variant="body2">{t('summary.nothingDue')}</Typography>
        )}
      </CardContent>
    </Card>
  );
}
