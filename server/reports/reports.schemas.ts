/**
 * The route schemas of the reports: the query (contract/reports.ts `reportQuery`, with an unknown
 * parameter refused rather than dropped, as the lists refuse one) and the three answers.
 */
import { reportBreakdown, reportHistory, reportQuery, reportTrend } from '../../contract/reports';
import { errors, noOthers } from '../http/schemas';

export const query = { ...reportQuery, additionalProperties: noOthers } as const;

export const responses = {
  breakdown: { 200: reportBreakdown, ...errors(400, 401, 403) },
  trend: { 200: reportTrend, ...errors(400, 401, 403) },
  history: { 200: reportHistory, ...errors(400, 401, 403) },
} as const;
