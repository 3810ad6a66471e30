import type { ShowcaseQuery } from './api';

/**
 * react-query keys of the showcase pages' reads: the API resource (`posts`) first, the rule of
 * every area's `queryKeys.ts` (a write to /posts marks them stale, src/data/queryClient.ts).
 */
export const showcaseKeys = {
  /** One page of the published posts. */
  page: (query: ShowcaseQuery) => ['posts', 'page', query] as const,
  /** One post by slug (or id, guid). */
  detail: (slug: string) => ['posts', 'detail', slug] as const,
};
