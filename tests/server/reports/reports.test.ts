// The project reports (issue 29) on a real server and database: the demo seed's year of status
// history; then every aggregate against a small fixture whose start dates, statuses, go-live times
// and history rows are set here at known instants (the month-end and range-end boundaries among
// them), with the answers computed by hand below (for staff who see every company, and for a
// custom role held to the fixture company); the history written by the database trigger through
// the projects API; the permission matrix; and bad ranges answered 400 with field errors.
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportBreakdown, ReportHistory, ReportStatusCounts, ReportTrend } from '../../../contract/reports';
import { hashPassword } from '../../../server/auth/auth.passwords';
import { companies, companyUsers, permissions, projects, projectStatusHistory, rolePermissions, roles, userRoles, users } from '../../../server/db/schema';
import { DEMO_PASSWORD } from '../../support/server';
import { call, login } from '../helpers';
import { projectsWorld, type ErrorBody, type ProjectsWorld } from '../projects/projects-world';

type State = [at: string, status: string, rag: string];
interface Fixture {
  name: string;
  /** A: the fixture company (the tenant sees it); B: Demo Motors. */
  company: 'A' | 'B';
  start: string;
  wentLive?: string;
  /** The history, oldest first; the project's current status and RAG are the last row's. */
  history: State[];
}

// Range under test: 2025-01-01 .. 2025-04-15. Month ends: 2025-02-01, 03-01, 04-01 (00:00 UTC,
// exclusive); the last month is taken at the end of 04-15 (2025-04-16 00:00 UTC, exclusive).
const FIXTURE: Fixture[] = [
  // Started before the range: not in the breakdown or the started counts; in the history; live in March.
  { name: 'P1', company: 'A', start: '2024-11-10', wentLive: '2025-03-20T10:00:00Z', history: [['2024-11-10T09:00:00Z', 'pre-project', 'green'], ['2024-12-01T09:00:00Z', 'active', 'green'], ['2025-02-10T09:00:00Z', 'active', 'amber'], ['2025-03-20T10:00:00Z', 'live', 'green']] },
  // On hold on 04-10 (so at `to`), active again after the range.
  { name: 'P2', company: 'A', start: '2025-01-05', history: [['2025-01-05T09:00:00Z', 'pre-project', 'green'], ['2025-01-20T09:00:00Z', 'active', 'green'], ['2025-04-10T09:00:00Z', 'on hold', 'red'], ['2025-05-01T09:00:00Z', 'active', 'green']] },
  // Created half an hour before February ends; active one second before March ends.
  { name: 'P3', company: 'A', start: '2025-02-28', history: [['2025-02-28T23:30:00Z', 'pre-project', 'green'], ['2025-03-31T23:59:59Z', 'active', 'amber']] },
  // Started on `to`, but entered the day after: the breakdown takes its first row; the history has not seen it.
  { name: 'P4', company: 'A', start: '2025-04-15', history: [['2025-04-16T08:00:00Z', 'pre-project', 'green']] },
  { name: 'P5', company: 'B', start: '2025-03-03', history: [['2025-03-03T09:00:00Z', 'pre-project', 'green'], ['2025-03-15T09:00:00Z', 'active', 'red'], ['2025-04-02T09:00:00Z', 'cancelled', 'red']] },
  // Live an hour before January ends; archived a minute before the range ends.
  { name: 'P6', company: 'B', start: '2024-06-01', wentLive: '2025-01-31T23:00:00Z', history: [['2024-06-01T09:00:00Z', 'active', 'green'], ['2025-01-31T23:00:00Z', 'live', 'green'], ['2025-04-15T23:59:00Z', 'archived', 'green']] },
  // Started after the range.
  { name: 'P7', company: 'A', start: '2025-04-20', history: [['2025-04-20T09:00:00Z', 'pre-project', 'green']] },
  // Live at the very instant the range ends: not live within it.
  { name: 'P8', company: 'B', start: '2025-01-15', wentLive: '2025-04-16T00:00:00Z', history: [['2025-01-15T09:00:00Z', 'active', 'green'], ['2025-04-16T00:00:00Z', 'live', 'green']] },
  { name: 'P9', company: 'A', start: '2025-01-20', history: [['2025-01-20T09:00:00Z', 'active', 'green']] },
];
const RANGE = 'from=2025-01-01&to=2025-04-15';

const counts = (partial: Partial<ReportStatusCounts>): ReportStatusCounts => ({ archived: 0, cancelled: 0, active: 0, live: 0, 'on hold': 0, 'pre-project': 0, ...partial });

let w: ProjectsWorld;
let companyA: number;
const tokens = { reporter: '', viewerOnly: '' };

async function userWithRole(email: string, roleName: string, granted: string[], company: number) {
  const db = w.server.database.db;
  const [role] = await db.insert(roles).values({ name: roleName }).returning({ id: roles.id });
  const found = await db.select().from(permissions).where(inArray(permissions.name, granted));
  expect(found.length).toBe(granted.length);
  await db.insert(rolePermissions).values(found.map((p) => ({ roleId: role.id, permissionId: p.id })));
  const [user] = await db.insert(users).values({ email, name: roleName, passwordHash: await hashPassword(DEMO_PASSWORD) }).returning({ id: users.id });
  await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  await db.insert(companyUsers).values({ companyId: company, userId: user.id });
  return (await login(w.server, email)).token;
}

type Caller = Parameters<ProjectsWorld['as']>[0] | 'reporter' | 'viewerOnly';
const get = <T>(who: Caller, path: string) =>
  who === 'reporter' || who === 'viewerOnly' ? call<T & ErrorBody>(w.server, 'GET', path, { token: tokens[who] }) : w.as<T & ErrorBody>(who, 'GET', path);
const breakdown = (who: Caller, query = RANGE) => get<ReportBreakdown>(who, `/api/reports/projects/breakdown?${query}`);
const trend = (who: Caller, query = RANGE) => get<ReportTrend>(who, `/api/reports/projects/trend?${query}`);
const history = (who: Caller, query = RANGE) => get<ReportHistory>(who, `/api/reports/projects/history?${query}`);

beforeAll(async () => {
  w = await projectsWorld();
  const db = w.server.database.db;
  [{ id: companyA }] = await db.insert(companies).values({ name: 'Reports Fixture Motors' }).returning({ id: companies.id });
  // Held to the fixture company: only 'tracker reports', no 'view companies' or 'manage configs'.
  tokens.reporter = await userWithRole('reporter@reports.test', 'Reports Only', ['tracker reports'], companyA);
  tokens.viewerOnly = await userWithRole('viewer@reports.test', 'Projects Viewer Only', ['view projects', 'view companies'], companyA);
});
afterAll(async () => {
  await w?.close();
});

describe('the demo status history', () => {
  it('gives the demo projects a year of history: statuses change month to month, and launches went live on their dates', async () => {
    const h = await history('admin', '');
    expect(h.status).toBe(200);
    expect(h.body.months).toHaveLength(12);
    const total = (c: ReportStatusCounts) => Object.values(c).reduce((a, b) => a + b, 0);
    const [first, last] = [h.body.months[0], h.body.months[11]];
    // The oldest demo project started about 360 days ago; all twenty exist now.
    expect(total(first.counts)).toBeGreaterThan(0);
    expect(total(last.counts)).toBeGreaterThanOrEqual(20);
    expect(total(first.counts)).toBeLessThan(total(last.counts));
    expect(last.counts).toMatchObject({ archived: 1, cancelled: 1, 'on hold': 1 });
    // Live months before this one: the demo's live projects went live on their launch dates, not on seeding day.
    const t = await trend('admin', '');
    expect(t.body.months.slice(0, 11).reduce((n, m) => n + m.live, 0)).toBeGreaterThanOrEqual(3);
    // Started in the range: every demo project whose start date falls in its twelve calendar months
    // (the oldest, about 360 days ago, falls out of it on most days of a month).
    const counted = await w.server.database.db.execute(sql`SELECT count(*)::int AS n FROM projects WHERE start_date >= ${t.body.from}::date AND start_date <= ${t.body.to}::date`);
    const inRange = Number((counted as unknown as { rows: Array<{ n: number }> }).rows[0].n);
    expect(t.body.months.reduce((n, m) => n + m.started, 0)).toBe(inRange);
    expect(inRange).toBeGreaterThanOrEqual(15);
  });
});

describe('the reports against a hand-computed fixture', () => {
  beforeAll(async () => {
    const db = w.server.database.db;
    // Only the fixture's projects, so the figures of staff who see every company are hand-computable too.
    await db.delete(projects);
    const [motors] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, 'Demo Motors'));
    for (const f of FIXTURE) {
      const [status, rag] = f.history[f.history.length - 1].slice(1) as ['active', 'green'];
      const [row] = await db
        .insert(projects)
        .values({ companyId: f.company === 'A' ? companyA : motors.id, name: f.name, projectType: 'independent', status, rag, startDate: f.start, wentLiveAt: f.wentLive ? new Date(f.wentLive) : null })
        .returning({ id: projects.id });
      // The trigger wrote the row of today's insert; the fixture's history replaces it.
      await db.delete(projectStatusHistory).where(eq(projectStatusHistory.projectId, row.id));
      await db.insert(projectStatusHistory).values(f.history.map(([at, s, r]) => ({ projectId: row.id, status: s as 'active', rag: r as 'green', changedAt: new Date(at) })));
    }
  });

  it('breakdown: projects started in the range, by status and RAG at the end of `to`', async () => {
    const all = await breakdown('admin');
    expect(all.status).toBe(200);
    // P2, P3, P4, P5, P8, P9 started in the range; P1, P6 before it, P7 after it.
    expect(all.body).toEqual({
      from: '2025-01-01',
      to: '2025-04-15',
      total: 6,
      rows: [
        { status: 'cancelled', rag: 'red', count: 1 }, // P5
        { status: 'active', rag: 'green', count: 2 }, // P8 (live only from 04-16 00:00), P9
        { status: 'active', rag: 'amber', count: 1 }, // P3
        { status: 'on hold', rag: 'red', count: 1 }, // P2 (active again only in May)
        { status: 'pre-project', rag: 'green', count: 1 }, // P4: entered after `to`, its first row
      ],
    });
    const mine = await breakdown('reporter');
    expect(mine.body.total).toBe(4);
    expect(mine.body.rows).toEqual([
      { status: 'active', rag: 'green', count: 1 },
      { status: 'active', rag: 'amber', count: 1 },
      { status: 'on hold', rag: 'red', count: 1 },
      { status: 'pre-project', rag: 'green', count: 1 },
    ]);
    // A range ending before P2 went on hold and P5 was cancelled: their states then.
    const march = await breakdown('admin', 'from=2025-01-01&to=2025-03-31');
    expect(march.body.total).toBe(5);
    expect(march.body.rows).toEqual([
      { status: 'active', rag: 'green', count: 3 }, // P2, P8, P9
      { status: 'active', rag: 'amber', count: 1 }, // P3, active from 23:59:59 on 03-31: still that day
      { status: 'active', rag: 'red', count: 1 }, // P5, cancelled only in April
    ]);
  });

  it('trend: started and gone live per month, every month present, the range clipping both ends', async () => {
    const all = await trend('admin');
    expect(all.status).toBe(200);
    expect(all.body).toEqual({
      from: '2025-01-01',
      to: '2025-04-15',
      months: [
        { month: '2025-01', started: 3, live: 1 }, // P2, P8, P9; P6 live 01-31 23:00
        { month: '2025-02', started: 1, live: 0 }, // P3
        { month: '2025-03', started: 1, live: 1 }, // P5; P1 live 03-20
        { month: '2025-04', started: 1, live: 0 }, // P4 (P7 starts after `to`; P8 live at its end, excluded)
      ],
    });
    const mine = await trend('reporter');
    expect(mine.body.months).toEqual([
      { month: '2025-01', started: 2, live: 0 },
      { month: '2025-02', started: 1, live: 0 },
      { month: '2025-03', started: 0, live: 1 },
      { month: '2025-04', started: 1, live: 0 },
    ]);
    // From the 10th of January: P2 (the 5th) is left out of January.
    const clipped = await trend('admin', 'from=2025-01-10&to=2025-04-15');
    expect(clipped.body.months[0]).toEqual({ month: '2025-01', started: 2, live: 1 });
    // A month with nothing in it is still there, with zeros.
    const empty = await trend('admin', 'from=2023-01-01&to=2023-02-28');
    expect(empty.body.months).toEqual([
      { month: '2023-01', started: 0, live: 0 },
      { month: '2023-02', started: 0, live: 0 },
    ]);
  });

  it('history: the status of every project that existed at each month end, the last month at `to`', async () => {
    const all = await history('admin');
    expect(all.status).toBe(200);
    expect(all.body).toEqual({
      from: '2025-01-01',
      to: '2025-04-15',
      months: [
        { month: '2025-01', counts: counts({ active: 4, live: 1 }) }, // P1 P2 P8 P9; P6
        { month: '2025-02', counts: counts({ active: 4, live: 1, 'pre-project': 1 }) }, // + P3 from 02-28 23:30
        { month: '2025-03', counts: counts({ active: 5, live: 2 }) }, // P2 P3 P5 P8 P9; P1 P6
        { month: '2025-04', counts: counts({ active: 3, live: 1, 'on hold': 1, cancelled: 1, archived: 1 }) }, // P3 P8 P9; P1; P2; P5; P6
      ],
    });
    const mine = await history('reporter');
    expect(mine.body.months.map((m) => m.counts)).toEqual([
      counts({ active: 3 }),
      counts({ active: 3, 'pre-project': 1 }),
      counts({ active: 3, live: 1 }),
      counts({ active: 2, live: 1, 'on hold': 1 }),
    ]);
    // Empty months before any project existed: every status present, all zero.
    const early = await history('admin', 'from=2024-01-01&to=2024-02-29');
    expect(early.body.months).toEqual([
      { month: '2024-01', counts: counts({}) },
      { month: '2024-02', counts: counts({}) },
    ]);
  });

  it('defaults to the twelve calendar months up to today', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const first = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
    first.setUTCMonth(first.getUTCMonth() - 11);
    const r = await trend('admin', '');
    expect(r.status).toBe(200);
    expect({ from: r.body.from, to: r.body.to }).toEqual({ from: first.toISOString().slice(0, 10), to: today });
    expect(r.body.months).toHaveLength(12);
    expect(r.body.months[11].month).toBe(today.slice(0, 7));
    // Only `to`: twelve months up to it.
    const toOnly = await history('admin', 'to=2025-04-15');
    expect(toOnly.body.from).toBe('2024-05-01');
    expect(toOnly.body.months).toHaveLength(12);
  });
});

describe('the history the database writes', () => {
  it('records a project as created and at each change of status or RAG, through the projects API, and nothing else', async () => {
    const db = w.server.database.db;
    const harbour = await w.companyId('Harbour Cars');
    const today = new Date().toISOString().slice(0, 10);
    const thisMonth = `from=${today.slice(0, 7)}-01&to=${today}`;
    const before = (await history('admin', thisMonth)).body.months[0].counts;
    const created = await w.as<{ id: number; version: number }>('admin', 'POST', '/api/projects', { company_id: harbour, project_type: 'stock' });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const rows = () => db.select({ status: projectStatusHistory.status, rag: projectStatusHistory.rag }).from(projectStatusHistory).where(eq(projectStatusHistory.projectId, id)).orderBy(projectStatusHistory.id);
    expect(await rows()).toEqual([{ status: 'pre-project', rag: 'green' }]);
    // A change of name is no change of status.
    const renamed = await w.as<{ version: number }>('admin', 'PUT', `/api/projects/${id}`, { name: 'Harbour Cars stock feed' });
    expect(renamed.status).toBe(200);
    expect(await rows()).toHaveLength(1);
    const held = await w.as('admin', 'PUT', `/api/projects/${id}`, { status: 'on hold', rag_manual: 'red' });
    expect(held.status).toBe(200);
    expect((await rows()).at(-1)).toEqual({ status: 'on hold', rag: 'red' });
    // The month's history counts it as it stands now.
    const after = (await history('admin', thisMonth)).body.months[0].counts;
    expect(after['on hold']).toBe(before['on hold'] + 1);
    expect(after['pre-project']).toBe(before['pre-project']);
    // Deleting the project deletes its history.
    expect((await w.as('admin', 'DELETE', `/api/projects/${id}`)).status).toBe(200);
    expect(await rows()).toEqual([]);
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(projectStatusHistory).where(eq(projectStatusHistory.projectId, id));
    expect(n).toBe(0);
  });
});

describe('who may read the reports', () => {
  const paths = ['breakdown', 'trend', 'history'].map((r) => `/api/reports/projects/${r}?${RANGE}`);

  it.each([
    ['admin', 200],
    ['am', 200], // Account Manager holds 'tracker reports'
    ['reporter', 200], // a custom role with only 'tracker reports'
    ['viewerOnly', 403], // 'view projects' and 'view companies' but not 'tracker reports'
    ['viewer', 403],
    ['dealer', 403],
    ['anonymous', 401],
  ] as const)('%s: %i', async (who, status) => {
    for (const path of paths) {
      const r = await get(who, path);
      expect(r.status, path).toBe(status);
      if (status !== 200) expect(r.body.message).toEqual(expect.any(String));
    }
  });
});

describe('bad ranges', () => {
  it.each([
    ['from after to', 'from=2025-05-01&to=2025-04-30', 'from', 'The start of the range cannot be after its end.'],
    ['more than 36 months', 'from=2022-01-01&to=2025-01-01', 'from', 'The range can cover at most 36 months.'],
    ['a day that does not exist', 'from=2025-02-30', 'from', 'Must be a valid date (YYYY-MM-DD).'],
    ['not a date', 'to=yesterday', 'to', null],
    ['a date and time', 'from=2025-01-01T00:00:00Z', 'from', null],
    ['an unknown parameter', 'since=2025-01-01', 'since', null],
  ] as const)('%s: 400 naming the field', async (_, query, field, message) => {
    for (const report of [breakdown, trend, history]) {
      const r = await report('admin', query);
      expect(r.status).toBe(400);
      expect(r.body.errors?.[0].field).toBe(field);
      if (message) expect(r.body.message).toBe(message);
    }
  });

  it('accepts exactly 36 months', async () => {
    const r = await history('admin', 'from=2022-02-01&to=2025-01-31');
    expect(r.status).toBe(200);
    expect(r.body.months).toHaveLength(36);
  });
});
