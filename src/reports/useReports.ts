import { useQuery } from '@tanstack/react-query';
import { FRESH, answered } from '../data/queryPolicies';
import * as api from './api';
import { reportKeys } from './queryKeys';
import type { ReportRange } from './range';

/**
 * The three reports of one range. FRESH (read at every visit: projects move every day), kept a
 * minute so going back to a range just seen shows it at once; not asked while the range is not one
 * the API takes (`enabled`).
 */
const KEEP = { ...FRESH, gcTime: 60_000 } as const;

export function useBreakdown(range: ReportRange, enabled = true) {
  return useQuery({ queryKey: reportKeys.breakdown(range), queryFn: async ({ signal }) => answered(await api.getBreakdown(range, signal)), enabled, ...KEEP });
}

export function useTrend(range: ReportRange, enabled = true) {
  return useQuery({ queryKey: reportKeys.trend(range), queryFn: async ({ signal }) => answered(await api.getTrend(range, signal)), enabled, ...KEEP });
}

export function useStatusHistory(range: ReportRange, enabled = true) {
  return useQuery({ queryKey: reportKeys.history(range), queryFn: async ({ signal }) => answered(await api.getHistory(range, signal)), enabled, ...KEEP });
}
