/**
 * Import jobs, in the database (`import_jobs`, issue 53): what the user sees of an import (status,
 * rows processed of the total, the result), answered by any instance, and the cancel, taken by any
 * instance. The queue (pg-boss, migration.worker.ts) decides which instance runs a job; this file
 * decides which run may write it:
 *
 * - a worker takes the job as a *run* (`takeRun`: a new `run_id`), unless a live run holds it (one
 *   whose heartbeat is younger than the stale time);
 * - the run moves `processed` and the heartbeat as it goes, and stops when the cancel comes in, when
 *   its app closes (it gives the job back: `release`), or when another run took the job over;
 * - its one write (the import, all or nothing) marks the job done in the same transaction, only
 *   while the run still holds it and no cancel came in (`claim`): a cancel that came first leaves
 *   nothing behind, one that came after is too late, and two runs can never both write;
 * - a job whose run went silent (its instance died) is handed back to the queue by the next poll
 *   (`jobOf`'s `requeue`) and run again from the start, or shown failed when the queue will not
 *   run it again; either way nothing of the lost run was written.
 *
 * Finished jobs are kept a day, without their request.
 */
import { hostname } from 'node:os';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { JobStatus } from '../../contract/migration';
import type { Db, Tx } from '../db/database';
import { importJobs } from '../db/schema';
import { serverMessages } from '../messages';
import type { MigrationBody } from './migration.service';

export type ImportJob = typeof importJobs.$inferSelect;
type Outcome = { result?: unknown; error?: { statusCode: number; message: string } };

/** A cancel reached the job before its write (or the job was no longer running). */
export class ImportCancelled extends Error {}
/** The run stopped without an outcome: its app is closing (the job goes back to the queue) or another run took the job over. */
export class RunStopped extends Error {}

/** This process, as a run names where it runs. */
const RUN_BY = `${hostname()}:${process.pid}`;
/** Finished jobs are kept this long (the page reads the result right away). */
const KEEP = sql`interval '1 day'`;

/** Heard of within `staleSeconds`: a run holding the job is alive. */
const staleAfter = (staleSeconds: number) => sql`${importJobs.heartbeatAt} < now() - make_interval(secs => ${staleSeconds})`;
const running = (id: string) => and(eq(importJobs.id, id), eq(importJobs.status, 'running'));

export async function startJob(db: Db, userId: number, configId: number, total: number, request: MigrationBody): Promise<ImportJob> {
  await db.delete(importJobs).where(lt(importJobs.finishedAt, sql`now() - ${KEEP}`));
  const [job] = await db.insert(importJobs).values({ userId, configId, file: request.file.name, total, request }).returning();
  return job;
}

/**
 * A job of this user (another user's job is not found). A running job whose run went silent is
 * handed to `requeue` (true: the queue runs it again, so it stays running) or else marked failed,
 * whichever instance asks; the database's clock judges.
 */
export async function jobOf(db: Db, id: string, userId: number, staleSeconds: number, requeue: (id: string) => Promise<boolean>): Promise<ImportJob | undefined> {
  const silent = and(eq(importJobs.status, 'running'), staleAfter(staleSeconds));
  const mine = and(eq(importJobs.id, id), eq(importJobs.userId, userId));
  // One read per poll; more only for a job found silent.
  const [found] = await db.select({ job: importJobs, silent: sql<boolean>`${silent}` }).from(importJobs).where(mine);
  if (!found?.silent || (await requeue(id))) return found?.job;
  const [failed] = await db
    .update(importJobs)
    .set({ status: 'failed', error: { statusCode: 503, message: serverMessages.migration.job_stopped }, finishedAt: sql`now()`, request: null })
    .where(and(mine, silent))
    .returning();
  return failed ?? (await jobOf(db, id, userId, staleSeconds, requeue));
}

/** Asks a running job of this user to stop before its write; the job as it now is. */
export async function requestCancel(db: Db, id: string, userId: number, staleSeconds: number, requeue: (id: string) => Promise<boolean>): Promise<ImportJob | undefined> {
  await db.update(importJobs).set({ cancelRequested: true }).where(and(running(id), eq(importJobs.userId, userId)));
  return jobOf(db, id, userId, staleSeconds, requeue);
}

/**
 * The job for a new run: a fresh `run_id` (rows processed start again from 0), or null when there is
 * nothing to run (the job ended, or a live run holds it). A job cancelled while no run held it
 * ends here as cancelled.
 */
export async function takeRun(db: Db, id: string, staleSeconds: number): Promise<(ImportJob & { runId: string }) | null> {
  const free = or(isNull(importJobs.runId), staleAfter(staleSeconds));
  const [taken] = await db
    .update(importJobs)
    .set({ runId: sql`gen_random_uuid()`, runBy: RUN_BY, attempts: sql`${importJobs.attempts} + 1`, processed: 0, heartbeatAt: sql`now()` })
    .where(and(running(id), eq(importJobs.cancelRequested, false), free))
    .returning();
  if (taken) return taken as ImportJob & { runId: string };
  await db
    .update(importJobs)
    .set({ status: 'cancelled', finishedAt: sql`now()`, heartbeatAt: sql`now()`, request: null })
    .where(and(running(id), eq(importJobs.cancelRequested, true), free));
  return null;
}

/** This run's hold on the job: the job running and still held by it. */
const heldBy = (id: string, runId: string) => and(running(id), eq(importJobs.runId, runId));

/**
 * How a run ends when it did not end in its write (nothing to write, refused, failed, cancelled):
 * only while the run still holds the job, and `done` only when no cancel came in (a cancelled job
 * that wrote nothing says so).
 */
export async function finishRun(db: Db, id: string, runId: string, status: Exclude<JobStatus, 'running'>, outcome: Outcome = {}): Promise<void> {
  const ended = { finishedAt: sql`now()`, heartbeatAt: sql`now()`, request: null };
  if (status === 'done') {
    const [done] = await db
      .update(importJobs)
      .set({ status, result: outcome.result, processed: sql`${importJobs.total}`, ...ended })
      .where(and(heldBy(id, runId), eq(importJobs.cancelRequested, false)))
      .returning({ id: importJobs.id });
    if (done) return;
    status = 'cancelled';
  }
  await db.update(importJobs).set({ status, error: outcome.error ?? null, ...ended }).where(heldBy(id, runId));
}

/** A run gives the job back (its app is closing): the next worker, on any instance, takes it at once. */
export async function releaseRun(db: Db, id: string, runId: string): Promise<void> {
  await db.update(importJobs).set({ runId: null }).where(heldBy(id, runId));
}

/** How long a run pauses between stages, so the server hears requests in between. */
const PAUSE_MS = 2;

/**
 * What a run uses: `progress`, called after each stage (records rows done, pauses so polls and a
 * cancel are answered, and stops the import when a cancel came in, the app is closing or the run
 * lost the job; a pause of a few milliseconds, not a bare setImmediate: a cancel takes several
 * turns of the event loop to arrive and pass its sign-in check); `claim`, run inside the import's
 * write transaction (the job becomes done with its result there, or the write is refused); a
 * heartbeat six times per stale time while a stage is long; `stop` ends the heartbeat.
 */
export function jobRunner(db: Db, id: string, runId: string, staleSeconds: number, closing: AbortSignal) {
  const beat = setInterval(() => {
    void db.update(importJobs).set({ heartbeatAt: sql`now()` }).where(heldBy(id, runId)).catch(() => {});
  }, (staleSeconds * 1000) / 6);
  beat.unref();
  return {
    async progress(processed: number) {
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      if (closing.aborted) throw new RunStopped('the app is closing');
      const [job] = await db
        .update(importJobs)
        .set({ processed, heartbeatAt: sql`now()` })
        .where(heldBy(id, runId))
        .returning({ cancelRequested: importJobs.cancelRequested });
      if (!job) throw new RunStopped('the job is no longer this run’s');
      if (job.cancelRequested) throw new ImportCancelled();
    },
    async claim(tx: Tx, result: unknown) {
      const [claimed] = await tx
        .update(importJobs)
        .set({ status: 'done', result, processed: sql`${importJobs.total}`, heartbeatAt: sql`now()`, finishedAt: sql`now()`, request: null })
        .where(and(heldBy(id, runId), eq(importJobs.cancelRequested, false)))
        .returning({ id: importJobs.id });
      if (!claimed) throw new ImportCancelled();
    },
    stop: () => clearInterval(beat),
  };
}

/** The job as the API answers it. */
export function jobView(job: ImportJob) {
  return {
    id: job.id,
    status: job.status as JobStatus,
    processed: job.processed,
    total: job.total,
    file: job.file,
    ...(job.result !== null && job.result !== undefined ? { result: job.result } : {}),
    ...(job.error ? { error: job.error } : {}),
  };
}
