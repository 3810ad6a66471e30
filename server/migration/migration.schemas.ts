/** Route schemas of the migration area (server/migration/README.md "API"). */
import { importJob, migrationReport } from '../../contract/migration';
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

export const jobParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } } as const;
export const sampleQuery = { type: 'object', properties: { format: { type: 'string', enum: ['json', 'csv'] } } } as const;

export const responses = {
  dryRun: { 200: migrationReport, ...errors(400, 401, 403, 404, 413, 422) },
  import: { 202: importJob, ...errors(400, 401, 403, 404, 413, 422) },
  job: { 200: importJob, ...errors(400, 401, 403, 404) },
};
