// JSON Schemas of GET /search (input checks, response serialisation, OpenAPI). `q` is checked by
// the service (trimmed, 1..100 characters: a 422 naming `q` the search box can show); `limit` here.
import { searchAnswer, SEARCH_LIMITS } from '../../contract/search';
import { noOthers } from '../http/schemas';

export const searchQuery = {
  type: 'object',
  properties: {
    q: { type: 'string', maxLength: 1000 },
    limit: { type: 'integer', minimum: 1, maximum: SEARCH_LIMITS.limitMax, default: SEARCH_LIMITS.limitDefault },
  },
  additionalProperties: noOthers,
} as const;

export { searchAnswer };
