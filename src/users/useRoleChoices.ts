import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { CACHED_15_MIN, answered } from '../data/queryPolicies';
import { http } from '../http';
import { useDataWords, type Named } from '../i18n/dataWords';
import { userKeys } from './queryKeys';

/**
 * Roles to choose from (GET /roles, 'view permissions'); empty for those who may not see them
 * (`enabled` false: no request). Role names change rarely: the spec's 15-minute cache, dropped
 * when a role is written (a write to /roles marks `['roles', ...]` stale). Named in the reader's
 * language (staff's words for the role per locale, else the seeded roles translated: i18n/dataWords.ts).
 */
export function useRoleChoices(enabled: boolean): Array<{ id: number; name: string }> {
  const { data } = useQuery({
    queryKey: userKeys.roleChoices(),
    queryFn: async ({ signal }) => answered(await http.get<Array<Named & { id: number }>>('/roles', { signal, notify: false, cache: false })) ?? [],
    enabled,
    ...CACHED_15_MIN,
  });
  const words = useDataWords();
  return useMemo(() => (data ?? []).map((r) => ({ id: r.id, name: words.role(r) })), [data, words]);
}
