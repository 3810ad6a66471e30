/**
 * Import jobs, in this process's memory: an import of thousands of rows runs while the page polls
 * its progress (rows processed / total) and may cancel it. The import writes once, at its end
 * (migration.service.ts), so a job cancelled before that write leaves nothing behind; a cancel
 * that arrives after it is too late and the job says `done`.
 */
import { randomUUID } from 'node:crypto';
import type { JobStatus } from '../../contract/migration';

export interface ImportJob {
  id: string;
  userId: number;
  configId: number;
  file: string;
  status: JobStatus;
  processed: number;
  total: number;
  result?: unknown;
  error?: { statusCode: number; message: string };
  cancelRequested: boolean;
  finishedAt?: number;
}

/** A cancel reached the job before its write. */
export class ImportCancelled extends Error {}

/** Finished jobs are forgotten after this long (the page reads the result right away). */
const KEEP_MS = 10 * 60 * 1000;
const jobs = new Map<string, ImportJob>();

function sweep(now = Date.now()) {
  for (const [id, job] of jobs) if (job.finishedAt && now - job.finishedAt > KEEP_MS) jobs.delete(id);
}

export function startJob(userId: number, configId: number, file: string, total: number): ImportJob {
  sweep();
  const job: ImportJob = { id: randomUUID(), userId, configId, file, status: 'running', processed: 0, total, cancelRequested: false };
  jobs.set(job.id, job);
  return job;
}

/** A job of this user (another user's job is not found). */
export function jobOf(id: string, userId: number): ImportJob | undefined {
  const job = jobs.get(id);
  return job && job.userId === userId ? job : undefined;
}

export function finishJob(job: ImportJob, status: Exclude<JobStatus, 'running'>, outcome: { result?: unknown; error?: ImportJob['error'] } = {}) {
  job.status = status;
  job.finishedAt = Date.now();
  if (status === 'done') job.processed = job.total;
  Object.assign(job, outcome);
}

/** How long a job pauses between stages, so the server hears requests in between. */
const PAUSE_MS = 2;

/**
 * The progress callback of a job: records rows done, pauses (so polls and a cancel are answered
 * between stages), and stops the import when a cancel came in. A pause of a few milliseconds, not
 * a bare setImmediate: a cancel takes several turns of the event loop to arrive and pass its
 * sign-in check (socket, body, a database read), and with only one turn per stage an import of a
 * few stages finished before a cancel sent at once could land (a test saw it on PostgreSQL).
 * Seven stages pause for ~15 ms in all.
 */
export function progressOf(job: ImportJob) {
  return async (processed: number) => {
    job.processed = processed;
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    if (job.cancelRequested) throw new ImportCancelled();
  };
}

/** The job as the API answers it. */
export function jobView(job: ImportJob) {
  return {
    id: job.id,
    status: job.status,
    processed: job.processed,
    total: job.total,
    file: job.file,
    ...(job.result !== undefined ? { result: job.result } : {}),
    ...(job.error ? { error: job.error } : {}),
  };
}
