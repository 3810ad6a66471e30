import { http } from '../http';
import type { ReportBreakdown, ReportHistory, ReportStatusCounts, ReportTrend } from '../../contract/reports';
import type { ReportRange } from './range';

/** The answers as the contract's types (contract/reports.ts), under the names the screens use. */
export type Breakdown = ReportBreakdown;
export type BreakdownRow = ReportBreakdown['rows'][number];
export type Trend = ReportTrend;
export type TrendMonth = ReportTrend['months'][number];
export type StatusHistory = ReportHistory;
export type HistoryMonth = ReportHistory['months'][number];
export type StatusCounts = ReportStatusCounts;

/**
 * The project reports' calls (server/reports/README.md) over the one HTTP client: read with
 * react-query's `signal`, past the storage cache (`cache: false`: react-query is the one cache),
 * with `notify: false` (the report's own card shows a failure, no growl).
 */
const read = (range: ReportRange, signal?: AbortSignal) => ({ cache: false, notify: false, signal, query: { from: range.from, to: range.to } }) as const;

export const getBreakdown = async (range: ReportRange, signal?: AbortSignal) => http.get<Breakdown>('/reports/projects/breakdown', read(range, signal));
export const getTrend = async (range: ReportRange, signal?: AbortSignal) => http.get<Trend>('/reports/projects/trend', read(range, signal));
export const getHistory = async (range: ReportRange, signal?: AbortSignal) => http.get<StatusHistory>('/reports/projects/history', read(range, signal));
