import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { media } from './media';
import { terms } from './taxonomies';

import { POST_STATUSES } from '../../../contract/posts';
import { byReader } from './collation';

/** Spec section 3, showcase posts: a post is a draft until published (only published posts reach dealers); the contract's list. */
export { POST_STATUSES };

/**
 * A showcase post: the provider's story of a dealer website that went live. Its images come from
 * the shared media library; a deleted image leaves the post without it, never without the post.
 */
export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    guid: uuid('guid').notNull().defaultRandom().unique(),
    postTitle: text('post_title').notNull(),
    /** The address of the post in the app (/showcases/{slug}): lowercase a-z, 0-9 and hyphens. */
    slug: text('slug').notNull().unique(),
    postExcerpt: text('post_excerpt'),
    postContent: text('post_content'),
    postStatus: text('post_status').notNull().default('draft'),
    /** Set the first time the post is published, and kept (a post taken down and back keeps its date). */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    websiteAddress: text('website_address'),
    featuredMediaId: integer('featured_media_id').references(() => media.id, { onDelete: 'set null' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list's default sort (post_title) and the dealers' list: published ones, newest first.
    index('posts_title_idx').on(byReader(t.postTitle), t.id),
    index('posts_status_published_idx').on(t.postStatus, t.publishedAt),
    check('posts_status_check', sql`${t.postStatus} IN ('draft', 'published')`),
  ],
);

/** A post's gallery, in order; a row goes with its post or its image. */
export const postMedia = pgTable(
  'post_media',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    /** 0-based place in the gallery. */
    position: integer('position').notNull(),
  },
  // By media: deleting an image finds its gallery rows without reading every post's.
  (t) => [primaryKey({ columns: [t.postId, t.mediaId] }), uniqueIndex('post_media_position_idx').on(t.postId, t.position), index('post_media_media_idx').on(t.mediaId)],
);

/** A post's region, make and type terms (the list filters on them). */
export const postTerms = pgTable(
  'post_terms',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    termId: integer('term_id')
      .notNull()
      .references(() => terms.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.postId, t.termId] }), index('post_terms_term_idx').on(t.termId, t.postId)],
);

/** Free key/value pairs of a post. */
export const postMeta = pgTable(
  'post_meta',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    metaKey: text('meta_key').notNull(),
    metaValue: text('meta_value'),
  },
  (t) => [uniqueIndex('post_meta_post_key_idx').on(t.postId, t.metaKey)],
);
