/**
 * The date range every report reads (server/reports/README.md, "The range"): `from` and `to` as
 * calendar days (UTC), defaults, and the refusals (400 with field errors, in the error shape).
 * The route schema has already refused anything not shaped YYYY-MM-DD; this checks that the day
 * exists, that from <= to, and that the range covers at most 36 calendar months.
 */
import { REPORT_MAX_MONTHS, type ReportQuery } from '../../contract/reports';
import { BadRequest, type ErrorDetail } from '../domain-errors';
import { serverMessages } from '../messages';

export interface ReportRange {
  /** First day, YYYY-MM-DD. */
  from: string;
  /** Last day, YYYY-MM-DD (included). */
  to: string;
}

/** Today in UTC, YYYY-MM-DD. */
export const todayUtc = (now = new Date()): string => now.toISOString().slice(0, 10);

/** True when `value` is a day that exists (YYYY-MM-DD). */
function isRealDate(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The first day of the month `months` after the month of `day` (YYYY-MM-DD, UTC). */
export function monthStart(day: string, months: number): string {
  const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

/** How many calendar months from's month to to's month cover, both included. */
export function monthsCovered(from: string, to: string): number {
  const index = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7));
  return index(to) - index(from) + 1;
}

/**
 * The range of a report query: `to` defaults to today, `from` to the first day of the month 11
 * months before to's (twelve calendar months, the current one included). Refused (BadRequest,
 * 400): a day that does not exist, from after to, more than 36 months.
 */
export function reportRange(query: ReportQuery, today = todayUtc()): ReportRange {
  const problems: ErrorDetail[] = [];
  for (const field of ['from', 'to'] as const) {
    const value = query[field];
    if (value !== undefined && !isRealDate(value)) problems.push({ detail: serverMessages.projects.invalid_date, field });
  }
  if (problems.length) throw new BadRequest(problems[0].detail, problems);
  const to = query.to ?? today;
  const from = query.from ?? monthStart(to, -11);
  if (from > to) problems.push({ detail: serverMessages.reports.from_after_to, field: 'from' });
  else if (monthsCovered(from, to) > REPORT_MAX_MONTHS) problems.push({ detail: serverMessages.reports.range_too_long, field: 'from' });
  if (problems.length) throw new BadRequest(problems[0].detail, problems);
  return { from, to };
}
