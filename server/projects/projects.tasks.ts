/**
 * A project's tasks on the board (server/projects/README.md): the board, one group's tasks, a task
 * edit or move, a custom task, a delete. Every write is ONE transaction: the project row locked
 * first (`lockProject`), the tasks changed with the positions of the source and target columns
 * renumbered 1..n, then `recomputeProject`; so two managers moving tasks at once are serialised and
 * the figures count both moves. A task entering a done stage gets completed_at/by and notifies
 * (`notifyTaskDone`, in the same transaction); leaving one clears them.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ProjectTask } from '../../contract/tracker';
import type { Db, Tx } from '../db/database';
import { projectTasks, projectTaskTypes, tasks, taskStages, users } from '../db/schema';
import type { Viewer } from '../db/tenancy';
import { NotFound, type ErrorDetail } from '../domain-errors';
import { cleanName, cleanText } from '../http/clean-text';
import { interpolate, serverMessages } from '../messages';
import { findProject, lockProject } from './projects.access';
import { notifyTaskDone, type NotifyDeps } from './projects.notifications';
import { recomputeProject } from './projects.recompute';
import { checkManagers, copiedNames, invalid } from './projects.service';
import { isRealDay, todayUtc } from '../../contract/days';

const assignee = alias(users, 'assignee');
const completer = alias(users, 'completer');

/** Closes the gaps of one board column: positions 1..n in their current order. */
export async function renumberColumn(tx: Tx, projectId: number, stageId: number): Promise<void> {
  await tx.execute(sql`
    UPDATE ${projectTasks} SET position = r.rn
    FROM (SELECT id, row_number() OVER (ORDER BY position, id) AS rn FROM ${projectTasks} WHERE project_id = ${projectId} AND stage_id = ${stageId}) r
    WHERE ${projectTasks.id} = r.id AND ${projectTasks.position} <> r.rn`);
}

/**
 * Makes room at `position` of a column (the other tasks of the column renumbered 1..n with a gap
 * there), `except` the task being moved.
 */
async function openGap(tx: Tx, projectId: number, stageId: number, position: number, except: number): Promise<void> {
  await tx.execute(sql`
    UPDATE ${projectTasks} SET position = CASE WHEN r.rn >= ${position} THEN r.rn + 1 ELSE r.rn END
    FROM (SELECT id, row_number() OVER (ORDER BY position, id) AS rn FROM ${projectTasks}
          WHERE project_id = ${projectId} AND stage_id = ${stageId} AND id <> ${except}) r
    WHERE ${projectTasks.id} = r.id AND ${projectTasks.position} <> CASE WHEN r.rn >= ${position} THEN r.rn + 1 ELSE r.rn END`);
}

/** How many tasks a column holds (`except` one). */
async function columnSize(tx: Tx, projectId: number, stageId: number, except?: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(projectTasks)
    .where(and(eq(projectTasks.projectId, projectId), eq(projectTasks.stageId, stageId), except ? sql`${projectTasks.id} <> ${except}` : undefined));
  return Number(row?.n ?? 0);
}

/** The stage with its done flag, or undefined. */
async function stageOf(db: Db | Tx, stageId: number) {
  const [s] = await db.select({ id: taskStages.id, isDone: taskStages.isDone }).from(taskStages).where(eq(taskStages.id, stageId));
  return s;
}

/** The first stage of the board (new tasks start there), and the first done one (triggers end there). */
export async function boardEnds(db: Db | Tx): Promise<{ first: number | null; firstDone: number | null }> {
  const [first] = await db.select({ id: taskStages.id }).from(taskStages).orderBy(asc(taskStages.position), asc(taskStages.id)).limit(1);
  const [done] = await db.select({ id: taskStages.id }).from(taskStages).where(eq(taskStages.isDone, true)).orderBy(asc(taskStages.position), asc(taskStages.id)).limit(1);
  return { first: first?.id ?? null, firstDone: done?.id ?? null };
}

/** The tasks of a project (or of one of its groups) as the board shows them. */
async function taskViews(db: Db | Tx, projectId: number, where?: ReturnType<typeof eq>, today = todayUtc()): Promise<ProjectTask[]> {
  const rows = await db
    .select({
      id: projectTasks.id,
      groupId: projectTasks.projectTaskTypeId,
      taskId: projectTasks.taskId,
      name: projectTasks.name,
      templateName: tasks.name,
      templateNames: tasks.names,
      description: projectTasks.description,
      stageId: projectTasks.stageId,
      position: projectTasks.position,
      assigneeId: assignee.id,
      assigneeName: assignee.name,
      dueDate: projectTasks.dueDate,
      milestone: projectTasks.milestone,
      trigger: projectTasks.trigger,
      custom: projectTasks.custom,
      completedAt: projectTasks.completedAt,
      completerId: completer.id,
      completerName: completer.name,
      isDone: taskStages.isDone,
    })
    .from(projectTasks)
    .innerJoin(taskStages, eq(taskStages.id, projectTasks.stageId))
    .leftJoin(tasks, eq(tasks.id, projectTasks.taskId))
    .leftJoin(assignee, eq(assignee.id, projectTasks.assigneeId))
    .leftJoin(completer, eq(completer.id, projectTasks.completedBy))
    .where(and(eq(projectTasks.projectId, projectId), where))
    .orderBy(asc(taskStages.position), asc(taskStages.id), asc(projectTasks.position), asc(projectTasks.id));
  return rows.map((r) => ({
    id: r.id,
    project_task_type_id: r.groupId,
    task_id: r.taskId,
    name: r.name,
    names: copiedNames(r.name, r.templateName, r.templateNames),
    description: r.description,
    stage_id: r.stageId,
    position: r.position,
    assignee: r.assigneeId === null ? null : { id: r.assigneeId, name: r.assigneeName ?? '' },
    due_date: r.dueDate,
    milestone: r.milestone,
    trigger: r.trigger,
    custom: r.custom,
    completed_at: r.completedAt ? r.completedAt.toISOString() : null,
    completed_by: r.completerId === null ? null : { id: r.completerId, name: r.completerName ?? '' },
    overdue: !r.isDone && r.dueDate !== null && r.dueDate < today,
  }));
}

/** GET /projects/{id}/tasks: the board. */
export async function listTasks(db: Db, viewer: Viewer, key: string) {
  const p = await findProject(db, viewer, key);
  return taskViews(db, p.id);
}

/** GET /projects/{id}/{typeId}/tasks: one group's tasks (404 for another project's group). */
export async function listGroupTasks(db: Db, viewer: Viewer, key: string, groupId: number) {
  const p = await findProject(db, viewer, key);
  const [g] = await db.select({ id: projectTaskTypes.id }).from(projectTaskTypes).where(and(eq(projectTaskTypes.id, groupId), eq(projectTaskTypes.projectId, p.id)));
  if (!g) throw new NotFound(serverMessages.not_found);
  return taskViews(db, p.id, eq(projectTasks.projectTaskTypeId, g.id));
}

export interface TaskBody {
  stage_id?: number;
  position?: number;
  assignee_id?: number | null;
  due_date?: string | null;
  name?: string;
  description?: string | null;
  milestone?: boolean;
  project_task_type_id?: number;
}

/** The problems of a task's fields (name, dates, group of this project, assignee is staff). */
async function checkTaskFields(tx: Tx, projectId: number, body: TaskBody, problems: ErrorDetail[]) {
  if (body.name !== undefined && !cleanName(body.name).trim()) problems.push({ detail: serverMessages.tasks.name_required, field: 'name' });
  if (body.due_date != null && !isRealDay(body.due_date)) problems.push({ detail: serverMessages.projects.invalid_date, field: 'due_date' });
  if (body.project_task_type_id !== undefined) {
    const [g] = await tx.select({ id: projectTaskTypes.id }).from(projectTaskTypes).where(and(eq(projectTaskTypes.id, body.project_task_type_id), eq(projectTaskTypes.projectId, projectId)));
    if (!g) problems.push({ detail: serverMessages.projects.unknown_group, field: 'project_task_type_id' });
  }
  if (body.assignee_id != null) {
    const before = problems.length;
    await checkManagers(tx, problems, { project_manager_id: body.assignee_id, account_manager_id: undefined });
    for (const p of problems.slice(before)) p.field = 'assignee_id';
  }
}

/** The answer of a task write: the task, the project's figures, the message. */
async function taskAnswer(tx: Tx, projectId: number, taskId: number, message: string) {
  const project = await recomputeProject(tx, projectId);
  const [task] = await taskViews(tx, projectId, eq(projectTasks.id, taskId));
  return { task, project, message };
}

/**
 * Moves a task to `stageId` at `position` (1-based; undefined: the end of the column) inside the
 * caller's transaction, renumbering both columns; sets or clears completed_at/by when it enters or
 * leaves a done stage. Returns whether it entered a done stage. Checks the position's range.
 */
export async function placeTask(
  tx: Tx,
  task: { id: number; projectId: number; stageId: number },
  to: { stageId: number; isDone: boolean; fromDone: boolean; position?: number },
  userId: number | null,
  extra: Partial<typeof projectTasks.$inferInsert> = {},
  known?: { size: number },
): Promise<boolean> {
  const moving = to.stageId !== task.stageId;
  const size = known?.size ?? (await columnSize(tx, task.projectId, to.stageId, task.id));
  const max = size + 1;
  const position = to.position ?? max;
  if (position < 1) throw invalid([{ detail: serverMessages.tasks.sort_min, field: 'position' }]);
  if (position > max) {
    const detail = interpolate(serverMessages.tasks.sort_max, { max });
    throw invalid([{ detail, field: 'position' }]);
  }
  await openGap(tx, task.projectId, to.stageId, position, task.id);
  const entered = to.isDone && !to.fromDone;
  const left = !to.isDone && to.fromDone;
  await tx
    .update(projectTasks)
    .set({
      ...extra,
      stageId: to.stageId,
      position,
      updatedAt: new Date(),
      ...(entered ? { completedAt: new Date(), completedBy: userId } : {}),
      ...(left ? { completedAt: null, completedBy: null } : {}),
    })
    .where(eq(projectTasks.id, task.id));
  if (moving) await renumberColumn(tx, task.projectId, task.stageId);
  return entered;
}

/**
 * The project's task `taskId` with its stage's done flag, or 404 (`customOnly` refuses a template's
 * copy); in the same statement the target stage's done flag (null: no such stage) and how many
 * other tasks its column holds (the task's own column without a target).
 */
async function loadTask(tx: Tx, projectId: number, taskId: number, customOnly: boolean, targetStage?: number) {
  const target = targetStage ?? null;
  const [row] = await tx
    .select({
      id: projectTasks.id,
      projectId: projectTasks.projectId,
      stageId: projectTasks.stageId,
      custom: projectTasks.custom,
      isDone: taskStages.isDone,
      targetDone: sql<boolean | null>`(SELECT ts.is_done FROM task_stages ts WHERE ts.id = COALESCE(${target}::int, ${projectTasks.stageId}))`,
      size: sql<number>`(SELECT count(*)::int FROM project_tasks c WHERE c.project_id = ${projectTasks.projectId} AND c.stage_id = COALESCE(${target}::int, ${projectTasks.stageId}) AND c.id <> ${projectTasks.id})`,
    })
    .from(projectTasks)
    .innerJoin(taskStages, eq(taskStages.id, projectTasks.stageId))
    .where(and(eq(projectTasks.id, taskId), eq(projectTasks.projectId, projectId)));
  if (!row || (customOnly && !row.custom)) throw new NotFound(serverMessages.not_found);
  return row;
}

/** The fields of a task write other than the move. */
function taskFields(body: TaskBody): Partial<typeof projectTasks.$inferInsert> {
  const set: Partial<typeof projectTasks.$inferInsert> = {};
  if (body.name !== undefined) set.name = cleanName(body.name).trim();
  if (body.description !== undefined) set.description = body.description === null ? null : cleanText(body.description).trim() || null;
  if (body.assignee_id !== undefined) set.assigneeId = body.assignee_id;
  if (body.due_date !== undefined) set.dueDate = body.due_date;
  if (body.milestone !== undefined) set.milestone = body.milestone;
  if (body.project_task_type_id !== undefined) set.projectTaskTypeId = body.project_task_type_id;
  return set;
}

/** PUT /projects/{id}/tasks/{taskId} (and /tasks/custom/{taskId} with `customOnly`). */
export async function updateTask(deps: NotifyDeps, viewer: Viewer, key: string, taskId: number, body: TaskBody, customOnly = false) {
  return deps.db.transaction(async (tx) => {
    const p = await lockProject(tx, viewer, key);
    const task = await loadTask(tx, p.id, taskId, customOnly, body.stage_id);
    const problems: ErrorDetail[] = [];
    await checkTaskFields(tx, p.id, body, problems);
    if (body.stage_id !== undefined && task.targetDone === null) problems.push({ detail: serverMessages.projects.unknown_stage, field: 'stage_id' });
    if (problems.length) throw invalid(problems);
    const fields = taskFields(body);
    let entered = false;
    if (body.stage_id !== undefined || body.position !== undefined) {
      const to = { stageId: body.stage_id ?? task.stageId, isDone: Boolean(task.targetDone), fromDone: task.isDone, position: body.position };
      entered = await placeTask(tx, task, to, viewer.id, fields, { size: Number(task.size) });
    } else if (Object.keys(fields).length) {
      await tx.update(projectTasks).set({ ...fields, updatedAt: new Date() }).where(eq(projectTasks.id, task.id));
    }
    const answer = await taskAnswer(tx, p.id, task.id, serverMessages.tasks.task_updated);
    if (entered) await notifyTaskDone(deps, tx, { projectId: p.id, taskId: task.id, completedAt: new Date(answer.task.completed_at ?? Date.now()) });
    return answer;
  });
}

export interface CustomTaskBody {
  name: string;
  project_task_type_id: number;
  stage_id?: number;
  due_date?: string | null;
  assignee_id?: number | null;
  description?: string | null;
  milestone?: boolean;
}

/** POST /projects/{id}/tasks/custom: a task of the project's own, at the end of its column (the first stage unless named). */
export async function createCustomTask(deps: NotifyDeps, viewer: Viewer, key: string, body: CustomTaskBody) {
  return deps.db.transaction(async (tx) => {
    const p = await lockProject(tx, viewer, key);
    const problems: ErrorDetail[] = [];
    await checkTaskFields(tx, p.id, body, problems);
    const stage = body.stage_id !== undefined ? await stageOf(tx, body.stage_id) : await boardEnds(tx).then((e) => (e.first ? stageOf(tx, e.first) : undefined));
    if (!stage) problems.push({ detail: body.stage_id !== undefined ? serverMessages.projects.unknown_stage : serverMessages.projects.no_stages, field: 'stage_id' });
    if (problems.length) throw invalid(problems);
    const position = (await columnSize(tx, p.id, stage!.id)) + 1;
    const now = new Date();
    const [row] = await tx
      .insert(projectTasks)
      .values({
        ...taskFields(body),
        projectId: p.id,
        projectTaskTypeId: body.project_task_type_id,
        name: cleanName(body.name).trim(),
        stageId: stage!.id,
        position,
        custom: true,
        ...(stage!.isDone ? { completedAt: now, completedBy: viewer.id } : {}),
      })
      .returning({ id: projectTasks.id });
    const answer = await taskAnswer(tx, p.id, row.id, serverMessages.tasks.task_created);
    if (stage!.isDone) await notifyTaskDone(deps, tx, { projectId: p.id, taskId: row.id, completedAt: now });
    return answer;
  });
}

/** DELETE /projects/{id}/tasks/{taskId} (and /tasks/custom/{taskId} with `customOnly`). */
export async function deleteTask(db: Db, viewer: Viewer, key: string, taskId: number, customOnly = false) {
  return db.transaction(async (tx) => {
    const p = await lockProject(tx, viewer, key);
    const task = await loadTask(tx, p.id, taskId, customOnly);
    await tx.delete(projectTasks).where(eq(projectTasks.id, task.id));
    await renumberColumn(tx, p.id, task.stageId);
    return { project: await recomputeProject(tx, p.id), message: serverMessages.tasks.task_deleted };
  });
}
