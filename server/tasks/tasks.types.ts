/**
 * Task types (spec: /tasks/types; `POST /tasks/types/{id}` multipart with an icon): the groups of a
 * board (Design, Build ...). Names unique whatever their case (409 on `name`); a type that
 * templates use cannot be deleted (409); sorted like templates (tasks.order.ts). Projects' task
 * groups that came from a deleted type keep their tasks (their task_type_id is set null).
 */
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { TaskType } from '../../contract/tasks';
import type { Db, Tx } from '../db/database';
import { isForeignKeyViolation, isUniqueViolation } from '../db/pg-errors';
import { tasks, taskTypes } from '../db/schema';
import { Conflict, NotFound } from '../domain-errors';
import { parseId } from '../http/ids';
import { namesOf, storedNames } from '../http/local-names';
import { serverMessages } from '../messages';
import { iconUrl, type Icon } from './tasks.icons';
import { lockOrder, moveTo, nextPosition, renumber } from './tasks.order';
import { checkedName } from './tasks.stages';

const taken = () => new Conflict(serverMessages.tasks.type_name_taken, [{ detail: serverMessages.tasks.type_name_taken, field: 'name' }]);
const inUse = () => new Conflict(serverMessages.tasks.type_in_use);
// Spelt out: drizzle leaves the columns of a one-table select unqualified, which the subquery would read as its own.
const templateCount = sql<number>`(SELECT count(*)::int FROM tasks t WHERE t.task_type_id = task_types.id)`.mapWith(Number);

/** What a create or update of a type changes: the name, a new icon, or the icon removed (null). */
export interface TypeInput {
  name?: string;
  /** The name in other locales (contract/names.ts; a multipart form sends it as JSON text): replaces the stored ones. */
  names?: unknown;
  icon?: Icon | null;
}

async function load(db: Db | Tx, id?: number): Promise<TaskType[]> {
  const rows = await db
    .select({ id: taskTypes.id, name: taskTypes.name, names: taskTypes.names, position: taskTypes.position, iconHash: taskTypes.iconHash, templateCount, updatedAt: taskTypes.updatedAt })
    .from(taskTypes)
    .where(id === undefined ? undefined : eq(taskTypes.id, id))
    .orderBy(asc(taskTypes.position), asc(taskTypes.id));
  return rows.map((r) => ({ id: r.id, name: r.name, names: storedNames(r.names), position: r.position, icon_url: iconUrl(r.id, r.iconHash), template_count: r.templateCount, updated_at: r.updatedAt.toISOString() }));
}

const one = async (db: Db | Tx, id: number) => (await load(db, id))[0];

/** GET /tasks/types: every type by position. */
export const listTypes = (db: Db) => load(db);

async function find(tx: Db | Tx, key: string) {
  const id = parseId(key);
  const [row] = id === null ? [] : await tx.select({ id: taskTypes.id, name: taskTypes.name }).from(taskTypes).where(eq(taskTypes.id, id));
  if (!row) throw new NotFound(serverMessages.not_found);
  return row;
}

async function clash(tx: Tx, name: string, self?: number) {
  const [row] = await tx.select({ id: taskTypes.id }).from(taskTypes).where(and(sql`lower(${taskTypes.name}) = lower(${name})`, self === undefined ? undefined : ne(taskTypes.id, self)));
  if (row) throw taken();
}

const iconColumns = (icon: Icon | null | undefined) =>
  icon === undefined ? {} : icon === null ? { icon: null, iconMime: null, iconHash: null } : { icon: icon.data, iconMime: icon.mime, iconHash: icon.hash };

/** POST /tasks/types ({name} or multipart name + file): at the end; 'Type Created'. */
export async function createType(db: Db, input: TypeInput): Promise<TaskType> {
  const name = checkedName(input.name);
  const names = namesOf(input.names) ?? {};
  try {
    const id = await db.transaction(async (tx) => {
      await lockOrder(tx, taskTypes);
      await clash(tx, name);
      const [row] = await tx.insert(taskTypes).values({ name, names, position: nextPosition(taskTypes), ...iconColumns(input.icon) }).returning({ id: taskTypes.id });
      return row.id;
    });
    return { ...(await one(db, id)), message: serverMessages.tasks.type_created };
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}

/** POST /tasks/types/{id} (multipart): the name and/or icon sent, or the icon removed; 'Type Updated'. */
export async function updateType(db: Db, key: string, input: TypeInput): Promise<TaskType> {
  const name = input.name === undefined ? undefined : checkedName(input.name);
  const names = namesOf(input.names);
  try {
    const id = await db.transaction(async (tx) => {
      const row = await find(tx, key);
      if (name !== undefined) {
        await lockOrder(tx, taskTypes);
        await clash(tx, name, row.id);
      }
      await tx.update(taskTypes).set({ ...(name !== undefined ? { name } : {}), ...(names !== undefined ? { names } : {}), ...iconColumns(input.icon), updatedAt: new Date() }).where(eq(taskTypes.id, row.id));
      return row.id;
    });
    return { ...(await one(db, id)), message: serverMessages.tasks.type_updated };
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}

/** DELETE /tasks/types/{id}: refused while templates use it; 'Type Deleted'. */
export async function deleteType(db: Db, key: string) {
  try {
    return await db.transaction(async (tx) => {
      await lockOrder(tx, taskTypes);
      const row = await find(tx, key);
      const [{ n }] = await tx.select({ n: count() }).from(tasks).where(eq(tasks.taskTypeId, row.id));
      if (n > 0) throw inUse();
      await tx.delete(taskTypes).where(eq(taskTypes.id, row.id));
      await renumber(tx, taskTypes);
      return { id: row.id, name: row.name, message: serverMessages.tasks.type_deleted };
    });
  } catch (err) {
    // A template given this type while it was being deleted.
    if (isForeignKeyViolation(err)) throw inUse();
    throw err;
  }
}

/** POST /tasks/types/{id}/sort {to}: 'Type Updated'. */
export async function sortType(db: Db, key: string, to: number): Promise<TaskType> {
  const id = await db.transaction(async (tx) => {
    await lockOrder(tx, taskTypes);
    const row = await find(tx, key);
    await moveTo(tx, taskTypes, row.id, to);
    return row.id;
  });
  return { ...(await one(db, id)), message: serverMessages.tasks.type_updated };
}

/** GET /tasks/types/{id}/icon: the stored bytes and their hash; 404 without an icon. */
export async function readIcon(db: Db, key: string) {
  const id = parseId(key);
  const [row] = id === null ? [] : await db.select({ data: taskTypes.icon, mime: taskTypes.iconMime, hash: taskTypes.iconHash }).from(taskTypes).where(eq(taskTypes.id, id));
  if (!row?.data || !row.hash || !row.mime) throw new NotFound(serverMessages.not_found);
  return { data: row.data, mime: row.mime, hash: row.hash };
}
