/**
 * Showcase post writes (spec section 7): POST /posts ('create posts'), PUT and DELETE /posts/{id}
 * ('edit posts'). Every problem the schema cannot word is found before anything is written and
 * answered together (422, one error per field); the post, its gallery, terms and meta then change
 * in one transaction.
 */
import { and, asc, eq, inArray, isNull, like, ne, or, sql } from 'drizzle-orm';
import { engineT } from '../../engine';
import type { Db, Tx } from '../db/database';
import { LOCK_IDS } from '../db/locks';
import { isForeignKeyViolation } from '../db/pg-errors';
import { media, POST_STATUSES, postMedia, postMeta, posts, postTerms, taxonomies, terms } from '../db/schema';
import { NotFound, Invalid, type ErrorDetail } from '../domain-errors';
import { serverMessages } from '../messages';
import { cleanName, cleanText } from '../http/clean-text';
import { URL_FORMAT } from '../http/formats';
import { isGuid } from '../http/ids';
import { loadPost, POST_TAXONOMIES, postKey, SLUG_FORMAT, type PostStatus } from './posts.service';
import type { Viewer } from '../db/tenancy';
import { replaceLinks } from '../db/links';

const t = engineT('en-GB');

/** Longest texts, in characters (after trimming). */
export const POST_LIMITS = { post_title: 200, slug: 200, post_excerpt: 300, post_content: 20_000, website_address: 255, meta_value: 2000 } as const;


/** The writable fields, as the API names them (every one optional: a PUT changes what it sends). */
export interface PostInput {
  post_title?: string | null;
  slug?: string | null;
  post_excerpt?: string | null;
  post_content?: string | null;
  post_status?: string;
  website_address?: string | null;
  featured_media_id?: number | null;
  gallery_ids?: number[] | null;
  terms?: number[] | null;
  meta?: Array<{ meta_key: string; meta_value?: string | null }> | null;
}
/** The body: the fields flat (react-admin), or `{post: {...}, terms}` as products take theirs. */
export type PostBody = PostInput & { post?: PostInput };

// Blank text is stored as null, so "no excerpt" has one spelling; NUL characters are dropped.
const clean = (v: string | null | undefined) => (typeof v === 'string' ? cleanText(v).trim() || null : null);
// The title is a name shown to every dealer: no bidirectional controls either (clean-text.ts).
const cleanTitle = (v: string | null | undefined) => (typeof v === 'string' ? cleanName(v).trim() || null : null);

const DIACRITIC_FREE: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', þ: 'th' };

/**
 * The slug a title gives: ASCII lowercase words joined by hyphens, at most 190 characters (room
 * for a "-2"). One without a letter (an all-digit slug would read as an id) starts with "post".
 * @example slugOf('Garage Lefèvre is live!') // 'garage-lefevre-is-live'
 */
export function slugOf(title: string): string {
  const words = title
    .toLowerCase()
    .replace(/[ßæœøłđþ]/g, (c) => DIACRITIC_FREE[c])
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 190)
    .replace(/-+$/, '');
  return /[a-z]/.test(words) && !isGuid(words) ? words : ['post', words].filter(Boolean).join('-');
}

/** The fields of either body form (the `post` object wins over the same flat field). */
function postInput(body: PostBody): PostInput {
  const { post, ...flat } = body;
  return { ...flat, ...post };
}

/** Images a post may show: existing images of the shared library, which every reader may see. */
async function usableImages(db: Db, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: media.id }).from(media).where(and(inArray(media.id, ids), like(media.mime, 'image/%'), isNull(media.companyId)));
  return new Set(rows.map((r) => r.id));
}

/** The checks a schema cannot word as the spec does; every problem found, one per field. */
async function check(db: Db, input: PostInput, creating: boolean): Promise<void> {
  const problems: ErrorDetail[] = [];
  const tooLong = (field: keyof typeof POST_LIMITS, value: string | null) => {
    if (value && value.length > POST_LIMITS[field]) problems.push({ detail: t('validation:generic.maxLength', { length: POST_LIMITS[field] }), field });
  };
  const title = cleanTitle(input.post_title);
  if ((creating || input.post_title !== undefined) && !title) problems.push({ detail: serverMessages.posts.title_required, field: 'post_title' });
  tooLong('post_title', title);
  const slug = clean(input.slug)?.toLowerCase() ?? null;
  if (slug && slug.length > POST_LIMITS.slug) tooLong('slug', slug);
  else if (slug && (!SLUG_FORMAT.test(slug) || !/[a-z]/.test(slug) || isGuid(slug))) problems.push({ detail: serverMessages.posts.slug_format, field: 'slug' });
  tooLong('post_excerpt', clean(input.post_excerpt));
  tooLong('post_content', clean(input.post_content));
  if (input.post_status !== undefined && !POST_STATUSES.includes(input.post_status as PostStatus)) problems.push({ detail: serverMessages.posts.status_invalid, field: 'post_status' });
  const website = clean(input.website_address);
  if (website && website.length > POST_LIMITS.website_address) tooLong('website_address', website);
  else if (website && !URL_FORMAT.test(website)) problems.push({ detail: t('validation:generic.url'), field: 'website_address' });

  const featured = input.featured_media_id ?? null;
  const gallery = input.gallery_ids ?? [];
  const usable = await usableImages(db, [...new Set([...(featured ? [featured] : []), ...gallery])]);
  if (featured && !usable.has(featured)) problems.push({ detail: serverMessages.posts.image_invalid, field: 'featured_media_id' });
  if (gallery.some((id) => !usable.has(id))) problems.push({ detail: serverMessages.posts.image_invalid, field: 'gallery_ids' });

  const termIds = [...new Set(input.terms ?? [])];
  if (termIds.length) {
    const found = await db
      .select({ id: terms.id })
      .from(terms)
      .innerJoin(taxonomies, eq(taxonomies.id, terms.taxonomyId))
      .where(and(inArray(terms.id, termIds), inArray(taxonomies.slug, [...POST_TAXONOMIES])));
    if (found.length !== termIds.length) problems.push({ detail: serverMessages.posts.terms_invalid, field: 'terms' });
  }

  const keys = (input.meta ?? []).map((e) => e.meta_key);
  if (keys.some((k, i) => keys.indexOf(k) !== i)) problems.push({ detail: t('validation:field.duplicate', { attribute: 'meta_key' }), field: 'meta' });
  else if ((input.meta ?? []).some((e) => (clean(e.meta_value)?.length ?? 0) > POST_LIMITS.meta_value)) {
    problems.push({ detail: t('validation:generic.maxLength', { length: POST_LIMITS.meta_value }), field: 'meta' });
  }
  if (problems.length) throw new Invalid(problems[0].detail, problems);
}

/** The column values a write sets: only the fields the body names. */
function postColumns(input: PostInput): Partial<typeof posts.$inferInsert> {
  const out: Partial<typeof posts.$inferInsert> = {};
  if (input.post_title !== undefined) out.postTitle = cleanTitle(input.post_title)!;
  if (input.post_excerpt !== undefined) out.postExcerpt = clean(input.post_excerpt);
  if (input.post_content !== undefined) out.postContent = clean(input.post_content);
  if (input.website_address !== undefined) out.websiteAddress = clean(input.website_address);
  if (input.featured_media_id !== undefined) out.featuredMediaId = input.featured_media_id;
  if (input.post_status !== undefined) out.postStatus = input.post_status;
  return out;
}

/**
 * The slug the write stores, chosen under the slug lock. A slug sent must be free ('The slug has
 * already been taken.'); one made from the title takes the first free of "x", "x-2", "x-3"...
 */
async function chooseSlug(tx: Tx, sent: string | null, title: string, self: number | null): Promise<string> {
  // Writes that choose a slug take turns, so two posts of one title never both take it (a unique violation, a 500).
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_IDS.postSlugs})`);
  const others = self === null ? undefined : ne(posts.id, self);
  if (sent) {
    const [taken] = await tx.select({ id: posts.id }).from(posts).where(and(eq(posts.slug, sent), others));
    if (taken) throw new Invalid(serverMessages.posts.slug_taken, [{ detail: serverMessages.posts.slug_taken, field: 'slug' }]);
    return sent;
  }
  const base = slugOf(title);
  const rows = await tx.select({ slug: posts.slug }).from(posts).where(and(or(eq(posts.slug, base), like(posts.slug, `${base}-%`)), others));
  const taken = new Set(rows.map((r) => r.slug));
  let n = 1;
  while (taken.has(n === 1 ? base : `${base}-${n}`)) n++;
  return n === 1 ? base : `${base}-${n}`;
}

/** Replaces the gallery (in the order sent), terms and meta when the body sends them. */
async function writeLists(tx: Tx, postId: number, input: PostInput) {
  if (input.gallery_ids !== undefined) {
    const ids = [...new Set(input.gallery_ids ?? [])];
    // The same pictures in the same order write nothing (the audit log enters only a real change).
    const now = await tx.select({ mediaId: postMedia.mediaId }).from(postMedia).where(eq(postMedia.postId, postId)).orderBy(asc(postMedia.position));
    if (now.map((r) => r.mediaId).join() !== ids.join()) {
      await tx.delete(postMedia).where(eq(postMedia.postId, postId));
      if (ids.length) await tx.insert(postMedia).values(ids.map((mediaId, position) => ({ postId, mediaId, position })));
    }
  }
  if (input.terms !== undefined) {
    await replaceLinks(tx, postTerms, { column: postTerms.postId, id: postId }, postTerms.termId, input.terms ?? [], (termId) => ({ postId, termId }));
  }
  if (input.meta !== undefined) {
    const rows = (input.meta ?? []).map((e) => ({ postId, metaKey: e.meta_key, metaValue: clean(e.meta_value) }));
    const now = await tx.select({ metaKey: postMeta.metaKey, metaValue: postMeta.metaValue }).from(postMeta).where(eq(postMeta.postId, postId)).orderBy(asc(postMeta.id));
    if (JSON.stringify(now) !== JSON.stringify(rows.map(({ metaKey, metaValue }) => ({ metaKey, metaValue })))) {
      await tx.delete(postMeta).where(eq(postMeta.postId, postId));
      if (rows.length) await tx.insert(postMeta).values(rows);
    }
  }
}

/**
 * An image checked before the transaction and deleted from the library before it committed: the
 * foreign key refuses the row, answered as the check would have (never a 500).
 */
async function imagesStillThere<T>(write: Promise<T>, input: PostInput): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (!isForeignKeyViolation(err)) throw err;
    const field = input.gallery_ids?.length ? 'gallery_ids' : 'featured_media_id';
    throw new Invalid(serverMessages.posts.image_invalid, [{ detail: serverMessages.posts.image_invalid, field }]);
  }
}

/** POST /posts: a draft unless sent published; the author is the writer; 'Post Saved'. */
export async function createPost(db: Db, viewer: Viewer, body: PostBody) {
  const input = postInput(body);
  await check(db, input, true);
  const id = await imagesStillThere(db.transaction(async (tx) => {
    const title = cleanTitle(input.post_title)!;
    const slug = await chooseSlug(tx, clean(input.slug)?.toLowerCase() ?? null, title, null);
    const status = input.post_status ?? 'draft';
    const [row] = await tx
      .insert(posts)
      .values({ ...postColumns(input), postTitle: title, slug, postStatus: status, publishedAt: status === 'published' ? new Date() : null, authorId: viewer.id })
      .returning({ id: posts.id });
    await writeLists(tx, row.id, input);
    return row.id;
  }), input);
  return saved(db, id);
}

/** The post as written, with 'Post Saved' (404 if a delete came in between). */
async function saved(db: Db, id: number) {
  const post = await loadPost(db, eq(posts.id, id));
  if (!post) throw new NotFound(serverMessages.not_found);
  return { ...post, message: serverMessages.posts.saved };
}

/** The id and title of the post a key names (id or guid), or 404. */
async function findPost(db: Db, key: string) {
  const where = postKey(key);
  const [row] = where ? await db.select({ id: posts.id, guid: posts.guid, postTitle: posts.postTitle }).from(posts).where(where) : [];
  if (!row) throw new NotFound(serverMessages.not_found);
  return row;
}

/**
 * PUT /posts/{id|guid}: changes the fields sent; 'Post Saved'. The slug stays on a new title
 * (links already shared keep working) unless one is sent; a blank one is made again from the title.
 */
export async function updatePost(db: Db, key: string, body: PostBody) {
  const found = await findPost(db, key);
  const input = postInput(body);
  await check(db, input, false);
  await imagesStillThere(db.transaction(async (tx) => {
    const columns = postColumns(input);
    if (input.slug !== undefined) columns.slug = await chooseSlug(tx, clean(input.slug)?.toLowerCase() ?? null, columns.postTitle ?? found.postTitle, found.id);
    // published_at is set once: the first time the post is published (taken down and back, it keeps its date).
    const published = input.post_status === 'published' ? { publishedAt: sql`COALESCE(${posts.publishedAt}, now())` } : {};
    await tx.update(posts).set({ ...columns, ...published, updatedAt: new Date() }).where(eq(posts.id, found.id));
    await writeLists(tx, found.id, input);
  }), input);
  return saved(db, found.id);
}

/** DELETE /posts/{id|guid}: the post with its gallery, terms and meta (the images stay in the library); 'Post Deleted'. */
export async function deletePost(db: Db, key: string) {
  const where = postKey(key);
  const [row] = where ? await db.delete(posts).where(where).returning({ id: posts.id, guid: posts.guid, post_title: posts.postTitle }) : [];
  if (!row) throw new NotFound(serverMessages.not_found);
  return { ...row, message: serverMessages.posts.deleted };
}
