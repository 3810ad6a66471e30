/**
 * The configurator's answers the app reads (`/api/configs`, `/api/companies/{id}/configs/...`):
 * JSON Schema for the server's serialiser (server/configs/configs.schemas.ts) and the types derived
 * from it for the app (src/configurator/api.ts). `required` names what every answer carries;
 * `additionalProperties: false` keeps the types exact (the serialiser already drops undeclared
 * properties, so no answer changes).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { id, nullableId, nullableString, text, texts } from './schema-parts';

/** A config is active or archived (the lists filter on it; 'all' is the lists' word for both). */
export const CONFIG_STATUSES = ['active', 'archived'] as const;
export type ConfigStatus = (typeof CONFIG_STATUSES)[number];

/** Stage data by slug: any JSON object (the stage files' schemas check it, not the answer's). */
const freeObject = { type: 'object', additionalProperties: true } as const;

/** Spec section 3 Contact (a config's project or account manager). */
export const configContact = {
  type: ['object', 'null'],
  required: ['id', 'name', 'email'],
  properties: { id, name: text, avatar: nullableString, telephone: nullableString, email: text, position: nullableString },
  additionalProperties: false,
} as const;

const summaryProperties = {
  id, guid: text, name: text, company_id: id,
  // region: the company's region slug (one config's answer only): the stage page's region defaults.
  company: { type: 'object', required: ['id', 'guid', 'name'], properties: { id, guid: text, name: text, region: nullableString }, additionalProperties: false },
  design_type: text, project_type: nullableString, status: text, progress: id, version: id,
  project_manager_id: nullableId, account_manager_id: nullableId, agreement_id: nullableId, created_by: nullableId,
  created_at: text, updated_at: text,
} as const;
const summaryRequired = ['id', 'guid', 'name', 'company_id', 'design_type', 'status', 'progress', 'version'] as const;

/** One row of GET /configs and of the dashboard's pages: no stage data. */
export const configSummary = { type: 'object', required: summaryRequired, properties: summaryProperties, additionalProperties: false } as const;

const catalogueStageProperties = {
  slug: text, title: text, group: text, audience: text, order: id, required: { type: 'boolean' }, requires: texts,
} as const;
const catalogueStageRequired = ['slug', 'title', 'group', 'audience', 'order', 'required', 'requires'] as const;

/**
 * A stage of the catalogue (GET /configs/stages): title and group are i18n keys. A stage born in
 * the editor (server/catalogue/README.md, "Born stages") brings its texts (`labels`: per locale,
 * key of the configurator namespace -> text): the app has no file of it.
 */
export const catalogueStage = {
  type: 'object',
  required: catalogueStageRequired,
  properties: { ...catalogueStageProperties, labels: { type: 'object', additionalProperties: { type: 'object', additionalProperties: text } } },
  additionalProperties: false,
} as const;

/** A stage of a config: the catalogue's description and this config's state. */
export const configStage = {
  type: 'object',
  required: [...catalogueStageRequired, 'state', 'open', 'done', 'complete', 'version'],
  properties: {
    ...catalogueStageProperties, state: text, open: { type: 'boolean' }, done: { type: 'boolean' }, complete: { type: 'boolean' },
    /**
     * The stage version the config is pinned to: 1 is the portal's own file; a later one staff
     * published (GET /stage-versions/{slug}/{version} gives its file, texts and validators).
     */
    version: id,
  },
  additionalProperties: false,
} as const;

/**
 * GET /configs/stages: the stages the viewer may see, the design and project types, and
 * (schemas/stage-sets.json) the stages a new config of each project type starts with and what
 * each design type removes.
 */
export const stageCatalogue = {
  type: 'object',
  required: ['stages', 'types', 'stage_sets'],
  properties: {
    stages: { type: 'array', items: catalogueStage },
    types: { type: 'object', required: ['design_types', 'project_types'], properties: { design_types: texts, project_types: texts }, additionalProperties: false },
    stage_sets: {
      type: 'object',
      required: ['project_types', 'design_types'],
      properties: {
        project_types: { type: 'object', additionalProperties: texts },
        design_types: { type: 'object', additionalProperties: { type: 'object', properties: { remove: texts } } },
      },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
} as const;

const detailProperties = {
  ...summaryProperties,
  complete: { type: 'boolean' },
  mail: { type: 'object', properties: { project_manager: configContact, account_manager: configContact }, additionalProperties: false },
  project_manager: configContact,
  account_manager: configContact,
  stages: { type: 'array', items: configStage },
  data: freeObject,
  /** internal_data per stage: only for viewers with 'manage configs'. */
  internal_data: freeObject,
} as const;
const detailRequired = [...summaryRequired, 'complete', 'stages', 'data'] as const;

/** GET /configs/{id} and the stage calls: the whole config with its stages and data. */
export const configDetail = { type: 'object', required: detailRequired, properties: detailProperties, additionalProperties: false } as const;
/** The detail with the write's message (create, archive, stage add/remove). */
export const configWithMessage = {
  type: 'object',
  required: detailRequired,
  properties: { ...detailProperties, message: text },
  additionalProperties: false,
} as const;

/** PUT .../configs/{id} and restore: the detail plus what changed. */
export const configWriteAnswer = {
  type: 'object',
  required: [...detailRequired, 'changed', 'changedStages', 'warnings'],
  properties: {
    ...detailProperties,
    changed: { type: 'boolean' },
    changedStages: texts,
    /** The written stage is left out of `data` (?echo=false): it was stored exactly as sent. */
    stored_as_sent: { type: 'boolean' },
    warnings: { type: 'array', items: { type: 'object', required: ['detail'], properties: { detail: text, field: text, key: text }, additionalProperties: false } },
    message: text,
  },
  additionalProperties: false,
} as const;

/** One field a revision changed (`field` is a JSON pointer inside `stage`'s data). */
export const revisionChange = {
  type: 'object',
  required: ['stage', 'internal', 'field', 'op'],
  properties: {
    stage: text, internal: { type: 'boolean' }, field: text, op: text, old: {}, new: {},
    /** On a history page: the sides left out for their size (GET .../history/{id} has them). */
    large: { type: 'array', items: { type: 'string', enum: ['old', 'new'] } },
  },
  additionalProperties: false,
} as const;

/** One revision of GET .../history (newest first) and GET .../history/{id}. */
export const revision = {
  type: 'object',
  required: ['id', 'version', 'created_at', 'user', 'stage', 'action', 'old_state', 'new_state', 'changed_stages', 'restored_from', 'source', 'message', 'changes'],
  properties: {
    id, version: id, created_at: text,
    user: { type: ['object', 'null'], required: ['id', 'name'], properties: { id, name: nullableString }, additionalProperties: false },
    stage: nullableString, action: text, old_state: nullableString, new_state: nullableString,
    changed_stages: texts, restored_from: nullableId,
    /** The file an import came from ("Imported from <file>"), kept by its restore: both are restored whole. Null otherwise. */
    source: nullableString,
    /** What staff said when they requested changes (action `request_changes`, issue 55: "Pat Project requested changes: <message>"); null otherwise. */
    message: nullableString,
    changes: { type: 'array', items: revisionChange },
  },
  additionalProperties: false,
} as const;

/** GET .../history: one page of revisions. */
export const historyPage = {
  type: 'object',
  required: ['data', 'total', 'page', 'perPage'],
  properties: { data: { type: 'array', items: revision }, total: id, page: id, perPage: id },
  additionalProperties: false,
} as const;

/**
 * POST /configs/{id}/mail/{type}: spec section 3 Mail result: `email_id`, the outbox row the mail
 * was written to (null when there was no one to send it to), `status`, `failures`.
 */
export const mailAnswer = {
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'object',
      required: ['email_id', 'status', 'failures'],
      properties: {
        email_id: { type: ['integer', 'null'], description: 'The id of the mail_outbox row the mail was written to; null when nothing was sent.' },
        status: { type: 'string', enum: ['sent', 'failure'] },
        failures: texts,
      },
      additionalProperties: false,
    },
    message: text,
  },
  additionalProperties: false,
} as const;

export type ConfigContact = FromSchema<typeof configContact>;
export type ConfigSummary = FromSchema<typeof configSummary>;
export type ConfigStage = FromSchema<typeof configStage>;
export type CatalogueStage = FromSchema<typeof catalogueStage>;
export type StageCatalogue = FromSchema<typeof stageCatalogue>;
export type ConfigDetail = FromSchema<typeof configDetail>;
export type ConfigWriteAnswer = FromSchema<typeof configWriteAnswer>;
export type RevisionChange = FromSchema<typeof revisionChange>;
export type Revision = FromSchema<typeof revision>;
export type HistoryPage = FromSchema<typeof historyPage>;
export type MailAnswer = FromSchema<typeof mailAnswer>;
