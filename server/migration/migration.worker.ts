/**
 * Imports through the job queue (server/db/queue.ts): the route sends the job and answers 202; a
 * worker on any instance (this one when it is free, it is woken at once) takes it as a run
 * (migration.jobs.ts) and imports on behalf of the user who started it, with their permissions as
 * they are then. A job the queue holds for a run that went silent is failed in the queue by the
 * next poll, which makes pg-boss give it to the next worker (up to RETRIES times); a run whose app
 * is closing gives the job back the same way.
 */
import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import type { JobStatus } from '../../contract/migration';
import { activeViewer } from '../db/tenancy';
import { QUEUES } from '../db/queue';
import { DomainError } from '../domain-errors';
import { statusOf } from '../http/errors';
import { serverMessages } from '../messages';
import { servicesOf } from '../plugins/services';
import { finishRun, ImportCancelled, jobRunner, releaseRun, RunStopped, takeRun, type ImportJob } from './migration.jobs';
import { prepare, runImport, type MigrationBody } from './migration.service';

const QUEUE = QUEUES.legacyImport;
/** Runs after the first, for a run lost with its instance or given back by a closing app. */
const RETRIES = 3;
/**
 * The queue's own limit on a run (pg-boss expiry): longer than any import (20,000 rows), so it only
 * matters when no poll came to notice a silent run; polls notice within the stale time.
 */
const EXPIRE_SECONDS = 15 * 60;

export interface ImportQueue {
  /** Sends a started job to the queue. */
  enqueue(job: ImportJob): Promise<void>;
  /** For a job whose run went silent: true when the queue will run it again (jobOf keeps it running). */
  requeue(id: string): Promise<boolean>;
}

export async function importQueue(app: FastifyInstance): Promise<ImportQueue> {
  const deps = servicesOf(app);
  const { boss } = app.queue;
  const stale = app.config.jobStaleSeconds;

  async function run(queued: PgBoss.Job<{ id: string }>): Promise<void> {
    const id = queued.data.id;
    const job = await takeRun(app.db, id, stale);
    if (!job) return;
    const finish = (status: Exclude<JobStatus, 'running'>, outcome?: Parameters<typeof finishRun>[4]) => finishRun(app.db, id, job.runId, status, outcome);
    const runner = jobRunner(app.db, id, job.runId, stale, app.queue.closing);
    try {
      const viewer = await activeViewer(app.db, job.userId);
      if (!viewer?.permissions.has('manage configs')) return await finish('failed', { error: { statusCode: 403, message: serverMessages.access_denied } });
      const request = job.request as MigrationBody;
      const result = await runImport(deps, viewer, await prepare(deps, viewer, request), request, runner);
      // An import that wrote was marked done in its write; one with nothing to write is done here.
      await finish('done', { result });
    } catch (err) {
      if (err instanceof RunStopped) {
        if (!app.queue.closing.aborted) return;
        // Given back: the queue retries the job on the next free worker, here or elsewhere.
        await releaseRun(app.db, id, job.runId);
        throw err;
      }
      if (err instanceof ImportCancelled) return await finish('cancelled');
      if (err instanceof DomainError) return await finish('failed', { error: { statusCode: statusOf(err), message: err.message } });
      app.log.error({ err, job: id }, 'legacy import failed');
      await finish('failed', { error: { statusCode: 500, message: serverMessages.unknown_error } });
    } finally {
      runner.stop();
    }
  }

  // Workers per instance (IMPORT_WORKERS, 2): an import is work for the processor, a second lets a small one pass a large one.
  if (app.config.importWorkers > 0) await app.queue.work<{ id: string }>(QUEUE, app.config.importWorkers, run);

  return {
    async enqueue(job) {
      // The queue's job has the import job's id, so a poll finds it.
      await boss.send(QUEUE, { id: job.id }, { id: job.id, retryLimit: RETRIES, retryDelay: 0, expireInSeconds: EXPIRE_SECONDS });
      app.queue.wake(QUEUE);
    },
    async requeue(id) {
      const queued = await boss.getJobById(QUEUE, id);
      if (queued?.state === 'active') {
        // Its worker went silent (the run's heartbeat stopped): failed in the queue, the job is retried at once.
        await boss.fail(QUEUE, id, { silent: true });
        app.queue.wake(QUEUE);
        return (await boss.getJobById(QUEUE, id))?.state === 'retry';
      }
      return queued?.state === 'created' || queued?.state === 'retry';
    },
  };
}
