/**
 * Tasks that complete themselves (server/projects/README.md, Triggers): a `config_submitted` task
 * when its project's config becomes complete, an `agreement_signed` task when its project's
 * agreement is signed. Each runs INSIDE the transaction of the write that makes the event happen
 * (configs.write.ts, agreements.sign.ts call one function here), so the task completes if and only
 * if the config write or the signature commits. Each linked project is locked (in id order, so two
 * events never deadlock), its open triggered tasks move to the end of the first done stage, its
 * figures are recomputed and each task's done notification is written.
 */
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { TaskTrigger } from '../../contract/tracker';
import type { Db, Tx } from '../db/database';
import { projects, projectTasks, taskStages } from '../db/schema';
import { notifyTaskDone, type NotifyDeps } from './projects.notifications';
import { recomputeProject } from './projects.recompute';
import { boardEnds, placeTask } from './projects.tasks';

/**
 * Completes the open `trigger` tasks of one project (the caller holds its row lock); returns the
 * ids of the tasks it completed. Nothing happens on a board without a done stage.
 */
export async function completeTriggered(tx: Tx, projectId: number, trigger: TaskTrigger, userId: number | null): Promise<number[]> {
  const { firstDone } = await boardEnds(tx);
  if (firstDone === null) return [];
  const open = await tx
    .select({ id: projectTasks.id, projectId: projectTasks.projectId, stageId: projectTasks.stageId })
    .from(projectTasks)
    .innerJoin(taskStages, eq(taskStages.id, projectTasks.stageId))
    .where(and(eq(projectTasks.projectId, projectId), eq(projectTasks.trigger, trigger), eq(taskStages.isDone, false)))
    .orderBy(asc(projectTasks.id));
  for (const task of open) await placeTask(tx, task, { stageId: firstDone, isDone: true, fromDone: false }, userId);
  return open.map((t) => t.id);
}

/** For every project `linked` selects: lock, complete, recompute, notify. */
async function fire(deps: NotifyDeps, tx: Tx, linked: SQL, trigger: TaskTrigger, userId: number | null): Promise<void> {
  const rows = await tx.select({ id: projects.id }).from(projects).where(linked).orderBy(asc(projects.id)).for('update');
  for (const { id } of rows) {
    const done = await completeTriggered(tx, id, trigger, userId);
    // Recomputed even with no task to complete: a signed agreement or a complete config makes the project active.
    await recomputeProject(tx, id);
    const completedAt = new Date();
    for (const taskId of done) await notifyTaskDone(deps, tx, { projectId: id, taskId, completedAt });
  }
}

/** In the signing transaction: the agreement's projects' `agreement_signed` tasks complete. */
export async function agreementSigned(deps: NotifyDeps, tx: Tx, agreementId: number, userId: number | null): Promise<void> {
  await fire(deps, tx, eq(projects.agreementId, agreementId), 'agreement_signed', userId);
}

/**
 * A config stage write, with the config's projects' `config_submitted` tasks completed in the same
 * transaction when this write makes the config complete (`completes`: the engine's progress turned
 * complete). A write that does not complete the config runs as it is.
 */
export async function withConfigTriggers<T>(
  deps: NotifyDeps,
  change: { configId: number; userId: number | null; completes: boolean },
  write: (db: Db | Tx) => Promise<T>,
): Promise<T> {
  if (!change.completes) return write(deps.db);
  return deps.db.transaction(async (tx) => {
    const result = await write(tx);
    await fire(deps, tx, eq(projects.configId, change.configId), 'config_submitted', change.userId);
    return result;
  });
}

/** At create: the triggers whose event already happened (the config is complete, the agreement is signed). */
export async function completeHappened(tx: Tx, projectId: number, happened: { configComplete: boolean; agreementSigned: boolean }, userId: number | null) {
  const triggers: TaskTrigger[] = [];
  if (happened.configComplete) triggers.push('config_submitted');
  if (happened.agreementSigned) triggers.push('agreement_signed');
  for (const trigger of triggers) await completeTriggered(tx, projectId, trigger, userId);
}
