/** Route schemas of the migration area (server/migration/README.md "API"). */
import { errors, idOrGuid } from '../http/schemas';

/** Largest legacy file accepted (the JSON body that carries it): a 5,000-row export is about 1 MiB. */
export const MAX_FILE_BYTES = 8 * 1024 * 1024;

export const migrationBody = {
  type: 'object',
  required: ['file', 'config'],
  additionalProperties: false,
  properties: {
    file: {
      type: 'object',
      required: ['name', 'content'],
      additionalProperties: false,
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 255 },
        content: { type: 'string', maxLength: MAX_FILE_BYTES },
      },
    },
    config: idOrGuid,
    company: idOrGuid,
    skip_rejected: { type: 'boolean' },
  },
} as const;

const reportRow = {
  type: 'object',
  properties: {
    ref: { type: 'string' },
    record: { type: 'string' },
    name: { type: 'string' },
    status: { type: 'string' },
    stage: { type: 'string' },
    target: { type: 'string' },
    reason: { type: 'string' },
  },
} as const;

const stageReport = {
  type: 'object',
  properties: {
    stage: { type: 'string' },
    ...Object.fromEntries(['rows', 'new', 'updated', 'unchanged', 'conflict', 'rejected', 'not_migrated', 'kept'].map((k) => [k, { type: 'integer' }])),
    items: { type: 'array', items: reportRow },
  },
} as const;

export const report = {
  type: 'object',
  properties: {
    file: { type: 'string' },
    format: { type: 'string' },
    config: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        guid: { type: 'string' },
        name: { type: 'string' },
        project_type: { type: ['string', 'null'] },
        company: { type: 'object', properties: { id: { type: 'integer' }, guid: { type: 'string' }, name: { type: 'string' } } },
      },
    },
    total_rows: { type: 'integer' },
    notices: { type: 'array', items: { type: 'string' } },
    stages: { type: 'array', items: stageReport },
    changed_stages: { type: 'array', items: { type: 'string' } },
    rejected: { type: 'integer' },
    conflicts: { type: 'integer' },
  },
} as const;

export const job = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    status: { type: 'string', enum: ['running', 'done', 'failed', 'cancelled'] },
    processed: { type: 'integer' },
    total: { type: 'integer' },
    file: { type: 'string' },
    result: {
      type: 'object',
      properties: { report, changed: { type: 'boolean' }, version: { type: 'integer' }, revision_stage: { type: ['string', 'null'] } },
    },
    error: { type: 'object', properties: { statusCode: { type: 'integer' }, message: { type: 'string' } } },
  },
} as const;

export const jobParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } } as const;
export const sampleQuery = { type: 'object', properties: { format: { type: 'string', enum: ['json', 'csv'] } } } as const;

export const responses = {
  dryRun: { 200: report, ...errors(400, 401, 403, 404, 413, 422) },
  import: { 202: job, ...errors(400, 401, 403, 404, 413, 422) },
  job: { 200: job, ...errors(400, 401, 403, 404) },
};
