// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TaskBoard } from '../../../src/tracker/board/TaskBoard';
import type { CardGroup } from '../../../src/tracker/board/TaskCard';
import { TaskList } from '../../../src/tracker/profile/TaskList';
import type { ProjectTask, TaskStage } from '../../../src/tracker/types';
import { renderInLocale } from '../../engine/react/renderInLocale';

afterEach(cleanup);

// The seeded stages and types (server/db/seed-tasks.ts), and one stage staff named themselves.
const stage = (id: number, name: string, is_done = false): TaskStage => ({ id, name, names: {}, position: id, is_done, colour: null, task_count: 0, updated_at: '2026-03-01T09:00:00Z' });
const stages = [stage(1, 'To do'), stage(2, 'In progress'), stage(3, 'Waiting on dealer'), stage(4, 'Done', true), stage(5, 'Snagging')];
const groups = new Map<number, CardGroup>([
  [11, { name: 'Go-live', icon_url: null }],
  [12, { name: 'Dealer extras', icon_url: null }],
]);
const task = (id: number, name: string, stage_id: number, group: number): ProjectTask => ({
  id, name, names: {}, stage_id, position: id, project_task_type_id: group, task_id: id, description: null, assignee: null, due_date: null, milestone: false,
  trigger: null, custom: false, completed_at: null, completed_by: null, overdue: false,
});
const tasks = [task(1, 'Kick-off call', 4, 11), task(2, 'Pre-launch QA', 1, 11), task(3, 'Kick-off call with the Brussels team', 1, 12)];

const headings = () => screen.getAllByTestId('board-column').map((c) => within(c).getByRole('heading').textContent?.replace(/\d+ tâches?$/, ''));
const cardTexts = () => screen.getAllByTestId('task-open').map((b) => b.textContent);

describe('the tracker in the reader\'s words (issue 54)', () => {
  it('names the seeded stages, tasks and groups in French, and a staff-typed name as typed', () => {
    renderInLocale(<TaskBoard stages={stages} tasks={tasks} groups={groups} onMove={() => undefined} onOpen={() => undefined} />, 'fr-FR');
    // The done stage's heading starts with its icon's title.
    expect(headings()).toEqual(['À faire', 'En cours', 'En attente du concessionnaire', 'Étape terminéeTerminé', 'Snagging']);
    expect(cardTexts()).toEqual(['Recette avant lancement', 'Kick-off call with the Brussels team', 'Réunion de lancement']);
    expect(screen.getAllByText('Mise en ligne')).toHaveLength(2);
    expect(screen.getByText('Dealer extras')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Déplacer Recette avant lancement' })).toBeTruthy();
  });

  it('says them in Dutch in the list, stage choices included', () => {
    renderInLocale(<TaskList stages={stages} tasks={tasks} groups={groups} groupId={null} onMove={() => undefined} onOpen={() => undefined} />, 'nl-NL');
    const rows = screen.getAllByTestId('task-row');
    expect(rows.map((r) => within(r).getAllByRole('button')[0].textContent)).toEqual(['Test vóór de lancering', 'Kick-off call with the Brussels team', 'Kick-offgesprek']);
    expect(within(rows[0]).getByText('Te doen')).toBeTruthy();
    expect(within(rows[2]).getByText('Klaar')).toBeTruthy();
    expect(within(rows[1]).getByText('Dealer extras')).toBeTruthy();
  });

  it('shows the French name staff gave a stage, task or group on a French screen (issue 54: names)', () => {
    const named = [{ ...stage(1, 'To do'), names: { 'fr-FR': 'À faire maintenant' } }, ...stages.slice(1)];
    const namedTasks = [{ ...tasks[0] }, { ...tasks[1], names: { 'fr-FR': 'Recette finale' } }, tasks[2]];
    const namedGroups = new Map<number, CardGroup>([...groups, [12, { name: 'Dealer extras', names: { 'fr-FR': 'Options du concessionnaire' }, icon_url: null }]]);
    renderInLocale(<TaskBoard stages={named} tasks={namedTasks} groups={namedGroups} onMove={() => undefined} onOpen={() => undefined} />, 'fr-FR');
    expect(headings()).toEqual(['À faire maintenant', 'En cours', 'En attente du concessionnaire', 'Étape terminéeTerminé', 'Snagging']);
    expect(cardTexts()).toEqual(['Recette finale', 'Kick-off call with the Brussels team', 'Réunion de lancement']);
    expect(screen.getByText('Options du concessionnaire')).toBeTruthy();
    cleanup();
    // A Belgian French reader gets France's words; a Dutch one, who has none, the seeded words.
    renderInLocale(<TaskList stages={named} tasks={namedTasks} groups={namedGroups} groupId={null} onMove={() => undefined} onOpen={() => undefined} />, 'fr-BE');
    expect(within(screen.getAllByTestId('task-row')[0]).getAllByText('À faire maintenant').length).toBeGreaterThan(0);
    cleanup();
    renderInLocale(<TaskBoard stages={named} tasks={namedTasks} groups={namedGroups} onMove={() => undefined} />, 'nl-NL');
    expect(headings()[0]).toMatch(/^Te doen\d/);
    expect(cardTexts()[0]).toBe('Test vóór de lancering');
  });

  it('keeps the stored English words for an English reader', () => {
    renderInLocale(<TaskBoard stages={stages} tasks={tasks} groups={groups} onMove={() => undefined} />, 'en-GB');
    expect(cardTexts()).toEqual(['Pre-launch QA', 'Kick-off call with the Brussels team', 'Kick-off call']);
    expect(screen.getAllByTestId('board-column').map((c) => c.getAttribute('data-stage-name'))).toEqual(['To do', 'In progress', 'Waiting on dealer', 'Done', 'Snagging']);
  });
});
