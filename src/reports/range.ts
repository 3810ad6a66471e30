import { isRealDay, monthStart, todayUtc } from '../../contract/days';
import { REPORT_MAX_MONTHS } from '../../contract/reports';

/** A report's range as the API takes it: two calendar days, 'YYYY-MM-DD'. */
export interface ReportRange {
  from: string;
  to: string;
}

/** Why a range cannot be asked for; each names the field the control shows it under. */
export type RangeProblem = 'fromInvalid' | 'toInvalid' | 'order' | 'tooLong';


/**
 * The server's default range (contract/reports.ts): the first day of the month 11 months before
 * today's, to today (UTC): twelve calendar months with this one.
 *
 * @example defaultRange(new Date('2026-05-20T10:00:00Z')) // { from: '2025-06-01', to: '2026-05-20' }
 */
export function defaultRange(today: Date = new Date()): ReportRange {
  return lastMonths(12, today);
}

/** Calendar months the range covers, both ends included ('2026-01-31'..'2026-02-01' is 2). */
export function monthsCovered({ from, to }: ReportRange): number {
  const [fy, fm] = from.split('-').map(Number);
  const [ty, tm] = to.split('-').map(Number);
  return ty * 12 + tm - (fy * 12 + fm) + 1;
}

/** What is wrong with a range, or [] when the API will take it (the server checks the same). */
export function rangeProblems(range: ReportRange): RangeProblem[] {
  const problems: RangeProblem[] = [];
  if (!isRealDay(range.from)) problems.push('fromInvalid');
  if (!isRealDay(range.to)) problems.push('toInvalid');
  if (problems.length) return problems;
  if (range.from > range.to) return ['order'];
  if (monthsCovered(range) > REPORT_MAX_MONTHS) return ['tooLong'];
  return [];
}

/**
 * The range the address asks for (`?from=&to=`), each end the default where the address has none,
 * so a shared link shows the same view and a bare `/projects/reports` the last twelve months.
 *
 * @example rangeFromParams(new URLSearchParams('from=2025-01-01'), new Date('2026-05-20')) // { from: '2025-01-01', to: '2026-05-20' }
 */
export function rangeFromParams(params: URLSearchParams, today: Date = new Date()): ReportRange {
  const fallback = defaultRange(today);
  return { from: params.get('from') || fallback.from, to: params.get('to') || fallback.to };
}

/**
 * The last `months` calendar months to today (this one included), for the quick choices.
 *
 * @example lastMonths(3, new Date('2026-05-20')) // { from: '2026-03-01', to: '2026-05-20' }
 */
export function lastMonths(months: number, today: Date = new Date()): ReportRange {
  const to = todayUtc(today);
  return { from: monthStart(to, -(months - 1)), to };
}
