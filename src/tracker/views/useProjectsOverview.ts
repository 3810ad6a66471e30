import { useQuery } from '@tanstack/react-query';
import { FRESH, answered } from '../../data/queryPolicies';
import { getOverview } from './api';
import { projectsKeys } from './queryKeys';

/** The projects dashboard's read: FRESH, so every visit counts anew (managers move tasks all day). */
export function useProjectsOverview() {
  return useQuery({ queryKey: projectsKeys.overview(), queryFn: async ({ signal }) => answered(await getOverview(signal)), ...FRESH });
}
