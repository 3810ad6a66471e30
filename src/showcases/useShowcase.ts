import { useQuery } from '@tanstack/react-query';
import { FRESH, answered } from '../data/queryPolicies';
import { HttpError } from '../http';
import { getShowcase, type Post } from './api';
import { showcaseKeys } from './queryKeys';

export interface ShowcaseState {
  post: Post | undefined;
  /** Unknown slug, or a draft the reader may not see: the page shows the app's 404. */
  notFound: boolean;
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
  const notFound = error instanceof HttpError && error.status === 404;
  return { post: data ?? undefined, notFound, failed: Boolean(error) && !notFound };
}
