import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { ProjectStatus, RagStatus } from '../../contract/projects';
import { RagChip } from './RagChip';
import { StatusChip } from './StatusChip';
import { trackerSummaryPath } from '../routing/paths/tracker';

/**
 * A project's first line in a list or card: its name (a link to its summary when the reader may open
 * it, plain text otherwise), its status and its RAG, wrapping under the name on a phone.
 * @example <ProjectTitleLine project={p} canOpen={canEditProjects} />
 */
export function ProjectTitleLine({ project, canOpen }: { project: { id: number; name: string; status: ProjectStatus; rag: RagStatus }; canOpen: boolean }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography component="span" sx={{ fontWeight: 500, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        {canOpen ? (
          <Link component={RouterLink} to={trackerSummaryPath(project.id)}>
            {project.name}
          </Link>
        ) : (
          project.name
        )}
      </Typography>
      <StatusChip status={project.status} />
      <RagChip rag={project.rag} />
    </Box>
  );
}
