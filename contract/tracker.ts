/**
 * The enumerations of task templates and the project tracker (issue 28) that the database, the
 * server and the app share. The spec names project statuses, RAG colours and variation types
 * (contract/projects.ts); the values below are the tracker's own decisions, written down in
 * server/projects/README.md.
 */

import type { FromSchema } from 'json-schema-to-ts';
import { PROJECT_STATUSES, PROJECT_TYPES, RAG_STATUSES } from './projects';
import { localNames } from './names';
import { id, nullableId, nullableString, text } from './schema-parts';

/**
 * A task template (or a project task) can complete itself when something happens elsewhere in the
 * portal: the project's config is submitted, or its agreement is signed.
 */
export const TASK_TRIGGERS = ['config_submitted', 'agreement_signed'] as const;
export type TaskTrigger = (typeof TASK_TRIGGERS)[number];

/** What a notification template mails about (server/projects/README.md, Notifications). */
export const TEMPLATE_EVENTS = ['task_due', 'task_overdue', 'task_done', 'variation_pending', 'variation_decided'] as const;
export type TemplateEvent = (typeof TEMPLATE_EVENTS)[number];

/**
 * What an in-app notification (the bell, `user_notifications.event`) is about: the templates' events,
 * and a config review's (issue 55, server/reviews/): someone @mentioned the reader in a comment, replied
 * in a thread the reader is in, or requested changes to a stage of the reader's config. The review's
 * events have no template: their words are the server's (locales/<locale>/errors.json `reviews`).
 * The reminders' (issue 55): stages of the reader's config untouched for the company's reminder days
 * (`stages_waiting`), an order form for the reader to sign (`agreement_to_sign`) and its reminder
 * (`agreement_reminder`).
 */
export const NOTIFICATION_EVENTS = [...TEMPLATE_EVENTS, 'mention', 'reply', 'changes_requested', 'stages_waiting', 'agreement_to_sign', 'agreement_reminder'] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/**
 * Whom a notification template mails: the project's managers, the task's assignee, the users
 * flagged foc_approver who hold 'approve project tasks', the person who raised the variation, and
 * the project's stakeholders who have an email address.
 */
export const NOTIFICATION_RECIPIENTS = ['project_manager', 'account_manager', 'assignee', 'approvers', 'raiser', 'stakeholders'] as const;
export type NotificationRecipient = (typeof NOTIFICATION_RECIPIENTS)[number];

/**
 * A variation's approval state. A variation with a free-of-charge part (foc_cost > 0) waits for
 * approval (`pending`); one without is `approved` as it is raised (nothing is given away).
 */
export const VARIATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type VariationStatus = (typeof VARIATION_STATUSES)[number];

/** A risk's severity and state on a project's risk register. */
export const RISK_SEVERITIES = ['low', 'medium', 'high'] as const;
export type RiskSeverity = (typeof RISK_SEVERITIES)[number];
export const RISK_STATES = ['open', 'closed'] as const;
export type RiskState = (typeof RISK_STATES)[number];

// ---------------------------------------------------------------------------------------------
// Answer schemas of the projects core (server/projects/README.md): the project list and profile,
// the board's tasks, task groups and the dealer's summary. Variations, stakeholders, notes, risks
// and notifications answer with contract/variations.ts.


const status = { type: 'string', enum: PROJECT_STATUSES } as const;
const rag = { type: 'string', enum: RAG_STATUSES } as const;
const count = { type: 'integer' } as const;
const personRef = { type: ['object', 'null'], required: ['id', 'name'], properties: { id, name: text }, additionalProperties: false } as const;
/** A task named in a project's figures; `names` its template's words (contract/names.ts). */
const taskRef = { type: 'object', required: ['id', 'name', 'names', 'due_date'], properties: { id, name: text, names: localNames, due_date: nullableString }, additionalProperties: false } as const;

/** A project's figures after a task change (recomputed in its transaction). */
export const projectFigures = {
  type: 'object',
  required: ['id', 'status', 'rag', 'complete_percentage', 'tasks_done', 'tasks_total', 'version'],
  properties: { id, status, rag, complete_percentage: count, tasks_done: count, tasks_total: count, version: count },
  additionalProperties: false,
} as const;
export type ProjectFiguresAnswer = FromSchema<typeof projectFigures>;

const listItemProperties = {
  id,
  guid: text,
  name: text,
  company_id: id,
  company_name: text,
  project_type: { type: 'string', enum: PROJECT_TYPES },
  status,
  rag,
  complete_percentage: count,
  tasks_done: count,
  tasks_total: count,
  start_date: text,
  launch_date: nullableString,
  project_manager: personRef,
  account_manager: personRef,
  counts: {
    type: 'object',
    required: ['risks', 'variations', 'stakeholders', 'notes'],
    properties: { risks: count, variations: count, stakeholders: count, notes: count },
    additionalProperties: false,
  },
  overdue_tasks: count,
  updated_at: text,
} as const;
const listItemRequired = [
  'id', 'guid', 'name', 'company_id', 'company_name', 'project_type', 'status', 'rag', 'complete_percentage', 'tasks_done',
  'tasks_total', 'start_date', 'launch_date', 'project_manager', 'account_manager', 'counts', 'next_due', 'overdue_tasks', 'updated_at',
] as const;

/** A row of `GET /projects`: next_due is the next open task by due date. */
export const projectListItem = {
  type: 'object',
  required: listItemRequired,
  properties: { ...listItemProperties, next_due: { ...taskRef, type: ['object', 'null'] } },
  additionalProperties: false,
} as const;
export type ProjectListItem = FromSchema<typeof projectListItem>;

/** The project manager or account manager as the project shows them (spec: contacts). */
export const projectContact = {
  type: 'object',
  required: ['role', 'id', 'name', 'avatar', 'telephone', 'email', 'position'],
  properties: {
    role: { type: 'string', enum: ['project_manager', 'account_manager'] },
    id,
    name: text,
    avatar: nullableString,
    telephone: nullableString,
    email: text,
    position: nullableString,
  },
  additionalProperties: false,
} as const;
export type ProjectContact = FromSchema<typeof projectContact>;

/**
 * A project's task group (a copy of a task type, or one added by name) with its task counts.
 * `names`: the task type's (contract/names.ts) while the group's name is still the type's, else `{}`.
 */
export const projectTaskGroup = {
  type: 'object',
  required: ['id', 'name', 'names', 'position', 'task_type_id', 'tasks_total', 'tasks_done'],
  properties: { id, name: text, names: localNames, position: count, task_type_id: nullableId, tasks_total: count, tasks_done: count },
  additionalProperties: false,
} as const;
export type ProjectTaskGroup = FromSchema<typeof projectTaskGroup>;

/** `GET /projects/{id}`: the row plus its links, meta, contacts, groups and next five open tasks. */
export const projectDetail = {
  type: 'object',
  required: [...listItemRequired, 'config', 'agreement', 'meta', 'rag_manual', 'version', 'contacts', 'task_types', 'went_live_at', 'created_at'],
  properties: {
    ...listItemProperties,
    next_due: { type: 'array', items: taskRef },
    config: { type: ['object', 'null'], required: ['id', 'guid', 'name'], properties: { id, guid: text, name: text }, additionalProperties: false },
    agreement: {
      type: ['object', 'null'],
      required: ['id', 'guid', 'name', 'stage'],
      properties: { id, guid: text, name: text, stage: text },
      additionalProperties: false,
    },
    meta: { type: 'object', additionalProperties: { type: 'string' } },
    rag_manual: { type: ['string', 'null'], enum: [...RAG_STATUSES, null] },
    version: count,
    contacts: { type: 'array', items: projectContact },
    task_types: { type: 'array', items: projectTaskGroup },
    went_live_at: nullableString,
    created_at: text,
  },
  additionalProperties: false,
} as const;
export type ProjectDetail = FromSchema<typeof projectDetail>;

/**
 * A project's task on the board. `names`: its template's (contract/names.ts) while the task's name is
 * still the template's, else `{}` (renamed in the project, or a custom task).
 */
export const projectTask = {
  type: 'object',
  required: [
    'id', 'project_task_type_id', 'task_id', 'name', 'names', 'description', 'stage_id', 'position', 'assignee', 'due_date', 'milestone', 'trigger',
    'custom', 'completed_at', 'completed_by', 'overdue',
  ],
  properties: {
    id,
    project_task_type_id: id,
    task_id: nullableId,
    name: text,
    names: localNames,
    description: nullableString,
    stage_id: id,
    position: count,
    assignee: personRef,
    due_date: nullableString,
    milestone: { type: 'boolean' },
    trigger: { type: ['string', 'null'], enum: [...TASK_TRIGGERS, null] },
    custom: { type: 'boolean' },
    completed_at: nullableString,
    completed_by: personRef,
    overdue: { type: 'boolean' },
  },
  additionalProperties: false,
} as const;
export type ProjectTask = FromSchema<typeof projectTask>;

/** A task write's answer: the task and the project's figures after it. */
export const projectTaskAnswer = {
  type: 'object',
  required: ['task', 'project', 'message'],
  properties: { task: projectTask, project: projectFigures, message: text },
  additionalProperties: false,
} as const;
export type ProjectTaskAnswer = FromSchema<typeof projectTaskAnswer>;

/** A task delete's answer. */
export const projectTaskDeleted = {
  type: 'object',
  required: ['project', 'message'],
  properties: { project: projectFigures, message: text },
  additionalProperties: false,
} as const;

/** The dealer's view of one of their projects (no notes, risks, meta, variations or costs). */
export const dealerProject = {
  type: 'object',
  required: ['id', 'guid', 'name', 'project_type', 'status', 'complete_percentage', 'start_date', 'launch_date', 'next_milestones', 'contacts'],
  properties: {
    id,
    guid: text,
    name: text,
    project_type: { type: 'string', enum: PROJECT_TYPES },
    status,
    complete_percentage: count,
    start_date: text,
    launch_date: nullableString,
    next_milestones: { type: 'array', items: taskRef },
    contacts: { type: 'array', items: projectContact },
  },
  additionalProperties: false,
} as const;
export type DealerProject = FromSchema<typeof dealerProject>;
