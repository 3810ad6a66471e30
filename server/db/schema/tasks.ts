import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LocalNames } from '../../../contract/names';
import type { NotificationTranslations } from '../../../contract/tasks';
import { NOTIFICATION_EVENTS, TASK_TRIGGERS, type NotificationRecipient } from '../../../contract/tracker';
import { bytea } from './bytea';
import { byReader } from './collation';
import { projectTypeEnum } from './configs';

export const taskTriggerEnum = pgEnum('task_trigger', TASK_TRIGGERS);
export const notificationEventEnum = pgEnum('notification_event', NOTIFICATION_EVENTS);

/**
 * The columns of every project's task board, in order (spec: task stages, "with sort"). Tasks in a
 * stage flagged `is_done` count as complete for the project's percentage; at least one stage must
 * be a done stage for a board to finish (the service keeps that true).
 */
export const taskStages = pgTable(
  'task_stages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The name's words in other locales (contract/names.ts, issue 54); `{}` when none. */
    names: jsonb('names').$type<LocalNames>().notNull().default({}),
    position: integer('position').notNull(),
    isDone: boolean('is_done').notNull().default(false),
    /** A hex colour for the board's column header, e.g. #2e7d32. */
    colour: text('colour'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('task_stages_name_idx').on(sql`lower(${t.name})`), index('task_stages_position_idx').on(t.position)],
);

/**
 * The groups a project's tasks fall into (Design, Build, Content, Go-live ...), each with an icon
 * uploaded as a file (spec: `POST /tasks/types/{id}` multipart), checked by content like media.
 */
export const taskTypes = pgTable(
  'task_types',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The name's words in other locales (contract/names.ts, issue 54); `{}` when none. */
    names: jsonb('names').$type<LocalNames>().notNull().default({}),
    position: integer('position').notNull(),
    /** The icon as re-encoded by the media checks (PNG or WebP), served by GET /tasks/types/{id}/icon. */
    icon: bytea('icon'),
    iconMime: text('icon_mime'),
    /** Changes whenever the icon does: the icon's address carries it, so it is cached immutably. */
    iconHash: text('icon_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('task_types_name_idx').on(sql`lower(${t.name})`), index('task_types_position_idx').on(t.position)],
);

/**
 * A task template: copied into a project's tasks when a project of one of its project types is
 * created. `project_types` empty means every project type. `due_days` places the copy's due date
 * that many days after the project's start; `trigger` lets the copy complete itself.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The name's words in other locales (contract/names.ts, issue 54); `{}` when none. */
    names: jsonb('names').$type<LocalNames>().notNull().default({}),
    description: text('description'),
    taskTypeId: integer('task_type_id')
      .notNull()
      .references(() => taskTypes.id, { onDelete: 'restrict' }),
    projectTypes: projectTypeEnum('project_types').array().notNull().default(sql`'{}'::config_project_type[]`),
    position: integer('position').notNull(),
    dueDays: integer('due_days'),
    milestone: boolean('milestone').notNull().default(false),
    trigger: taskTriggerEnum('trigger'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tasks_position_idx').on(t.position),
    index('tasks_type_idx').on(t.taskTypeId),
    index('tasks_name_idx').on(byReader(t.name), t.id),
    check('tasks_due_days_check', sql`${t.dueDays} IS NULL OR ${t.dueDays} BETWEEN 0 AND 3650`),
  ],
);

/**
 * A notification template (spec: task notifications): which event mails whom, with which words.
 * `subject` and `body` may use {project}, {company}, {task}, {due}, {variation}, {link}.
 * `task_type_id` narrows a task event to tasks of one type.
 */
export const taskNotifications = pgTable(
  'task_notifications',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    event: notificationEventEnum('event').notNull(),
    recipients: text('recipients').array().$type<NotificationRecipient[]>().notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The words in other locales (contract/tasks.ts notificationTranslations); {} when none. */
    translations: jsonb('translations').$type<NotificationTranslations>().notNull().default({}),
    taskTypeId: integer('task_type_id').references(() => taskTypes.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('task_notifications_event_idx').on(t.event, t.active)],
);
