/**
 * A project's profile and delete (server/projects/README.md), and the checks a project write
 * shares with create and update (projects.update.ts): managers are staff, the config and agreement
 * are the company's, dates are real dates. Every read is held to the viewer's companies in the
 * query (projects.access.ts).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ProjectContact, ProjectDetail } from '../../contract/tracker';
import type { Db, Tx } from '../db/database';
import { agreements, configs, permissions, projects, projectTasks, projectTaskTypes, rolePermissions, taskStages, taskTypes, tasks, userRoles, users } from '../db/schema';
import type { Viewer } from '../db/tenancy';
import { Invalid, type ErrorDetail } from '../domain-errors';
import { cleanName } from '../http/clean-text';
import { storedNames } from '../http/local-names';
import { serverMessages } from '../messages';
import { findProject, lockProject } from './projects.access';
import { listItem, projectRows } from './projects.list';
import { todayUtc } from '../../contract/days';

/** The permissions that make a user staff for the tracker (a manager must hold one). */
export const STAFF_PERMISSIONS = ['edit projects', 'view projects', 'create projects'] as const;

export const invalid = (problems: ErrorDetail[]) => new Invalid(problems[0].detail, problems);

/** True when `value` is a date that exists (YYYY-MM-DD). */
export function isRealDay(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The date problems of a write's dates (a launch before the start is refused). */
export function checkDates(problems: ErrorDetail[], dates: { start_date?: string | null; launch_date?: string | null }, current?: { start: string; launch: string | null }) {
  for (const field of ['start_date', 'launch_date'] as const) {
    const v = dates[field];
    if (v != null && !isRealDay(v)) problems.push({ detail: serverMessages.projects.invalid_date, field });
  }
  const start = dates.start_date ?? current?.start;
  const launch = dates.launch_date !== undefined ? dates.launch_date : current?.launch;
  if (start && launch && isRealDay(start) && isRealDay(launch) && launch < start) problems.push({ detail: serverMessages.projects.launch_before_start, field: 'launch_date' });
}

/** Adds a problem for each manager who is not an active user holding a staff permission. */
export async function checkManagers(db: Db | Tx, problems: ErrorDetail[], managers: { project_manager_id?: number | null; account_manager_id?: number | null }) {
  const fields = (['project_manager_id', 'account_manager_id'] as const).map((field) => [field, managers[field]] as const);
  const ids = [...new Set(fields.map(([, id]) => id).filter((v): v is number => typeof v === 'number'))];
  if (!ids.length) return;
  const staff = await db
    .selectDistinct({ id: userRoles.userId })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(inArray(userRoles.userId, ids), inArray(permissions.name, [...STAFF_PERMISSIONS]), eq(users.status, 'active')));
  const ok = new Set(staff.map((r) => r.id));
  for (const [field, id] of fields) if (typeof id === 'number' && !ok.has(id)) problems.push({ detail: serverMessages.projects.not_staff, field });
}

/** Adds a problem when the config or agreement is not one of the company's. */
export async function checkLinks(db: Db | Tx, problems: ErrorDetail[], companyId: number, links: { config_id?: number | null; agreement_id?: number | null }) {
  if (links.config_id != null) {
    const [c] = await db.select({ id: configs.id }).from(configs).where(and(eq(configs.id, links.config_id), eq(configs.companyId, companyId)));
    if (!c) problems.push({ detail: serverMessages.projects.config_not_company, field: 'config_id' });
  }
  if (links.agreement_id != null) {
    const [a] = await db.select({ id: agreements.id }).from(agreements).where(and(eq(agreements.id, links.agreement_id), eq(agreements.companyId, companyId)));
    if (!a) problems.push({ detail: serverMessages.projects.agreement_not_company, field: 'agreement_id' });
  }
}

/**
 * The names (contract/names.ts) a copy of a task type or template answers with: its source's while
 * it still has the source's name, else none (renamed in the project, made there, or its source gone).
 */
export const copiedNames = (name: string, sourceName: string | null, sourceNames: unknown) => (sourceName !== null && sourceName === name ? storedNames(sourceNames) : {});

/** A project's task groups with their task counts, in order. */
export async function projectGroups(db: Db | Tx, projectId: number) {
  const rows = await db
    .select({
      id: projectTaskTypes.id,
      name: projectTaskTypes.name,
      position: projectTaskTypes.position,
      taskTypeId: projectTaskTypes.taskTypeId,
      typeName: taskTypes.name,
      typeNames: taskTypes.names,
      // Qualified by hand: in a one-table select Drizzle leaves column names bare.
      total: sql<number>`(SELECT count(*)::int FROM project_tasks pt WHERE pt.project_task_type_id = project_task_types.id)`,
      done: sql<number>`(SELECT count(*)::int FROM project_tasks pt INNER JOIN task_stages s ON s.id = pt.stage_id WHERE pt.project_task_type_id = project_task_types.id AND s.is_done)`,
    })
    .from(projectTaskTypes)
    .leftJoin(taskTypes, eq(taskTypes.id, projectTaskTypes.taskTypeId))
    .where(eq(projectTaskTypes.projectId, projectId))
    .orderBy(asc(projectTaskTypes.position), asc(projectTaskTypes.id));
  return rows.map((r) => ({ id: r.id, name: r.name, names: copiedNames(r.name, r.typeName, r.typeNames), position: r.position, task_type_id: r.taskTypeId, tasks_total: Number(r.total), tasks_done: Number(r.done) }));
}

/** The project manager and account manager as contacts (spec: name, avatar, telephone, email, position). */
export async function projectContacts(db: Db | Tx, p: { projectManagerId: number | null; accountManagerId: number | null }): Promise<ProjectContact[]> {
  const ids = [p.projectManagerId, p.accountManagerId].filter((v): v is number => v !== null);
  if (!ids.length) return [];
  const rows = await db
    .select({ id: users.id, name: users.name, avatar: users.avatar, telephone: users.telephone, email: users.email, position: users.position })
    .from(users)
    .where(inArray(users.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: ProjectContact[] = [];
  for (const [role, id] of [['project_manager', p.projectManagerId], ['account_manager', p.accountManagerId]] as const) {
    const u = id === null ? undefined : byId.get(id);
    if (u) out.push({ role, ...u });
  }
  return out;
}

/** The open tasks of a project by due date (the next `limit`), milestones only with `milestones`. */
export async function nextOpenTasks(db: Db | Tx, projectId: number, limit: number, milestones = false) {
  const rows = await db
    .select({ id: projectTasks.id, name: projectTasks.name, due_date: projectTasks.dueDate, templateName: tasks.name, templateNames: tasks.names })
    .from(projectTasks)
    .innerJoin(taskStages, eq(taskStages.id, projectTasks.stageId))
    .leftJoin(tasks, eq(tasks.id, projectTasks.taskId))
    .where(and(eq(projectTasks.projectId, projectId), eq(taskStages.isDone, false), sql`${projectTasks.dueDate} IS NOT NULL`, milestones ? eq(projectTasks.milestone, true) : undefined))
    .orderBy(asc(projectTasks.dueDate), asc(projectTasks.id))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, name: r.name, names: copiedNames(r.name, r.templateName, r.templateNames), due_date: r.due_date }));
}

/** GET /projects/{id}: the row plus links, meta, contacts, groups and the next five open tasks. */
export async function getProject(db: Db | Tx, viewer: Viewer, key: string | number): Promise<ProjectDetail> {
  const p = await findProject(db, viewer, key);
  const [[row], config, agreement, contacts, groups, next] = await Promise.all([
    projectRows(db, eq(projects.id, p.id), todayUtc()),
    p.configId ? db.select({ id: configs.id, guid: configs.guid, name: configs.name }).from(configs).where(eq(configs.id, p.configId)) : Promise.resolve([]),
    p.agreementId
      ? db.select({ id: agreements.id, guid: agreements.guid, name: agreements.name, stage: agreements.stage }).from(agreements).where(eq(agreements.id, p.agreementId))
      : Promise.resolve([]),
    projectContacts(db, p),
    projectGroups(db, p.id),
    nextOpenTasks(db, p.id, 5),
  ]);
  return {
    ...listItem(row),
    next_due: next,
    config: config[0] ?? null,
    agreement: agreement[0] ?? null,
    meta: p.meta ?? {},
    rag_manual: p.ragManual,
    version: p.version,
    contacts,
    task_types: groups,
    went_live_at: p.wentLiveAt ? p.wentLiveAt.toISOString() : null,
    created_at: p.createdAt.toISOString(),
  };
}

/** Meta as stored: trimmed keys, no blank ones. */
export const cleanMeta = (meta: Record<string, string> | null | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(meta ?? {}).map(([k, v]) => [cleanName(k).trim(), v]).filter(([k]) => k));

/** DELETE /projects/{id}: its tasks, groups, variations, stakeholders, notes and risks go with it. */
export async function deleteProject(db: Db, viewer: Viewer, key: string) {
  const gone = await db.transaction(async (tx) => {
    const p = await lockProject(tx, viewer, key);
    await tx.delete(projects).where(eq(projects.id, p.id));
    return p;
  });
  return { id: gone.id, guid: gone.guid, name: gone.name, message: serverMessages.projects.deleted };
}
