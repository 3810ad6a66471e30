import { http } from '../http';
import type { MediaItem } from '../../contract/media';
import type { Post, PostTerm } from '../../contract/posts';

/** A media library item as a post carries it: the contract's shape (contract/media.ts), which the server serialises with. */
export type PostMedia = MediaItem;

/** A term of the region, make or type taxonomy, and one showcase post as every posts answer gives it (contract/posts.ts). */
export type { Post, PostTerm };

export interface ShowcaseQuery {
  q?: string;
  region?: number | null;
  make?: number | null;
  /** 0-based. */
  page: number;
  perPage: number;
}

/**
 * One page of the live releases, newest published first (GET /posts, ra-data-simple-rest). Never
 * from the cache: a post published a minute ago must show. The server lists only published posts
 * to readers without 'edit posts'; staff ask for them explicitly so their drafts stay out of this page.
 */
export async function pageShowcases(query: ShowcaseQuery, signal?: AbortSignal): Promise<{ rows: Post[]; total: number } | undefined> {
  const filter: Record<string, unknown> = { post_status: 'published' };
  if (query.q?.trim()) filter.q = query.q.trim();
  if (query.region) filter.region = [query.region];
  if (query.make) filter.make = [query.make];
  const start = query.page * query.perPage;
  const r = await http.request<Post[]>('/posts', {
    query: { sort: JSON.stringify(['published_at', 'DESC']), range: JSON.stringify([start, start + query.perPage - 1]), filter: JSON.stringify(filter) },
    cache: false,
    signal,
  });
  if (!r) return undefined;
  const total = Number(r.headers['content-range']?.split('/')[1] ?? r.body.length);
  return { rows: r.body, total: Number.isFinite(total) ? total : r.body.length };
}

/** One post by slug (or id, guid); a 404 (unknown, or a draft for a reader) is the page's to show, not a growl. */
export async function getShowcase(slug: string, signal?: AbortSignal): Promise<Post | undefined> {
  return http.get<Post>(`/posts/${encodeURIComponent(slug)}`, { cache: false, notify: false, signal });
}

/** The post's images in reading order: the featured image, then the gallery (each once). */
export function postImages(post: Post): PostMedia[] {
  const all = [post.featured_media, ...post.gallery].filter((m): m is PostMedia => Boolean(m));
  return all.filter((m, i) => all.findIndex((o) => o.guid === m.guid) === i);
}

/** An image's text alternative: its own alt text, else the post's title. */
export const altOf = (media: PostMedia, post: Pick<Post, 'post_title'>) => media.alt?.trim() || post.post_title;

/** The full-size file of a media guid (its address is the capability, as in the media library). */
export const mediaFileUrl = (guid: string) => `/api/media/${encodeURIComponent(guid)}/file`;
