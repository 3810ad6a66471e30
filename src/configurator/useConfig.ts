import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { HttpError } from '../http';
import { getConfig, type ConfigDetail } from './api';
import { configKeys } from './queryKeys';

export interface UseConfig {
  /** The config the page asked for, never another: while a new id loads this is undefined. */
  config: ConfigDetail | undefined;
  loading: boolean;
  failed: boolean;
  /** The server said 403 or 404: the user has no access to this config (another company's, or none). */
  denied: boolean;
  /** Why it could not be loaded (the page leaves on a 403 or 404: src/routing/stopNavigation.ts). */
  error: unknown;
  /** Loads the config again from the server. */
  reload(): Promise<void>;
  /** Replaces the config with a newer copy (e.g. the PUT answer). */
  setConfig(config: ConfigDetail): void;
}

/**
 * Loads one config (by id or guid) and keeps it, keyed by `id`: a page whose id changes gets the
 * new config or nothing, never the previous one (issue 23: a stage page that kept the previous
 * config while the next loaded started its editor on it and saved into the wrong config).
 *
 * Always read fresh: a page shows the config once its own request has answered, never a copy
 * another page loaded (the dashboard's, when a stage opens from it), so an editor never starts
 * on an old version. No retries, so a 403 or 404 shows at once; the dashboard asks again on focus
 * itself (useFreshConfig).
 */
export function useConfig(id: string): UseConfig {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: configKeys.detail(id),
    // react-query keeps no `undefined` (a request the session took over answers nothing): null.
    queryFn: async ({ signal }) => (await getConfig(id, signal)) ?? null,
    // Kept only while a page shows it: an answer for a page gone is dropped, not kept for the next.
    gcTime: 0,
    refetchOnMount: 'always',
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  // The copy cached when this page came, and how many times it had been written: only a later
  // write is this page's. With `gcTime: 0` the cache can drop that query between this first render
  // and the page's mount (the page before unmounted, its 0 ms gc timer ran while React was still
  // rendering or committing this one) and make it anew with a count from 0: a query other than the
  // first holds only writes made since, never the old copy. Compared by count alone, the page
  // waited forever for a count the new query's own answer did not pass.
  const cached = () => queryClient.getQueryCache().find({ queryKey: configKeys.detail(id), exact: true });
  const [before] = useState(() => {
    const query = cached();
    return { query, written: query?.state.dataUpdateCount ?? 0 };
  });
  const now = cached();
  const fresh = !!now && (now !== before.query || now.state.dataUpdateCount > before.written);
  const { refetch } = query;
  const reload = useCallback(async () => {
    await refetch();
  }, [refetch]);
  // An answer that arrives after the page has gone (an autosave in flight when the user left) is
  // not kept: it would become a copy an editor of a later visit could start from.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const setConfig = useCallback(
    (config: ConfigDetail) => {
      if (mounted.current) queryClient.setQueryData(configKeys.detail(id), config);
    },
    [queryClient, id],
  );
  // The server answers 404 as well as 403 for a config the user may not see (it does not tell which exist).
  const denied = query.error instanceof HttpError && (query.error.status === 403 || query.error.status === 404);
  return { config: fresh ? (query.data ?? undefined) : undefined, loading: query.isFetching, failed: query.isError, denied, error: query.error, reload, setConfig };
}
