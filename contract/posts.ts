/**
 * A showcase post as the API answers it (`/api/posts`; the app calls posts "showcases"): JSON
 * Schema for the server's serialiser (server/posts/posts.schemas.ts) and the type derived from it
 * for the app (src/showcases/api.ts) and the server's service.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { mediaItem } from './media';
import { localNames } from './names';
import { id, nullableString, text } from './schema-parts';

/** A post is a draft until published (the posts table's check, the showcase form's choice). */
export const POST_STATUSES = ['draft', 'published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** The taxonomies a post is tagged with (the list filters on them), by slug. */
export const POST_TAXONOMIES = ['region', 'make', 'type'] as const;
export type PostTaxonomy = (typeof POST_TAXONOMIES)[number];

/** A term of the region, make or type taxonomy. */
export const postTerm = {
  type: 'object',
  required: ['id', 'name', 'names', 'slug', 'taxonomy'],
  properties: { id, name: text, names: localNames, slug: text, taxonomy: text },
  additionalProperties: false,
} as const;

/**
 * A post as every answer gives it; `message` only on writes. `enum` and `additionalProperties:
 * false` narrow the type; the serialiser checks neither and already drops undeclared properties.
 */
export const post = {
  type: 'object',
  required: [
    'id', 'guid', 'post_title', 'slug', 'post_excerpt', 'post_content', 'post_status', 'published_at', 'website_address',
    'featured_media', 'gallery', 'taxonomies', 'meta', 'author', 'created_at', 'updated_at',
  ],
  properties: {
    id,
    guid: text,
    post_title: text,
    slug: text,
    post_excerpt: nullableString,
    post_content: nullableString,
    post_status: { type: 'string', enum: POST_STATUSES },
    published_at: nullableString,
    website_address: nullableString,
    featured_media: { ...mediaItem, type: ['object', 'null'] },
    gallery: { type: 'array', items: mediaItem },
    taxonomies: { type: 'array', items: postTerm },
    meta: {
      type: 'array',
      items: { type: 'object', required: ['meta_key', 'meta_value'], properties: { meta_key: text, meta_value: nullableString }, additionalProperties: false },
    },
    author: { type: ['object', 'null'], required: ['id', 'name'], properties: { id, name: text }, additionalProperties: false },
    created_at: text,
    updated_at: text,
    message: text,
  },
  additionalProperties: false,
} as const;
export type Post = FromSchema<typeof post>;
export type PostTerm = FromSchema<typeof postTerm>;
