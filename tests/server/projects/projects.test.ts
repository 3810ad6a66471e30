// The projects core on a real server and database (issue 28): the demo projects, the list with
// its filters and sorts, create (templates copied into the first stage, due dates from the start),
// the profile, update (stale version 409, a manager's status and RAG), delete, the dealer's
// summary, tenancy and the permission matrix over demo and custom roles, and bad input.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_STATUSES, RAG_STATUSES } from '../../../contract/projects';
import type { DealerProject } from '../../../contract/tracker';
import { configs, projects, projectTasks, tasks } from '../../../server/db/schema';
import { projectNamed, projectsWorld, type ErrorBody, type ProjectDetail, type ProjectListItem, type ProjectsWorld, type Who } from './projects-world';
import { addDays } from '../../../contract/days';

let w: ProjectsWorld;
let motors: number;
let harbour: number;
let motorsProject: ProjectDetail;
beforeAll(async () => {
  w = await projectsWorld();
  motors = await w.companyId('Demo Motors');
  harbour = await w.companyId('Harbour Cars');
  const seeded = await projectNamed(w, 'Demo Motors website launch');
  motorsProject = (await w.as('admin', 'GET', `/api/projects/${seeded.id}`)).body;
});
afterAll(async () => {
  await w?.close();
});

const db = () => w.server.database.db;
const list = (who: Who, query: Record<string, unknown> = {}) => {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  return w.as<ProjectListItem[] & ErrorBody>(who, 'GET', `/api/projects?${search}`);
};
const create = (who: Who, body: Record<string, unknown>) => w.as<ProjectDetail & { message: string } & ErrorBody>(who, 'POST', '/api/projects', body);

describe('demo projects', () => {
  it('are twenty, across companies, with every status and RAG colour, and Demo Motors linked to its config and agreement', async () => {
    const rows = await db().select().from(projects);
    expect(rows.length).toBe(20);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(PROJECT_STATUSES));
    expect(new Set(rows.map((r) => r.rag))).toEqual(new Set(RAG_STATUSES));
    expect(new Set(rows.map((r) => r.companyId)).size).toBeGreaterThanOrEqual(15);
    expect(new Set(rows.map((r) => r.completePercentage)).size).toBeGreaterThan(8);
    expect(motorsProject).toMatchObject({
      company_name: 'Demo Motors',
      config: { name: 'Demo Motors website' },
      agreement: { name: 'Demo Motors website launch', stage: 'sent' },
      project_manager: { name: 'Pat Project' },
      account_manager: { name: 'Andy Account' },
    });
    expect(motorsProject.contacts.map((c) => [c.role, c.email])).toEqual([['project_manager', 'pm@demo.test'], ['account_manager', 'am@demo.test']]);
    expect(rows.some((r) => r.tasksTotal > 0 && r.tasksDone === r.tasksTotal && r.status === 'live')).toBe(true);
    const overdue = (await list('admin', { range: [0, 99] })).body.filter((p) => p.overdue_tasks > 0);
    expect(overdue.length).toBeGreaterThan(2);
  });
});

describe('GET /api/projects', () => {
  it('lists with Content-Range, every field, most recently changed first', async () => {
    const r = await list('admin', { range: [0, 4] });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-range')).toMatch(/^projects 0-4\/\d+$/);
    const times = r.body.map((p) => p.updated_at);
    expect(times).toEqual([...times].sort().reverse());
    const row = r.body[0];
    for (const key of ['id', 'guid', 'name', 'company_id', 'company_name', 'project_type', 'status', 'rag', 'complete_percentage', 'tasks_done', 'tasks_total', 'start_date', 'launch_date', 'project_manager', 'account_manager', 'counts', 'next_due', 'overdue_tasks', 'updated_at']) {
      expect(row).toHaveProperty(key);
    }
  });

  it('filters by status (one or a list), rag, manager, company, type and search, and sorts', async () => {
    const live = await list('admin', { filter: { status: 'live' }, range: [0, 99] });
    expect(live.body.length).toBeGreaterThan(0);
    expect(live.body.every((p) => p.status === 'live' && p.complete_percentage === 100)).toBe(true);
    const two = await list('admin', { filter: { status: ['live', 'archived'] }, range: [0, 99] });
    expect(new Set(two.body.map((p) => p.status))).toEqual(new Set(['live', 'archived']));
    expect((await list('admin', { filter: { rag: 'red' } })).body.every((p) => p.rag === 'red')).toBe(true);
    const pm = await w.userId('pm@demo.test');
    expect((await list('admin', { filter: { manager_id: pm }, range: [0, 99] })).body.length).toBe(20);
    expect((await list('admin', { filter: { company_id: motors } })).body.map((p) => p.name)).toEqual(['Demo Motors website launch']);
    expect((await list('admin', { q: 'demo motors' })).body.map((p) => p.company_id)).toEqual([motors]);
    expect((await list('admin', { filter: { project_type: 'leasing' } })).body.every((p) => p.project_type === 'leasing')).toBe(true);
    const byPct = (await list('admin', { sort: ['complete_percentage', 'ASC'], range: [0, 99] })).body.map((p) => p.complete_percentage);
    expect(byPct).toEqual([...byPct].sort((a, b) => a - b));
    const byName = (await list('admin', { sort: ['name', 'DESC'], range: [0, 99] })).body.map((p) => p.name);
    expect(byName[0] > byName[byName.length - 1]).toBe(true);
  });

  it('answers a bad filter, sort or range with 400', async () => {
    for (const query of [{ filter: { status: 'done' } }, { filter: { colour: 'red' } }, { sort: ['secret', 'ASC'] }, { range: [5, 1] }, { filter: { rag: ['red', 'pink'] } }]) {
      const r = await list('admin', query);
      expect(r.status, JSON.stringify(query)).toBe(400);
      expect(r.body.message).toBe('The list query is not valid.');
    }
  });
});

describe('POST /api/projects', () => {
  it("copies the project type's templates into the first stage with due dates from the start, and names it", async () => {
    const r = await create('pm', { company_id: harbour, project_type: 'leasing', start_date: '2026-01-10', launch_date: '2026-06-01', project_manager_id: await w.userId('pm@demo.test') });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ message: 'Project Created', name: 'Harbour Cars Leasing', company_id: harbour, status: 'pre-project', version: expect.any(Number) });
    const templates = await db().select().from(tasks);
    const expected = templates.filter((t) => t.projectTypes.length === 0 || t.projectTypes.includes('leasing'));
    const copied = await db().select().from(projectTasks).where(eq(projectTasks.projectId, r.body.id));
    expect(copied.length).toBe(expected.length);
    expect(r.body.tasks_total).toBe(expected.length);
    expect(new Set(copied.map((t) => t.stageId))).toEqual(new Set([w.board.first]));
    expect(copied.map((t) => t.position).sort((a, b) => a - b)).toEqual(copied.map((_, i) => i + 1));
    for (const t of copied) {
      const template = expected.find((x) => x.id === t.taskId)!;
      expect(t.dueDate).toBe(template.dueDays === null ? null : addDays('2026-01-10', template.dueDays));
      expect(t.milestone).toBe(template.milestone);
      expect(t.trigger).toBe(template.trigger);
    }
    expect(r.body.task_types.reduce((n, g) => n + g.tasks_total, 0)).toBe(expected.length);
    // Started in January with nothing done: overdue, red.
    expect(r.body.rag).toBe('red');
  });

  it('completes a triggered task at once when the agreement is already signed', async () => {
    const agreement = (await w.as<Array<{ id: number; stage: string }>>('admin', 'GET', `/api/companies/${harbour}/agreements`)).body.find((a) => a.stage === 'signed')!;
    const r = await create('admin', { company_id: harbour, project_type: 'independent', agreement_id: agreement.id });
    expect(r.status).toBe(201);
    const board = (await w.as<Array<{ trigger: string | null; stage_id: number; completed_at: string | null }>>('admin', 'GET', `/api/projects/${r.body.id}/tasks`)).body;
    const triggered = board.filter((t) => t.trigger === 'agreement_signed');
    expect(triggered.length).toBeGreaterThan(0);
    expect(triggered.every((t) => t.stage_id === w.board.done && t.completed_at)).toBe(true);
    expect(board.filter((t) => t.trigger !== 'agreement_signed').every((t) => t.stage_id === w.board.first)).toBe(true);
    expect(r.body).toMatchObject({ status: 'active', tasks_done: triggered.length, complete_percentage: Math.round((100 * triggered.length) / board.length) });
  });

  it('refuses a manager who is not staff, another company\'s config or agreement, an unknown company and bad dates (422, nothing stored)', async () => {
    const before = (await db().select().from(projects)).length;
    const dealer = await w.userId('dealer@demo.test');
    const [harbourConfig] = await db().select().from(configs).where(eq(configs.companyId, harbour));
    const motorsAgreement = motorsProject.agreement!.id;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ company_id: motors, project_type: 'stock', project_manager_id: dealer }, 'project_manager_id', 'The user must be a member of staff.'],
      [{ company_id: motors, project_type: 'stock', account_manager_id: dealer }, 'account_manager_id', 'The user must be a member of staff.'],
      [{ company_id: motors, project_type: 'stock', project_manager_id: 999999 }, 'project_manager_id', 'The user must be a member of staff.'],
      [{ company_id: harbour, project_type: 'stock', agreement_id: motorsAgreement }, 'agreement_id', "The agreement must be one of the company's."],
      [{ company_id: 999999, project_type: 'stock' }, 'company_id', 'Please choose an existing company.'],
      [{ company_id: motors, project_type: 'stock', start_date: '2026-02-30' }, 'start_date', 'Must be a valid date (YYYY-MM-DD).'],
      [{ company_id: motors, project_type: 'stock', start_date: '2026-05-01', launch_date: '2026-04-01' }, 'launch_date', 'The launch date cannot be before the start date.'],
    ];
    if (harbourConfig) cases.push([{ company_id: motors, project_type: 'stock', config_id: harbourConfig.id }, 'config_id', "The config must be one of the company's."]);
    else cases.push([{ company_id: harbour, project_type: 'stock', config_id: motorsProject.config!.id }, 'config_id', "The config must be one of the company's."]);
    for (const [body, field, detail] of cases) {
      const r = await create('admin', body);
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.body.errors).toContainEqual({ detail, field });
    }
    for (const body of [{ company_id: motors }, { company_id: motors, project_type: 'spaceship' }, { company_id: motors, project_type: 'stock', colour: 'red' }, { company_id: motors, project_type: 'stock', start_date: 'tomorrow' }]) {
      expect((await create('admin', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await db().select().from(projects)).length).toBe(before);
  });
});

describe('GET, PUT and DELETE /api/projects/{id}', () => {
  it('gives the profile by id or guid with links, meta, contacts, groups and the next five open tasks', async () => {
    const byGuid = await w.as('pm', 'GET', `/api/projects/${motorsProject.guid}`);
    expect(byGuid.status).toBe(200);
    expect(byGuid.body.id).toBe(motorsProject.id);
    expect(motorsProject.meta).toEqual({ crm: 'Salesforce', domain: 'demo-motors.example' });
    expect(motorsProject.next_due.length).toBe(5);
    const dues = motorsProject.next_due.map((t) => t.due_date!);
    expect(dues).toEqual([...dues].sort());
    expect(motorsProject.task_types.length).toBeGreaterThan(0);
    expect((await w.as('admin', 'GET', '/api/projects/999999')).status).toBe(404);
    // The list row agrees with the board: the next due task, the overdue count.
    const row = (await list('admin', { filter: { id: motorsProject.id } })).body[0];
    expect(row.next_due).toEqual(motorsProject.next_due[0]);
    const board = (await w.as<Array<{ overdue: boolean; stage_id: number }>>('admin', 'GET', `/api/projects/${motorsProject.id}/tasks`)).body;
    expect(row.overdue_tasks).toBe(board.filter((t) => t.overdue).length);
    expect(row.overdue_tasks).toBeGreaterThan(0);
    expect(row.tasks_done).toBe(board.filter((t) => t.stage_id === w.board.done).length);
  });

  it('updates, refuses a stale version with 409, and keeps a manager status and RAG until changed', async () => {
    const made = (await create('pm', { company_id: motors, project_type: 'other', launch_date: addDays(new Date().toISOString().slice(0, 10), 200) })).body;
    const put = (body: Record<string, unknown>) => w.as<ProjectDetail & { message: string } & ErrorBody>('pm', 'PUT', `/api/projects/${made.id}`, body);
    const r = await put({ name: 'Renamed launch', meta: { crm: 'HubSpot' }, version: made.version });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ message: 'Project Updated', name: 'Renamed launch', meta: { crm: 'HubSpot' } });
    expect(r.body.version).toBeGreaterThan(made.version);
    const stale = await put({ name: 'Lost update', version: made.version });
    expect(stale.status).toBe(409);
    expect(stale.body.version).toBe(r.body.version);
    expect((await w.as('admin', 'GET', `/api/projects/${made.id}`)).body.name).toBe('Renamed launch');
    const held = await put({ status: 'on hold', rag_manual: 'red' });
    expect(held.body).toMatchObject({ status: 'on hold', rag: 'red', rag_manual: 'red' });
    // A task move does not take it off hold, nor change the manager's colour.
    const task = (await w.as<Array<{ id: number }>>('pm', 'GET', `/api/projects/${made.id}/tasks`)).body[0];
    const moved = await w.as<{ project: { status: string; rag: string } }>('pm', 'PUT', `/api/projects/${made.id}/tasks/${task.id}`, { stage_id: w.board.done, position: 1 });
    expect(moved.body.project).toMatchObject({ status: 'on hold', rag: 'red' });
    // Back to the tasks: active (a task is done), the computed colour (green: nothing overdue, launch far away).
    const resumed = await put({ status: 'active', rag_manual: null });
    expect(resumed.body).toMatchObject({ status: 'active', rag: 'green', rag_manual: null });
  });

  it('completes the triggered tasks when an already signed agreement is linked later', async () => {
    const made = (await create('pm', { company_id: harbour, project_type: 'independent' })).body;
    expect(made.tasks_done).toBe(0);
    const agreement = (await w.as<Array<{ id: number; stage: string }>>('admin', 'GET', `/api/companies/${harbour}/agreements`)).body.find((a) => a.stage === 'signed')!;
    const r = await w.as<ProjectDetail>('pm', 'PUT', `/api/projects/${made.id}`, { agreement_id: agreement.id });
    expect(r.body.agreement).toMatchObject({ id: agreement.id, stage: 'signed' });
    expect(r.body.tasks_done).toBeGreaterThan(0);
    expect(r.body.status).toBe('active');
  });

  it('refuses bad updates with 422 naming the field', async () => {
    const dealer = await w.userId('dealer@demo.test');
    for (const [body, field] of [
      [{ name: '  ' }, 'name'],
      [{ project_manager_id: dealer }, 'project_manager_id'],
      [{ launch_date: '2000-01-01' }, 'launch_date'],
      [{ agreement_id: 999999 }, 'agreement_id'],
    ] as const) {
      const r = await w.as<ErrorBody>('pm', 'PUT', `/api/projects/${motorsProject.id}`, body);
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.body.errors?.[0].field).toBe(field);
    }
  });

  it('deletes a project with its tasks', async () => {
    const made = (await create('admin', { company_id: motors, project_type: 'stock' })).body;
    expect((await w.as('pm', 'DELETE', `/api/projects/${made.id}`)).body).toMatchObject({ id: made.id, message: 'Project Deleted' });
    expect((await w.as('pm', 'GET', `/api/projects/${made.id}`)).status).toBe(404);
    expect(await db().select().from(projectTasks).where(eq(projectTasks.projectId, made.id))).toEqual([]);
  });
});

describe('GET /api/companies/{id}/projects (the dealer summary)', () => {
  it("gives the dealer their company's projects: status, percentage, milestones, contacts and nothing internal", async () => {
    const r = await w.as<DealerProject[]>('dealer', 'GET', `/api/companies/${motors}/projects`);
    expect(r.status).toBe(200);
    const p = r.body.find((x) => x.id === motorsProject.id)!;
    expect(p).toMatchObject({ name: 'Demo Motors website launch', status: motorsProject.status, complete_percentage: motorsProject.complete_percentage, launch_date: motorsProject.launch_date });
    expect(Object.keys(p).sort()).toEqual(['complete_percentage', 'contacts', 'guid', 'id', 'launch_date', 'name', 'next_milestones', 'project_type', 'start_date', 'status']);
    expect(p.contacts.map((c) => c.email)).toEqual(['pm@demo.test', 'am@demo.test']);
    expect(p.next_milestones.length).toBeGreaterThan(0);
    expect(r.text).not.toMatch(/meta|rag|variation|risk|note|Salesforce/i);
  });

  it('is 404 for another company, and for a company that does not exist', async () => {
    expect((await w.as('dealer2', 'GET', `/api/companies/${motors}/projects`)).status).toBe(404);
    expect((await w.as('dealer', 'GET', '/api/companies/999999/projects')).status).toBe(404);
    expect((await w.as('dealer2', 'GET', `/api/companies/${harbour}/projects`)).status).toBe(200);
    expect((await w.as('anonymous', 'GET', `/api/companies/${motors}/projects`)).status).toBe(401);
  });
});

describe('permissions and tenancy', () => {
  const reads: Who[] = ['admin', 'pm', 'am', 'dev', 'viewer', 'editor', 'client'];
  it("reads with 'view projects' or 'edit projects' only", async () => {
    const expected: Record<Who, number> = { admin: 200, pm: 200, am: 200, dev: 200, viewer: 200, editor: 200, client: 200, creator: 403, dealer: 403, dealer2: 403, anonymous: 401 };
    for (const who of Object.keys(expected) as Who[]) {
      expect((await list(who)).status, who).toBe(expected[who]);
      expect((await w.as(who, 'GET', `/api/projects/${motorsProject.id}`)).status, who).toBe(expected[who]);
      expect((await w.as(who, 'GET', `/api/projects/${motorsProject.id}/tasks`)).status, who).toBe(expected[who]);
      expect((await w.as(who, 'GET', `/api/projects/${motorsProject.id}/types`)).status, who).toBe(expected[who]);
    }
    expect(reads.length).toBe(7);
  });

  it("writes with 'edit projects', creates with 'create projects'", async () => {
    const writers: Record<Who, number> = { admin: 200, pm: 200, editor: 200, am: 403, dev: 403, viewer: 403, creator: 403, client: 403, dealer: 403, dealer2: 403, anonymous: 401 };
    for (const who of Object.keys(writers) as Who[]) {
      expect((await w.as(who, 'PUT', `/api/projects/${motorsProject.id}`, { meta: { crm: 'Salesforce', domain: 'demo-motors.example' } })).status, who).toBe(writers[who]);
    }
    const creators: Record<Who, number> = { admin: 201, pm: 201, creator: 201, am: 403, dev: 403, viewer: 403, editor: 403, client: 403, dealer: 403, dealer2: 403, anonymous: 401 };
    for (const who of Object.keys(creators) as Who[]) {
      expect((await create(who, { company_id: harbour, project_type: 'other' })).status, who).toBe(creators[who]);
    }
  });

  it("holds a client role given 'view projects' to its own company's projects", async () => {
    const mine = await list('client', { range: [0, 99] });
    expect(mine.body.length).toBeGreaterThan(0);
    expect(mine.body.every((p) => p.company_id === motors)).toBe(true);
    const other = (await list('admin', { filter: { company_id: harbour } })).body[0];
    expect((await w.as('client', 'GET', `/api/projects/${other.id}`)).status).toBe(404);
    expect((await w.as('client', 'GET', `/api/projects/${other.id}/tasks`)).status).toBe(404);
    expect((await w.as('client', 'GET', `/api/companies/${harbour}/projects`)).status).toBe(404);
  });
});
