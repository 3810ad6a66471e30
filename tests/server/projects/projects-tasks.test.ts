// A project's tasks on a real server and database (issue 28): the board and a group's tasks, moves
// with positions renumbered 1..n in both columns, status/percentage/RAG after moves, two managers
// moving tasks at once (both counted), custom tasks, task groups (create, mark as master, delete),
// permissions and bad input.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectTasks, taskNotifications, tasks, taskTypes, userNotifications } from '../../../server/db/schema';
import { hashPassword } from '../../../server/auth/auth.passwords';
import { serverMessages } from '../../../server/messages';
import { DEMO_PASSWORD } from '../../support/server';
import { call, login } from '../helpers';
import { userWithRole } from '../roles-helpers';
import { projectsWorld, type ErrorBody, type ProjectDetail, type ProjectsWorld, type ProjectTask, type ProjectTaskAnswer, type Who } from './projects-world';
import { addDays } from '../../../contract/days';

let w: ProjectsWorld;
let motors: number;
beforeAll(async () => {
  w = await projectsWorld();
  motors = await w.companyId('Demo Motors');
});
afterAll(async () => {
  await w?.close();
});

const db = () => w.server.database.db;
const today = () => new Date().toISOString().slice(0, 10);

/** A fresh project starting today, launching in 200 days (nothing overdue: green). */
async function freshProject(extra: Record<string, unknown> = {}): Promise<ProjectDetail> {
  const r = await w.as('pm', 'POST', '/api/projects', { company_id: motors, project_type: 'other', start_date: today(), launch_date: addDays(today(), 200), ...extra });
  expect(r.status).toBe(201);
  return r.body;
}
const board = async (p: { id: number }) => (await w.as<ProjectTask[]>('pm', 'GET', `/api/projects/${p.id}/tasks`)).body;
const move = (who: Who, p: { id: number }, taskId: number, body: Record<string, unknown>) => w.as<ProjectTaskAnswer & ErrorBody>(who, 'PUT', `/api/projects/${p.id}/tasks/${taskId}`, body);
/** Positions per stage, each sorted. */
const columns = (tasks: ProjectTask[]) => {
  const by = new Map<number, number[]>();
  for (const t of tasks) by.set(t.stage_id, [...(by.get(t.stage_id) ?? []), t.position]);
  return [...by.values()].map((ps) => ps.sort((a, b) => a - b));
};
const contiguous = (tasks: ProjectTask[]) => columns(tasks).every((ps) => ps.every((p, i) => p === i + 1));

describe('GET /api/projects/{id}/tasks and /{typeId}/tasks', () => {
  it('gives the board by stage and position, and one group\'s tasks', async () => {
    const p = await freshProject();
    const tasks = await board(p);
    expect(tasks.length).toBe(p.tasks_total);
    expect(tasks[0]).toMatchObject({ stage_id: w.board.first, position: 1, custom: false, completed_at: null, overdue: false, assignee: null });
    expect(contiguous(tasks)).toBe(true);
    const group = p.task_types[0];
    const one = await w.as<ProjectTask[]>('viewer', 'GET', `/api/projects/${p.id}/${group.id}/tasks`);
    expect(one.status).toBe(200);
    expect(one.body.length).toBe(group.tasks_total);
    expect(one.body.every((t) => t.project_task_type_id === group.id)).toBe(true);
    // Another project's group: 404.
    const other = await freshProject();
    expect((await w.as('pm', 'GET', `/api/projects/${other.id}/${group.id}/tasks`)).status).toBe(404);
  });
});

describe('PUT /api/projects/{id}/tasks/{taskId}', () => {
  it('moves a task into a column at a position, renumbering both columns, and recomputes the figures', async () => {
    const p = await freshProject();
    let tasks = await board(p);
    const [a, b, c] = tasks;
    expect((await move('pm', p, a.id, { stage_id: w.board.working, position: 1 })).status).toBe(200);
    expect((await move('pm', p, b.id, { stage_id: w.board.working, position: 1 })).status).toBe(200);
    const r = await move('pm', p, c.id, { stage_id: w.board.working, position: 2 });
    expect(r.body).toMatchObject({ message: 'Task Updated', task: { id: c.id, stage_id: w.board.working, position: 2 }, project: { id: p.id, status: 'pre-project', tasks_done: 0, complete_percentage: 0 } });
    tasks = await board(p);
    expect(tasks.filter((t) => t.stage_id === w.board.working).map((t) => t.id)).toEqual([b.id, c.id, a.id]);
    expect(contiguous(tasks)).toBe(true);
    // Within its column.
    await move('pm', p, a.id, { position: 1 });
    expect((await board(p)).filter((t) => t.stage_id === w.board.working).map((t) => t.id)).toEqual([a.id, b.id, c.id]);

    const done = await move('pm', p, a.id, { stage_id: w.board.done });
    expect(done.body.task).toMatchObject({ stage_id: w.board.done, position: 1, completed_by: { name: 'Pat Project' } });
    expect(done.body.task.completed_at).toMatch(/^\d{4}-/);
    expect(done.body.project).toMatchObject({ status: 'active', tasks_done: 1, tasks_total: p.tasks_total, complete_percentage: Math.round(100 / p.tasks_total) });
    expect(done.body.project.version).toBeGreaterThan(p.version);
    // Leaving the done stage clears completion.
    const back = await move('pm', p, a.id, { stage_id: w.board.first, position: 1 });
    expect(back.body.task).toMatchObject({ completed_at: null, completed_by: null });
    expect(back.body.project).toMatchObject({ tasks_done: 0, complete_percentage: 0 });
    expect(contiguous(await board(p))).toBe(true);
  });

  it('goes live when every task is done, amber then red as tasks fall overdue', async () => {
    const p = await freshProject();
    const tasks = await board(p);
    let last: ProjectTaskAnswer | undefined;
    for (const t of tasks) last = (await move('pm', p, t.id, { stage_id: w.board.done })).body;
    expect(last!.project).toMatchObject({ status: 'live', complete_percentage: 100, tasks_done: tasks.length, rag: 'green' });
    expect((await w.as('pm', 'GET', `/api/projects/${p.id}`)).body.went_live_at).toMatch(/^\d{4}-/);

    const late = await freshProject();
    const [x, y, z] = (await board(late)).filter((t) => !t.milestone);
    const yesterday = addDays(today(), -1);
    expect((await move('pm', late, x.id, { due_date: yesterday })).body.project.rag).toBe('amber');
    expect((await board(late)).find((t) => t.id === x.id)!.overdue).toBe(true);
    await move('pm', late, y.id, { due_date: yesterday });
    expect((await move('pm', late, z.id, { due_date: yesterday })).body.project.rag).toBe('red');
    // Done tasks are not overdue.
    expect((await move('pm', late, z.id, { stage_id: w.board.done })).body.project.rag).toBe('amber');
    // An overdue milestone alone is red.
    const m = await freshProject();
    const milestone = (await board(m)).find((t) => t.milestone);
    if (milestone) expect((await move('pm', m, milestone.id, { due_date: yesterday })).body.project.rag).toBe('red');
    // Launching within 14 days under 75% complete: amber.
    const soon = await freshProject({ launch_date: addDays(today(), 10) });
    expect(soon.rag).toBe('amber');
  });

  it('counts two managers moving tasks at once: both moves, positions contiguous', async () => {
    const p = await freshProject();
    const tasks = await board(p);
    const [r1, r2] = await Promise.all([
      move('pm', p, tasks[0].id, { stage_id: w.board.done, position: 1 }),
      move('admin', p, tasks[1].id, { stage_id: w.board.done, position: 1 }),
    ]);
    expect([r1.status, r2.status]).toEqual([200, 200]);
    const after = (await w.as('pm', 'GET', `/api/projects/${p.id}`)).body;
    expect(after).toMatchObject({ tasks_done: 2, complete_percentage: Math.round(200 / tasks.length), status: 'active' });
    // The later of the two answers saw both.
    expect(Math.max(r1.body.project.tasks_done, r2.body.project.tasks_done)).toBe(2);
    const now = await board(p);
    expect(contiguous(now)).toBe(true);
    expect(now.filter((t) => t.stage_id === w.board.done).length).toBe(2);

    // Many at once, across columns.
    const rest = now.filter((t) => t.stage_id !== w.board.done).slice(0, 6);
    const answers = await Promise.all(rest.map((t, i) => move(i % 2 ? 'pm' : 'admin', p, t.id, { stage_id: i % 3 === 0 ? w.board.working : w.board.done, position: 1 })));
    expect(answers.map((a) => a.status)).toEqual(rest.map(() => 200));
    const final = await board(p);
    expect(contiguous(final)).toBe(true);
    const doneCount = final.filter((t) => t.stage_id === w.board.done).length;
    expect((await w.as('pm', 'GET', `/api/projects/${p.id}`)).body).toMatchObject({ tasks_done: doneCount, complete_percentage: Math.round((100 * doneCount) / final.length) });
  });

  it('notifies, in the move, whom the task_done templates name when a task enters a done stage (once per entry)', async () => {
    await db().insert(taskNotifications).values({ name: 'Core test: task done', event: 'task_done', recipients: ['account_manager'], subject: 'Done: {task}', body: '{task} of {project} is done.' });
    const am = await w.userId('am@demo.test');
    const p = await freshProject({ account_manager_id: am });
    const [t] = await board(p);
    const mine = () => db().select().from(userNotifications).where(and(eq(userNotifications.userId, am), eq(userNotifications.projectId, p.id), eq(userNotifications.event, 'task_done')));
    await move('pm', p, t.id, { stage_id: w.board.working });
    expect(await mine()).toEqual([]);
    await move('pm', p, t.id, { stage_id: w.board.done });
    const rows = await mine();
    // One row per person and occurrence (the first active template's words when several name them).
    expect(rows.length).toBe(1);
    expect(rows[0].key).toContain(`task_done:${t.id}:`);
    // Moving within the done column is no new occurrence.
    const count = rows.length;
    await move('pm', p, t.id, { position: 1 });
    expect((await mine()).length).toBe(count);
  });

  it('refuses a bad stage, position, group, assignee or date with 422 in the sorting words, changing nothing', async () => {
    const p = await freshProject();
    const tasks = await board(p);
    const t = tasks[0];
    const dealer = await w.userId('dealer@demo.test');
    const firstSize = tasks.filter((x) => x.stage_id === w.board.first).length;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ stage_id: 999999, position: 1 }, 'stage_id', 'Please choose an existing task stage.'],
      [{ stage_id: w.board.working, position: 0 }, 'position', 'Value must be more than 0'],
      [{ stage_id: w.board.working, position: -3 }, 'position', 'Value must be more than 0'],
      [{ stage_id: w.board.working, position: 2 }, 'position', 'Value cannot be more than 1'],
      [{ position: firstSize + 1 }, 'position', `Value cannot be more than ${firstSize}`],
      [{ project_task_type_id: 999999 }, 'project_task_type_id', "Please choose one of the project's task groups."],
      [{ assignee_id: dealer }, 'assignee_id', 'The user must be a member of staff.'],
      [{ due_date: '2026-02-31' }, 'due_date', 'Must be a valid date (YYYY-MM-DD).'],
      [{ name: '   ' }, 'name', 'The name field must be filled in'],
    ];
    for (const [body, field, detail] of cases) {
      const r = await move('pm', p, t.id, body);
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.body.errors).toEqual([{ detail, field }]);
    }
    for (const body of [{ stage_id: 'done' }, { position: 1.5 }, { colour: 'red' }, { due_date: 'soon' }]) expect((await move('pm', p, t.id, body)).status, JSON.stringify(body)).toBe(400);
    expect(await board(p)).toEqual(tasks);
    expect((await move('pm', p, 999999, { position: 1 })).status).toBe(404);
    // Another project's task through this project: 404.
    const other = (await board(await freshProject()))[0];
    expect((await move('pm', p, other.id, { position: 1 })).status).toBe(404);
  });

  it("edits fields and assigns staff; needs 'edit projects'; another company's project is 404", async () => {
    const p = await freshProject();
    const [t] = await board(p);
    const am = await w.userId('am@demo.test');
    const r = await move('editor', p, t.id, { name: 'Kick-off call (moved)', description: 'Moved to Tuesday', assignee_id: am, milestone: true, due_date: addDays(today(), 3) });
    expect(r.status).toBe(200);
    expect(r.body.task).toMatchObject({ name: 'Kick-off call (moved)', description: 'Moved to Tuesday', assignee: { id: am, name: 'Andy Account' }, milestone: true, due_date: addDays(today(), 3) });
    const expected: Partial<Record<Who, number>> = { admin: 200, pm: 200, editor: 200, am: 403, dev: 403, viewer: 403, creator: 403, client: 403, dealer: 403, anonymous: 401 };
    for (const [who, status] of Object.entries(expected)) expect((await move(who as Who, p, t.id, { position: 1 })).status, who).toBe(status);
    const harbour = await w.companyId('Harbour Cars');
    const theirs = (await w.as('admin', 'POST', '/api/projects', { company_id: harbour, project_type: 'other' })).body;
    const theirTask = (await w.as<ProjectTask[]>('admin', 'GET', `/api/projects/${theirs.id}/tasks`)).body[0];
    // The editor is held to Demo Motors: Harbour Cars' project does not exist for them.
    expect((await move('editor', theirs, theirTask.id, { position: 1 })).status).toBe(404);
    expect((await w.as('editor', 'GET', `/api/projects/${theirs.id}/tasks`)).status).toBe(404);
  });
});

describe('custom tasks and deletes', () => {
  it('creates a custom task at the end of the first stage (or a named one), edits and deletes it; a template copy is not custom', async () => {
    const p = await freshProject();
    const group = p.task_types[0].id;
    const firstSize = (await board(p)).filter((t) => t.stage_id === w.board.first).length;
    const r = await w.as<ProjectTaskAnswer & ErrorBody>('pm', 'POST', `/api/projects/${p.id}/tasks/custom`, { name: 'Dealer photo shoot', project_task_type_id: group, due_date: addDays(today(), 9) });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ message: 'Task Created', task: { name: 'Dealer photo shoot', custom: true, task_id: null, stage_id: w.board.first, position: firstSize + 1 }, project: { tasks_total: p.tasks_total + 1 } });
    const inDone = await w.as<ProjectTaskAnswer>('pm', 'POST', `/api/projects/${p.id}/tasks/custom`, { name: 'Already done', project_task_type_id: group, stage_id: w.board.done });
    expect(inDone.body.task.completed_at).toMatch(/^\d{4}-/);
    expect(inDone.body.project).toMatchObject({ tasks_done: 1, status: 'active' });
    const edited = await w.as<ProjectTaskAnswer>('pm', 'PUT', `/api/projects/${p.id}/tasks/custom/${r.body.task.id}`, { stage_id: w.board.working, position: 1 });
    expect(edited.body.task).toMatchObject({ stage_id: w.board.working, position: 1 });
    const template = (await board(p)).find((t) => !t.custom)!;
    expect((await w.as('pm', 'PUT', `/api/projects/${p.id}/tasks/custom/${template.id}`, { position: 1 })).status).toBe(404);
    expect((await w.as('pm', 'DELETE', `/api/projects/${p.id}/tasks/custom/${template.id}`)).status).toBe(404);
    const gone = await w.as<{ project: { tasks_total: number; tasks_done: number }; message: string }>('pm', 'DELETE', `/api/projects/${p.id}/tasks/custom/${inDone.body.task.id}`);
    expect(gone.body).toMatchObject({ message: 'Task Deleted', project: { tasks_total: p.tasks_total + 1, tasks_done: 0 } });
    // Any task can be deleted through the plain path; its column closes the gap.
    const plain = await w.as<{ project: { tasks_total: number } }>('pm', 'DELETE', `/api/projects/${p.id}/tasks/${template.id}`);
    expect(plain.body.project.tasks_total).toBe(p.tasks_total);
    expect(contiguous(await board(p))).toBe(true);
    for (const [body, field] of [
      [{ name: '', project_task_type_id: group }, 'name'],
      [{ name: 'X', project_task_type_id: 999999 }, 'project_task_type_id'],
      [{ name: 'X', project_task_type_id: group, stage_id: 999999 }, 'stage_id'],
    ] as const) {
      const bad = await w.as<ErrorBody>('pm', 'POST', `/api/projects/${p.id}/tasks/custom`, body);
      expect(bad.status, JSON.stringify(body)).toBe(422);
      expect(bad.body.errors?.[0].field).toBe(field);
    }
    expect((await w.as('viewer', 'POST', `/api/projects/${p.id}/tasks/custom`, { name: 'X', project_task_type_id: group })).status).toBe(403);
  });
});

describe('task groups', () => {
  it('lists, creates (name unique in the project), renames, marks as master and deletes an empty group', async () => {
    const p = await freshProject();
    const groups = await w.as<Array<{ id: number; name: string; tasks_total: number }>>('viewer', 'GET', `/api/projects/${p.id}/types`);
    expect(groups.status).toBe(200);
    expect(groups.body.map((g) => g.name)).toEqual(p.task_types.map((g) => g.name));
    const made = await w.as<{ group: { id: number; name: string; task_type_id: number | null }; message: string } & ErrorBody>('pm', 'POST', `/api/projects/${p.id}/types`, { name: 'Photography' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ message: 'Type Created', group: { name: 'Photography', task_type_id: null } });
    expect((await w.as<ErrorBody>('pm', 'POST', `/api/projects/${p.id}/types`, { name: 'photography' })).status).toBe(409);
    expect((await w.as<ErrorBody>('pm', 'POST', `/api/projects/${p.id}/types`, { name: ' ' })).status).toBe(422);
    const custom = await w.as<ProjectTaskAnswer>('pm', 'POST', `/api/projects/${p.id}/tasks/custom`, { name: 'Forecourt photo shoot', project_task_type_id: made.body.group.id, due_date: addDays(today(), 12), milestone: true });
    expect((await w.as('pm', 'DELETE', `/api/projects/${p.id}/types/${made.body.group.id}`)).status).toBe(409);

    const master = await w.as<{ group: { task_type_id: number }; message: string }>('pm', 'PUT', `/api/projects/${p.id}/types/${made.body.group.id}`, { master: true });
    expect(master.status).toBe(200);
    expect(master.body.message).toBe('Marked as master');
    const [type] = await db().select().from(taskTypes).where(eq(taskTypes.id, master.body.group.task_type_id));
    expect(type.name).toBe('Photography');
    const [template] = await db().select().from(tasks).where(and(eq(tasks.taskTypeId, type.id), eq(tasks.name, 'Forecourt photo shoot')));
    expect(template).toMatchObject({ projectTypes: ['other'], dueDays: 12, milestone: true });
    const [copy] = await db().select().from(projectTasks).where(eq(projectTasks.id, custom.body.task.id));
    expect(copy).toMatchObject({ taskId: template.id, custom: false });
    // A later project of the type gets the group and its task.
    const later = await freshProject();
    expect(later.task_types.map((g) => g.name)).toContain('Photography');
    expect((await board(later)).some((t) => t.name === 'Forecourt photo shoot' && t.due_date === addDays(today(), 12))).toBe(true);

    const empty = await w.as<{ group: { id: number } }>('pm', 'POST', `/api/projects/${p.id}/types`, { name: 'Spare' });
    const renamed = await w.as<{ group: { name: string }; message: string }>('pm', 'PUT', `/api/projects/${p.id}/types/${empty.body.group.id}`, { name: 'Spare group' });
    expect(renamed.body).toMatchObject({ message: 'Type Updated', group: { name: 'Spare group' } });
    expect((await w.as('pm', 'PUT', `/api/projects/${p.id}/types/${empty.body.group.id}`, {})).status).toBe(422);
    expect((await w.as<{ message: string }>('pm', 'DELETE', `/api/projects/${p.id}/types/${empty.body.group.id}`)).body.message).toBe('Type Deleted');
    expect((await w.as('pm', 'DELETE', `/api/projects/${p.id}/types/${empty.body.group.id}`)).status).toBe(404);
    expect((await w.as('viewer', 'POST', `/api/projects/${p.id}/types`, { name: 'Nope' })).status).toBe(403);
    expect((await w.as('dealer2', 'GET', `/api/projects/${p.id}/types`)).status).toBe(403);
  });

  it("marking as master rewrites every company's templates: it needs 'edit tasks' besides 'edit projects' (403, nothing written)", async () => {
    const p = await freshProject();
    // The editor: a Demo Motors member whose role holds exactly 'edit projects'.
    const group = await w.as<{ group: { id: number } }>('editor', 'POST', `/api/projects/${p.id}/types`, { name: 'Editor only group' });
    expect(group.status).toBe(201);
    const custom = await w.as<ProjectTaskAnswer>('editor', 'POST', `/api/projects/${p.id}/tasks/custom`, { name: 'Editor custom task', project_task_type_id: group.body.group.id, due_date: addDays(today(), 5) });
    expect(custom.status).toBe(201);
    const refused = await w.as<ErrorBody>('editor', 'PUT', `/api/projects/${p.id}/types/${group.body.group.id}`, { master: true });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(serverMessages.projects.master_needs_edit_tasks);
    // With a rename in the same call: refused as a whole.
    expect((await w.as('editor', 'PUT', `/api/projects/${p.id}/types/${group.body.group.id}`, { master: true, name: 'Renamed on the way' })).status).toBe(403);
    expect(await db().select().from(taskTypes).where(eq(taskTypes.name, 'Editor only group'))).toEqual([]);
    expect(await db().select().from(tasks).where(eq(tasks.name, 'Editor custom task'))).toEqual([]);
    expect((await w.as<Array<{ id: number; name: string; task_type_id: number | null }>>('editor', 'GET', `/api/projects/${p.id}/types`)).body.find((g) => g.id === group.body.group.id)).toMatchObject({ name: 'Editor only group', task_type_id: null });
    // Renaming alone stays 'edit projects'.
    expect((await w.as('editor', 'PUT', `/api/projects/${p.id}/types/${group.body.group.id}`, { name: 'Editor group' })).status).toBe(200);
    // A role holding exactly 'edit projects' and 'edit tasks' (in the same company) marks it.
    await userWithRole(w.server, 'master@projects.test', 'Project and Task Editor', ['edit projects', 'edit tasks'], await hashPassword(DEMO_PASSWORD), 'Demo Motors');
    const { token } = await login(w.server, 'master@projects.test');
    const master = await call<{ group: { task_type_id: number }; message: string }>(w.server, 'PUT', `/api/projects/${p.id}/types/${group.body.group.id}`, { token, body: { master: true } });
    expect(master.status).toBe(200);
    expect(master.body.message).toBe('Marked as master');
    expect(await db().select().from(tasks).where(and(eq(tasks.taskTypeId, master.body.group.task_type_id), eq(tasks.name, 'Editor custom task')))).toHaveLength(1);
  });
});
