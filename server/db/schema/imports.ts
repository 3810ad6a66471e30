import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { configs } from './configs';

/**
 * Legacy imports as jobs (server/migration/README.md, issue 53): in the database, so any instance
 * answers a poll or a cancel, whichever ran the import. The instance running one moves `processed`
 * and `heartbeat_at` as it goes and reads `cancel_requested` back; its one write (the import, all or
 * nothing) marks the job done in the same transaction, only while it is still running and not
 * cancelled. A job whose heartbeat stopped (its instance died) is shown as failed, nothing written.
 * Finished jobs are kept a day.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    configId: integer('config_id')
      .notNull()
      .references(() => configs.id, { onDelete: 'cascade' }),
    file: text('file').notNull(),
    /** 'running' | 'done' | 'failed' | 'cancelled' (contract/migration.ts JOB_STATUSES). */
    status: text('status').notNull().default('running'),
    processed: integer('processed').notNull().default(0),
    total: integer('total').notNull(),
    result: jsonb('result'),
    error: jsonb('error').$type<{ statusCode: number; message: string }>(),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    /** What the import was asked to do (the file, the config, skip_rejected), for the instance whose worker takes it; cleared when it ends. */
    request: jsonb('request'),
    /** The run entitled to write: set by the worker that takes the job, taken over only once its heartbeat is stale. */
    runId: uuid('run_id'),
    /** Where the run holding the job runs (host:pid), for an operator following a job. */
    runBy: text('run_by'),
    /** Runs begun (a run whose instance died is followed by another, from the start). */
    attempts: integer('attempts').notNull().default(0),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('import_jobs_status_check', sql`${t.status} IN ('running', 'done', 'failed', 'cancelled')`),
    index('import_jobs_finished_idx').on(t.finishedAt),
  ],
);
