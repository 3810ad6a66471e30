// JSON Schemas of the bulk deletes (DELETE /users, DELETE /companies): the ids the list selected.
import { dbId } from './ids';

/**
 * `{ ids }`: the records to delete together, all or none. 1000 at most, as the lists export and
 * select at most that many; unknown properties are refused (400 naming the field), not dropped.
 */
export const bulkDeleteBody = {
  type: 'object',
  required: ['ids'],
  properties: { ids: { type: 'array', minItems: 1, maxItems: 1000, uniqueItems: true, items: dbId } },
  additionalProperties: { not: {} },
} as const;

/** The ids deleted (react-admin's deleteMany answers them). */
export const bulkDeleteResponse = { type: 'object', properties: { ids: { type: 'array', items: { type: 'integer' } } } } as const;

export interface BulkDelete {
  Body: { ids: number[] };
}
