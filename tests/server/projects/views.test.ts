// The projects views and the overview (issue 29) on a real server and database: each named view of
// GET /projects against a fixture company whose projects have hand-picked dates relative to today
// (the boundaries of 30 days ahead and 90 days back included), the overview's counts, launches due
// and at-risk order computed by hand from the same fixture, the permission matrix with custom roles,
// tenancy (a custom role sees only its own company's projects), and a bad view answered 400.
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_STATUSES, RAG_STATUSES, type ProjectStatus, type RagStatus } from '../../../contract/projects';
import { PROJECT_VIEWS, type ProjectsOverview, type ProjectView } from '../../../contract/projects-overview';
import { hashPassword } from '../../../server/auth/auth.passwords';
import { companies, companyUsers, permissions, projects, projectTasks, projectTaskTypes, rolePermissions, roles, userRoles, users } from '../../../server/db/schema';
import { DEMO_PASSWORD } from '../../support/server';
import { call, login } from '../helpers';
import { projectsWorld, type ErrorBody, type ProjectListItem, type ProjectsWorld } from './projects-world';

const DAY = 86_400_000;
const today = new Date().toISOString().slice(0, 10);
const day = (offset: number) => new Date(Date.parse(`${today}T00:00:00Z`) + offset * DAY).toISOString().slice(0, 10);
const midnight = (offset: number) => new Date(Date.parse(`${today}T00:00:00Z`) + offset * DAY);

interface Fixture {
  name: string;
  status: ProjectStatus;
  rag: RagStatus;
  launch: string | null;
  wentLive?: Date;
  /** Open tasks due before today; `doneOverdue`: tasks due before today in a done stage (never overdue). */
  overdue?: number;
  doneOverdue?: number;
  pm?: boolean;
  am?: boolean;
  /** The views the project belongs to, decided by hand. */
  views: ProjectView[];
}

// The watcher (a custom role holding only 'view projects', member of the fixture company) manages two of them.
const FIXTURE: Fixture[] = [
  { name: 'Build far', status: 'active', rag: 'green', launch: day(60), pm: true, views: ['in-build', 'mine'] },
  { name: 'Build undated', status: 'active', rag: 'green', launch: null, views: ['in-build'] },
  { name: 'Build day 31', status: 'active', rag: 'green', launch: day(31), views: ['in-build'] },
  { name: 'Launch day 30', status: 'active', rag: 'green', launch: day(30), views: ['launching'] },
  { name: 'Launch soon', status: 'active', rag: 'amber', launch: day(10), overdue: 2, views: ['launching', 'at-risk'] },
  { name: 'Launch late', status: 'active', rag: 'red', launch: day(-5), views: ['launching', 'at-risk'] },
  { name: 'Live recent', status: 'live', rag: 'green', launch: day(-12), wentLive: midnight(-10), am: true, views: ['reviews', 'mine'] },
  { name: 'Live day 90', status: 'live', rag: 'green', launch: day(-95), wentLive: midnight(-90), views: ['reviews'] },
  { name: 'Live day 91', status: 'live', rag: 'green', launch: day(-95), wentLive: new Date(midnight(-90).getTime() - 1000), views: [] },
  { name: 'Hold overdue', status: 'on hold', rag: 'green', launch: day(3), overdue: 1, views: ['at-risk'] },
  { name: 'Pre amber', status: 'pre-project', rag: 'amber', launch: null, views: ['at-risk'] },
  { name: 'Pre done early', status: 'pre-project', rag: 'green', launch: day(45), doneOverdue: 2, views: [] },
  { name: 'Cancelled red', status: 'cancelled', rag: 'red', launch: day(5), overdue: 3, views: [] },
  { name: 'Archived amber', status: 'archived', rag: 'amber', launch: day(-200), views: [] },
];
const OPEN: ProjectStatus[] = ['active', 'on hold', 'pre-project'];

let w: ProjectsWorld;
let fixtureCompany: number;
const ids = new Map<string, number>();
const tokens: Record<'watcher' | 'nobody', string> = { watcher: '', nobody: '' };

async function userWithRole(email: string, roleName: string, granted: string[], company: number) {
  const db = w.server.database.db;
  const [role] = await db.insert(roles).values({ name: roleName }).returning({ id: roles.id });
  const found = await db.select().from(permissions).where(inArray(permissions.name, granted));
  expect(found.length).toBe(granted.length);
  await db.insert(rolePermissions).values(found.map((p) => ({ roleId: role.id, permissionId: p.id })));
  const [user] = await db.insert(users).values({ email, name: roleName, passwordHash: await hashPassword(DEMO_PASSWORD) }).returning({ id: users.id });
  await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  await db.insert(companyUsers).values({ companyId: company, userId: user.id });
  return user.id;
}

beforeAll(async () => {
  w = await projectsWorld();
  const db = w.server.database.db;
  [{ id: fixtureCompany }] = await db.insert(companies).values({ name: 'Views Fixture Motors' }).returning({ id: companies.id });
  const watcher = await userWithRole('watcher@views.test', 'Views Watcher', ['view projects'], fixtureCompany);
  await userWithRole('nobody@views.test', 'Views Nobody', ['view configs', 'view agreements'], fixtureCompany);
  const pm = await w.userId('pm@demo.test');
  for (const f of FIXTURE) {
    const [row] = await db
      .insert(projects)
      .values({
        companyId: fixtureCompany, name: f.name, projectType: 'independent', status: f.status, rag: f.rag, startDate: day(-120), launchDate: f.launch,
        wentLiveAt: f.wentLive ?? null, projectManagerId: f.pm ? watcher : pm, accountManagerId: f.am ? watcher : null,
      })
      .returning({ id: projects.id });
    ids.set(f.name, row.id);
    const tasks = [
      ...Array.from({ length: f.overdue ?? 0 }, (_, i) => ({ stage: w.board.first, due: day(-1 - i), done: false })),
      ...Array.from({ length: f.doneOverdue ?? 0 }, (_, i) => ({ stage: w.board.done, due: day(-1 - i), done: true })),
      // A task due today is not overdue.
      { stage: w.board.first, due: today, done: false },
    ];
    const [group] = await db.insert(projectTaskTypes).values({ projectId: row.id, name: 'Build', position: 1 }).returning({ id: projectTaskTypes.id });
    await db.insert(projectTasks).values(tasks.map((t, i) => ({ projectId: row.id, projectTaskTypeId: group.id, name: `Task ${i + 1}`, stageId: t.stage, position: i + 1, dueDate: t.due, completedAt: t.done ? new Date() : null })));
  }
  tokens.watcher = (await login(w.server, 'watcher@views.test')).token;
  tokens.nobody = (await login(w.server, 'nobody@views.test')).token;
});
afterAll(async () => {
  await w?.close();
});

type Caller = Parameters<ProjectsWorld['as']>[0] | 'watcher' | 'nobody';
const as = <T>(who: Caller, path: string) => (who === 'watcher' || who === 'nobody' ? call<T>(w.server, 'GET', path, { token: tokens[who] }) : w.as<T>(who, 'GET', path));
const list = (who: Caller, filter: Record<string, unknown>, extra: Record<string, string> = {}) =>
  as<ProjectListItem[] & ErrorBody>(who, `/api/projects?${new URLSearchParams({ filter: JSON.stringify(filter), range: '[0,199]', ...extra })}`);
const overview = (who: Caller) => as<ProjectsOverview & ErrorBody>(who, '/api/projects/overview');
const names = (rows: Array<{ name: string }>) => rows.map((r) => r.name).sort();
const fixtureIn = (view: ProjectView) => FIXTURE.filter((f) => f.views.includes(view)).map((f) => f.name).sort();
const total = (r: { headers: Headers }) => Number(r.headers.get('content-range')!.split('/')[1]);

describe('GET /api/projects?filter={"view":...}', () => {
  it.each(PROJECT_VIEWS.filter((v) => v !== 'mine'))('lists the %s view of the fixture', async (view) => {
    const r = await list('admin', { view, company_id: fixtureCompany });
    expect(r.status).toBe(200);
    expect(names(r.body)).toEqual(fixtureIn(view));
  });

  it("'mine' lists the projects the viewer manages (project or account manager)", async () => {
    const r = await list('watcher', { view: 'mine' });
    expect(names(r.body)).toEqual(['Build far', 'Live recent']);
    // The demo project manager manages every other fixture project and every demo one: none of the watcher's.
    const pm = await list('pm', { view: 'mine', company_id: fixtureCompany });
    expect(names(pm.body)).toEqual(FIXTURE.filter((f) => !f.pm).map((f) => f.name).sort());
  });

  it('combines with the other filters, search and sort, and counts the overdue tasks it found', async () => {
    const amber = await list('admin', { view: 'at-risk', rag: 'amber', company_id: fixtureCompany });
    expect(names(amber.body)).toEqual(['Launch soon', 'Pre amber']);
    const held = await list('admin', { view: 'at-risk', status: 'on hold', company_id: fixtureCompany });
    expect(held.body.map((p) => [p.name, p.overdue_tasks])).toEqual([['Hold overdue', 1]]);
    const searched = await list('admin', { view: 'launching', q: 'launch l', company_id: fixtureCompany });
    expect(names(searched.body)).toEqual(['Launch late']);
    const sorted = await list('admin', { view: 'launching', company_id: fixtureCompany }, { sort: '["launch_date","ASC"]' });
    expect(sorted.body.map((p) => p.name)).toEqual(['Launch late', 'Launch soon', 'Launch day 30']);
    expect(total(sorted)).toBe(3);
  });

  it('answers an unknown view, or a list of views, with 400 naming filter.view', async () => {
    for (const view of ['later', ['in-build', 'mine'], 'AT-RISK']) {
      const r = await list('admin', { view });
      expect(r.status, JSON.stringify(view)).toBe(400);
      expect(r.body).toMatchObject({ message: 'The list query is not valid.', errors: [{ field: 'filter.view' }] });
    }
  });

  it('holds a custom role to its own company', async () => {
    const r = await list('watcher', { view: 'at-risk' });
    expect(names(r.body)).toEqual(fixtureIn('at-risk'));
    // The Demo Motors viewer (custom role, 'view projects') never sees the fixture company's.
    const other = await list('viewer', { view: 'at-risk' });
    expect(other.status).toBe(200);
    expect(other.body.length).toBeGreaterThan(0);
    expect(other.body.every((p) => p.company_id !== fixtureCompany)).toBe(true);
  });
});

describe('GET /api/projects/overview', () => {
  it('counts, lists the launches due and the projects at risk, as computed by hand from the fixture', async () => {
    const r = await overview('watcher');
    expect(r.status).toBe(200);
    const byStatus = Object.fromEntries(PROJECT_STATUSES.map((s) => [s, FIXTURE.filter((f) => f.status === s).length]));
    expect(r.body.by_status).toEqual(byStatus);
    expect(r.body.by_status).toEqual({ archived: 1, cancelled: 1, active: 6, live: 3, 'on hold': 1, 'pre-project': 2 });
    // Open projects only: the cancelled red and the archived amber are not counted.
    expect(r.body.by_rag).toEqual({ green: 6, amber: 2, red: 1 });
    expect(r.body.views).toEqual({ 'in-build': 3, launching: 3, reviews: 2, 'at-risk': 4, mine: 2 });
    // Red first, then the most overdue tasks, then the nearest launch (none last).
    expect(r.body.at_risk.map((p) => [p.name, p.rag, p.overdue_tasks])).toEqual([
      ['Launch late', 'red', 0],
      ['Launch soon', 'amber', 2],
      ['Hold overdue', 'green', 1],
      ['Pre amber', 'amber', 0],
    ]);
    expect(r.body.at_risk[0]).toMatchObject({ id: ids.get('Launch late'), company_name: 'Views Fixture Motors', status: 'active', launch_date: day(-5), project_manager: { name: 'Pat Project' } });
    const month = (offset: number) => {
      const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
      d.setUTCMonth(d.getUTCMonth() + offset);
      return d.toISOString().slice(0, 7);
    };
    const due = (offset: number) =>
      FIXTURE.filter((f) => OPEN.includes(f.status) && f.launch?.slice(0, 7) === month(offset))
        .sort((a, b) => a.launch!.localeCompare(b.launch!) || a.name.localeCompare(b.name))
        .map((f) => f.name);
    expect(r.body.due_this_month.map((p) => p.name)).toEqual(due(0));
    expect(r.body.due_next_month.map((p) => p.name)).toEqual(due(1));
    expect(r.body.due_this_month_total).toBe(due(0).length);
    expect(r.body.due_next_month_total).toBe(due(1).length);
    // 'Launch soon' (10 days ahead) is due this month or next, whatever the day the test runs.
    expect([...r.body.due_this_month, ...r.body.due_next_month].map((p) => p.name)).toContain('Launch soon');
    expect(r.body.today).toBe(today);
  });

  it('matches the lists it links to, for staff who see every company', async () => {
    const r = await overview('admin');
    expect(r.status).toBe(200);
    for (const view of PROJECT_VIEWS) expect(r.body.views[view], view).toBe(total(await list('admin', { view })));
    for (const status of PROJECT_STATUSES) expect(r.body.by_status[status], status).toBe(total(await list('admin', { status })));
    for (const rag of RAG_STATUSES) expect(r.body.by_rag[rag], rag).toBe(total(await list('admin', { rag, status: OPEN })));
    // Demo projects and the fixture together.
    expect(r.body.by_status.active).toBeGreaterThan(6);
    expect(r.body.at_risk.length).toBe(10);
    expect(r.body.at_risk.filter((p) => p.rag === 'red').length).toBeGreaterThan(0);
    const rags = r.body.at_risk.map((p) => p.rag === 'red');
    expect(rags).toEqual([...rags].sort((a, b) => Number(b) - Number(a)));
  });

  it('holds a custom role to its own company', async () => {
    const r = await overview('viewer');
    expect(r.status).toBe(200);
    const sum = Object.values(r.body.by_status).reduce((a, b) => a + b, 0);
    expect(sum).toBe(total(await list('viewer', {})));
    expect(r.body.at_risk.every((p) => p.company_name === 'Demo Motors')).toBe(true);
    expect([...r.body.due_this_month, ...r.body.due_next_month].every((p) => p.company_name === 'Demo Motors')).toBe(true);
  });

  it.each([
    ['watcher', 200],
    ['editor', 200],
    ['admin', 200],
    ['pm', 200],
    ['nobody', 403],
    ['dealer', 403],
    ['anonymous', 401],
  ] as const)('answers %s with %i', async (who, status) => {
    const r = await overview(who);
    expect(r.status).toBe(status);
    if (status === 403) expect(r.body.message).toBe('No Access.');
    const listed = await list(who, { view: 'at-risk' });
    expect(listed.status).toBe(status);
  });
});
