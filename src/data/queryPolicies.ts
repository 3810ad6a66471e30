import { CACHE_MAX_AGE_MS } from '../http/cache';
import { CancelledRequest } from './restClient';

/**
 * How long a read is kept, by name, so every `useQuery` of the app says which it is.
 *
 * `CACHED_15_MIN`: the spec's 15-minute cache (section 7) for data that changes with a release or
 * an administrator's edit (terms, the stage catalogue, role names). Read with the HTTP client's
 * `cache: false`: react-query is the one cache, not a second one beside the storage cache.
 */
export const CACHED_15_MIN = { staleTime: CACHE_MAX_AGE_MS, gcTime: CACHE_MAX_AGE_MS } as const;

/**
 * `FRESH`: read anew by every screen that shows it, kept only while one does (a list page, a post),
 * no retries (a failure shows at once), no re-reads on focus or reconnect: what the pages did
 * before react-query.
 */
export const FRESH = { staleTime: 0, gcTime: 0, retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false } as const;

/**
 * The HTTP client answers `undefined` for a request it cancelled (react-query's `signal`, or every
 * request at sign-out): a query throws instead, so "cancelled" is never kept as data ("no terms").
 */
export function answered<T>(value: T | undefined): T {
  if (value === undefined) throw new CancelledRequest();
  return value;
}
