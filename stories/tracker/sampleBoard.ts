import type { ProjectDetail, ProjectTask, TaskStage } from '../../src/tracker/types';
import type { CardGroup } from '../../src/tracker/board/TaskCard';

/** The task stages of the demo data, in board order (the last one is done). */
export const sampleStages: TaskStage[] = [
  { id: 1, name: 'To do', names: {}, position: 1, is_done: false, colour: null, task_count: 0, updated_at: '2026-03-01T09:00:00Z' },
  { id: 2, name: 'In progress', names: {}, position: 2, is_done: false, colour: null, task_count: 0, updated_at: '2026-03-01T09:00:00Z' },
  { id: 3, name: 'Waiting for dealer', names: {}, position: 3, is_done: false, colour: null, task_count: 0, updated_at: '2026-03-01T09:00:00Z' },
  { id: 4, name: 'Done', names: {}, position: 4, is_done: true, colour: null, task_count: 0, updated_at: '2026-03-01T09:00:00Z' },
];

const icon = (colour: string, letter: string) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect width="16" height="16" rx="3" fill="${colour}"/><text x="8" y="12" font-size="11" font-family="sans-serif" fill="#fff" text-anchor="middle">${letter}</text></svg>`)}`;

/** The project's task groups with their task types' icons. */
export const sampleGroups = new Map<number, CardGroup>([
  [11, { name: 'Website', icon_url: icon('#1565c0', 'W') }],
  [12, { name: 'Stock feed', icon_url: icon('#2e7d32', 'S') }],
  [13, { name: 'Finance', icon_url: null }],
]);

const task = (id: number, name: string, stage_id: number, position: number, group: number, extra: Partial<ProjectTask> = {}): ProjectTask => ({
  id, name, names: {}, stage_id, position, project_task_type_id: group, task_id: id, description: null, assignee: null, due_date: null, milestone: false,
  trigger: null, custom: false, completed_at: null, completed_by: null, overdue: false, ...extra,
});

/** Demo Motors' launch: twelve tasks across the four stages, one overdue, two milestones. */
export const sampleTasks: ProjectTask[] = [
  task(1, 'Kick-off call with the dealer', 4, 1, 11, { milestone: true, due_date: '2026-03-02', assignee: { id: 2, name: 'Priya Shah' } }),
  task(2, 'Config submitted', 4, 2, 11, { trigger: 'config_submitted', due_date: '2026-03-09' }),
  task(3, 'Order form signed', 3, 1, 11, { trigger: 'agreement_signed', due_date: '2026-03-06', overdue: true }),
  task(4, 'Design the home page', 2, 1, 11, { due_date: '2026-03-20', assignee: { id: 3, name: 'Tom Baker' } }),
  task(5, 'Connect the stock feed', 2, 2, 12, { due_date: '2026-03-23' }),
  task(6, 'Check vehicle images', 1, 1, 12, { due_date: '2026-03-27' }),
  task(7, 'Finance calculator keys', 1, 2, 13, { due_date: '2026-03-30', description: 'Ask the dealer for their finance provider keys.' }),
  task(8, 'Content review with the dealer', 1, 3, 11, { due_date: '2026-04-03' }),
  task(9, 'Go-live checklist', 1, 4, 11, { milestone: true, due_date: '2026-04-10', assignee: { id: 2, name: 'Priya Shah' } }),
  task(10, 'DNS change', 1, 5, 11, { due_date: '2026-04-13' }),
  task(11, 'Train the sales team', 1, 6, 13),
  task(12, 'Post-launch review', 1, 7, 11, { due_date: '2026-05-11' }),
];

/** A big project: 500 tasks over the four stages (the board's speed target). */
export const bigTasks: ProjectTask[] = Array.from({ length: 500 }, (_, i) =>
  task(1000 + i, `Task ${i + 1}`, (i % 4) + 1, Math.floor(i / 4) + 1, 11 + (i % 3), { due_date: `2026-04-${String((i % 28) + 1).padStart(2, '0')}`, overdue: i % 17 === 0 }),
);

/** Demo Motors' project as GET /projects/{id} answers it. */
export const sampleProject: ProjectDetail = {
  id: 7, guid: '00000000-0000-4000-8000-000000000007', name: 'Demo Motors: Multi-franchise dealer', company_id: 1, company_name: 'Demo Motors',
  project_type: 'multi-franchise-dealer', status: 'active', rag: 'amber', rag_manual: null, complete_percentage: 17, tasks_done: 2, tasks_total: 12,
  start_date: '2026-03-02', launch_date: '2026-04-14', project_manager: { id: 2, name: 'Priya Shah' }, account_manager: { id: 4, name: 'Sam Jones' },
  counts: { risks: 1, variations: 2, stakeholders: 3, notes: 4 }, overdue_tasks: 1, updated_at: '2026-03-10T09:00:00Z',
  config: { id: 3, guid: '00000000-0000-4000-8000-000000000003', name: 'Demo Motors website' },
  agreement: { id: 5, guid: '00000000-0000-4000-8000-000000000005', name: 'Demo Motors order form', stage: 'sent' },
  meta: {}, version: 4, went_live_at: null, created_at: '2026-03-01T09:00:00Z',
  contacts: [
    { id: 2, role: 'project_manager', name: 'Priya Shah', email: 'pm@demo.test', telephone: '+44 20 7946 0001', position: 'Project manager', avatar: null },
    { id: 4, role: 'account_manager', name: 'Sam Jones', email: 'am@demo.test', telephone: '+44 20 7946 0002', position: 'Account manager', avatar: null },
  ],
  task_types: [
    { id: 11, name: 'Website', names: {}, task_type_id: 1, position: 1, tasks_total: 8, tasks_done: 0 },
    { id: 12, name: 'Stock feed', names: {}, task_type_id: 2, position: 1, tasks_total: 2, tasks_done: 0 },
    { id: 13, name: 'Finance', names: {}, task_type_id: 3, position: 1, tasks_total: 2, tasks_done: 0 },
  ],
  next_due: [
    { id: 3, name: 'Order form signed', names: {}, due_date: '2026-03-06' },
    { id: 4, name: 'Design the home page', names: {}, due_date: '2026-03-20' },
    { id: 9, name: 'Go-live checklist', names: {}, due_date: '2026-04-10' },
  ],
};
