import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgEnum, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PROJECT_STATUSES, RAG_STATUSES, VARIATION_TYPES } from '../../../contract/projects';
import { DELIVERY_CHANNELS, NOTIFICATION_KINDS } from '../../../contract/notifications';
import { RISK_SEVERITIES, RISK_STATES, VARIATION_STATUSES } from '../../../contract/tracker';
import { users } from './accounts';
import { agreements } from './agreements';
import { byReader } from './collation';
import { companies } from './companies';
import { configs, projectTypeEnum } from './configs';
import { notificationEventEnum, taskNotifications, taskStages, taskTriggerEnum, taskTypes, tasks } from './tasks';

export const projectStatusEnum = pgEnum('project_status', PROJECT_STATUSES);
export const ragStatusEnum = pgEnum('rag_status', RAG_STATUSES);
export const variationTypeEnum = pgEnum('variation_type', VARIATION_TYPES);
export const variationStatusEnum = pgEnum('variation_status', VARIATION_STATUSES);
export const riskSeverityEnum = pgEnum('risk_severity', RISK_SEVERITIES);
export const riskStateEnum = pgEnum('risk_state', RISK_STATES);

/**
 * A dealer launch the tracker follows (spec section 3, projects: meta, managers, status, complete
 * percentage, counts of risks, variations, stakeholders, notes). `complete_percentage`,
 * `tasks_total`, `tasks_done` and the computed `rag` are recomputed in the transaction of every
 * task change, with the project row locked (server/projects/README.md); `rag_manual`, when set by a
 * manager, overrides the computed colour. `version` guards the project's own edits.
 */
export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    guid: uuid('guid').notNull().defaultRandom().unique(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    configId: integer('config_id').references(() => configs.id, { onDelete: 'set null' }),
    agreementId: integer('agreement_id').references(() => agreements.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    projectType: projectTypeEnum('project_type').notNull(),
    status: projectStatusEnum('status').notNull().default('pre-project'),
    rag: ragStatusEnum('rag').notNull().default('green'),
    ragManual: ragStatusEnum('rag_manual'),
    projectManagerId: integer('project_manager_id').references(() => users.id, { onDelete: 'set null' }),
    accountManagerId: integer('account_manager_id').references(() => users.id, { onDelete: 'set null' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** The target go-live date. */
    launchDate: date('launch_date', { mode: 'string' }),
    wentLiveAt: timestamp('went_live_at', { withTimezone: true }),
    completePercentage: integer('complete_percentage').notNull().default(0),
    tasksTotal: integer('tasks_total').notNull().default(0),
    tasksDone: integer('tasks_done').notNull().default(0),
    /** Free key-value details (spec: meta), e.g. { "crm": "Salesforce", "domain": "demo-motors.example" }. */
    meta: jsonb('meta').$type<Record<string, string>>().notNull().default({}),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('projects_company_idx').on(t.companyId),
    index('projects_status_updated_idx').on(t.status, t.updatedAt, t.id),
    index('projects_updated_idx').on(t.updatedAt, t.id),
    index('projects_pm_idx').on(t.projectManagerId),
    index('projects_am_idx').on(t.accountManagerId),
    index('projects_launch_idx').on(t.launchDate),
    index('projects_name_idx').on(byReader(t.name), t.id),
    index('projects_config_idx').on(t.configId),
    index('projects_agreement_idx').on(t.agreementId),
    check('projects_percentage_check', sql`${t.completePercentage} BETWEEN 0 AND 100`),
  ],
);

/**
 * The task groups of one project: copies of the task types (`task_type_id`) made when the project
 * is created, and groups a manager adds by name. "Mark as master" makes a group (and its tasks) a
 * task type with templates, so later projects get it.
 */
export const projectTaskTypes = pgTable(
  'project_task_types',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    taskTypeId: integer('task_type_id').references(() => taskTypes.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('project_task_types_project_idx').on(t.projectId, t.position), uniqueIndex('project_task_types_name_idx').on(t.projectId, sql`lower(${t.name})`)],
);

/**
 * A task of a project: a copy of a template (`task_id`) or a custom task (`custom`). Its board
 * column is `stage_id`, its place in the column `position`; `completed_at` is set when it enters a
 * done stage (or its trigger fires) and cleared when it leaves one.
 */
export const projectTasks = pgTable(
  'project_tasks',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    projectTaskTypeId: integer('project_task_type_id')
      .notNull()
      .references(() => projectTaskTypes.id, { onDelete: 'cascade' }),
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description'),
    stageId: integer('stage_id')
      .notNull()
      .references(() => taskStages.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    dueDate: date('due_date', { mode: 'string' }),
    milestone: boolean('milestone').notNull().default(false),
    trigger: taskTriggerEnum('trigger'),
    custom: boolean('custom').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedBy: integer('completed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('project_tasks_board_idx').on(t.projectId, t.stageId, t.position),
    index('project_tasks_type_idx').on(t.projectTaskTypeId, t.position),
    index('project_tasks_assignee_idx').on(t.assigneeId),
    // The notification sweep: open tasks by due date.
    index('project_tasks_open_due_idx').on(t.dueDate).where(sql`${t.completedAt} IS NULL`),
  ],
);

/**
 * A change to what was ordered (spec: variations with total_effort, cost_impact, foc_cost). Effort
 * in hours; money in the project company's currency, major units. A variation with a
 * free-of-charge part waits for a foc_approver who neither raised it nor last changed its amounts.
 */
export const variations = pgTable(
  'variations',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    type: variationTypeEnum('type').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    totalEffort: numeric('total_effort', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    costImpact: numeric('cost_impact', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    focCost: numeric('foc_cost', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    status: variationStatusEnum('status').notNull(),
    raisedBy: integer('raised_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Who last changed the amounts (effort, cost impact, free-of-charge cost): the raiser until
     * someone changes them. They cannot approve them (four eyes on every figure).
     */
    amountsChangedBy: integer('amounts_changed_by').references(() => users.id, { onDelete: 'set null' }),
    /** Moves on with every change: a decision names the revision it read (409 when it moved since). */
    revision: integer('revision').notNull().default(1),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('variations_project_idx').on(t.projectId, t.createdAt),
    index('variations_status_idx').on(t.status, t.createdAt),
    check('variations_amounts_check', sql`${t.totalEffort} >= 0 AND ${t.focCost} >= 0`),
  ],
);

/**
 * Someone with a stake in a launch: a portal user (`user_id`), or an outside contact (the dealer's
 * marketing agency, a manufacturer's representative) by name and email.
 */
export const projectStakeholders = pgTable(
  'project_stakeholders',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    telephone: text('telephone'),
    position: text('position'),
    organisation: text('organisation'),
    /** What they are to the launch: "Decision maker", "Marketing agency" ... */
    role: text('role'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('project_stakeholders_project_idx').on(t.projectId),
    uniqueIndex('project_stakeholders_user_idx').on(t.projectId, t.userId).where(sql`${t.userId} IS NOT NULL`),
  ],
);

/** A project's internal notes (staff only; never shown to the dealer). */
export const projectNotes = pgTable(
  'project_notes',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('project_notes_project_idx').on(t.projectId, t.createdAt)],
);

/** A project's risk register (staff only). */
export const projectRisks = pgTable(
  'project_risks',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    severity: riskSeverityEnum('severity').notNull().default('medium'),
    state: riskStateEnum('state').notNull().default('open'),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('project_risks_project_idx').on(t.projectId, t.state)],
);

/**
 * What a person was notified of (the in-app list for portal users), one row per person and occurrence. `key` names the
 * occurrence (`task_due:{taskId}:{dueDate}`, `variation_pending:{variationId}` ...): the unique
 * (recipient, key) is what makes a notification go once, whichever instance finds it first; the mail
 * is written to the outbox in the same transaction as the row.
 */
export const userNotifications = pgTable(
  'user_notifications',
  {
    id: serial('id').primaryKey(),
    /** The portal user it was for (shown in their in-app list); none for an outside stakeholder, mailed only. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** `user:{id}` or `email:{address}`: with `key`, what makes one occurrence go once per person. */
    recipient: text('recipient').notNull(),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    templateId: integer('template_id').references(() => taskNotifications.id, { onDelete: 'set null' }),
    event: notificationEventEnum('event').notNull(),
    key: text('key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The app path it leads to, e.g. /tracker/12/profile. */
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Waiting for the person's daily digest mail (their channel for its kind is `digest`, issue 55). */
    digestPending: boolean('digest_pending').notNull().default(false),
  },
  (t) => [
    uniqueIndex('user_notifications_key_idx').on(t.recipient, t.key),
    index('user_notifications_user_idx').on(t.userId, t.createdAt),
    index('user_notifications_digest_idx').on(t.userId, t.id).where(sql`${t.digestPending}`),
  ],
);

export const notificationKindEnum = pgEnum('notification_kind', NOTIFICATION_KINDS);
export const deliveryChannelEnum = pgEnum('delivery_channel', DELIVERY_CHANNELS);

/**
 * How a person hears of each kind of event (issue 55, contract/notifications.ts): one row per kind
 * they chose; a kind without a row has its default (DEFAULT_CHANNELS).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: notificationKindEnum('kind').notNull(),
    channel: deliveryChannelEnum('channel').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * The daily digests sent: one per person and day (UTC). Inserting the row is what claims the
 * digest, so of several instances sweeping at once exactly one writes the mail.
 */
export const notificationDigests = pgTable(
  'notification_digests',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** Notifications the mail listed. */
    items: integer('items').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * Every status and RAG a project has had, and when (issue 29: the reports' historical breakdown).
 * Written only by the trigger `projects_status_history` of migration 0014, AFTER INSERT OR UPDATE
 * OF status, rag ON projects when either differs, so no write path (create, PUT, recompute, the
 * sweep, seeds) can miss one. A project's state at a moment is its last row at or before it
 * (server/reports/README.md).
 */
export const projectStatusHistory = pgTable(
  'project_status_history',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    status: projectStatusEnum('status').notNull(),
    rag: ragStatusEnum('rag').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('project_status_history_project_idx').on(t.projectId, t.changedAt)],
);
