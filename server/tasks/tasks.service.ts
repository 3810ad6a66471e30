/**
 * Task templates (spec: /tasks): copied into a project's tasks when a project of one of their
 * project types is created (server/projects/). Writes check what a schema cannot (a blank name, a
 * task type that exists); positions move only through sort (tasks.order.ts). Deleting a template
 * leaves the projects' copies (their task_id is set null by the foreign key).
 */
import { eq, inArray } from 'drizzle-orm';
import type { ProjectType } from '../../contract/projects';
import type { TaskTemplate } from '../../contract/tasks';
import type { TaskTrigger } from '../../contract/tracker';
import type { Db, Tx } from '../db/database';
import { isForeignKeyViolation } from '../db/pg-errors';
import { tasks, taskTypes } from '../db/schema';
import { Invalid, NotFound } from '../domain-errors';
import { cleanText } from '../http/clean-text';
import { parseId } from '../http/ids';
import { namesOf, storedNames } from '../http/local-names';
import { serverMessages } from '../messages';
import { lockOrder, moveTo, nextPosition, renumber } from './tasks.order';
import { checkedName } from './tasks.stages';
import { iconUrl } from './tasks.icons';


export interface TemplateBody {
  name?: string;
  /** The name in other locales (contract/names.ts): replaces the stored ones. */
  names?: unknown;
  description?: string | null;
  task_type_id?: number;
  project_types?: ProjectType[];
  due_days?: number | null;
  milestone?: boolean;
  trigger?: TaskTrigger | null;
}

const unknownType = () => new Invalid(serverMessages.tasks.unknown_type, [{ detail: serverMessages.tasks.unknown_type, field: 'task_type_id' }]);

/** Templates in the API's shape, in the order of `ids`. */
export async function loadTemplates(db: Db | Tx, ids: number[]): Promise<TaskTemplate[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ t: tasks, typeName: taskTypes.name, typeNames: taskTypes.names, iconHash: taskTypes.iconHash })
    .from(tasks)
    .innerJoin(taskTypes, eq(taskTypes.id, tasks.taskTypeId))
    .where(inArray(tasks.id, ids));
  const byId = new Map(rows.map((r) => [r.t.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const t = r.t;
    return [{
      id: t.id, name: t.name, names: storedNames(t.names), description: t.description, task_type_id: t.taskTypeId,
      task_type: { id: t.taskTypeId, name: r.typeName, names: storedNames(r.typeNames), icon_url: iconUrl(t.taskTypeId, r.iconHash) },
      project_types: t.projectTypes, position: t.position, due_days: t.dueDays, milestone: t.milestone, trigger: t.trigger,
      updated_at: t.updatedAt.toISOString(),
    }];
  });
}

async function find(tx: Db | Tx, key: string) {
  const id = parseId(key);
  const [row] = id === null ? [] : await tx.select({ id: tasks.id, name: tasks.name }).from(tasks).where(eq(tasks.id, id));
  if (!row) throw new NotFound(serverMessages.not_found);
  return row;
}

async function checkType(tx: Db | Tx, typeId: number | undefined) {
  if (typeId === undefined) return;
  const [row] = await tx.select({ id: taskTypes.id }).from(taskTypes).where(eq(taskTypes.id, typeId));
  if (!row) throw unknownType();
}

/** The columns a body sets (only the fields sent; text cleaned, a blank description is none). */
function columns(body: TemplateBody) {
  const description = body.description === undefined ? undefined : body.description === null ? null : cleanText(body.description).trim() || null;
  const names = namesOf(body.names);
  return {
    ...(body.name !== undefined ? { name: checkedName(body.name) } : {}),
    ...(names !== undefined ? { names } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(body.task_type_id !== undefined ? { taskTypeId: body.task_type_id } : {}),
    ...(body.project_types !== undefined ? { projectTypes: [...new Set(body.project_types)] } : {}),
    ...(body.due_days !== undefined ? { dueDays: body.due_days } : {}),
    ...(body.milestone !== undefined ? { milestone: body.milestone } : {}),
    ...(body.trigger !== undefined ? { trigger: body.trigger } : {}),
  };
}

/** Reads a foreign-key refusal (the type deleted meanwhile) as the 422 on task_type_id. */
async function typeSafe<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isForeignKeyViolation(err)) throw unknownType();
    throw err;
  }
}

/** POST /tasks: at the end of the list; 'Task Created'. */
export async function createTemplate(db: Db, body: TemplateBody): Promise<TaskTemplate> {
  const name = checkedName(body.name);
  if (body.task_type_id === undefined) throw unknownType();
  const values = columns(body);
  const id = await typeSafe(() =>
    db.transaction(async (tx) => {
      await checkType(tx, body.task_type_id);
      await lockOrder(tx, tasks);
      const [row] = await tx.insert(tasks).values({ ...values, name, taskTypeId: body.task_type_id!, position: nextPosition(tasks) }).returning({ id: tasks.id });
      return row.id;
    }),
  );
  return { ...(await loadTemplates(db, [id]))[0], message: serverMessages.tasks.task_created };
}

/** PUT /tasks/{id}: the fields sent; 'Task Updated'. */
export async function updateTemplate(db: Db, key: string, body: TemplateBody): Promise<TaskTemplate> {
  const values = columns(body);
  const id = await typeSafe(() =>
    db.transaction(async (tx) => {
      const row = await find(tx, key);
      await checkType(tx, body.task_type_id);
      await tx.update(tasks).set({ ...values, updatedAt: new Date() }).where(eq(tasks.id, row.id));
      return row.id;
    }),
  );
  return { ...(await loadTemplates(db, [id]))[0], message: serverMessages.tasks.task_updated };
}

/** DELETE /tasks/{id}: 'Task Deleted'; the projects' copies stay (task_id set null). */
export async function deleteTemplate(db: Db, key: string) {
  return db.transaction(async (tx) => {
    await lockOrder(tx, tasks);
    const row = await find(tx, key);
    await tx.delete(tasks).where(eq(tasks.id, row.id));
    await renumber(tx, tasks);
    return { id: row.id, name: row.name, message: serverMessages.tasks.task_deleted };
  });
}

/** POST /tasks/{id}/sort {to}: 'Task Updated'. */
export async function sortTemplate(db: Db, key: string, to: number): Promise<TaskTemplate> {
  const id = await db.transaction(async (tx) => {
    await lockOrder(tx, tasks);
    const row = await find(tx, key);
    await moveTo(tx, tasks, row.id, to);
    return row.id;
  });
  return { ...(await loadTemplates(db, [id]))[0], message: serverMessages.tasks.task_updated };
}
