import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  closestCorners,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { Box } from '@mui/material';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataWords } from '../../i18n/dataWords';
import type { ProjectTask, TaskStage } from '../types';
import { BoardColumn } from './BoardColumn';
import { boardSx } from './boardStyles';
import { TaskCard, type CardGroup } from './TaskCard';

export interface TaskBoardProps {
  stages: readonly TaskStage[];
  /** Every task of the project; `groupId` picks the ones shown. */
  tasks: readonly ProjectTask[];
  groups: ReadonlyMap<number, CardGroup>;
  /** Show only this task group's cards (null: all). */
  groupId?: number | null;
  /** A drop: the task to `stageId` at `shownIndex` (0-based among the shown cards of that column, the task left out). */
  onMove(taskId: number, stageId: number, shownIndex: number): void;
  onOpen?(task: ProjectTask): void;
  /** Read only: no handles. */
  disabled?: boolean;
}

const EMPTY: readonly ProjectTask[] = [];
const taskIdOf = (id: UniqueIdentifier) => (String(id).startsWith('t') ? Number(String(id).slice(1)) : null);
const stageIdOf = (id: UniqueIdentifier) => (String(id).startsWith('s') ? Number(String(id).slice(1)) : null);

/**
 * The project's task board (spec section 3): one column per task stage in order, the cards of
 * each in position order. Cards move by mouse, touch (hold) or keyboard (focus a card's handle,
 * Space to pick up, arrows to move within or across columns, Space to drop, Escape to cancel),
 * with announcements for screen readers in the reader's language. The board only reports drops
 * (`onMove`); the page moves the card (optimistically) and asks the server.
 *
 * Speed: columns and cards are memoised, a card's props change only when its task does, so a drag
 * step repaints no card and a drop repaints the moved ones; on a phone the columns scroll
 * sideways inside the board, never the page.
 */
export function TaskBoard({ stages, tasks, groups, groupId = null, onMove, onOpen, disabled = false }: TaskBoardProps) {
  const { t } = useTranslation('tracker');
  const words = useDataWords();
  const [active, setActive] = useState<ProjectTask | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const columns = useMemo(() => {
    const byStage = new Map<number, ProjectTask[]>(stages.map((s) => [s.id, []]));
    for (const task of tasks) if (groupId === null || task.project_task_type_id === groupId) byStage.get(task.stage_id)?.push(task);
    for (const list of byStage.values()) list.sort((a, b) => a.position - b.position || a.id - b.id);
    return byStage;
  }, [stages, tasks, groupId]);

  // The latest columns for the drag handlers and announcements, without making them new each render.
  const latest = useRef({ columns, tasks, stages });
  latest.current = { columns, tasks, stages };

  const find = useCallback((id: UniqueIdentifier | null | undefined) => {
    if (id === null || id === undefined) return null;
    const taskId = taskIdOf(id);
    const { columns: cols, stages: st } = latest.current;
    if (taskId !== null) {
      for (const [stage, list] of cols) {
        const index = list.findIndex((task) => task.id === taskId);
        if (index >= 0) return { stage, index, task: list[index], column: st.find((s) => s.id === stage) };
      }
      return null;
    }
    const stage = stageIdOf(id);
    if (stage === null) return null;
    return { stage, index: cols.get(stage)?.length ?? 0, task: null, column: st.find((s) => s.id === stage) };
  }, []);

  const onDragStart = ({ active: a }: DragStartEvent) => setActive(find(a.id)?.task ?? null);
  const onDragEnd = ({ active: a, over }: DragEndEvent) => {
    setActive(null);
    const from = find(a.id);
    const to = find(over?.id);
    if (!from?.task || !to) return;
    // Within a column the card takes the place of the one it is dropped on (arrayMove); into
    // another column it goes before that card, or last when dropped on the column itself.
    const shownIndex = to.index;
    if (to.stage === from.stage && shownIndex === from.index) return;
    onMove(from.task.id, to.stage, shownIndex);
  };

  const accessibility = useMemo(() => {
    const said = (id: UniqueIdentifier | undefined) => {
      const place = find(id);
      return { stage: words.taskStage(place?.column ?? { name: '' }), position: (place?.index ?? 0) + 1 };
    };
    const name = (id: UniqueIdentifier) => words.task(find(id)?.task ?? { name: '' });
    const announcements: Announcements = {
      onDragStart: ({ active: a }) => t('board.dragStart', { name: name(a.id), ...said(a.id) }),
      onDragOver: ({ active: a, over }) => (over ? t('board.dragOver', { name: name(a.id), ...said(over.id) }) : t('board.dragNowhere', { name: name(a.id) })),
      onDragEnd: ({ active: a, over }) => (over ? t('board.dragEnd', { name: name(a.id), ...said(over.id) }) : t('board.dragCancel', { name: name(a.id), ...said(a.id) })),
      onDragCancel: ({ active: a }) => t('board.dragCancel', { name: name(a.id), ...said(a.id) }),
    };
    return { announcements, screenReaderInstructions: { draggable: t('board.instructions') } };
  }, [find, t, words]);

  return (
    <DndContext sensors={sensors} collisionDetection={closestCorners} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setActive(null)} accessibility={accessibility}>
      <Box sx={boardSx}>
        <Box
          data-testid="task-board"
          role="region"
          aria-label={t('board.label')}
          tabIndex={0}
          sx={{ display: 'flex', gap: 1.5, overflowX: 'auto', alignItems: 'stretch', pb: 1, maxWidth: '100%', overscrollBehaviorX: 'contain' }}
        >
          {stages.map((stage) => (
            <BoardColumn key={stage.id} stage={stage} tasks={columns.get(stage.id) ?? EMPTY} groups={groups} onOpen={onOpen} disabled={disabled} />
          ))}
        </Box>
        <DragOverlay>{active ? <TaskCard task={active} group={groups.get(active.project_task_type_id)} lifted /> : null}</DragOverlay>
      </Box>
    </DndContext>
  );
}
