/**
 * Showcase posts (spec sections 3, 4 and 7): the provider's stories of dealer websites that went
 * live. Every signed-in user reads them; only staff with 'edit posts' see drafts, and that rule is
 * in the query (a draft is the same 404 as a post that does not exist). GET /posts speaks
 * ra-data-simple-rest, sorted by post_title unless asked otherwise.
 */
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/database';
import { POST_STATUSES, postMedia, postMeta, posts, postTerms, taxonomies, terms, users } from '../db/schema';
import { NotFound } from '../domain-errors';
import { likePattern, pageOf, simpleRest, type Page, type SimpleRestQuery } from '../http/simple-rest';
import { serverMessages } from '../messages';
import { cleanText } from '../http/clean-text';
import { mediaItemsById } from '../media/media.service';
import { isGuid, whereKey } from '../http/ids';
import { POST_TAXONOMIES, type Post, type PostStatus } from '../../contract/posts';
import type { Viewer } from '../db/tenancy';

/** The taxonomies a post is tagged with (the list filters on them), by slug: the contract's list. */
export { POST_TAXONOMIES };
/** A slug as stored: lowercase words of a-z and 0-9 joined by single hyphens. */
export const SLUG_FORMAT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const rest = simpleRest(serverMessages.posts.bad_query);

/** A post and its terms as every answer gives them: the contract's shape (contract/posts.ts), the app's too. */
export type { Post, PostTerm } from '../../contract/posts';
export type { PostStatus };

/** Staff with 'edit posts' see drafts; everyone else only published posts. */
export const seesDrafts = (viewer: Viewer) => viewer.permissions.has('edit posts');
const visibleTo = (viewer: Viewer): SQL | undefined => (seesDrafts(viewer) ? undefined : eq(posts.postStatus, 'published'));

/**
 * The condition that finds a post by numeric id or guid, or (`bySlug`) by slug; null for a key that
 * is none of them (not found). A slug always has a letter, so an all-digit key is an id.
 */
export function postKey(key: string, bySlug = false): SQL | null {
  if (/^\d+$/.test(key) || isGuid(key)) return whereKey(key, posts.id, posts.guid);
  const slug = key.toLowerCase();
  return bySlug && SLUG_FORMAT.test(slug) ? eq(posts.slug, slug) : null;
}

type PostRow = typeof posts.$inferSelect;
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** The answers for some rows: images, terms, meta and author of all of them in one query each. */
export async function postsOf(db: Db | Tx, rows: PostRow[]): Promise<Post[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const authorIds = [...new Set(rows.flatMap((r) => (r.authorId ? [r.authorId] : [])))];
  const [gallery, links, meta, authors] = await Promise.all([
    db.select({ postId: postMedia.postId, mediaId: postMedia.mediaId }).from(postMedia).where(inArray(postMedia.postId, ids)).orderBy(asc(postMedia.postId), asc(postMedia.position)),
    db
      .select({ postId: postTerms.postId, id: terms.id, name: terms.name, names: terms.names, slug: terms.slug, taxonomy: taxonomies.slug })
      .from(postTerms)
      .innerJoin(terms, eq(terms.id, postTerms.termId))
      .innerJoin(taxonomies, eq(taxonomies.id, terms.taxonomyId))
      .where(inArray(postTerms.postId, ids))
      .orderBy(asc(taxonomies.id), asc(terms.name)),
    db.select({ postId: postMeta.postId, meta_key: postMeta.metaKey, meta_value: postMeta.metaValue }).from(postMeta).where(inArray(postMeta.postId, ids)).orderBy(asc(postMeta.id)),
    authorIds.length ? db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, authorIds)) : Promise.resolve([]),
  ]);
  const items = await mediaItemsById(db, [...rows.flatMap((r) => (r.featuredMediaId ? [r.featuredMediaId] : [])), ...gallery.map((g) => g.mediaId)]);
  const authorOf = new Map(authors.map((a) => [a.id, a]));
  return rows.map((r) => ({
    id: r.id,
    guid: r.guid,
    post_title: r.postTitle,
    slug: r.slug,
    post_excerpt: r.postExcerpt,
    post_content: r.postContent,
    // The table's check admits only POST_STATUSES.
    post_status: r.postStatus as PostStatus,
    published_at: iso(r.publishedAt),
    website_address: r.websiteAddress,
    featured_media: (r.featuredMediaId && items.get(r.featuredMediaId)) || null,
    gallery: gallery.filter((g) => g.postId === r.id).flatMap((g) => items.get(g.mediaId) ?? []),
    taxonomies: links.filter((l) => l.postId === r.id).map(({ postId: _, ...term }) => term),
    meta: meta.filter((m) => m.postId === r.id).map(({ postId: _, ...m }) => m),
    author: (r.authorId && authorOf.get(r.authorId)) || null,
    created_at: iso(r.createdAt)!,
    updated_at: iso(r.updatedAt)!,
  }));
}

/** One post in the answer's shape, or null. */
export async function loadPost(db: Db | Tx, where: SQL): Promise<Post | null> {
  const rows = await db.select().from(posts).where(where);
  return (await postsOf(db, rows))[0] ?? null;
}

/** GET /posts/{id|guid|slug}: a draft is 404 to whoever may not see drafts. */
export async function getPost(db: Db, viewer: Viewer, key: string): Promise<Post> {
  const where = postKey(key, true);
  const post = where ? await loadPost(db, and(where, visibleTo(viewer))!) : null;
  if (!post) throw new NotFound(serverMessages.not_found);
  return post;
}

const SORTABLE = { post_title: posts.postTitle, published_at: posts.publishedAt, updated_at: posts.updatedAt, created_at: posts.createdAt, id: posts.id };
const FILTER_KEYS = ['q', 'id', 'post_status', ...POST_TAXONOMIES] as const;

/** GET /posts's query: simple-rest's, and the filter keys as plain parameters (checked by posts.schemas.ts). */
export interface PostListQuery extends SimpleRestQuery {
  q?: string;
  post_status?: string;
  id?: number[];
  region?: number[];
  make?: number[];
  type?: number[];
}

/**
 * The filter of a list query: simple-rest's JSON `filter` (the admin's) with the plain parameters
 * (the spec's `?post_status=published`) read as the same keys, so both pass the same checks. A key
 * given both ways is a 400 naming it: which one was meant cannot be guessed.
 */
function filterOf(query: PostListQuery): Record<string, unknown> {
  const f = rest.filter(query.filter, FILTER_KEYS);
  for (const key of FILTER_KEYS) {
    if (query[key] === undefined) continue;
    if (f[key] !== undefined) throw rest.bad(key);
    f[key] = query[key];
  }
  return f;
}

/** GET /posts: one page with the total for Content-Range; filter {q, id, post_status, region, make, type}. */
export async function listPosts(db: Db, viewer: Viewer, query: PostListQuery): Promise<Page<Post>> {
  const f = filterOf(query);
  const q = rest.search(f.q, 'filter.q');
  const idList = rest.ids(f.id, 'id');
  const status = rest.oneOf(f, 'post_status', POST_STATUSES);
  const order = rest.sort(query.sort, SORTABLE, ['post_title', 'ASC'], posts.id);
  const range = rest.range(query.range);
  const pattern = q ? likePattern(cleanText(q)) : null;
  const where = and(
    visibleTo(viewer),
    pattern ? or(ilike(posts.postTitle, pattern), ilike(posts.postExcerpt, pattern), ilike(posts.postContent, pattern)) : undefined,
    idList ? inArray(posts.id, idList) : undefined,
    status ? eq(posts.postStatus, status) : undefined,
    ...termConditions(f),
  );
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(posts).where(where).orderBy(...order).limit(range.end - range.start + 1).offset(range.start),
    db.select({ total: count() }).from(posts).where(where),
  ]);
  return pageOf(await postsOf(db, rows), total, range);
}

/** One condition per taxonomy filtered: any of its terms (region UK or FR), the taxonomies together (and make BMW). */
function termConditions(f: Record<string, unknown>): SQL[] {
  return POST_TAXONOMIES.flatMap((taxonomy) => {
    const ids = rest.ids(f[taxonomy], taxonomy);
    return ids ? [sql`${posts.id} IN (SELECT ${postTerms.postId} FROM ${postTerms} WHERE ${inArray(postTerms.termId, ids)})`] : [];
  });
}
