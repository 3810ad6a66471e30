import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FRESH, answered } from '../data/queryPolicies';
import { pageShowcases, type Post, type ShowcaseQuery } from './api';
import { showcaseKeys } from './queryKeys';

export interface ShowcasePage {
  /** Undefined until the first answer for the current query is in. */
  rows: Post[] | undefined;
  total: number;
  failed: boolean;
}

/**
 * One page of the live releases for the query, read fresh; an older query's request is cancelled
 * (react-query's signal). While the next page loads the grid shows skeletons, but the total of the
 * last answer stays, so the pagination does not jump.
 */
export function useShowcasePage(query: ShowcaseQuery): ShowcasePage {
  const { data, isError, isPlaceholderData } = useQuery({
    queryKey: showcaseKeys.page(query),
    queryFn: async ({ queryKey: [, , asked], signal }) => answered(await pageShowcases(asked, signal)),
    ...FRESH,
    placeholderData: keepPreviousData,
  });
  if (isError) return { rows: [], total: 0, failed: true };
  return { rows: isPlaceholderData ? undefined : data?.rows, total: data?.total ?? 0, failed: false };
}
