// The dashboards' API (issue 29) on a real server and database: GET /dashboard's widgets against a
// fixture built here (two companies of our own, their projects, tasks, variations, configs and
// revisions), each widget only with its permission, held to the viewer's companies (custom roles
// made here), and GET /dashboard/companies/{id}'s sections by permission and tenancy.
import { asc, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyDashboard, StaffDashboard } from '../../../contract/dashboard';
import { hashPassword } from '../../../server/auth/auth.passwords';
import {
  companies,
  companyUsers,
  configMeta,
  configRevisions,
  configs,
  permissions,
  projects,
  projectTasks,
  projectTaskTypes,
  rolePermissions,
  roles,
  taskStages,
  userRoles,
  users,
  variations,
} from '../../../server/db/schema';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../../support/server';
import { call, login } from '../helpers';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

type Who = 'admin' | 'dealer' | 'tracker' | 'approver' | 'unflagged' | 'reviewer' | 'plain';
let server: TestServer;
const tokens: Partial<Record<Who, string>> = {};
const ids: Record<string, number> = {};
const as = <T>(who: Who | 'anonymous', path: string) => call<T>(server, 'GET', path, { token: who === 'anonymous' ? undefined : tokens[who] });
const dashboard = (who: Who | 'anonymous') => as<StaffDashboard & { message?: string }>(who, '/api/dashboard');
const company = (who: Who, id: number | string) => as<CompanyDashboard & { message?: string }>(who, `/api/dashboard/companies/${id}`);

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const hash = await hashPassword(DEMO_PASSWORD);
  const [x, y] = await db
    .insert(companies)
    .values([{ name: 'Dashboard Fixture Ltd' }, { name: 'Other Fixture Ltd' }])
    .returning({ id: companies.id });
  ids.x = x.id;
  ids.y = y.id;

  // Custom roles: roles are data, so the widgets follow permissions, never role names.
  async function person(who: Who, granted: string[], company?: number, focApprover = false) {
    const [role] = await db.insert(roles).values({ name: `Dashboard ${who}` }).returning({ id: roles.id });
    const found = await db.select().from(permissions).where(inArray(permissions.name, granted));
    expect(found.length).toBe(granted.length);
    if (found.length) await db.insert(rolePermissions).values(found.map((p) => ({ roleId: role.id, permissionId: p.id })));
    const [user] = await db.insert(users).values({ email: `${who}@dashboard.test`, name: `Dash ${who}`, passwordHash: hash, focApprover }).returning({ id: users.id });
    await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
    if (company) await db.insert(companyUsers).values({ companyId: company, userId: user.id });
    ids[who] = user.id;
  }
  await person('tracker', ['view projects'], x.id);
  await person('approver', ['approve project tasks'], x.id, true);
  await person('unflagged', ['approve project tasks'], x.id, false);
  await person('reviewer', ['manage configs']);
  await person('plain', ['list users']);

  // Projects: P1 red (tracker is PM), P2 (tracker is AM), P3 archived and P5 in Y (tracker is PM), P4 nobody's.
  const base = { projectType: 'independent' as const, startDate: day(-30) };
  const made = await db
    .insert(projects)
    .values([
      { ...base, companyId: x.id, name: 'Fixture launch one', status: 'active', rag: 'red', completePercentage: 40, launchDate: day(20), projectManagerId: ids.tracker },
      { ...base, companyId: x.id, name: 'Fixture launch two', status: 'pre-project', rag: 'green', launchDate: day(60), accountManagerId: ids.tracker },
      { ...base, companyId: x.id, name: 'Fixture launch archived', status: 'archived', rag: 'green', projectManagerId: ids.tracker },
      { ...base, companyId: x.id, name: 'Fixture launch unmanaged', status: 'active', rag: 'amber' },
      { ...base, companyId: y.id, name: 'Other fixture launch', status: 'active', rag: 'green', projectManagerId: ids.tracker },
    ])
    .returning({ id: projects.id });
  [ids.p1, ids.p2, ids.p3, ids.p4, ids.p5] = made.map((p) => p.id);

  let stages = await db.select().from(taskStages).orderBy(asc(taskStages.position));
  if (!stages.some((s) => s.isDone)) {
    await db.insert(taskStages).values([
      { name: 'Dash to do', position: 91 },
      { name: 'Dash done', position: 92, isDone: true },
    ]);
    stages = await db.select().from(taskStages).orderBy(asc(taskStages.position));
  }
  const open = stages.find((s) => !s.isDone)!.id;
  const done = stages.find((s) => s.isDone)!.id;
  const groups = await db
    .insert(projectTaskTypes)
    .values([ids.p1, ids.p2, ids.p4, ids.p5, ids.p3].map((projectId) => ({ projectId, name: 'Fixture group', position: 1 })))
    .returning({ id: projectTaskTypes.id, projectId: projectTaskTypes.projectId });
  const group = (projectId: number) => groups.find((g) => g.projectId === projectId)!.id;
  const task = (projectId: number, name: string, dueDate: string, extra: Partial<typeof projectTasks.$inferInsert> = {}) => ({
    projectId, projectTaskTypeId: group(projectId), name, dueDate, stageId: open, position: 1, ...extra,
  });
  await db.insert(projectTasks).values([
    task(ids.p1, 'Overdue milestone', day(-2), { milestone: true }),
    task(ids.p1, 'Due in three days', day(3)),
    task(ids.p1, 'Due in ten days', day(10)),
    task(ids.p1, 'Done already', day(-5), { stageId: done, completedAt: new Date() }),
    task(ids.p2, 'Due today', day(0)),
    task(ids.p4, 'Assigned to tracker', day(1), { assigneeId: ids.tracker }),
    task(ids.p4, 'Assigned to nobody', day(1)),
    task(ids.p3, 'Of an archived project', day(1)),
    task(ids.p5, 'Of another company', day(1)),
  ]);

  const variation = { type: 'other' as const, totalEffort: 1, costImpact: 100, focCost: 50 };
  await db.insert(variations).values([
    { ...variation, projectId: ids.p1, title: 'Waits for approver', status: 'pending', raisedBy: ids.tracker },
    { ...variation, projectId: ids.p1, title: 'Raised by approver', status: 'pending', raisedBy: ids.approver },
    { ...variation, projectId: ids.p1, title: 'Already approved', status: 'approved', raisedBy: ids.tracker },
    { ...variation, projectId: ids.p5, title: 'Of another company', status: 'pending', raisedBy: ids.tracker },
  ]);

  // Configs of X: one with a submitted stage (and a submitted state of a stage no longer enabled), one completed.
  const [waiting, finished] = await db
    .insert(configs)
    .values([
      { name: 'Fixture config waiting', companyId: x.id, designType: 'template', stages: ['company-information', 'locations'], progress: 20 },
      { name: 'Fixture config finished', companyId: x.id, designType: 'template', stages: ['company-information'], progress: 100 },
    ])
    .returning({ id: configs.id });
  ids.waiting = waiting.id;
  ids.finished = finished.id;
  await db.insert(configMeta).values([
    { configId: waiting.id, metaKey: 'stage_state_company-information', metaValue: 'submitted' },
    { configId: waiting.id, metaKey: 'stage_state_branding', metaValue: 'submitted' },
    { configId: waiting.id, metaKey: 'stage_state_locations', metaValue: 'draft' },
    { configId: finished.id, metaKey: 'stage_state_company-information', metaValue: 'completed' },
  ]);
  await db.insert(configRevisions).values([
    { configId: waiting.id, version: 2, userId: ids.tracker, stage: 'company-information', action: 'save', oldState: 'draft', newState: 'submitted' },
    { configId: finished.id, version: 2, userId: null, stage: 'company-information', action: 'save', oldState: 'submitted', newState: 'completed' },
  ]);

  await Promise.all(
    (['admin', 'dealer', 'tracker', 'approver', 'unflagged', 'reviewer', 'plain'] as const).map(async (who) => {
      const email = who === 'admin' ? 'admin@demo.test' : who === 'dealer' ? 'dealer@demo.test' : `${who}@dashboard.test`;
      tokens[who] = (await login(server, email)).token;
    }),
  );
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/dashboard', () => {
  it('needs a session', async () => {
    expect((await dashboard('anonymous')).status).toBe(401);
  });

  it("gives 'view projects' my projects and tasks due, of my companies only, and nothing else", async () => {
    const r = await dashboard('tracker');
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['my_projects', 'tasks_due']);
    // Red first; archived and another company's project left out; my role named.
    expect(r.body.my_projects).toEqual({
      total: 2,
      rows: [
        { id: ids.p1, name: 'Fixture launch one', company: { id: ids.x, name: 'Dashboard Fixture Ltd' }, status: 'active', rag: 'red', complete_percentage: 40, launch_date: day(20), overdue_tasks: 1, my_role: 'project_manager' },
        { id: ids.p2, name: 'Fixture launch two', company: { id: ids.x, name: 'Dashboard Fixture Ltd' }, status: 'pre-project', rag: 'green', complete_percentage: 0, launch_date: day(60), overdue_tasks: 0, my_role: 'account_manager' },
      ],
    });
    // Overdue or due within seven days, open, of my projects or assigned to me; earliest first.
    expect(r.body.tasks_due?.total).toBe(4);
    expect(r.body.tasks_due?.rows.map((t) => [t.name, t.due_date, t.overdue])).toEqual([
      ['Overdue milestone', day(-2), true],
      ['Due today', day(0), false],
      ['Assigned to tracker', day(1), false],
      ['Due in three days', day(3), false],
    ]);
    expect(r.body.tasks_due?.rows[0]).toMatchObject({ milestone: true, project: { id: ids.p1, name: 'Fixture launch one' }, assignee: null });
    expect(r.body.tasks_due?.rows[2]).toMatchObject({ assignee: 'Dash tracker', project: { id: ids.p4 } });
  });

  it('shows a foc_approver the variations waiting for them: pending, not raised by them, of their companies', async () => {
    const r = await dashboard('approver');
    expect(Object.keys(r.body)).toEqual(['approvals']);
    expect(r.body.approvals?.total).toBe(1);
    expect(r.body.approvals?.rows[0]).toMatchObject({ title: 'Waits for approver', type: 'other', project: { id: ids.p1 }, company: { id: ids.x }, raised_by: 'Dash tracker' });
    // The same permission without the flag: nothing waits for them, so no widget.
    expect((await dashboard('unflagged')).body).toEqual({});
  });

  it("gives 'manage configs' the configs waiting for review (enabled stages submitted) and the recent activity", async () => {
    const r = await dashboard('reviewer');
    expect(Object.keys(r.body).sort()).toEqual(['activity', 'review']);
    const mine = r.body.review?.rows.find((c) => c.id === ids.waiting);
    expect(r.body.review?.rows.some((c) => c.id === ids.finished)).toBe(false);
    if (mine) expect(mine).toMatchObject({ name: 'Fixture config waiting', company: { id: ids.x }, stages: ['company-information'] });
    // The total counts every waiting config, the list shows the first ten.
    expect(r.body.review!.total).toBeGreaterThanOrEqual(1);
    expect(r.body.review!.rows.length).toBe(Math.min(10, r.body.review!.total));
    const all = (await server.database.db.select({ id: configs.id }).from(configs)).length;
    expect(r.body.review!.total).toBeLessThanOrEqual(all);
    // The newest revisions first: ours were written last.
    expect(r.body.activity?.rows.slice(0, 2).map((a) => [a.config.id, a.new_state, a.user])).toEqual([
      [ids.finished, 'completed', null],
      [ids.waiting, 'submitted', 'Dash tracker'],
    ]);
  });

  it('gives a user holding none of the widgets’ permissions an empty dashboard', async () => {
    const r = await dashboard('plain');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({});
  });

  it("holds a dealer's recent activity to their own company", async () => {
    const r = await dashboard('dealer');
    expect(Object.keys(r.body)).toEqual(['activity']);
    expect(r.body.activity!.rows.length).toBeGreaterThan(0);
    expect(new Set(r.body.activity!.rows.map((a) => a.company.name))).toEqual(new Set(['Demo Motors']));
  });

  it('gives the administrator every widget', async () => {
    const r = await dashboard('admin');
    expect(Object.keys(r.body).sort()).toEqual(['activity', 'approvals', 'my_projects', 'review', 'tasks_due']);
    // Every company: the waiting fixture config is counted among the waiting ones.
    const admin = r.body;
    expect(admin.review!.total).toBe((await dashboard('reviewer')).body.review!.total);
  });
});

describe('GET /api/dashboard/companies/{id}', () => {
  it("gives staff the company's configs, agreements, projects, users and recent changes", async () => {
    const r = await company('admin', ids.x);
    expect(r.status).toBe(200);
    expect(r.body.company).toMatchObject({ id: ids.x, name: 'Dashboard Fixture Ltd' });
    expect(r.body.configs?.map((c) => [c.name, c.progress, c.submitted])).toEqual([
      ['Fixture config finished', 100, 0],
      ['Fixture config waiting', 20, 1],
    ]);
    expect(r.body.agreements).toEqual([]);
    // Archived left out; by launch date, the undated last.
    expect(r.body.projects?.map((p) => [p.name, p.overdue_tasks, p.next_due?.name ?? null])).toEqual([
      ['Fixture launch one', 1, 'Overdue milestone'],
      ['Fixture launch two', 0, 'Due today'],
      ['Fixture launch unmanaged', 0, 'Assigned to tracker'],
    ]);
    expect(r.body.projects?.[0]).toMatchObject({ project_manager: 'Dash tracker', account_manager: null, rag: 'red' });
    expect(r.body.users?.map((u) => u.email).sort()).toEqual(['approver@dashboard.test', 'tracker@dashboard.test', 'unflagged@dashboard.test']);
    expect(r.body.activity?.map((a) => a.config.name)).toEqual(['Fixture config finished', 'Fixture config waiting']);
  });

  it('gives each section only with its permission, and 404 for a company outside the viewer’s', async () => {
    const tracker = await company('tracker', ids.x);
    expect(tracker.status).toBe(200);
    expect(Object.keys(tracker.body).sort()).toEqual(['company', 'projects']);
    expect((await company('tracker', ids.y)).status).toBe(404);
    expect((await company('dealer', ids.x)).status).toBe(404);
    const motors = (await server.database.db.select({ id: companies.id, name: companies.name }).from(companies)).find((c) => c.name === 'Demo Motors')!;
    const own = await company('dealer', motors.id);
    expect(own.status).toBe(200);
    expect(Object.keys(own.body).sort()).toEqual(['activity', 'agreements', 'company', 'configs']);
    expect((await company('admin', 999999)).status).toBe(404);
    expect((await company('admin', 'not-an-id')).status).toBe(404);
  });
});
