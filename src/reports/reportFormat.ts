import type { ProjectStatus, RagStatus } from '../../contract/projects';

/**
 * The statuses in a project's life order, the one order of every report's axis, stack, table and
 * CSV (the contract lists them alphabetically).
 */
export const STATUS_ORDER: readonly ProjectStatus[] = ['pre-project', 'active', 'on hold', 'live', 'cancelled', 'archived'];

/** Green, amber, red: the stack order of the breakdown. */
export const RAG_ORDER: readonly RagStatus[] = ['green', 'amber', 'red'];

/**
 * The RAG colours, dark enough to read against white (WCAG 1.4.11, 3:1 for graphics), each also
 * drawn with its own pattern (solid, stripes, cross-hatch) and named in the legend, the tooltip and
 * the table: never colour alone (WCAG 1.4.1).
 */
export const RAG_COLOURS: Record<RagStatus, string> = { green: '#2e7d32', amber: '#b26a00', red: '#c62828' };

/** The statuses' colours in the history chart (distinct for colour-blind readers; named in the legend and table). */
export const STATUS_COLOURS: Record<ProjectStatus, string> = {
  'pre-project': '#6a3d9a',
  active: '#1f78b4',
  'on hold': '#b26a00',
  live: '#2e7d32',
  cancelled: '#c62828',
  archived: '#616161',
};

/** Started and gone live in the trend chart. */
export const TREND_COLOURS = { started: '#1f78b4', live: '#2e7d32' } as const;

// Building an Intl formatter costs far more than using one, and a report formats hundreds of
// labels and cells: one per kind and locale, kept.
const formatters = new Map<string, { format(value: Date | number): string }>();
const formatter = (key: string, create: () => { format(value: Date | number): string }) => {
  let found = formatters.get(key);
  if (!found) formatters.set(key, (found = create()));
  return found;
};

const monthDate = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, 1));
};

/**
 * A report month 'YYYY-MM' in the reader's language ('short': for an axis, 'long': for a table).
 *
 * @example monthLabel('2026-03', 'fr-FR', 'long') // 'mars 2026'
 * @example monthLabel('2026-03', 'en-GB') // 'Mar 26'
 */
export function monthLabel(month: string, locale: string, style: 'short' | 'long' = 'short'): string {
  return formatter(`month-${style}|${locale}`, () =>
    new Intl.DateTimeFormat(locale, style === 'long' ? { month: 'long', year: 'numeric', timeZone: 'UTC' } : { month: 'short', year: '2-digit', timeZone: 'UTC' }),
  ).format(monthDate(month));
}

/**
 * A count as the reader's locale writes numbers.
 *
 * @example formatCount(1234, 'fr-FR') // '1 234'
 */
export function formatCount(value: number, locale: string): string {
  return formatter(`count|${locale}`, () => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })).format(value);
}

/**
 * Which month labels an axis shows: every month when they fit, else every second, third ... month
 * counted from the first, so the labels stay evenly spaced (about 56 px each) on a phone too.
 *
 * @example monthTicks(12, 300)(undefined, 2) // true: every second month fits in 300 px
 */
export function monthTicks(months: number, width: number): (value: unknown, index: number) => boolean {
  const step = Math.max(1, Math.ceil((months * 56) / Math.max(width - 60, 1)));
  return (_value, index) => index % step === 0;
}
