// What the variations, stakeholders, notes-risks and notifications API tests share: one server per
// file with the demo users and custom roles, calls as each of them, and projects made directly in
// SQL (with a task group and tasks when a test needs them), so these tests do not depend on the
// projects core's create route.
import { asc, eq, inArray } from 'drizzle-orm';
import { hashPassword } from '../../../server/auth/auth.passwords';
import { companies, companyUsers, permissions, projectTaskTypes, projectTasks, projects, rolePermissions, roles, taskNotifications, taskStages, taskTypes, userRoles, users } from '../../../server/db/schema';
import type { Db } from '../../../server/db/database';
import type { NotificationEvent, NotificationRecipient } from '../../../contract/tracker';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../../support/server';
import { call, login, type Reply } from '../helpers';
import type { NotificationTranslations } from '../../../contract/tasks';

export type ErrorBody = { message: string; errors?: Array<{ detail: string; field?: string }> };

/**
 * Demo users, and custom roles:
 * - approver: 'approve project tasks' + 'view project variations' + 'view companies', foc_approver;
 * - unflagged: the same permissions, not foc_approver;
 * - varreader: only 'view project variations' (and 'view companies');
 * - viewer: only 'view projects' (and 'view companies');
 * - harbour: a Harbour Cars member (no cross-company permission) with 'view projects',
 *   'view project variations' and 'edit projects': Demo Motors' projects are not theirs;
 * - editor: 'edit projects' only, a Demo Motors member (sees their company's projects).
 */
export type Who = 'admin' | 'am' | 'pm' | 'dealer' | 'dealer2' | 'approver' | 'unflagged' | 'varreader' | 'viewer' | 'harbour' | 'editor' | 'anonymous';

export interface TrackerWorld {
  server: TestServer;
  db: Db;
  tokens: Record<Exclude<Who, 'anonymous'>, string>;
  ids: Record<Exclude<Who, 'anonymous'>, number>;
  as<T = Record<string, unknown>>(who: Who, method: string, path: string, body?: unknown): Promise<Reply<T>>;
  companyId(name: string): Promise<number>;
  /** A project of the company, created through the API (POST /projects, as admin@). */
  project(companyName: string, opts?: { name?: string; pm?: number | null; am?: number | null }): Promise<{ id: number; guid: string; name: string }>;
  close(): Promise<void>;
}

/** A user with a role of its own holding exactly `granted`. */
export async function userWithRole(db: Db, email: string, roleName: string, granted: string[], passwordHash: string, extra: { focApprover?: boolean; company?: number } = {}) {
  const [role] = await db.insert(roles).values({ name: roleName }).returning({ id: roles.id });
  const found = await db.select().from(permissions).where(inArray(permissions.name, granted));
  if (found.length) await db.insert(rolePermissions).values(found.map((p) => ({ roleId: role.id, permissionId: p.id })));
  const [user] = await db.insert(users).values({ email, name: roleName, passwordHash, focApprover: extra.focApprover ?? false }).returning({ id: users.id });
  await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  if (extra.company) await db.insert(companyUsers).values({ companyId: extra.company, userId: user.id });
  return user.id;
}

export async function trackerWorld(): Promise<TrackerWorld> {
  const server = await startTestServer();
  const db = server.database.db;
  const hash = await hashPassword(DEMO_PASSWORD);
  const companyId = async (name: string) => (await db.select({ id: companies.id }).from(companies).where(eq(companies.name, name)))[0].id;
  const motors = await companyId('Demo Motors');
  const harbour = await companyId('Harbour Cars');
  await userWithRole(db, 'approver@tracker.test', 'Variation Approver', ['approve project tasks', 'view project variations', 'view companies'], hash, { focApprover: true });
  await userWithRole(db, 'unflagged@tracker.test', 'Approver Unflagged', ['approve project tasks', 'view project variations', 'view companies'], hash);
  await userWithRole(db, 'varreader@tracker.test', 'Variation Reader', ['view project variations', 'view companies'], hash);
  await userWithRole(db, 'viewer@tracker.test', 'Project Viewer', ['view projects', 'view companies'], hash);
  await userWithRole(db, 'harbour@tracker.test', 'Harbour Staff', ['view projects', 'view project variations', 'edit projects'], hash, { company: harbour });
  await userWithRole(db, 'editor@tracker.test', 'Motors Editor', ['edit projects'], hash, { company: motors });
  const emails = {
    admin: 'admin@demo.test', am: 'am@demo.test', pm: 'pm@demo.test', dealer: 'dealer@demo.test', dealer2: 'dealer2@demo.test',
    approver: 'approver@tracker.test', unflagged: 'unflagged@tracker.test', varreader: 'varreader@tracker.test', viewer: 'viewer@tracker.test',
    harbour: 'harbour@tracker.test', editor: 'editor@tracker.test',
  } as const;
  const tokens = {} as TrackerWorld['tokens'];
  const ids = {} as TrackerWorld['ids'];
  const found = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, Object.values(emails)));
  for (const [who, email] of Object.entries(emails)) ids[who as keyof typeof ids] = found.find((u) => u.email === email)!.id;
  await Promise.all(Object.entries(emails).map(async ([who, email]) => (tokens[who as keyof typeof tokens] = (await login(server, email)).token)));
  const token = (who: Who) => (who === 'anonymous' ? undefined : tokens[who]);
  return {
    server,
    db,
    tokens,
    ids,
    as: (who, method, path, body) => call(server, method, path, { token: token(who), body }),
    companyId,
    async project(companyName, opts = {}) {
      const res = await call<{ id: number; guid: string; name: string }>(server, 'POST', '/api/projects', {
        token: tokens.admin,
        body: { company_id: await companyId(companyName), name: opts.name, project_type: 'franchise', project_manager_id: opts.pm ?? null, account_manager_id: opts.am ?? null },
      });
      if (res.status !== 201) throw new Error(`POST /projects: ${res.status} ${res.text}`);
      return res.body;
    },
    close: () => server.close(),
  };
}

/** A project of the company, made in SQL (managers optional): no template tasks, for tests that need exactly their own tasks. */
export async function makeProject(db: Db, companyId: number, opts: { name?: string; pm?: number | null; am?: number | null; launchDate?: string | null; startDate?: string } = {}) {
  const [row] = await db
    .insert(projects)
    .values({
      companyId,
      name: opts.name ?? `Project ${Math.random().toString(36).slice(2, 8)}`,
      projectType: 'franchise',
      startDate: opts.startDate ?? '2026-01-05',
      launchDate: opts.launchDate ?? null,
      projectManagerId: opts.pm ?? null,
      accountManagerId: opts.am ?? null,
    })
    .returning();
  return row;
}

/** The board's stages: the first open one and the first done one (made when the database has none). */
export async function stages(db: Db): Promise<{ open: number; done: number }> {
  let rows = await db.select().from(taskStages).orderBy(asc(taskStages.position));
  if (!rows.some((r) => !r.isDone) || !rows.some((r) => r.isDone)) {
    await db.insert(taskStages).values([
      { name: `To do ${rows.length}`, position: rows.length + 1, isDone: false },
      { name: `Done ${rows.length}`, position: rows.length + 2, isDone: true },
    ]);
    rows = await db.select().from(taskStages).orderBy(asc(taskStages.position));
  }
  return { open: rows.find((r) => !r.isDone)!.id, done: rows.find((r) => r.isDone)!.id };
}

/** A task type of its own, and a group of the project made from it. */
export async function makeGroup(db: Db, projectId: number, name = `Group ${Math.random().toString(36).slice(2, 8)}`) {
  const [type] = await db.insert(taskTypes).values({ name, position: 1000 }).returning();
  const [group] = await db.insert(projectTaskTypes).values({ projectId, taskTypeId: type.id, name, position: 1 }).returning();
  return { typeId: type.id, groupId: group.id };
}

/** Tasks of a group, open unless `stageId` says otherwise. */
export async function makeTasks(db: Db, projectId: number, groupId: number, stageId: number, tasks: Array<{ name: string; dueDate: string | null; assigneeId?: number | null; milestone?: boolean }>) {
  return db
    .insert(projectTasks)
    .values(tasks.map((t, i) => ({ projectId, projectTaskTypeId: groupId, name: t.name, stageId, position: i + 1, dueDate: t.dueDate, assigneeId: t.assigneeId ?? null, milestone: t.milestone ?? false })))
    .returning();
}

/**
 * Only these notification templates are active (the demo's are switched off), so a test knows
 * exactly which words go to whom.
 */
export async function onlyTemplates(db: Db, templates: Array<{ event: NotificationEvent; recipients: NotificationRecipient[]; subject: string; body: string; translations?: NotificationTranslations; taskTypeId?: number | null; active?: boolean }>) {
  await db.update(taskNotifications).set({ active: false });
  if (!templates.length) return [];
  return db
    .insert(taskNotifications)
    .values(templates.map((t, i) => ({ name: `Test template ${i} ${Math.random().toString(36).slice(2, 6)}`, event: t.event, recipients: t.recipients, subject: t.subject, body: t.body, translations: t.translations ?? {}, taskTypeId: t.taskTypeId ?? null, active: t.active ?? true })))
    .returning();
}
