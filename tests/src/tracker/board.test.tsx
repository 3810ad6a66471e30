// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TaskBoard } from '../../../src/tracker/board/TaskBoard';
import { TaskCard } from '../../../src/tracker/board/TaskCard';
import { RagChip } from '../../../src/status/RagChip';
import { bigTasks, sampleGroups, sampleStages, sampleTasks } from '../../../stories/tracker/sampleBoard';
import { renderInLocale } from '../../engine/react/renderInLocale';

afterEach(cleanup);

const column = (name: string) => document.querySelector<HTMLElement>(`[data-stage-name="${name}"]`)!;
const names = (el: HTMLElement) => [...el.querySelectorAll('[data-testid="task-card"]')].map((c) => c.getAttribute('data-task-name'));

describe('the task board', () => {
  it('shows one column per stage in order, each with its cards by position and a count', () => {
    renderInLocale(<TaskBoard stages={sampleStages} tasks={sampleTasks} groups={sampleGroups} onMove={() => undefined} />);
    expect(screen.getAllByTestId('board-column').map((c) => c.getAttribute('data-stage-name'))).toEqual(['To do', 'In progress', 'Waiting for dealer', 'Done']);
    expect(names(column('In progress'))).toEqual(['Design the home page', 'Connect the stock feed']);
    expect(within(column('To do')).getByTestId('board-column-count').textContent).toBe('7 tasks');
    expect(within(column('Waiting for dealer')).getByTestId('board-column-count').textContent).toBe('1 task');
  });

  it('shows only the chosen task group, and no handles when read only', () => {
    renderInLocale(<TaskBoard stages={sampleStages} tasks={sampleTasks} groups={sampleGroups} groupId={12} onMove={() => undefined} disabled />);
    expect(names(column('To do'))).toEqual(['Check vehicle images']);
    expect(names(column('In progress'))).toEqual(['Connect the stock feed']);
    expect(screen.queryAllByTestId('task-handle')).toEqual([]);
  });

  it('gives every handle a name and opens a task from its title', () => {
    const onOpen = vi.fn();
    renderInLocale(<TaskBoard stages={sampleStages} tasks={sampleTasks} groups={sampleGroups} onMove={() => undefined} onOpen={onOpen} />);
    expect(screen.getByRole('button', { name: 'Move Go-live checklist' })).toBeTruthy();
    fireEvent.click(within(column('To do')).getAllByTestId('task-open')[0]);
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ name: 'Check vehicle images' }));
  });

  it('renders a 500-task board', () => {
    renderInLocale(<TaskBoard stages={sampleStages} tasks={bigTasks} groups={sampleGroups} onMove={() => undefined} />);
    expect(screen.getAllByTestId('task-card')).toHaveLength(500);
  });
});

describe('the card and the RAG chip', () => {
  it('says overdue in words and names the RAG colour, never colour alone', () => {
    renderInLocale(
      <>
        <TaskCard task={sampleTasks[2]} group={sampleGroups.get(11)} />
        <RagChip rag="amber" manual />
      </>,
    );
    expect(screen.getByText('Overdue since 06/03/2026')).toBeTruthy();
    expect(screen.getByTestId('rag-chip').textContent).toBe('Amber (set by a manager)');
  });

  it('speaks French in fr-FR', () => {
    renderInLocale(<RagChip rag="red" />, 'fr-FR');
    expect(screen.getByTestId('rag-chip').textContent).toBe('Rouge');
  });
});
