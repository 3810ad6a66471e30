/**
 * The job queue in the app (server/db/queue.ts): `app.queue.boss` sends jobs and runs workers on
 * this instance; every instance runs the same workers, so a job sent here is run here when a worker
 * is free (it is woken at once) and anywhere else otherwise. `app.queue.closing` is aborted when
 * the app begins to close: a worker gives its job back (another instance takes it at once) instead
 * of holding the shutdown for the length of an import.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';

export interface AppQueue {
  boss: PgBoss;
  /** Aborted as the app starts closing. */
  closing: AbortSignal;
  /** Wakes this instance's workers of a queue (after sending it a job). */
  wake(queue: string): void;
  /** Runs `handler` for each job of `queue`, `workers` at a time on this instance. */
  work<T extends object>(queue: string, workers: number, handler: (job: PgBoss.Job<T>) => Promise<void>): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    queue: AppQueue;
  }
}

/** How often an idle worker looks for jobs sent by other instances (or given back by them). */
const POLL_SECONDS = 2;
/** How long a closing app waits for its workers to give their jobs back. */
const STOP_TIMEOUT_MS = 5_000;

export const queuePlugin = fp(
  async (app: FastifyInstance) => {
    // Maintenance (expiring a job whose worker vanished without a poll to notice it, archiving
    // finished jobs) runs on one instance at a time, pg-boss's own lock decides which.
    const boss = new PgBoss({ db: app.database.queueDb as PgBoss.Db, migrate: false, schedule: false, supervise: true, maintenanceIntervalSeconds: 60 });
    boss.on('error', (err) => app.log.warn({ err }, 'job queue'));
    await boss.start();
    const workerIds = new Map<string, string[]>();
    const closing = new AbortController();

    app.decorate('queue', {
      boss,
      closing: closing.signal,
      wake(queue) {
        for (const id of workerIds.get(queue) ?? []) boss.notifyWorker(id);
      },
      async work(queue, workers, handler) {
        const ids: string[] = [];
        for (let i = 0; i < workers; i++) {
          ids.push(await boss.work(queue, { batchSize: 1, pollingIntervalSeconds: POLL_SECONDS }, async ([job]) => handler(job as never)));
        }
        workerIds.set(queue, [...(workerIds.get(queue) ?? []), ...ids]);
      },
    } satisfies AppQueue);

    // Before the database closes: workers give their jobs back, then the queue stops.
    app.addHook('preClose', async () => {
      closing.abort();
      await boss.stop({ graceful: true, wait: true, close: false, timeout: STOP_TIMEOUT_MS });
    });
  },
  { name: 'queue', dependencies: ['db'] },
);
