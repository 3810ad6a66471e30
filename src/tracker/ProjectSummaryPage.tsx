import { Box } from '@mui/material';
import { PageHeading } from '../layout/PageHeading';
import { useLeaveWhenMissing } from '../routing/stopNavigation';
import { ProjectHeader } from './ProjectHeader';
import { ProjectState } from './ProjectState';
import { ProjectSummaryCard } from './ProjectSummaryCard';
import { StatusRagForm } from './StatusRagForm';
import { useProject } from './useTracker';
import { useProjectId } from './useProjectId';
import { useTrackerAbilities } from './useTrackerAbilities';

/** `/tracker/{id}/summary` and `/tracker/{id}`: the project at a glance; a manager with 'edit projects' sets its status and RAG override. */
export default function ProjectSummaryPage() {
  const id = useProjectId();
  const { edit } = useTrackerAbilities();
  const { data: project, error } = useProject(id);
  // An unknown project or one the user may not open: back where the user was (spec section 2).
  const missing = useLeaveWhenMissing(error);
  if (missing) return null;
  return (
    <Box data-testid="tracker-summary-page">
      <PageHeading />
      {project ? (
        <>
          <ProjectHeader project={project} on="summary" />
          <ProjectSummaryCard project={project} header={false} />
          {edit ? <StatusRagForm key={project.version} project={project} /> : null}
        </>
      ) : (
        <ProjectState error={error} />
      )}
    </Box>
  );
}
