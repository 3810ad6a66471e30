import DeleteIcon from '@mui/icons-material/Delete';
import StarIcon from '@mui/icons-material/Star';
import { Box, Button, IconButton, List, ListItem, ListItemIcon, ListItemText, Stack, TextField, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataWords } from '../../i18n/dataWords';
import { ConfirmDialog } from '../../layout/ConfirmDialog';
import { createGroup, deleteGroup, markGroupMaster } from '../api';
import { ProjectState } from '../ProjectState';
import type { ProjectDetail, ProjectTaskGroup } from '../types';
import { useProjectGroups, useTaskTypes } from '../useTracker';
import { useTrackerAbilities } from '../useTrackerAbilities';
import { useTrackerWrite } from '../useTrackerWrites';

/**
 * The Task groups tab: the project's groups (copied from its project type's task types), a new
 * one by name, "mark as master" (the group and its tasks become templates for later projects of
 * this type) and delete (refused by the server while the group holds tasks).
 */
export function GroupsTab({ project, edit }: { project: ProjectDetail; edit: boolean }) {
  const { t } = useTranslation('tracker');
  const words = useDataWords();
  const { data, error } = useProjectGroups(project.id);
  const { markMaster } = useTrackerAbilities();
  const types = useTaskTypes();
  const [name, setName] = useState('');
  const [master, setMaster] = useState<ProjectTaskGroup | null>(null);
  const [removing, setRemoving] = useState<ProjectTaskGroup | null>(null);
  const add = useTrackerWrite(project.id, async (n: string) => createGroup(project.id, n), t('errors:tasks.type_created'));
  const mark = useTrackerWrite(project.id, async (g: ProjectTaskGroup) => markGroupMaster(project.id, g.id), t('errors:projects.marked_master'));
  const remove = useTrackerWrite(project.id, async (g: ProjectTaskGroup) => deleteGroup(project.id, g.id), t('errors:tasks.type_deleted'));
  const icon = (g: ProjectTaskGroup) => types.data?.find((type) => type.id === g.task_type_id)?.icon_url ?? null;
  if (!data) return <ProjectState error={error} />;
  return (
    <Box data-testid="groups-tab">
      {edit ? (
        <Stack direction="row" spacing={1} component="form" onSubmit={(e) => { e.preventDefault(); if (name.trim()) add.mutate(name.trim(), { onSuccess: () => setName('') }); }} sx={{ mb: 2, maxWidth: 480 }}>
          <TextField size="small" fullWidth label={t('groups.newName')} value={name} onChange={(e) => setName(e.target.value)} slotProps={{ htmlInput: { 'data-testid': 'group-name', maxLength: 255 } }} />
          <Button type="submit" variant="contained" disabled={!name.trim() || add.isPending} data-testid="group-add">
            {t('actions.add')}
          </Button>
        </Stack>
      ) : null}
      <List sx={{ maxWidth: 640 }} data-testid="groups-list">
        {data.map((g) => (
          <ListItem
            key={g.id}
            divider
            data-testid="group-row"
            secondaryAction={
              edit ? (
                <>
                  {markMaster ? (
                    <Tooltip title={t('groups.markMaster')}>
                      <IconButton aria-label={t('groups.markMasterNamed', { name: words.taskType(g) })} onClick={() => setMaster(g)} data-testid="group-master">
                        <StarIcon />
                      </IconButton>
                    </Tooltip>
                  ) : null}
                  <Tooltip title={t('actions.delete')}>
                    <IconButton aria-label={t('actions.deleteNamed', { name: words.taskType(g) })} onClick={() => setRemoving(g)} data-testid="group-delete">
                      <DeleteIcon />
                    </IconButton>
                  </Tooltip>
                </>
              ) : null
            }
          >
            <ListItemIcon sx={{ minWidth: 36 }}>{icon(g) ? <img src={icon(g)!} alt="" width={20} height={20} /> : null}</ListItemIcon>
            <ListItemText primary={words.taskType(g)} secondary={t('groups.taskCount', { count: g.tasks_total, done: g.tasks_done })} />
          </ListItem>
        ))}
      </List>
      <ConfirmDialog open={master !== null} title={t('groups.markMaster')} confirmLabel={t('groups.markMaster')} onClose={() => setMaster(null)} onConfirm={async () => { if (master) await mark.mutateAsync(master).catch(() => undefined); }} testId="group-master-dialog">
        {master ? t('groups.markMasterText', { name: words.taskType(master), type: t(`types.${project.project_type}`, { defaultValue: project.project_type }) }) : null}
      </ConfirmDialog>
      <ConfirmDialog open={removing !== null} title={t('groups.deleteTitle')} confirmLabel={t('actions.delete')} tone="error" onClose={() => setRemoving(null)} onConfirm={async () => { if (removing) await remove.mutateAsync(removing).catch(() => undefined); }} testId="group-delete-dialog">
        {removing ? t('groups.deleteText', { name: words.taskType(removing) }) : null}
      </ConfirmDialog>
    </Box>
  );
}
