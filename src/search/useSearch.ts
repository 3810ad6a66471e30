import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FRESH, answered } from '../data/queryPolicies';
import { useDebouncedValue } from '../data/useDebouncedValue';
import { HttpError, hasServerMessage } from '../http';
import { SEARCH_LIMITS } from '../../contract/search';
import { searchApi, type SearchAnswer, type SearchApi } from './api';
import { searchKeys } from './queryKeys';

export type SearchGroup = SearchAnswer['groups'][number];

/** What the dialog shows for the text typed so far. */
export type SearchView =
  | { state: 'idle' }
  /** A request is on its way; the previous answer's groups stay on screen meanwhile (no flicker per key). */
  | { state: 'searching'; groups: readonly SearchGroup[] }
  | { state: 'results'; q: string; groups: readonly SearchGroup[] }
  | { state: 'none'; q: string }
  /** `words`: the server's own, when it said what was wrong (a refused query); else the dialog's text. */
  | { state: 'failed'; words?: string };

/** The pause after the last key before the text is searched: short, so results follow the typing. */
export const SEARCH_DEBOUNCE_MS = 150;

/** The text as the server searches it: trimmed, at most the contract's length. */
export const searchText = (text: string) => text.trim().slice(0, SEARCH_LIMITS.queryMax);

/**
 * The one search as the user types: the text becomes the query key `SEARCH_DEBOUNCE_MS` after the
 * last key; a newer key replaces the query, and react-query aborts the replaced request (its
 * `signal`). Read anew each time (`FRESH`: a record written a moment ago must be found).
 */
export function useSearch(text: string, api: SearchApi = searchApi): SearchView {
  const typed = searchText(text);
  const [q] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: searchKeys.find(q),
    queryFn: async ({ signal }) => answered(await api.find(q, signal)),
    enabled: q !== '',
    ...FRESH,
    placeholderData: keepPreviousData,
  });
  if (typed === '') return { state: 'idle' };
  const shown = query.data?.groups ?? [];
  if (typed !== q || query.isFetching) return { state: 'searching', groups: q === '' ? [] : shown };
  if (query.isError) return { state: 'failed', words: serverWords(query.error) };
  if (!query.data) return { state: 'searching', groups: [] };
  return query.data.groups.some((g) => g.hits.length > 0) ? { state: 'results', q: query.data.q, groups: query.data.groups } : { state: 'none', q: query.data.q };
}

function serverWords(error: unknown): string | undefined {
  return error instanceof HttpError && error.status < 500 && hasServerMessage(error) ? error.messages.join(' ') : undefined;
}
