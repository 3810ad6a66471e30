import { useQuery } from '@tanstack/react-query';
import { FRESH, answered } from '../data/queryPolicies';
import { isMissing } from '../routing/stopNavigation';
import { getShowcase, type Post } from './api';
import { showcaseKeys } from './queryKeys';

export interface ShowcaseState {
  post: Post | undefined;
  /** Why it could not be loaded (an unknown slug or a draft the reader may not see is a 404: the page leaves, src/routing/stopNavigation.ts). */
  error: unknown;
  failed: boolean;
}

/** Loads one post by slug, fresh; a 404 is "not found", any other failure "failed" (not growled: the page says so). */
export function useShowcase(slug: string | null | undefined): ShowcaseState {
  const { data, error } = useQuery({
    queryKey: showcaseKeys.detail(slug ?? ''),
    queryFn: async ({ signal }) => answered(await getShowcase(slug!, signal)),
    enabled: Boolean(slug),
    ...FRESH,
  });
  return { post: data ?? undefined, error, failed: Boolean(error) && !isMissing(error) };
}
