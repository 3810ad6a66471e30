// JSON Schemas of the showcase posts routes (input checks, response serialisation, OpenAPI).
// Types are checked here (400); lengths, formats and allowed values are the service's 422s, in
// the spec's words and one per field, so a form can show each beside its input.
import { post, POST_STATUSES } from '../../contract/posts';
import { dbId, nullableDbId } from '../http/ids';
import { flatOrWrapped, listQueryWith, metaInput, nullableString } from '../http/schemas';

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

/** A plain list of ids (`?region=10&region=12`; one value is coerced to a list). */
const plainIds = { type: 'array', maxItems: 1000, items: dbId } as const;

/**
 * ra-data-simple-rest (`sort`, `range`, `filter` {q, id, post_status, region, make, type} as JSON,
 * which the admin sends) and the same filters as plain parameters (the spec's `?post_status=published`);
 * a key given both ways is a 400 (posts.service.ts), anything else unknown a 400 here.
 */
export const listQuery = listQueryWith({
  post_status: { type: 'string', enum: [...POST_STATUSES] },
  id: plainIds,
  // The taxonomies of POST_TAXONOMIES (contract/posts.ts), term ids as the filter takes them.
  region: plainIds,
  make: plainIds,
  type: plainIds,
});

/** A post as every answer gives it: the contract's shape (contract/posts.ts), which the app reads too. */
export { post };

export const deleteResponse = { type: 'object', properties: { id, guid: { type: 'string' }, post_title: { type: 'string' }, message: { type: 'string' } } } as const;
