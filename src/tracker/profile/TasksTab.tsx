import AddIcon from '@mui/icons-material/Add';
import ViewKanbanIcon from '@mui/icons-material/ViewKanban';
import ViewListIcon from '@mui/icons-material/ViewList';
import { Box, Button, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataWords } from '../../i18n/dataWords';
import { ConfirmDialog } from '../../layout/ConfirmDialog';
import { createCustomTask, deleteTask, updateTask } from '../api';
import { TaskBoard } from '../board/TaskBoard';
import type { CardGroup } from '../board/TaskCard';
import { useBoardMoves } from '../board/useBoardMoves';
import { ProjectState } from '../ProjectState';
import { trackerKeys } from '../queryKeys';
import type { ProjectDetail, ProjectFigures, ProjectTask } from '../types';
import { useProjectGroups, useProjectTasks, useTaskStages, useTaskTypes } from '../useTracker';
import { failureText, useApplyFigures, useTrackerWrite } from '../useTrackerWrites';
import { TaskDialog, type TaskDialogValues } from './TaskDialog';
import { TaskList } from './TaskList';

/**
 * The Tasks tab: the project's tasks as a board (columns = task stages in order) or as a list,
 * one task group or all, a custom task added, a task edited or deleted in a dialog.
 */
export function TasksTab({ project, edit }: { project: ProjectDetail; edit: boolean }) {
  const { t } = useTranslation('tracker');
  const words = useDataWords();
  const client = useQueryClient();
  const stages = useTaskStages();
  const types = useTaskTypes();
  const tasks = useProjectTasks(project.id);
  const groups = useProjectGroups(project.id);
  const [groupId, setGroupId] = useState<number | null>(null);
  const [view, setView] = useState<'board' | 'list'>('board');
  const [open, setOpen] = useState<ProjectTask | 'new' | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const applyFigures = useApplyFigures(project.id);

  const stageList = useMemo(() => [...(stages.data ?? [])].sort((a, b) => a.position - b.position), [stages.data]);
  const stageIds = useMemo(() => stageList.map((s) => s.id), [stageList]);
  const groupList = useMemo(() => groups.data ?? project.task_types ?? [], [groups.data, project.task_types]);
  const cardGroups = useMemo(() => {
    const icons = new Map((types.data ?? []).map((type) => [type.id, type.icon_url]));
    return new Map<number, CardGroup>(groupList.map((g) => [g.id, { name: g.name, names: g.names, icon_url: g.task_type_id ? (icons.get(g.task_type_id) ?? null) : null }]));
  }, [groupList, types.data]);

  const onMove = useBoardMoves(project.id, stageIds, groupId);
  const onOpen = useCallback((task: ProjectTask) => {
    setDialogError(null);
    setOpen(task);
  }, []);

  const afterWrite = (answer: { project?: ProjectFigures } | undefined) => {
    applyFigures(answer?.project);
    void client.invalidateQueries({ queryKey: trackerKeys.tasks(project.id) });
    void client.invalidateQueries({ queryKey: trackerKeys.groups(project.id) });
    setOpen(null);
  };
  const save = useTrackerWrite(
    null,
    async (values: TaskDialogValues) => {
      if (open === 'new') return createCustomTask(project.id, values);
      const task = open as ProjectTask;
      const { stage_id: _stage, ...changes } = values;
      return updateTask(project.id, task.id, changes);
    },
    () => t(open === 'new' ? 'errors:tasks.task_created' : 'errors:tasks.task_updated'),
  );
  const remove = useTrackerWrite(null, async (task: ProjectTask) => deleteTask(project.id, task.id), t('errors:tasks.task_deleted'));

  if (!stages.data || !tasks.data) return <ProjectState error={stages.error ?? tasks.error} />;
  return (
    <Box data-testid="tasks-tab">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label={t('fields.group')}
          value={groupId ?? ''}
          onChange={(e) => setGroupId(e.target.value === '' ? null : Number(e.target.value))}
          sx={{ minWidth: 220 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          data-testid="group-filter"
        >
          <MenuItem value="">{t('board.allGroups')}</MenuItem>
          {groupList.map((g) => (
            <MenuItem key={g.id} value={g.id}>
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                {cardGroups.get(g.id)?.icon_url ? <img src={cardGroups.get(g.id)!.icon_url!} alt="" width={16} height={16} /> : null}
                {words.taskType(g)}
              </Box>
            </MenuItem>
          ))}
        </TextField>
        <ToggleButtonGroup size="small" exclusive value={view} onChange={(_e, v: 'board' | 'list' | null) => v && setView(v)} aria-label={t('board.view')}>
          <ToggleButton value="board" data-testid="view-board">
            <ViewKanbanIcon fontSize="small" sx={{ mr: 0.5 }} />
            {t('board.board')}
          </ToggleButton>
          <ToggleButton value="list" data-testid="view-list">
            <ViewListIcon fontSize="small" sx={{ mr: 0.5 }} />
            {t('board.list')}
          </ToggleButton>
        </ToggleButtonGroup>
        <Box sx={{ flex: 1 }} />
        {edit ? (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => { setDialogError(null); setOpen('new'); }} disabled={!groupList.length} data-testid="add-task">
            {t('task.add')}
          </Button>
        ) : null}
      </Stack>
      {view === 'board' ? (
        <TaskBoard stages={stageList} tasks={tasks.data} groups={cardGroups} groupId={groupId} onMove={onMove} onOpen={edit ? onOpen : undefined} disabled={!edit} />
      ) : (
        <TaskList stages={stageList} tasks={tasks.data} groups={cardGroups} groupId={groupId} onMove={onMove} onOpen={onOpen} disabled={!edit} />
      )}
      {open ? (
        <TaskDialog
          task={open === 'new' ? null : open}
          groups={groupList}
          stages={stageList}
          defaultGroupId={groupId}
          busy={save.isPending || remove.isPending}
          error={dialogError}
          onClose={() => setOpen(null)}
          onSave={(values) =>
            save.mutate(values, {
              onSuccess: (answer) => afterWrite(answer),
              onError: (error) => setDialogError(failureText(error, t('failed'))),
            })
          }
          onDelete={open === 'new' ? undefined : () => setConfirmDelete(true)}
        />
      ) : null}
      <ConfirmDialog
        open={confirmDelete && open !== null && open !== 'new'}
        title={t('task.deleteTitle')}
        confirmLabel={t('actions.delete')}
        tone="error"
        onClose={() => setConfirmDelete(false)}
        onConfirm={async () => {
          if (open && open !== 'new') await remove.mutateAsync(open).then(afterWrite, () => undefined);
        }}
        testId="task-delete-dialog"
      >
        {open && open !== 'new' ? t('task.deleteText', { name: words.task(open) }) : null}
      </ConfirmDialog>
    </Box>
  );
}
