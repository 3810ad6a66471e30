/**
 * Task stages (spec: /tasks/stages, "with sort"): the columns of every project's board. Names are
 * unique whatever their case (409 on `name`); a stage that project tasks are in cannot be deleted
 * (409: move them first), and the last done stage can neither be deleted nor lose its flag (409),
 * so every board can finish.
 */
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { TaskStage } from '../../contract/tasks';
import type { Db, Tx } from '../db/database';
import { isForeignKeyViolation, isUniqueViolation } from '../db/pg-errors';
import { projectTasks, taskStages } from '../db/schema';
import { Conflict, Invalid, NotFound } from '../domain-errors';
import { cleanName } from '../http/clean-text';
import { parseId } from '../http/ids';
import { namesOf, storedNames } from '../http/local-names';
import { serverMessages } from '../messages';
import { lockOrder, moveTo, nextPosition, renumber } from './tasks.order';

export interface StageBody {
  name?: string;
  /** The name in other locales (contract/names.ts): replaces the stored ones; checked by `checkedNames`. */
  names?: unknown;
  is_done?: boolean;
  colour?: string | null;
}

const taken = () => new Conflict(serverMessages.tasks.stage_name_taken, [{ detail: serverMessages.tasks.stage_name_taken, field: 'name' }]);
// Spelt out: drizzle leaves the columns of a one-table select unqualified, which the subquery would read as its own.
const taskCount = sql<number>`(SELECT count(*)::int FROM project_tasks pt WHERE pt.stage_id = task_stages.id)`.mapWith(Number);

async function load(db: Db | Tx, id?: number): Promise<TaskStage[]> {
  const rows = await db
    .select({ id: taskStages.id, name: taskStages.name, names: taskStages.names, position: taskStages.position, isDone: taskStages.isDone, colour: taskStages.colour, taskCount, updatedAt: taskStages.updatedAt })
    .from(taskStages)
    .where(id === undefined ? undefined : eq(taskStages.id, id))
    .orderBy(asc(taskStages.position), asc(taskStages.id));
  return rows.map((r) => ({ id: r.id, name: r.name, names: storedNames(r.names), position: r.position, is_done: r.isDone, colour: r.colour, task_count: r.taskCount, updated_at: r.updatedAt.toISOString() }));
}

/** GET /tasks/stages: every stage by position (a board has a handful: no paging). */
export const listStages = (db: Db) => load(db);

async function find(tx: Db | Tx, key: string) {
  const id = parseId(key);
  const [row] = id === null ? [] : await tx.select().from(taskStages).where(eq(taskStages.id, id));
  if (!row) throw new NotFound(serverMessages.not_found);
  return row;
}

/** The name as stored: trimmed, without bidirectional controls; blank is a 422. */
export function checkedName(name: string | undefined): string {
  const clean = cleanName(name ?? '').trim();
  if (!clean) throw new Invalid(serverMessages.tasks.name_required, [{ detail: serverMessages.tasks.name_required, field: 'name' }]);
  return clean;
}

async function clash(tx: Tx, name: string, self?: number) {
  const [row] = await tx.select({ id: taskStages.id }).from(taskStages).where(and(sql`lower(${taskStages.name}) = lower(${name})`, self === undefined ? undefined : ne(taskStages.id, self)));
  if (row) throw taken();
}

async function otherDoneStages(tx: Tx, self: number) {
  const [{ n }] = await tx.select({ n: count() }).from(taskStages).where(and(eq(taskStages.isDone, true), ne(taskStages.id, self)));
  return n;
}

const one = async (db: Db | Tx, id: number) => (await load(db, id))[0];

/** POST /tasks/stages: at the end of the board; 'Stage Created'. */
export async function createStage(db: Db, body: StageBody): Promise<TaskStage> {
  const name = checkedName(body.name);
  const names = namesOf(body.names) ?? {};
  try {
    const id = await db.transaction(async (tx) => {
      await lockOrder(tx, taskStages);
      await clash(tx, name);
      const [row] = await tx.insert(taskStages).values({ name, names, isDone: body.is_done ?? false, colour: body.colour ?? null, position: nextPosition(taskStages) }).returning({ id: taskStages.id });
      return row.id;
    });
    return { ...(await one(db, id)), message: serverMessages.tasks.stage_created };
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}

/** PUT /tasks/stages/{id}: the fields sent; 'Stage Updated'. */
export async function updateStage(db: Db, key: string, body: StageBody): Promise<TaskStage> {
  const name = body.name === undefined ? undefined : checkedName(body.name);
  const names = namesOf(body.names);
  try {
    const id = await db.transaction(async (tx) => {
      // The order lock also serialises the done-stage check against another write of the stages.
      await lockOrder(tx, taskStages);
      const row = await find(tx, key);
      if (name !== undefined) await clash(tx, name, row.id);
      if (body.is_done === false && row.isDone && (await otherDoneStages(tx, row.id)) === 0) throw new Conflict(serverMessages.tasks.last_done_stage, [{ detail: serverMessages.tasks.last_done_stage, field: 'is_done' }]);
      await tx
        .update(taskStages)
        .set({ ...(name !== undefined ? { name } : {}), ...(names !== undefined ? { names } : {}), ...(body.is_done !== undefined ? { isDone: body.is_done } : {}), ...(body.colour !== undefined ? { colour: body.colour } : {}), updatedAt: new Date() })
        .where(eq(taskStages.id, row.id));
      return row.id;
    });
    return { ...(await one(db, id)), message: serverMessages.tasks.stage_updated };
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}

/** DELETE /tasks/stages/{id}: refused while project tasks are in it, or when it is the last done stage; 'Stage Deleted'. */
export async function deleteStage(db: Db, key: string) {
  try {
    return await db.transaction(async (tx) => {
    await lockOrder(tx, taskStages);
    const row = await find(tx, key);
    const [{ n }] = await tx.select({ n: count() }).from(projectTasks).where(eq(projectTasks.stageId, row.id));
    if (n > 0) throw new Conflict(serverMessages.tasks.stage_in_use);
    if (row.isDone && (await otherDoneStages(tx, row.id)) === 0) throw new Conflict(serverMessages.tasks.last_done_stage);
    await tx.delete(taskStages).where(eq(taskStages.id, row.id));
    await renumber(tx, taskStages);
    return { id: row.id, name: row.name, message: serverMessages.tasks.stage_deleted };
    });
  } catch (err) {
    // A project task moved into it while it was being deleted.
    if (isForeignKeyViolation(err)) throw new Conflict(serverMessages.tasks.stage_in_use);
    throw err;
  }
}

/** POST /tasks/stages/{id}/sort {to}: 'Stage Updated'. */
export async function sortStage(db: Db, key: string, to: number): Promise<TaskStage> {
  const id = await db.transaction(async (tx) => {
    await lockOrder(tx, taskStages);
    const row = await find(tx, key);
    await moveTo(tx, taskStages, row.id, to);
    return row.id;
  });
  return { ...(await one(db, id)), message: serverMessages.tasks.stage_updated };
}
