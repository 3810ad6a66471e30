// Route schemas of the stage pages' event streams.
import { idOrGuid } from '../http/schemas';

export const eventsParams = { type: 'object', required: ['id'], properties: { id: idOrGuid } } as const;
export const eventsQuery = {
  type: 'object',
  required: ['stage'],
  properties: { stage: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[a-z0-9-]+$' } },
  additionalProperties: false,
} as const;
