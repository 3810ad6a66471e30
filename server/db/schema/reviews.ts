import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { configs } from './configs';

/**
 * Review threads on a config (issue 55): staff (and the dealer) comment on one field of a stage,
 * anchored to its JSON pointer inside the stage's data (`pointer`, '' for the stage as a whole). A
 * pointer through a list row also keeps that row's id (`row_id`, `row_list`: the pointer of the list
 * holding it), so the thread follows its row when rows move, and says it lost it when the row is
 * removed. `resolved_at` set: resolved (by `resolved_by`); a new reply opens it again.
 */
export const configThreads = pgTable(
  'config_threads',
  {
    id: serial('id').primaryKey(),
    configId: integer('config_id')
      .notNull()
      .references(() => configs.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull(),
    /** JSON pointer inside the stage's data as written ('/locations/1/postcode'); '' = the whole stage. */
    pointer: text('pointer').notNull().default(''),
    /** The list (a pointer inside the stage) holding the row the pointer passes through, when it does. */
    rowList: text('row_list'),
    /** The id of that row: where the thread is now is found from it. */
    rowId: text('row_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('config_threads_config_idx').on(t.configId, t.stage), check('config_threads_row_check', sql`(${t.rowId} IS NULL) = (${t.rowList} IS NULL)`)],
);

/** A comment of a thread (the first is the thread's opening). Markdown, rendered escaped. Deleted: kept, its body cleared. */
export const configComments = pgTable(
  'config_comments',
  {
    id: serial('id').primaryKey(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => configThreads.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** The user ids the body @mentions (each notified once). */
    mentions: integer('mentions').array().notNull().default(sql`'{}'::int[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('config_comments_thread_idx').on(t.threadId, t.id)],
);

/**
 * Who has a stage page open now (issue 55, "who else is here"): one row per open page (`tab`: a
 * random id per event stream), kept alive by the stream's heartbeat (`seen_at`); a row not seen for
 * the stale time is gone. In the database, so every instance sees every page.
 */
export const configPresence = pgTable(
  'config_presence',
  {
    tab: uuid('tab').notNull(),
    configId: integer('config_id')
      .notNull()
      .references(() => configs.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tab] }), index('config_presence_config_idx').on(t.configId, t.stage)],
);
