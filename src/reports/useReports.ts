import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryClient } from '../data/queryClient';
import { FRESH, answered } from '../data/queryPolicies';
import * as api from './api';
import { reportKeys } from './queryKeys';
import { rangeFromParams, rangeProblems, type ReportRange } from './range';

/**
 * The three reports of one range. FRESH (read at every visit: projects move every day), kept a
 * minute so going back to a range just seen shows it at once, and not asked again within five
 * seconds, so the page's first read uses the answer its route asked for (`prefetchReports`); not
 * asked while the range is not one the API takes (`enabled`).
 */
const KEEP = { ...FRESH, staleTime: 5_000, gcTime: 60_000 } as const;

export const breakdownQuery = (range: ReportRange) => queryOptions({ queryKey: reportKeys.breakdown(range), queryFn: async ({ signal }) => answered(await api.getBreakdown(range, signal)), ...KEEP });
export const trendQuery = (range: ReportRange) => queryOptions({ queryKey: reportKeys.trend(range), queryFn: async ({ signal }) => answered(await api.getTrend(range, signal)), ...KEEP });
export const historyQuery = (range: ReportRange) => queryOptions({ queryKey: reportKeys.history(range), queryFn: async ({ signal }) => answered(await api.getHistory(range, signal)), ...KEEP });

export const useBreakdown = (range: ReportRange, enabled = true) => useQuery({ ...breakdownQuery(range), enabled });
export const useTrend = (range: ReportRange, enabled = true) => useQuery({ ...trendQuery(range), enabled });
export const useStatusHistory = (range: ReportRange, enabled = true) => useQuery({ ...historyQuery(range), enabled });

/**
 * The route's preload (routing/routeElements.tsx): asks for the three reports of the address's
 * range as soon as the guard lets the user in, while the page's code and texts are still loading,
 * not after the page has rendered. Resolves at once: the page shows its own loading states.
 */
export async function prefetchReports(search: string): Promise<void> {
  const range = rangeFromParams(new URLSearchParams(search));
  if (rangeProblems(range).length > 0) return;
  for (const query of [breakdownQuery(range), trendQuery(range), historyQuery(range)]) void queryClient.prefetchQuery(query as Parameters<typeof queryClient.prefetchQuery>[0]);
}
