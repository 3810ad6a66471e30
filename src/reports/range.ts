import { REPORT_MAX_MONTHS } from '../../contract/reports';

/** A report's range as the API takes it: two calendar days, 'YYYY-MM-DD'. */
export interface ReportRange {
  from: string;
  to: string;
}

/** Why a range cannot be asked for; each names the field the control shows it under. */
export type RangeProblem = 'fromInvalid' | 'toInvalid' | 'order' | 'tooLong';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** A real calendar day 'YYYY-MM-DD' (not 2026-02-30). */
export function isDay(text: string | null | undefined): text is string {
  const m = DAY.exec(text ?? '');
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return iso(d) === text;
}

/**
 * The server's default range (contract/reports.ts): the first day of the month 11 months before
 * today's, to today (UTC): twelve calendar months with this one.
 *
 * @example defaultRange(new Date('2026-05-20T10:00:00Z')) // { from: '2025-06-01', to: '2026-05-20' }
 */
export function defaultRange(today: Date = new Date()): ReportRange {
  const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 11, 1));
  return { from: iso(start), to: iso(today) };
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
  if (!isDay(range.from)) problems.push('fromInvalid');
  if (!isDay(range.to)) problems.push('toInvalid');
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
  const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - (months - 1), 1));
  return { from: iso(start), to: iso(today) };
}
