// JSON Schemas of the /tasks routes (input checks, response serialisation, OpenAPI). The answers
// are contract/tasks.ts's, which the app reads too.
import { PROJECT_TYPES } from '../../contract/projects';
import { COLOUR_PATTERN, deleted, taskNotification, taskStage, taskTemplate, taskType } from '../../contract/tasks';
import { NOTIFICATION_RECIPIENTS, TASK_TRIGGERS, TEMPLATE_EVENTS } from '../../contract/tracker';
import { dbId, nullableDbId } from '../http/ids';
import { namesInput } from '../http/local-names';
import { idOrGuid, listQueryWith, noOthers } from '../http/schemas';

export { deleted, taskNotification, taskStage, taskTemplate, taskType };

export const params = { type: 'object', required: ['id'], properties: { id: idOrGuid } } as const;

const name = { type: 'string', minLength: 1, maxLength: 150 } as const;

export const sortBody = { type: 'object', required: ['to'], properties: { to: { type: 'integer' } }, additionalProperties: noOthers } as const;

export const stageBody = {
  type: 'object',
  properties: {
    name,
    names: namesInput,
    is_done: { type: 'boolean' },
    colour: { type: ['string', 'null'], pattern: COLOUR_PATTERN },
  },
  additionalProperties: noOthers,
} as const;
export const stageCreateBody = { ...stageBody, required: ['name'] } as const;

/** POST /tasks/types as JSON (multipart is read by the route: name, names as JSON text, file). */
export const typeJsonBody = { type: 'object', required: ['name'], properties: { name, names: namesInput }, additionalProperties: noOthers } as const;

const templateFields = {
  name,
  names: namesInput,
  description: { type: ['string', 'null'], maxLength: 5000 },
  task_type_id: dbId,
  project_types: { type: 'array', maxItems: PROJECT_TYPES.length, uniqueItems: true, items: { type: 'string', enum: [...PROJECT_TYPES] } },
  due_days: { type: ['integer', 'null'], minimum: 0, maximum: 3650 },
  milestone: { type: 'boolean' },
  trigger: { type: ['string', 'null'], enum: [...TASK_TRIGGERS, null] },
} as const;
export const templateBody = { type: 'object', properties: templateFields, additionalProperties: noOthers } as const;
export const templateCreateBody = { ...templateBody, required: ['name', 'task_type_id'] } as const;

export const listQuery = listQueryWith({});

const notificationFields = {
  name,
  event: { type: 'string', enum: [...TEMPLATE_EVENTS] },
  recipients: { type: 'array', minItems: 1, maxItems: NOTIFICATION_RECIPIENTS.length, uniqueItems: true, items: { type: 'string', enum: [...NOTIFICATION_RECIPIENTS] } },
  subject: { type: 'string', minLength: 1, maxLength: 200 },
  body: { type: 'string', minLength: 1, maxLength: 10_000 },
  // Checked by the service (tasks.notifications.ts checkedTranslations): every refusal a 422 on
  // `translations.<locale>...`, never the body validator's silent removal of an unknown locale.
  translations: { description: 'The subject and body in other locales, e.g. {"fr-FR": {"subject": "…", "body": "…"}}; replaces the whole set, {} clears it' },
  task_type_id: nullableDbId,
  active: { type: 'boolean' },
} as const;
export const notificationBody = { type: 'object', properties: notificationFields, additionalProperties: noOthers } as const;
export const notificationCreateBody = { ...notificationBody, required: ['name', 'event', 'recipients', 'subject', 'body'] } as const;

export const iconQuery = { type: 'object', properties: { v: { type: 'string', maxLength: 64 } }, additionalProperties: noOthers } as const;
