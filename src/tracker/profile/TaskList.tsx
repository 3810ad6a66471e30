import { Box, Button, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataWords } from '../../i18n/dataWords';
import { formatDate } from '../../i18n/format';
import type { CardGroup } from '../board/TaskCard';
import type { ProjectTask, TaskStage } from '../types';

export interface TaskListProps {
  stages: readonly TaskStage[];
  tasks: readonly ProjectTask[];
  groups: ReadonlyMap<number, CardGroup>;
  groupId: number | null;
  /** A stage picked in a row: the task goes last in that column. */
  onMove(taskId: number, stageId: number, shownIndex: number): void;
  onOpen(task: ProjectTask): void;
  disabled?: boolean;
}

/** The board as a table, for those who prefer a list: stage by stage, a stage select per row to move a task. */
export const TaskList = memo(function TaskList({ stages, tasks, groups, groupId, onMove, onOpen, disabled = false }: TaskListProps) {
  const { t } = useTranslation('tracker');
  const words = useDataWords();
  const order = useMemo(() => new Map(stages.map((s, i) => [s.id, i])), [stages]);
  const rows = useMemo(
    () =>
      tasks
        .filter((task) => groupId === null || task.project_task_type_id === groupId)
        .sort((a, b) => (order.get(a.stage_id) ?? 0) - (order.get(b.stage_id) ?? 0) || a.position - b.position || a.id - b.id),
    [tasks, groupId, order],
  );
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid="task-list">
        <TableHead>
          <TableRow>
            <TableCell>{t('fields.taskName')}</TableCell>
            <TableCell>{t('fields.group')}</TableCell>
            <TableCell>{t('fields.stage')}</TableCell>
            <TableCell>{t('fields.dueDate')}</TableCell>
            <TableCell>{t('fields.assignee')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((task) => (
            <TableRow key={task.id} data-testid="task-row">
              <TableCell>
                <Button size="small" onClick={() => onOpen(task)} sx={{ textTransform: 'none', textAlign: 'left' }}>
                  {task.milestone ? `${words.task(task)} (${t('task.milestone')})` : words.task(task)}
                </Button>
              </TableCell>
              <TableCell>{words.taskType(groups.get(task.project_task_type_id) ?? { name: '' })}</TableCell>
              <TableCell>
                <TextField
                  select
                  size="small"
                  value={task.stage_id}
                  disabled={disabled}
                  onChange={(e) => onMove(task.id, Number(e.target.value), Number.MAX_SAFE_INTEGER)}
                  slotProps={{ htmlInput: { 'aria-label': t('list.stageOf', { name: words.task(task) }) } }}
                  sx={{ minWidth: 140 }}
                >
                  {stages.map((s) => (
                    <MenuItem key={s.id} value={s.id}>
                      {words.taskStage(s)}
                    </MenuItem>
                  ))}
                </TextField>
              </TableCell>
              <TableCell sx={{ color: task.overdue ? 'error.dark' : undefined, whiteSpace: 'nowrap' }}>
                {task.due_date ? (task.overdue ? t('task.overdueOn', { date: formatDate(task.due_date) }) : formatDate(task.due_date)) : ''}
              </TableCell>
              <TableCell>{task.assignee?.name ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
});
