// What the projects core's API tests share: one server per file with the demo users and custom
// roles (only 'view projects', only 'edit projects', only 'create projects', a client role given
// 'view projects'), calls as each of them, and a board of task stages, types and templates made in
// SQL when the database has none (so the tests never depend on the task templates seed).
import { asc, eq, inArray } from 'drizzle-orm';
import type { ProjectDetail, ProjectListItem, ProjectTask, ProjectTaskAnswer } from '../../../contract/tracker';
import { hashPassword } from '../../../server/auth/auth.passwords';
import { companies, companyUsers, permissions, projects, rolePermissions, roles, tasks, taskStages, taskTypes, userRoles, users } from '../../../server/db/schema';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../../support/server';
import { call, login, type Reply } from '../helpers';

export type { ProjectDetail, ProjectListItem, ProjectTask, ProjectTaskAnswer };
export type ErrorBody = { message: string; errors?: Array<{ detail: string; field?: string }>; version?: number };
export type Who = 'admin' | 'am' | 'pm' | 'dealer' | 'dealer2' | 'dev' | 'viewer' | 'editor' | 'creator' | 'client' | 'anonymous';

export interface Board {
  stages: Array<{ id: number; name: string; isDone: boolean }>;
  first: number;
  working: number;
  done: number;
}

export interface ProjectsWorld {
  server: TestServer;
  as<T = ProjectDetail & ErrorBody>(who: Who, method: string, path: string, body?: unknown): Promise<Reply<T>>;
  companyId(name: string): Promise<number>;
  userId(email: string): Promise<number>;
  board: Board;
  close(): Promise<void>;
}

/** A user with a role of its own holding exactly `granted` (in `company` when given). */
async function userWithRole(server: TestServer, email: string, roleName: string, granted: string[], passwordHash: string, company?: number) {
  const db = server.database.db;
  const [role] = await db.insert(roles).values({ name: roleName }).returning({ id: roles.id });
  const found = await db.select().from(permissions).where(inArray(permissions.name, granted));
  if (found.length) await db.insert(rolePermissions).values(found.map((p) => ({ roleId: role.id, permissionId: p.id })));
  const [user] = await db.insert(users).values({ email, name: roleName, passwordHash }).returning({ id: users.id });
  await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  if (company) await db.insert(companyUsers).values({ companyId: company, userId: user.id });
}

/** The board's stages; made (with a type and three templates for every project type) when there are none. */
async function ensureBoard(server: TestServer): Promise<Board> {
  const db = server.database.db;
  let stages = await db.select({ id: taskStages.id, name: taskStages.name, isDone: taskStages.isDone }).from(taskStages).orderBy(asc(taskStages.position), asc(taskStages.id));
  if (!stages.length) {
    await db.insert(taskStages).values([
      { name: 'To do', position: 1 },
      { name: 'In progress', position: 2 },
      { name: 'Done', position: 3, isDone: true },
    ]);
    const [type] = await db.insert(taskTypes).values({ name: 'Onboarding', position: 1 }).returning({ id: taskTypes.id });
    await db.insert(tasks).values([
      { name: 'Kick-off call', taskTypeId: type.id, position: 1, dueDays: 3 },
      { name: 'Order form signed', taskTypeId: type.id, position: 2, dueDays: 7, milestone: true, trigger: 'agreement_signed' },
      { name: 'Configuration submitted', taskTypeId: type.id, position: 3, dueDays: 21, milestone: true, trigger: 'config_submitted' },
    ]);
    stages = await db.select({ id: taskStages.id, name: taskStages.name, isDone: taskStages.isDone }).from(taskStages).orderBy(asc(taskStages.position), asc(taskStages.id));
  }
  const done = stages.find((s) => s.isDone)!;
  const open = stages.filter((s) => !s.isDone);
  return { stages, first: stages[0].id, working: (open[1] ?? open[0]).id, done: done.id };
}

export async function projectsWorld(): Promise<ProjectsWorld> {
  const server = await startTestServer();
  const db = server.database.db;
  const hash = await hashPassword(DEMO_PASSWORD);
  const [motors] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, 'Demo Motors'));
  // Held to their company by tenancy (neither holds 'view companies'): members of Demo Motors.
  await userWithRole(server, 'viewer@projects.test', 'Project Viewer', ['view projects'], hash, motors.id);
  await userWithRole(server, 'editor@projects.test', 'Project Editor', ['edit projects'], hash, motors.id);
  await userWithRole(server, 'creator@projects.test', 'Project Creator', ['create projects', 'view companies'], hash);
  await userWithRole(server, 'client@projects.test', 'Client Tracker', ['view projects', 'view configs'], hash, motors.id);
  // A user of the demo's Developer role (id 5: 'view projects' among others, no company).
  const [dev] = await db.insert(users).values({ email: 'dev@projects.test', name: 'Devon Developer', passwordHash: hash }).returning({ id: users.id });
  await db.insert(userRoles).values({ userId: dev.id, roleId: 5 });
  const board = await ensureBoard(server);
  const emails = {
    admin: 'admin@demo.test', am: 'am@demo.test', pm: 'pm@demo.test', dealer: 'dealer@demo.test', dealer2: 'dealer2@demo.test', dev: 'dev@projects.test',
    viewer: 'viewer@projects.test', editor: 'editor@projects.test', creator: 'creator@projects.test', client: 'client@projects.test',
  } as const;
  const tokens: Partial<Record<Who, string>> = {};
  await Promise.all(
    Object.entries(emails).map(async ([who, email]) => {
      tokens[who as Who] = (await login(server, email)).token;
    }),
  );
  return {
    server,
    board,
    as: (who, method, path, body) => call(server, method, path, { token: who === 'anonymous' ? undefined : tokens[who], body }),
    async companyId(name) {
      const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, name));
      return row.id;
    },
    async userId(email) {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      return row.id;
    },
    close: () => server.close(),
  };
}

/** The seeded project of a name. */
export async function projectNamed(w: ProjectsWorld, name: string) {
  const [row] = await w.server.database.db.select().from(projects).where(eq(projects.name, name));
  return row;
}
