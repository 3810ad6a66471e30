import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { ProjectStatus, RagStatus } from '../../contract/projects';
import { useDataWords } from '../i18n/dataWords';
import { RagChip } from './RagChip';
import { StatusChip } from './StatusChip';
import { trackerSummaryPath } from '../routing/paths/tracker';

/**
 * A project's first line in a list or card: its name (a link to its summary when the reader may open
 * it, plain text otherwise), its status and its RAG, wrapping under the name on a phone. `company`
 * is the project's company's name: a name the server made from it is said in the reader's words.
 * @example <ProjectTitleLine project={p} company={p.company.name} canOpen={canEditProjects} />
 */
export function ProjectTitleLine({ project, company, canOpen }: { project: { id: number; name: string; status: ProjectStatus; rag: RagStatus }; company: string | undefined; canOpen: boolean }) {
  const name = useDataWords().project(project.name, company);
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography component="span" sx={{ fontWeight: 500, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        {canOpen ? (
          <Link component={RouterLink} to={trackerSummaryPath(project.id)}>
            {name}
          </Link>
        ) : (
          name
        )}
      </Typography>
      <StatusChip status={project.status} />
      <RagChip rag={project.rag} />
    </Box>
  );
}
