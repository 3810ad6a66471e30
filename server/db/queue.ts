/**
 * The job queue: pg-boss (issue 53), in the database every instance shares, so a job sent by one
 * instance is run by whichever instance's worker takes it, and a job whose instance died is given
 * to another. Chosen over graphile-worker because it runs on Node 20 (graphile-worker 0.18 needs
 * Node 22.18), takes a driver of ours (`db.executeSql`), so it runs on the embedded PGlite too, and
 * answers for a job by id (`getJobById`), which is how a poll tells a job still queued from one
 * whose run was lost. pg-boss 10.4 is the last release for Node 20 (11 needs Node 22).
 *
 * Its tables live in the `pgboss` schema, installed by `Database.migrate()` with ours (and
 * upgraded there by pg-boss's own migrations); an app only checks the version when it starts.
 */
import PgBoss from 'pg-boss';

/** What pg-boss runs its statements through: ours, untracked by the read cache (its polls write only its own tables). */
export interface QueueDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** Every queue the app sends to (created with the schema, so sending never waits for one). */
export const QUEUES = {
  /** Legacy imports (server/migration/migration.worker.ts). */
  legacyImport: 'legacy-import',
} as const;

/** Installs (or upgrades) pg-boss's schema and creates the queues; idempotent. */
export async function installQueue(db: QueueDb): Promise<void> {
  const boss = new PgBoss({ db: db as PgBoss.Db, migrate: true, supervise: false, schedule: false });
  await boss.start();
  try {
    for (const name of Object.values(QUEUES)) await boss.createQueue(name);
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}
