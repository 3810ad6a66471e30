// JSON Schemas of the review routes (issue 55): input checks, answers (the contract's), OpenAPI.
import { changeRequestAnswer, COMMENT_MAX, mentionable, reviewThread, THREAD_STATUSES, threadCounts } from '../../contract/reviews';
import { dbId } from '../http/ids';
import { idOrGuid } from '../http/schemas';

const slug = { type: 'string', minLength: 1, maxLength: 100 } as const;
/**
 * A comment's markdown. Its length (1..COMMENT_MAX characters once trimmed) is the service's check,
 * a 422 on `body` in words; the schema only bounds what is read.
 */
const body = { type: 'string', maxLength: COMMENT_MAX * 4 } as const;

export const params = {
  config: { type: 'object', required: ['id'], properties: { id: idOrGuid } },
  thread: { type: 'object', required: ['id', 'threadId'], properties: { id: idOrGuid, threadId: dbId } },
  comment: { type: 'object', required: ['id', 'commentId'], properties: { id: idOrGuid, commentId: dbId } },
} as const;

export const threadsQuery = {
  type: 'object',
  properties: { stage: slug, status: { type: 'string', enum: [...THREAD_STATUSES] } },
  additionalProperties: false,
} as const;

export const newThreadBody = {
  type: 'object',
  required: ['stage', 'body'],
  properties: { stage: slug, pointer: { type: 'string', maxLength: 1000 }, body },
  additionalProperties: false,
} as const;

export const commentBody = { type: 'object', required: ['body'], properties: { body }, additionalProperties: false } as const;

/** No body, or an empty object. */
export const emptyBody = { type: ['object', 'null'], additionalProperties: false } as const;

export const requestChangesBody = {
  type: ['object', 'null'],
  properties: { message: { type: ['string', 'null'], maxLength: COMMENT_MAX * 4 } },
  additionalProperties: false,
} as const;

export const threadList = { type: 'array', items: reviewThread } as const;
export { changeRequestAnswer, mentionable, reviewThread as thread, threadCounts };
