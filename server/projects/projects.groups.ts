/**
 * A project's task groups (server/projects/README.md): the copies of task types made at create and
 * groups a manager adds by name. "Mark as master" makes a group a task type (or updates the type it
 * came from) and its tasks that type's templates for the project's project type, so later projects
 * of that type get them. Marking only adds and updates templates: a template the group no longer
 * holds stays (other projects and project types may use it; the templates screen removes it).
 * Templates are every company's (server/tasks/), so marking needs 'edit tasks' as well as the route's
 * 'edit projects': a company's own editor cannot write what every other company's projects copy.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/database';
import { isUniqueViolation } from '../db/pg-errors';
import { type projects, projectTasks, projectTaskTypes, tasks, taskTypes } from '../db/schema';
import type { Viewer } from '../db/tenancy';
import { Conflict, Forbidden, NotFound } from '../domain-errors';
import { cleanName } from '../http/clean-text';
import { serverMessages } from '../messages';
import { findProject, lockProject, touchProject } from './projects.access';
import { invalid, projectGroups } from './projects.service';


/** GET /projects/{id}/types. */
export async function listGroups(db: Db, viewer: Viewer, key: string) {
  const p = await findProject(db, viewer, key);
  return projectGroups(db, p.id);
}

async function groupAnswer(db: Db, projectId: number, groupId: number, message: string) {
  const group = (await projectGroups(db, projectId)).find((g) => g.id === groupId)!;
  return { group, task_type_id: group.task_type_id, message };
}

const nameOf = (name: string | undefined) => {
  const clean = cleanName(name ?? '').trim();
  if (!clean) throw invalid([{ detail: serverMessages.projects.name_required, field: 'name' }]);
  return clean;
};

const taken = () => new Conflict(serverMessages.projects.group_name_taken, [{ detail: serverMessages.projects.group_name_taken, field: 'name' }]);

/** POST /projects/{id}/types {name}: a group at the end. */
export async function createGroup(db: Db, viewer: Viewer, key: string, body: { name: string }) {
  const name = nameOf(body.name);
  try {
    const [projectId, groupId] = await db.transaction(async (tx) => {
      const p = await lockProject(tx, viewer, key);
      const [row] = await tx
        .insert(projectTaskTypes)
        .values({ projectId: p.id, name, position: sql`(SELECT COALESCE(MAX(position), 0) + 1 FROM ${projectTaskTypes} WHERE project_id = ${p.id})` as unknown as number })
        .returning({ id: projectTaskTypes.id });
      await touchProject(tx, p.id);
      return [p.id, row.id] as const;
    });
    return groupAnswer(db, projectId, groupId, serverMessages.tasks.type_created);
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/** The group `groupId` of the locked project, or 404. */
async function groupOf(tx: Tx, projectId: number, groupId: number) {
  const [g] = await tx.select().from(projectTaskTypes).where(and(eq(projectTaskTypes.id, groupId), eq(projectTaskTypes.projectId, projectId)));
  if (!g) throw new NotFound(serverMessages.not_found);
  return g;
}

/**
 * PUT /projects/{id}/types/{typeId} {master?, name?}: rename, and/or mark as master. Marking writes
 * the global task templates: it needs 'edit tasks' (403 before anything is read or written).
 */
export async function updateGroup(db: Db, viewer: Viewer, key: string, groupId: number, body: { master?: boolean; name?: string }) {
  if (body.master === true && !viewer.permissions.has('edit tasks')) throw new Forbidden(serverMessages.projects.master_needs_edit_tasks);
  const name = body.name === undefined ? undefined : nameOf(body.name);
  if (body.master === false || (body.master === undefined && name === undefined)) throw invalid([{ detail: serverMessages.projects.not_master, field: 'master' }]);
  try {
    const projectId = await db.transaction(async (tx) => {
      const p = await lockProject(tx, viewer, key);
      const g = await groupOf(tx, p.id, groupId);
      if (name !== undefined && name !== g.name) await tx.update(projectTaskTypes).set({ name }).where(eq(projectTaskTypes.id, g.id));
      if (body.master) await markMaster(tx, p, { ...g, name: name ?? g.name });
      await touchProject(tx, p.id);
      return p.id;
    });
    return groupAnswer(db, projectId, groupId, body.master ? serverMessages.projects.marked_master : serverMessages.tasks.type_updated);
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}



/**
 * The group becomes (or updates) a task type, its tasks that type's templates for the project's type.
 * A type or template whose name this changes loses its `names` (contract/names.ts): they were the
 * old word's, and the project's screen neither shows nor asks for them.
 */
async function markMaster(tx: Tx, p: typeof projects.$inferSelect, g: typeof projectTaskTypes.$inferSelect) {
  let typeId = g.taskTypeId;
  if (typeId === null) {
    // A type of the same name (any case) is the one this group becomes: type names are unique.
    const [same] = await tx.select({ id: taskTypes.id }).from(taskTypes).where(sql`lower(${taskTypes.name}) = lower(${g.name})`);
    typeId =
      same?.id ??
      (
        await tx
          .insert(taskTypes)
          .values({ name: g.name, position: sql`(SELECT COALESCE(MAX(position), 0) + 1 FROM ${taskTypes})` as unknown as number })
          .returning({ id: taskTypes.id })
      )[0].id;
    await tx.update(projectTaskTypes).set({ taskTypeId: typeId }).where(eq(projectTaskTypes.id, g.id));
  } else {
    await tx
      .update(taskTypes)
      .set({ name: g.name, names: sql`CASE WHEN ${taskTypes.name} = ${g.name} THEN ${taskTypes.names} ELSE '{}'::jsonb END`, updatedAt: new Date() })
      .where(eq(taskTypes.id, typeId));
  }
  const groupTasks = await tx.select().from(projectTasks).where(eq(projectTasks.projectTaskTypeId, g.id)).orderBy(asc(projectTasks.position), asc(projectTasks.id));
  const dueDays = (due: string | null) => (due === null ? null : Math.min(3650, Math.max(0, Math.round((Date.parse(`${due}T00:00:00Z`) - Date.parse(`${p.startDate}T00:00:00Z`)) / 86_400_000))));
  for (const task of groupTasks) {
    const fields = { name: task.name, description: task.description, taskTypeId: typeId, milestone: task.milestone, trigger: task.trigger, dueDays: dueDays(task.dueDate), updatedAt: new Date() };
    const [template] = task.taskId ? await tx.select().from(tasks).where(eq(tasks.id, task.taskId)) : [];
    if (template) {
      // Empty project types means every type already; otherwise this project's type is added.
      const types = template.projectTypes.length && !template.projectTypes.includes(p.projectType) ? [...template.projectTypes, p.projectType] : template.projectTypes;
      await tx.update(tasks).set({ ...fields, ...(template.name === task.name ? {} : { names: {} }), projectTypes: types }).where(eq(tasks.id, template.id));
    } else {
      const [created] = await tx
        .insert(tasks)
        .values({ ...fields, projectTypes: [p.projectType], position: sql`(SELECT COALESCE(MAX(position), 0) + 1 FROM ${tasks})` as unknown as number })
        .returning({ id: tasks.id });
      await tx.update(projectTasks).set({ taskId: created.id, custom: false }).where(eq(projectTasks.id, task.id));
    }
  }
}

/** DELETE /projects/{id}/types/{typeId}: refused (409) while it holds tasks. */
export async function deleteGroup(db: Db, viewer: Viewer, key: string, groupId: number) {
  return db.transaction(async (tx) => {
    const p = await lockProject(tx, viewer, key);
    const g = await groupOf(tx, p.id, groupId);
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(projectTasks).where(eq(projectTasks.projectTaskTypeId, g.id));
    if (Number(n) > 0) throw new Conflict(serverMessages.projects.group_in_use, [{ detail: serverMessages.projects.group_in_use }]);
    await tx.delete(projectTaskTypes).where(eq(projectTaskTypes.id, g.id));
    await touchProject(tx, p.id);
    return { id: g.id, name: g.name, message: serverMessages.tasks.type_deleted };
  });
}
