import { Box, Tab, Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { AuditLink } from '../layout/AuditLink';
import { PageHeading } from '../layout/PageHeading';
import { useLeaveWhenMissing } from '../routing/stopNavigation';
import { DetailsTab } from './profile/DetailsTab';
import { GroupsTab } from './profile/GroupsTab';
import { NotesRisksTab } from './profile/NotesRisksTab';
import { StakeholdersTab } from './profile/StakeholdersTab';
import { TasksTab } from './profile/TasksTab';
import { VariationsTab } from './profile/VariationsTab';
import { ProjectHeader } from './ProjectHeader';
import { ProjectState } from './ProjectState';
import { useProject, useProjectTasks, useTaskStages, useTaskTypes } from './useTracker';
import { useProjectId } from './useProjectId';
import { useTrackerAbilities } from './useTrackerAbilities';

const TABS = ['tasks', 'groups', 'variations', 'stakeholders', 'notes', 'details'] as const;
type TabName = (typeof TABS)[number];

/**
 * `/tracker/{id}/profile`: the project's working page, one tab at a time (the tab is in the
 * address, `?tab=`, so a link or a reload opens the same one): Tasks (board or list), Task groups,
 * Variations, Stakeholders, Notes and risks, Details.
 */
export default function ProjectProfilePage() {
  const { t } = useTranslation('tracker');
  const id = useProjectId();
  const { edit, variations } = useTrackerAbilities();
  const { data: project, error } = useProject(id);
  // An unknown project or one the user may not open: back where the user was (spec section 2).
  const missing = useLeaveWhenMissing(error);
  // The board's reads start with the project's, not after it (one round trip instead of two).
  useProjectTasks(id);
  useTaskStages();
  useTaskTypes();
  const [params, setParams] = useSearchParams();
  const shown = TABS.filter((tab) => (tab === 'variations' ? variations : tab === 'notes' ? edit : true));
  const asked = params.get('tab') as TabName | null;
  const tab: TabName = asked && shown.includes(asked) ? asked : 'tasks';
  if (missing) return null;
  return (
    <Box data-testid="tracker-profile-page" sx={{ minWidth: 0 }}>
      <PageHeading action={project ? <AuditLink kind="project" recordId={project.id} /> : undefined} />
      {project ? (
        <>
          <ProjectHeader project={project} on="profile" />
          <Tabs value={tab} onChange={(_e, v: TabName) => setParams({ tab: v }, { replace: true })} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }} aria-label={t('profile.tabs')}>
            {shown.map((name) => (
              <Tab key={name} value={name} label={t(`profile.tab.${name}`)} data-testid={`tab-${name}`} id={`project-tab-${name}`} aria-controls={`project-panel-${name}`} />
            ))}
          </Tabs>
          <Box role="tabpanel" id={`project-panel-${tab}`} aria-labelledby={`project-tab-${tab}`} sx={{ minWidth: 0 }}>
            {tab === 'tasks' ? <TasksTab project={project} edit={edit} /> : null}
            {tab === 'groups' ? <GroupsTab project={project} edit={edit} /> : null}
            {tab === 'variations' ? <VariationsTab project={project} edit={edit} /> : null}
            {tab === 'stakeholders' ? <StakeholdersTab project={project} edit={edit} /> : null}
            {tab === 'notes' ? <NotesRisksTab project={project} edit={edit} /> : null}
            {tab === 'details' ? <DetailsTab key={project.version} project={project} edit={edit} /> : null}
          </Box>
        </>
      ) : (
        <ProjectState error={error} />
      )}
    </Box>
  );
}
