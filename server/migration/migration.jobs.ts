/**
 * Import jobs, in the database (`import_jobs`, issue 53): an import of thousands of rows runs while
 * the page polls its progress (rows processed / total) and may cancel it, and the balancer may send
 * the poll or the cancel to any instance. The instance running the import moves `processed` and the
 * heartbeat as it goes and reads the cancel back between stages; the import writes once, at its end
 * (migration.service.ts), and that write marks the job done in its own transaction, only while the
 * job is still running and not cancelled: a cancel that came first leaves nothing behind, and one
 * that comes after is too late (the job says `done`). An instance that dies mid-import stops the
 * heartbeat; the next poll, on any instance, finds it stale and shows the job failed, with nothing
 * written (the write is all or nothing).
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { JobStatus } from '../../contract/migration';
import type { Db, Tx } from '../db/database';
import { importJobs } from '../db/schema';
import { serverMessages } from '../messages';

export type ImportJob = typeof importJobs.$inferSelect;
type Outcome = { result?: unknown; error?: { statusCode: number; message: string } };

/** A cancel reached the job before its write (or the job was no longer running). */
export class ImportCancelled extends Error {}

/** How often a running import says it is alive, besides its progress. */
export const HEARTBEAT_MS = 5_000;
/** A running job not heard of for this long lost its instance: shown as failed. */
export const STALE_SECONDS = 30;
/** Finished jobs are kept this long (the page reads the result right away). */
const KEEP = sql`interval '1 day'`;

export async function startJob(db: Db, userId: number, configId: number, file: string, total: number): Promise<ImportJob> {
  await db.delete(importJobs).where(lt(importJobs.finishedAt, sql`now() - ${KEEP}`));
  const [job] = await db.insert(importJobs).values({ userId, configId, file, total }).returning();
  return job;
}

/**
 * A job of this user (another user's job is not found). A running job whose heartbeat stopped is
 * marked failed here, whichever instance asks.
 */
export async function jobOf(db: Db, id: string, userId: number): Promise<ImportJob | undefined> {
  const stale = sql`${importJobs.status} = 'running' AND ${importJobs.heartbeatAt} < now() - make_interval(secs => ${STALE_SECONDS})`;
  const mine = and(eq(importJobs.id, id), eq(importJobs.userId, userId));
  // One read per poll; the write only for a job found stale (the database's clock judges, whichever instance asks).
  const [found] = await db.select({ job: importJobs, stale: sql<boolean>`${stale}` }).from(importJobs).where(mine);
  if (!found?.stale) return found?.job;
  const [failed] = await db
    .update(importJobs)
    .set({ status: 'failed', error: { statusCode: 503, message: serverMessages.migration.job_stopped }, finishedAt: sql`now()` })
    .where(and(mine, stale))
    .returning();
  return failed ?? (await jobOf(db, id, userId));
}

/** Asks a running job of this user to stop before its write; the job as it now is. */
export async function requestCancel(db: Db, id: string, userId: number): Promise<ImportJob | undefined> {
  await db.update(importJobs).set({ cancelRequested: true }).where(and(eq(importJobs.id, id), eq(importJobs.userId, userId), eq(importJobs.status, 'running')));
  return jobOf(db, id, userId);
}

/**
 * How a job ends when it did not end in its write (no change to write, refused, failed, cancelled):
 * only a job still running changes, and `done` only when no cancel came in (a cancelled job that
 * wrote nothing says so).
 */
export async function finishJob(db: Db, id: string, status: Exclude<JobStatus, 'running'>, outcome: Outcome = {}): Promise<void> {
  const running = and(eq(importJobs.id, id), eq(importJobs.status, 'running'));
  const ended = { finishedAt: sql`now()`, heartbeatAt: sql`now()` };
  if (status === 'done') {
    const [done] = await db
      .update(importJobs)
      .set({ status, result: outcome.result, processed: sql`${importJobs.total}`, ...ended })
      .where(and(running, eq(importJobs.cancelRequested, false)))
      .returning({ id: importJobs.id });
    if (done) return;
    status = 'cancelled';
  }
  await db.update(importJobs).set({ status, error: outcome.error ?? null, ...ended }).where(running);
}

/** How long a job pauses between stages, so the server hears requests in between. */
const PAUSE_MS = 2;

/**
 * What the instance running a job uses: `progress`, called after each stage (records rows done,
 * pauses so polls and a cancel are answered, and stops the import when a cancel came in; a pause of
 * a few milliseconds, not a bare setImmediate: a cancel takes several turns of the event loop to
 * arrive and pass its sign-in check); `claim`, run inside the import's write transaction (the job
 * becomes done with its result there, or the write is refused); a heartbeat every HEARTBEAT_MS
 * while a stage is long; `stop` ends the heartbeat.
 */
export function jobRunner(db: Db, id: string) {
  const beat = setInterval(() => {
    void db.update(importJobs).set({ heartbeatAt: sql`now()` }).where(and(eq(importJobs.id, id), eq(importJobs.status, 'running'))).catch(() => {});
  }, HEARTBEAT_MS);
  beat.unref();
  return {
    async progress(processed: number) {
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      const [job] = await db
        .update(importJobs)
        .set({ processed, heartbeatAt: sql`now()` })
        .where(eq(importJobs.id, id))
        .returning({ status: importJobs.status, cancelRequested: importJobs.cancelRequested });
      if (!job || job.status !== 'running' || job.cancelRequested) throw new ImportCancelled();
    },
    async claim(tx: Tx, result: unknown) {
      const [claimed] = await tx
        .update(importJobs)
        .set({ status: 'done', result, processed: sql`${importJobs.total}`, heartbeatAt: sql`now()`, finishedAt: sql`now()` })
        .where(and(eq(importJobs.id, id), eq(importJobs.status, 'running'), eq(importJobs.cancelRequested, false)))
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
