import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dataWords, type Named } from '../../i18n/dataWords';
import { formatDate } from '../../i18n/format';
import type { ProjectTask } from '../types';

/** The group a card belongs to (its name as stored with its words per locale, its task type's icon when it has one). */
export interface CardGroup extends Named {
  icon_url: string | null;
}

export interface TaskCardProps {
  task: ProjectTask;
  group?: CardGroup;
  /** Opens the task's edit dialog; stable (useCallback) so memoised cards do not paint again. */
  onOpen?(task: ProjectTask): void;
  /** The drag handle's props (dnd-kit's listeners and attributes); none when the card is not draggable. */
  handle?: Record<string, unknown>;
  /** Painted as the card under the pointer while dragging. */
  lifted?: boolean;
}

// Material icons' paths, drawn inline: an SvgIcon component per card would cost a styled component each.
const DRAG = 'M11 18c0 1.1-.9 2-2 2s-2-.9-2-2 .9-2 2-2 2 .9 2 2m-2-8c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m0-6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m6 4c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m0 2c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m0 6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2';
const FLAG = 'M14.4 6 14 4H5v17h2v-7h5.6l.4 2h7V6z';

/**
 * One task on the board: its name (a button opening the edit dialog), its group with the type's
 * icon (both in the reader's words when seeded: i18n/dataWords.ts), due date (overdue said in words, not only red), milestone flag and assignee. Plain
 * elements styled by the board's one style sheet (boardStyles.ts), memoised: a move repaints
 * only the cards whose task changed.
 */
export const TaskCard = memo(function TaskCard({ task, group, onOpen, handle, lifted = false }: TaskCardProps) {
  const { t, i18n } = useTranslation('tracker');
  // The card's own `t`, not useDataWords: one translation hook per card, 500 cards on a big board.
  const words = useMemo(() => dataWords(t, i18n.language), [t, i18n.language]);
  const name = words.task(task);
  return (
    <div className={`tb-card${task.overdue ? ' tb-overdue' : ''}${lifted ? ' tb-lifted' : ''}`} data-testid="task-card" data-task-id={task.id} data-task-name={task.name}>
      {handle ? (
        <button type="button" className="tb-handle" aria-label={t('board.moveTask', { name })} data-testid="task-handle" {...handle}>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
            <path d={DRAG} />
          </svg>
        </button>
      ) : null}
      <div className="tb-body">
        <button type="button" className="tb-open" onClick={onOpen ? () => onOpen(task) : undefined} disabled={!onOpen} data-testid="task-open">
          {task.milestone ? (
            <svg className="tb-flag" width="14" height="14" viewBox="0 0 24 24" role="img" aria-label={t('task.milestone')}>
              <path d={FLAG} />
            </svg>
          ) : null}
          {name}
        </button>
        {group ? (
          <div className="tb-group">
            {group.icon_url ? <img src={group.icon_url} alt="" width={14} height={14} /> : null}
            {words.taskType(group)}
          </div>
        ) : null}
        {task.due_date || task.assignee ? (
          <div className="tb-meta">
            {task.due_date ? (
              <span className={task.overdue ? 'tb-late' : undefined}>{task.overdue ? t('task.overdueOn', { date: formatDate(task.due_date) }) : t('task.dueOn', { date: formatDate(task.due_date) })}</span>
            ) : null}
            {task.assignee ? <span>{task.assignee.name}</span> : null}
          </div>
        ) : null}
      </div>
    </div>
  );
});

/** A card that can be dragged (mouse, touch or keyboard through its handle) within or between columns. */
export const SortableTaskCard = memo(function SortableTaskCard({ task, group, onOpen, disabled = false }: Omit<TaskCardProps, 'handle' | 'lifted'> & { disabled?: boolean }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: `t${task.id}`, data: { stage: task.stage_id }, disabled });
  const style = { transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.4 : 1, listStyle: 'none' };
  return (
    <li ref={setNodeRef} style={style}>
      <TaskCard task={task} group={group} onOpen={onOpen} handle={disabled ? undefined : { ...attributes, ...listeners }} />
    </li>
  );
});
