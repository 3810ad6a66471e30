/**
 * The date range every report reads (server/reports/README.md, "The range"): `from` and `to` as
 * calendar days (UTC), defaults, and the refusals (400 with field errors, in the error shape).
 * The route schema has already refused anything not shaped YYYY-MM-DD; this checks that the day
 * exists, that from <= to, and that the range covers at most 36 calendar months.
 */
import { REPORT_MAX_MONTHS, type ReportQuery } from '../../contract/reports';
import { BadRequest, type ErrorDetail } from '../domain-errors';
import { serverMessages } from '../messages';
import { isRealDay, monthStart, todayUtc } from '../../contract/days';

export interface ReportRange {
  /** First day, YYYY-MM-DD. */
  from: string;
  /** Last day, YYYY-MM-DD (included). */
  to: string;
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
    if (value !== undefined && !isRealDay(value)) problems.push({ detail: serverMessages.projects.invalid_date, field });
  }
  if (problems.length) throw new BadRequest(problems[0].detail, problems);
  const to = query.to ?? today;
  const from = query.from ?? monthStart(to, -11);
  if (from > to) problems.push({ detail: serverMessages.reports.from_after_to, field: 'from' });
  else if (monthsCovered(from, to) > REPORT_MAX_MONTHS) problems.push({ detail: serverMessages.reports.range_too_long, field: 'from' });
  if (problems.length) throw new BadRequest(problems[0].detail, problems);
  return { from, to };
}
