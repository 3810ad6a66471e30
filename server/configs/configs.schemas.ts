// JSON Schemas of the configurator routes (input checks, response serialisation, OpenAPI).
import { STAGE_STATES } from '../../engine';
import { DESIGN_TYPES, PROJECT_TYPES } from '../../contract/projects';
import { dbId, MAX_ID, nullableDbId } from '../http/ids';
import { idOrGuid, simpleRestProperties } from '../http/schemas';
import {
  configDetail, configSummary, configWithMessage, configWriteAnswer, historyPage, mailAnswer, revision, stageCatalogue,
} from '../../contract/configs';
import { changeRequestAnswer, COMMENT_MAX } from '../../contract/reviews';

const id = { type: 'integer' } as const;
const inputId = nullableDbId;
/** A path id: numeric id or guid (anything else is simply not found; http/schemas.ts). */
export const key = idOrGuid;
const slug = { type: 'string', minLength: 1, maxLength: 100 } as const;
/** No body, or an empty object (undeclared properties are dropped). */
export const emptyBody = { type: ['object', 'null'], additionalProperties: false } as const;

export const params = {
  config: { type: 'object', required: ['id'], properties: { id: key } },
  company: { type: 'object', required: ['companyId'], properties: { companyId: key } },
  companyConfig: { type: 'object', required: ['companyId', 'configId'], properties: { companyId: key, configId: key } },
  stage: { type: 'object', required: ['id', 'slug'], properties: { id: key, slug } },
  mail: { type: 'object', required: ['id', 'type'], properties: { id: key, type: { type: 'string', enum: ['project_manager', 'account_manager'] } } },
  paginate: {
    type: 'object',
    required: ['page', 'filter'],
    properties: { page: { type: 'integer', minimum: 1, maximum: 1_000_000 }, filter: { type: 'string', enum: ['active', 'archived', 'all'] } },
  },
  revision: {
    type: 'object',
    required: ['companyId', 'configId', 'revisionId'],
    properties: { companyId: key, configId: key, revisionId: dbId },
  },
} as const;

/** ra-data-simple-rest: JSON in the query string. */
export const listQuery = {
  type: 'object',
  properties: simpleRestProperties,
} as const;
export const paginateQuery = {
  type: 'object',
  properties: { perPage: { type: 'integer', minimum: 1, maximum: 100, default: 15 }, q: { type: 'string', maxLength: 100 } },
} as const;
export const historyQuery = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
    perPage: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
    // Only the revisions that wrote or cascaded into this stage (the stage page's history).
    stage: slug,
  },
} as const;

// Missing name or design_type is the spec's 422, so neither is `required` here; wrong types are 400.
export const createBody = {
  type: ['object', 'null'],
  properties: {
    config: {
      type: ['object', 'null'],
      properties: {
        name: { type: ['string', 'null'], maxLength: 150 },
        design_type: { type: ['string', 'null'], enum: [...DESIGN_TYPES, '', null] },
        project_type: { type: ['string', 'null'], enum: [...PROJECT_TYPES, '', null] },
        project_manager_id: inputId,
        account_manager_id: inputId,
        agreement_id: inputId,
      },
    },
    lang: { type: ['string', 'null'], maxLength: 16 },
  },
} as const;

const version = { type: 'integer', minimum: 0, maximum: MAX_ID } as const;
const state = { type: 'string', enum: [...STAGE_STATES] } as const;
export const writeBody = {
  type: 'object',
  required: ['slug', 'state', 'version'],
  properties: {
    slug,
    data: { type: 'object' },
    // Instead of data: the edit as JSON Patch operations (RFC 6902 add/remove/replace) into the
    // stage's data as stored at `version` (engine/rules/stage-patch.ts).
    patches: {
      type: 'array',
      maxItems: 1000,
      items: {
        type: 'object',
        required: ['op', 'path'],
        additionalProperties: false,
        properties: { op: { type: 'string', enum: ['add', 'remove', 'replace'] }, path: { type: 'string', maxLength: 2000 }, value: {} },
      },
    },
    state,
    action: { type: 'string', enum: ['save', 'reset'] },
    version,
    internal_data: { type: 'object' },
  },
} as const;
/**
 * `data=changed`: the answer's `data` holds only the written stage and the stages the write changed
 * (`changedStages`; one missing from `data` has none any more), `internal_data` only the written
 * stage's; the rest of the answer as always. A client that holds the config at the version it wrote
 * from merges it exactly (no other write came between: that would have been a 409), and a dealer
 * group's config does not travel back whole on every autosave.
 */
export const writeQuery = {
  type: 'object',
  properties: {
    data: { type: 'string', enum: ['all', 'changed'], default: 'all' },
    // With data=changed: false leaves the written stage out when it was stored exactly as sent.
    echo: { type: 'boolean', default: true },
  },
} as const;
export const restoreBody = { type: 'object', required: ['version'], properties: { version, state } } as const;
export const mailBody = { type: ['object', 'null'], properties: { message: { type: ['string', 'null'], maxLength: 5000 } } } as const;

// The answers the app reads are the contract's (contract/configs.ts): one shape for both sides.
export { configDetail, configSummary, configWithMessage as withMessage, configWriteAnswer as writeResponse };
export { historyPage as historyResponse, mailAnswer as mailResponse, revision };

/** 409: the error shape plus the config's current version. */
export const conflict = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' }, errors: { type: 'array', items: { type: 'object', properties: { detail: { type: 'string' }, field: { type: 'string' } } } }, version: id },
} as const;

/** GET /configs/stages: the contract's (contract/configs.ts), which the app's configurator and product form read. */
export { stageCatalogue as catalogueResponse };
export const paginateResponse = {
  type: 'object',
  properties: {
    results: {
      type: 'object',
      properties: { configs: { type: 'array', items: configSummary }, current_page: id, per_page: id, last_page: id },
    },
    total: id,
  },
} as const;
export const deleteResponse = { type: 'object', properties: { id, guid: { type: 'string' }, message: { type: 'string' } } } as const;

/** POST /configs/{id}/stages/{slug}/request-changes (issue 55): the message's length is the service's check (422 on `message`). */
export const requestChangesBody = { type: ['object', 'null'], properties: { message: { type: ['string', 'null'], maxLength: COMMENT_MAX * 4 } }, additionalProperties: false } as const;
export { changeRequestAnswer };
