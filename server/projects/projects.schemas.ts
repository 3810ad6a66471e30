// JSON Schemas of the projects core's routes (input checks, response serialisation, OpenAPI). The
// answers are the contract's (contract/tracker.ts); the inputs are checked for shape and size here
// (400) and for meaning in the services (422 in the spec's words).
import { PROJECT_STATUSES, PROJECT_TYPES, RAG_STATUSES } from '../../contract/projects';
import { dealerProject, projectDetail, projectListItem, projectTask, projectTaskAnswer, projectTaskDeleted, projectTaskGroup } from '../../contract/tracker';
import { dbId, nullableDbId } from '../http/ids';
import { idOrGuid, listOf, listQueryWith, noOthers } from '../http/schemas';

export { projectDetail as detail, projectTaskAnswer as taskAnswer, projectTaskDeleted as taskDeleted, projectTaskGroup as group };
export const list = listOf(projectListItem);
export const tasks = listOf(projectTask);
export const groups = listOf(projectTaskGroup);
export const dealerList = listOf(dealerProject);

export const params = {
  project: { type: 'object', required: ['id'], properties: { id: idOrGuid } },
  task: { type: 'object', required: ['id', 'taskId'], properties: { id: idOrGuid, taskId: dbId } },
  group: { type: 'object', required: ['id', 'typeId'], properties: { id: idOrGuid, typeId: dbId } },
} as const;

export const listQuery = listQueryWith({});

const text = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;
/** A date as YYYY-MM-DD (the service refuses one that does not exist, 2026-02-30). */
const date = { type: ['string', 'null'], maxLength: 10, pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
const meta = { type: ['object', 'null'], maxProperties: 50, propertyNames: { maxLength: 64 }, additionalProperties: { type: 'string', maxLength: 2000 } } as const;

const projectFields = {
  name: text(200),
  project_type: { type: 'string', enum: PROJECT_TYPES },
  config_id: nullableDbId,
  agreement_id: nullableDbId,
  project_manager_id: nullableDbId,
  account_manager_id: nullableDbId,
  start_date: date,
  launch_date: date,
  meta,
} as const;

/** POST /projects. */
export const createBody = {
  type: 'object',
  required: ['company_id', 'project_type'],
  properties: { company_id: dbId, ...projectFields },
  additionalProperties: noOthers,
} as const;

/** PUT /projects/{id}: any of the fields; `version` guards against a stale form. */
export const updateBody = {
  type: 'object',
  properties: {
    ...projectFields,
    status: { type: 'string', enum: PROJECT_STATUSES },
    rag_manual: { type: ['string', 'null'], enum: [...RAG_STATUSES, null] },
    version: { type: 'integer', minimum: 1 },
  },
  additionalProperties: noOthers,
} as const;

// A position is any integer here: the service answers below 1 and past the end in the sorting words.
const position = { type: 'integer', minimum: -2_147_483_648, maximum: 2_147_483_647 } as const;

/** PUT /projects/{id}/tasks/{taskId}: a move (stage_id + position) and/or an edit. */
export const taskBody = {
  type: 'object',
  properties: {
    stage_id: dbId,
    position,
    assignee_id: nullableDbId,
    due_date: date,
    name: { type: 'string', maxLength: 200 },
    description: text(10_000),
    milestone: { type: 'boolean' },
    project_task_type_id: dbId,
  },
  additionalProperties: noOthers,
} as const;

/** POST /projects/{id}/tasks/custom. */
export const customTaskBody = {
  type: 'object',
  required: ['name', 'project_task_type_id'],
  properties: {
    name: { type: 'string', maxLength: 200 },
    project_task_type_id: dbId,
    stage_id: dbId,
    due_date: date,
    assignee_id: nullableDbId,
    description: text(10_000),
    milestone: { type: 'boolean' },
  },
  additionalProperties: noOthers,
} as const;

/** POST /projects/{id}/types. */
export const groupBody = { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 200 } }, additionalProperties: noOthers } as const;

/** PUT /projects/{id}/types/{typeId}: mark as master (and/or rename). */
export const groupUpdateBody = {
  type: 'object',
  properties: { master: { type: 'boolean' }, name: { type: 'string', maxLength: 200 } },
  additionalProperties: noOthers,
} as const;

export const groupAnswer = {
  type: 'object',
  required: ['group', 'message'],
  properties: { group: projectTaskGroup, task_type_id: { type: ['integer', 'null'] }, message: { type: 'string' } },
  additionalProperties: false,
} as const;

/** A project write's answer: the profile and the message. */
export const saved = {
  ...projectDetail,
  required: [...projectDetail.required, 'message'],
  properties: { ...projectDetail.properties, message: { type: 'string' } },
} as const;

export const deleted = {
  type: 'object',
  required: ['id', 'guid', 'name', 'message'],
  properties: { id: { type: 'integer' }, guid: { type: 'string' }, name: { type: 'string' }, message: { type: 'string' } },
  additionalProperties: false,
} as const;

export const groupDeleted = {
  type: 'object',
  required: ['id', 'name', 'message'],
  properties: { id: { type: 'integer' }, name: { type: 'string' }, message: { type: 'string' } },
  additionalProperties: false,
} as const;

/** A 409 of a stale write: the error shape with the project's current `version`. */
export const conflict = {
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string' },
    errors: { type: 'array', items: { type: 'object', properties: { detail: { type: 'string' }, field: { type: 'string' } } } },
    version: { type: 'integer' },
  },
} as const;
