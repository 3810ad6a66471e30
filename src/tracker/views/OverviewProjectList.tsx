import { Box, Link, List, ListItem, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useDataWords } from '../../i18n/dataWords';
import { formatDate } from '../../i18n/format';
import { PercentBar } from '../../status/PercentBar';
import { RagChip } from '../../status/RagChip';
import { StatusChip } from '../../status/StatusChip';
import { trackerSummaryPath } from '../../routing/paths/tracker';
import type { OverviewProject } from './api';

/**
 * Projects as the dashboard lists them (launches due, at risk): name (a link to the summary for
 * 'edit projects', else plain text) and company; status, RAG, percentage, launch date and the
 * overdue tasks. `empty` is said when there are none.
 */
export function OverviewProjectList({ projects, link, empty, testId }: { projects: OverviewProject[]; link: boolean; empty: string; testId: string }) {
  const { t } = useTranslation(['projects', 'tracker']);
  const words = useDataWords();
  if (!projects.length) {
    return (
      <Typography color="text.secondary" sx={{ py: 1 }} data-testid={`${testId}-empty`}>
        {empty}
      </Typography>
    );
  }
  return (
    <List disablePadding data-testid={testId}>
      {projects.map((p) => (
        <ListItem key={p.id} divider disableGutters data-testid="overview-project" data-rag={p.rag} sx={{ display: 'block', py: 1 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <Box sx={{ minWidth: 0 }}>
              {link ? (
                <Link component={RouterLink} to={trackerSummaryPath(p.id)} sx={{ fontWeight: 500 }}>
                  {words.project(p.name, p.company_name)}
                </Link>
              ) : (
                <Typography component="span" sx={{ fontWeight: 500 }}>
                  {words.project(p.name, p.company_name)}
                </Typography>
              )}
              <Typography variant="body2" color="text.secondary">
                {p.company_name}
                {p.project_manager ? ` · ${p.project_manager.name}` : ''}
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
              {p.launch_date ? t('projects:row.launch', { date: formatDate(p.launch_date) }) : t('projects:row.noLaunch')}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
            <StatusChip status={p.status} />
            <RagChip rag={p.rag} />
            <Box sx={{ width: 120 }}>
              <PercentBar value={p.complete_percentage} width="100%" />
            </Box>
            {p.overdue_tasks ? (
              <Typography variant="body2" color="error.dark" data-testid="overdue-count">
                {t('projects:row.overdue', { count: p.overdue_tasks })}
              </Typography>
            ) : null}
          </Box>
        </ListItem>
      ))}
    </List>
  );
}
