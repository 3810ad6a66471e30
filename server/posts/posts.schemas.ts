// JSON Schemas of the showcase posts routes (input checks, response serialisation, OpenAPI).
// Types are checked here (400); lengths, formats and allowed values are the service's 422s, in
// the spec's words and one per field, so a form can show each beside its input.
import { mediaItem } from '../media/media.schemas';
import { noOthers, nullableString, simpleRestQuery } from '../http/schemas';

const MAX_INT = 2_147_483_647;
const id = { type: 'integer' } as const;
const dbId = { type: 'integer', minimum: 1, maximum: MAX_INT } as const;
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
  featured_media_id: { type: ['integer', 'null'], minimum: 1, maximum: MAX_INT },
  /** Media ids in the order the gallery shows them. */
  gallery_ids: ids,
  /** Term ids of the region, make and type taxonomies. */
  terms: ids,
  meta: {
    type: ['array', 'null'],
    maxItems: 50,
    items: {
      type: 'object',
      required: ['meta_key'],
      properties: { meta_key: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' }, meta_value: nullableString },
      additionalProperties: noOthers,
    },
  },
} as const;

/** POST /posts and PUT /posts/{id}: the fields flat, or `{post: {...}, terms}`; unknown fields are 400s. */
export const postBody = {
  type: 'object',
  properties: {
    post: { type: 'object', properties: postFields, additionalProperties: noOthers },
    ...postFields,
  },
  additionalProperties: noOthers,
} as const;

/** ra-data-simple-rest: `sort`, `range`, `filter` {q, id, post_status, region, make, type} as JSON. */
export const listQuery = simpleRestQuery;

/** A post as every answer gives it. */
export const post = {
  type: 'object',
  properties: {
    id,
    guid: { type: 'string' },
    post_title: { type: 'string' },
    slug: { type: 'string' },
    post_excerpt: nullableString,
    post_content: nullableString,
    post_status: { type: 'string' },
    published_at: nullableString,
    website_address: nullableString,
    featured_media: { ...mediaItem, type: ['object', 'null'] },
    gallery: { type: 'array', items: mediaItem },
    taxonomies: {
      type: 'array',
      items: { type: 'object', properties: { id, name: { type: 'string' }, slug: { type: 'string' }, taxonomy: { type: 'string' } } },
    },
    meta: { type: 'array', items: { type: 'object', properties: { meta_key: { type: 'string' }, meta_value: nullableString } } },
    author: { type: ['object', 'null'], properties: { id, name: { type: 'string' } } },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
    message: { type: 'string' },
  },
} as const;

export const deleteResponse = { type: 'object', properties: { id, guid: { type: 'string' }, post_title: { type: 'string' }, message: { type: 'string' } } } as const;
