import { useQuery } from '@tanstack/react-query';
import { CACHED_15_MIN, answered } from '../../data/queryPolicies';
import { http } from '../../http';
import { userKeys } from './queryKeys';

/**
 * Roles to choose from (GET /roles, 'view permissions'); empty for those who may not see them
 * (`enabled` false: no request). Role names change rarely: the spec's 15-minute cache, dropped
 * when a role is written (a write to /roles marks `['roles', ...]` stale).
 */
export function useRoleChoices(enabled: boolean): Array<{ id: number; name: string }> {
  const { data } = useQuery({
    queryKey: userKeys.roleChoices(),
    queryFn: async ({ signal }) => answered(await http.get<Array<{ id: number; name: string }>>('/roles', { signal, notify: false, cache: false })) ?? [],
    enabled,
    ...CACHED_15_MIN,
  });
  return data ?? [];
}
