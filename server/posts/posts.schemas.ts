// JSON Schemas of the showcase posts routes (input checks, response serialisation, OpenAPI).
// Types are checked here (400); lengths, formats and allowed values are the service's 422s, in
// the spec's words and one per field, so a form can show each beside its input.
import { post } from '../../contract/posts';
import { dbId, nullableDbId } from '../http/ids';
import { flatOrWrapped, metaInput, nullableString, simpleRestQuery } from '../http/schemas';

const id = { type: 'integer' } as const;
const ids = { type: ['array', 'null'], maxItems: 50, uniqueItems: true, items: dbId } as const;

export const params = {
  /** An id, guid or slug (anything else is simply not found). */
  post: { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 200 } } },
} as const;

const postFields = {
  post_title: nullableString,
  slug: nullableString,
  post_excerpt: nullableString,
  post_content: nullableString,
  post_status: { type: 'string' },
  website_address: nullableString,
  featured_media_id: nullableDbId,
  /** Media ids in the order the gallery shows them. */
  gallery_ids: ids,
  /** Term ids of the region, make and type taxonomies. */
  terms: ids,
  meta: metaInput(nullableString),
} as const;

/** POST /posts and PUT /posts/{id}: the fields flat, or `{post: {...}, terms}`; unknown fields are 400s. */
export const postBody = flatOrWrapped('post', postFields);

/** ra-data-simple-rest: `sort`, `range`, `filter` {q, id, post_status, region, make, type} as JSON. */
export const listQuery = simpleRestQuery;

/** A post as every answer gives it: the contract's shape (contract/posts.ts), which the app reads too. */
export { post };

export const deleteResponse = { type: 'object', properties: { id, guid: { type: 'string' }, post_title: { type: 'string' }, message: { type: 'string' } } } as const;
