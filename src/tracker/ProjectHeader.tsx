import { Box, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useDataWords } from '../i18n/dataWords';
import { PercentBar } from '../status/PercentBar';
import { RagChip } from '../status/RagChip';
import { StatusChip } from '../status/StatusChip';
import { trackerProfilePath, trackerSummaryPath } from '../routing/paths/tracker';
import type { ProjectDetail } from './types';

/**
 * The top of a project's pages: its name and company, status, RAG and percentage (they change as
 * tasks move: the task writes put the server's figures here), and the way to the other page.
 */
export function ProjectHeader({ project, on }: { project: ProjectDetail; on: 'summary' | 'profile' }) {
  const { t } = useTranslation('tracker');
  const words = useDataWords();
  return (
    <Box sx={{ mb: 2 }} data-testid="project-header">
      <Typography variant="h5" component="p" sx={{ overflowWrap: 'anywhere' }} data-testid="project-name">
        {words.project(project.name, project.company_name)}
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        {project.company_name}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Stack direction="row" spacing={1}>
          <StatusChip status={project.status} />
          <RagChip rag={project.rag} manual={Boolean(project.rag_manual)} />
        </Stack>
        <Box sx={{ width: { xs: '100%', sm: 220 } }}>
          <PercentBar value={project.complete_percentage} width="100%" />
        </Box>
        <Box sx={{ flex: 1 }} />
        {on === 'summary' ? (
          <Button component={RouterLink} to={trackerProfilePath(project.id)} variant="outlined" data-testid="open-profile">
            {t('summary.openProfile')}
          </Button>
        ) : (
          <Button component={RouterLink} to={trackerSummaryPath(project.id)} variant="outlined" data-testid="open-summary">
            {t('profile.openSummary')}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
