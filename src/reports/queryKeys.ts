import type { ReportRange } from './range';

/**
 * react-query keys of the reports, each starting with the API resource it reads (`reports`), then
 * the report and its range: a range is its own answer.
 */
export const reportKeys = {
  /** GET /reports/projects/breakdown. */
  breakdown: (range: ReportRange) => ['reports', 'projects', 'breakdown', range.from, range.to] as const,
  /** GET /reports/projects/trend. */
  trend: (range: ReportRange) => ['reports', 'projects', 'trend', range.from, range.to] as const,
  /** GET /reports/projects/history. */
  history: (range: ReportRange) => ['reports', 'projects', 'history', range.from, range.to] as const,
};
