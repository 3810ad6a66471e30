import { useQuery } from '@tanstack/react-query';
import { FRESH, answered } from '../data/queryPolicies';
import { getCompanyDashboard, getStaffDashboard } from './api';
import { dashboardKeys } from './queryKeys';

/** The staff's widgets (GET /dashboard), read at every visit. */
export function useStaffDashboard(enabled = true) {
  return useQuery({
    queryKey: dashboardKeys.staff(),
    queryFn: async ({ signal }) => answered(await getStaffDashboard(signal)),
    enabled,
    ...FRESH,
  });
}

/** One company's dashboard (GET /dashboard/companies/{id}), read at every visit. */
export function useCompanyDashboard(id: number) {
  return useQuery({
    queryKey: dashboardKeys.company(id),
    queryFn: async ({ signal }) => answered(await getCompanyDashboard(id, signal)),
    enabled: Number.isInteger(id) && id > 0,
    ...FRESH,
  });
}
