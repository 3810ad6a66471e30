import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../http';
import type { ProjectDetail, ProjectFigures } from './types';
import { trackerKeys } from './queryKeys';

/** The server's words of a failed write (already in the reader's language, src/i18n/serverText.ts), or the fallback. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof HttpError && error.messages.length ? error.messages.join('\n') : fallback;
}

/**
 * One tracker write as a mutation sent once (never retried): on success the growl (the server
 * catalogue's words, spec section 8) and the project's reads marked stale so every tab shows what
 * the database holds; on failure the server's words.
 */
export function useTrackerWrite<I, O>(projectId: number | null, send: (input: I) => Promise<O | undefined>, success?: string | ((answer: O) => string | null)) {
  const { t } = useTranslation('tracker');
  const notify = useNotify();
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    retry: false,
    onSuccess: async (answer) => {
      const text = typeof success === 'function' ? (answer === undefined ? null : success(answer)) : success;
      if (text) notify(text, { type: 'success' });
      if (projectId !== null) await client.invalidateQueries({ queryKey: ['projects'], predicate: (q) => q.queryKey.includes(projectId) });
      await client.invalidateQueries({ queryKey: ['variations'] });
    },
    onError: (error) => notify(failureText(error, t('failed')), { type: 'error' }),
  });
}

/** Puts a task write's project figures into the cached project, so the header changes at once. */
export function useApplyFigures(projectId: number) {
  const client = useQueryClient();
  return useCallback(
    (figures: ProjectFigures | undefined) => {
      if (!figures) return;
      client.setQueryData<ProjectDetail>(trackerKeys.project(projectId), (old) => (old ? { ...old, ...figures } : old));
    },
    [client, projectId],
  );
}
