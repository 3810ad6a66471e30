import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answered, FRESH } from '../../data/queryPolicies';
import { reviewApi as appApi, type ReviewApi } from './api';
import { reviewKeys } from './queryKeys';

/** The threads of one stage, open and resolved (read fresh; again after every review write and on focus). */
export function useStageThreads(configId: number | string, stage: string, api: ReviewApi = appApi, enabled = true) {
  return useQuery({
    queryKey: reviewKeys.threads(configId, stage),
    queryFn: async ({ signal }) => answered(await api.threads(configId, stage, signal)),
    ...FRESH,
    // Someone else may have answered while the reader was in another tab.
    refetchOnWindowFocus: true,
    enabled,
  });
}

/** Every thread of a config, all stages in one read (the overview); read fresh, again after every review write and on focus. */
export function useConfigThreads(configId: number | string | undefined, api: ReviewApi = appApi) {
  return useQuery({
    queryKey: reviewKeys.allThreads(configId ?? ''),
    queryFn: async ({ signal }) => answered(await api.allThreads(configId!, signal)),
    ...FRESH,
    refetchOnWindowFocus: true,
    enabled: configId !== undefined,
  });
}

/** The request for changes the stage is under now (null: none), when the page knows the config's company. */
export function useLatestRequest(companyKey: string | undefined, configId: number | string, stage: string, api: ReviewApi = appApi) {
  return useQuery({
    queryKey: reviewKeys.request(configId, stage),
    queryFn: async ({ signal }) => answered(await api.latestRequest(companyKey!, configId, stage, signal)),
    ...FRESH,
    enabled: companyKey !== undefined,
  });
}

/** Open threads per stage of a config (the dashboard's badges); an unavailable answer is no badge. */
export function useThreadCounts(configId: number | string | undefined, api: ReviewApi = appApi) {
  return useQuery({
    queryKey: reviewKeys.counts(configId ?? ''),
    queryFn: async ({ signal }) => answered(await api.counts(configId!, signal)),
    ...FRESH,
    enabled: configId !== undefined,
  });
}

/** The people a comment may mention (asked once the reader starts to write). */
export function useMentionable(configId: number | string, enabled: boolean, api: ReviewApi = appApi) {
  return useQuery({
    queryKey: reviewKeys.mentionable(configId),
    queryFn: async ({ signal }) => answered(await api.mentionable(configId, signal)),
    staleTime: 5 * 60_000,
    retry: false,
    enabled,
  });
}

/**
 * One review write (open a thread, reply, edit, delete, resolve, reopen, request changes): sent once,
 * never retried; whatever it answers, the config's review reads (this stage's threads, the counts)
 * are read again, so the panel shows the server's threads, not a guess of them.
 */
export function useReviewWrite(configId: number | string, api: ReviewApi = appApi) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (call: (api: ReviewApi) => Promise<unknown>) => call(api),
    retry: false,
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: [...reviewKeys.config(configId), 'threads'] }), queryClient.invalidateQueries({ queryKey: reviewKeys.counts(configId) })]),
  });
  const { mutateAsync } = mutation;
  const write = useCallback(<T,>(call: (api: ReviewApi) => Promise<T>) => mutateAsync(call) as Promise<T>, [mutateAsync]);
  return { write, pending: mutation.isPending };
}
