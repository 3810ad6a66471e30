/**
 * Calendar days as the API writes them, 'YYYY-MM-DD', counted in UTC: one set of helpers for the
 * server's figures (due, overdue, this month's launches, report ranges), the app and the tests.
 */

/** Today in UTC. */
export const todayUtc = (now = new Date()): string => now.toISOString().slice(0, 10);

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** True for a day that exists ('2026-02-28'), false for '2026-02-30', '2026-2-3' or no text. */
export function isRealDay(value: string | null | undefined): value is string {
  if (!value || !DAY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The day `days` after `day` (before, when negative). */
export const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The first day of the month `months` after the month of `day`: monthStart('2026-11-26', 1) is '2026-12-01'. */
export function monthStart(day: string, months = 0): string {
  const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}
