import { SEARCH_LIMITS, type SearchAnswer, type SearchHit, type SearchKind } from '../../contract/search';
import { http, type HttpClient } from '../http';

export type { SearchAnswer, SearchHit, SearchKind };

/**
 * The one search's call over one HTTP client (the app's: `searchApi`; a test passes its own):
 * `GET /search?q=&limit=` (contract/search.ts). The read takes react-query's `signal`, so the
 * request of a query the user has typed past is cancelled, bypasses the storage cache (react-query
 * is the one cache) and is not growled: the dialog says what went wrong where the results would be.
 */
export function createSearchApi(client: HttpClient) {
  return {
    find: (q: string, signal?: AbortSignal) =>
      client.get<SearchAnswer>('/search', { cache: false, notify: false, signal, query: { q, limit: SEARCH_LIMITS.limitDefault } }),
  };
}

export type SearchApi = ReturnType<typeof createSearchApi>;

/** The app's. */
export const searchApi = createSearchApi(http);
