/**
 * Task templates (issue 28, spec sections 2 and 7): the answers of /tasks, /tasks/stages,
 * /tasks/types and /tasks/notifications as JSON Schema for the server's serialiser
 * (server/tasks/tasks.schemas.ts), and the types derived from them for the app
 * (src/tasks: templates, stages, types, notifications).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { PROJECT_TYPES } from './projects';
import { NOTIFICATION_RECIPIENTS, TASK_TRIGGERS, TEMPLATE_EVENTS } from './tracker';
import type { Locale } from './locales';
import { localNames } from './names';
import { id, nullableId, nullableString, text } from './schema-parts';

/**
 * The placeholders a notification template's subject and body may use, filled when it is sent
 * (server/projects/README.md, Notifications). Any other `{word}` is refused on the field.
 */
export const NOTIFICATION_PLACEHOLDERS = ['project', 'company', 'task', 'due', 'variation', 'link'] as const;
export type NotificationPlaceholder = (typeof NOTIFICATION_PLACEHOLDERS)[number];

/** The events a notification template may narrow to one task type (the task_* events). */
export const TASK_EVENTS = ['task_due', 'task_overdue', 'task_done'] as const;

/** A colour as the board's column header takes it. */
export const COLOUR_PATTERN = '^#[0-9a-fA-F]{6}$';

const message = text;
const time = text;

/** A column of every project's board. */
export const taskStage = {
  type: 'object',
  required: ['id', 'name', 'names', 'position', 'is_done', 'colour', 'task_count', 'updated_at'],
  properties: {
    id, name: text,
    /** The name's words in other locales (contract/names.ts); `{}` when none. */
    names: localNames,
    position: id, is_done: { type: 'boolean' }, colour: nullableString,
    /** Project tasks in this stage now (a stage holding any cannot be deleted). */
    task_count: id,
    updated_at: time,
    message,
  },
  additionalProperties: false,
} as const;
export type TaskStage = FromSchema<typeof taskStage>;

/** A group of tasks with its icon. */
export const taskType = {
  type: 'object',
  required: ['id', 'name', 'names', 'position', 'icon_url', 'template_count', 'updated_at'],
  properties: {
    id, name: text, names: localNames, position: id,
    /** `/api/tasks/types/{id}/icon?v={hash}`: changes with the icon, so it is cached for good; null without one. */
    icon_url: nullableString,
    /** Templates of this type (a type in use cannot be deleted). */
    template_count: id,
    updated_at: time,
    message,
  },
  additionalProperties: false,
} as const;
export type TaskType = FromSchema<typeof taskType>;

/** A task template. */
export const taskTemplate = {
  type: 'object',
  required: ['id', 'name', 'names', 'description', 'task_type_id', 'task_type', 'project_types', 'position', 'due_days', 'milestone', 'trigger', 'updated_at'],
  properties: {
    id, name: text, names: localNames, description: nullableString, task_type_id: id,
    task_type: {
      type: 'object',
      required: ['id', 'name', 'names', 'icon_url'],
      properties: { id, name: text, names: localNames, icon_url: nullableString },
      additionalProperties: false,
    },
    /** Empty: every project type. */
    project_types: { type: 'array', items: { type: 'string', enum: [...PROJECT_TYPES] } },
    position: id,
    /** Days after the project's start the copy is due; null: no due date. */
    due_days: nullableId,
    milestone: { type: 'boolean' },
    trigger: { type: ['string', 'null'], enum: [...TASK_TRIGGERS, null] },
    updated_at: time,
    message,
  },
  additionalProperties: false,
} as const;
export type TaskTemplate = FromSchema<typeof taskTemplate>;

/**
 * A template's words in other locales (issue 55: every mail in the reader's language), e.g.
 * `{ "fr-FR": { "subject": "…", "body": "…" } }`. A reader whose locale has none gets its language's
 * main locale's (fr-FR for fr-BE, nl-NL for nl-BE), else `subject` and `body`. Writes replace the
 * whole set (`{}` clears it); each locale needs both texts, with the same placeholders allowed.
 */
export const notificationTranslations = {
  type: 'object',
  additionalProperties: {
    type: 'object',
    required: ['subject', 'body'],
    properties: { subject: text, body: text },
    additionalProperties: false,
  },
} as const;
export type NotificationTranslations = Partial<Record<Locale, { subject: string; body: string }>>;

/** A notification template: which event mails whom, with which words. */
export const taskNotification = {
  type: 'object',
  required: ['id', 'name', 'event', 'recipients', 'subject', 'body', 'translations', 'task_type_id', 'active', 'updated_at'],
  properties: {
    id, name: text,
    event: { type: 'string', enum: [...TEMPLATE_EVENTS] },
    recipients: { type: 'array', items: { type: 'string', enum: [...NOTIFICATION_RECIPIENTS] } },
    subject: text, body: text,
    translations: notificationTranslations,
    task_type_id: nullableId,
    active: { type: 'boolean' },
    updated_at: time,
    message,
  },
  additionalProperties: false,
} as const;
export type TaskNotification = FromSchema<typeof taskNotification>;

/** DELETE answers: what went, and the message. */
export const deleted = { type: 'object', required: ['id', 'name', 'message'], properties: { id, name: text, message }, additionalProperties: false } as const;
export type Deleted = FromSchema<typeof deleted>;
