// Route schemas of the stage pages' event streams.
import { idOrGuid } from '../http/schemas';

export const eventsParams = { type: 'object', required: ['id'], properties: { id: idOrGuid } } as const;
export const eventsQuery = {
  type: 'object',
  required: ['stage'],
  properties: { stage: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[a-z0-9-]+$' } },
  additionalProperties: false,
} as const;
/**
 * `Last-Event-ID`: the config version of the last save a reconnecting page heard of (the stream's
 * event ids); the stream then starts with the saves made since.
 */
export const eventsHeaders = {
  type: 'object',
  properties: { 'last-event-id': { type: 'string', pattern: '^[0-9]{1,9}$' } },
} as const;
