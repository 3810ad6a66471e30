import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Box, Typography } from '@mui/material';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataWords } from '../../i18n/dataWords';
import type { ProjectTask, TaskStage } from '../types';
import { SortableTaskCard, type CardGroup } from './TaskCard';

export interface BoardColumnProps {
  stage: TaskStage;
  tasks: readonly ProjectTask[];
  groups: ReadonlyMap<number, CardGroup>;
  onOpen?(task: ProjectTask): void;
  disabled?: boolean;
}

/**
 * One stage of the board: its name and count, and its cards in order. The column itself is a drop
 * target (`s<stage id>`), so an empty column takes a card. Memoised: a drop repaints the columns
 * whose cards changed.
 */
export const BoardColumn = memo(function BoardColumn({ stage, tasks, groups, onOpen, disabled = false }: BoardColumnProps) {
  const { t } = useTranslation('tracker');
  const words = useDataWords();
  const { setNodeRef, isOver } = useDroppable({ id: `s${stage.id}`, data: { stage: stage.id } });
  const ids = useMemo(() => tasks.map((task) => `t${task.id}`), [tasks]);
  const headingId = `board-column-${stage.id}`;
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-testid="board-column"
      data-stage-id={stage.id}
      data-stage-name={stage.name}
      sx={{ flex: '0 0 272px', width: 272, display: 'flex', flexDirection: 'column', bgcolor: isOver ? 'action.selected' : 'action.hover', borderRadius: 1, p: 1 }}
    >
      <Typography id={headingId} component="h3" variant="subtitle2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 1 }}>
        {stage.is_done ? <CheckCircleIcon fontSize="small" color="success" titleAccess={t('board.doneStage')} /> : null}
        {words.taskStage(stage)}
        <Box component="span" sx={{ ml: 'auto', color: 'text.secondary', fontWeight: 400 }} data-testid="board-column-count">
          {t('board.count', { count: tasks.length })}
        </Box>
      </Typography>
      <SortableContext id={`s${stage.id}`} items={ids} strategy={verticalListSortingStrategy}>
        <ul ref={setNodeRef} style={{ margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8, minHeight: 64, flex: 1 }}>
          {tasks.map((task) => (
            <SortableTaskCard key={task.id} task={task} group={groups.get(task.project_task_type_id)} onOpen={onOpen} disabled={disabled} />
          ))}
        </ul>
      </SortableContext>
    </Box>
  );
});
