import type { ProjectStatus, RagStatus } from '../../contract/projects';
import { toCsv } from '../data/csv';
import type { Breakdown, HistoryMonth, StatusHistory, Trend } from './api';
import { RAG_ORDER, STATUS_ORDER } from './reportFormat';

/** One status of the breakdown: its count per RAG and in all. */
export type BreakdownLine = { status: ProjectStatus; total: number } & Record<RagStatus, number>;

/**
 * The breakdown's rows as one line per status, in life order, every status present (zeros
 * included), so the chart's axis and the table's rows are the same whatever the range.
 *
 * @example breakdownLines([{ status: 'active', rag: 'red', count: 2 }])[1] // { status: 'active', green: 0, amber: 0, red: 2, total: 2 }
 */
export function breakdownLines(rows: Breakdown['rows']): BreakdownLine[] {
  return STATUS_ORDER.map((status) => {
    const line = { status, green: 0, amber: 0, red: 0, total: 0 } as BreakdownLine;
    for (const row of rows) {
      if (row.status !== status) continue;
      line[row.rag] += row.count;
      line.total += row.count;
    }
    return line;
  });
}

/** The totals row of the breakdown table: each RAG over every status. */
export function breakdownTotals(lines: BreakdownLine[]): Record<RagStatus | 'total', number> {
  const sum = (key: RagStatus | 'total') => lines.reduce((n, line) => n + line[key], 0);
  return { green: sum('green'), amber: sum('amber'), red: sum('red'), total: sum('total') };
}

/** Projects one month of the history counts, every status added up. */
export const monthTotal = (month: HistoryMonth) => STATUS_ORDER.reduce((n, status) => n + month.counts[status], 0);

/** The words a CSV's header and cells are written in (the reader's, as the table shows them). */
export type Words = (key: string) => string;

/**
 * The breakdown as CSV: the table as shown (one line per status, a column per RAG, the total),
 * headers and statuses in the reader's words, counts as plain numbers a spreadsheet adds up.
 */
export function breakdownCsv(data: Breakdown, t: Words): string {
  const lines = breakdownLines(data.rows).map((line) => ({
    [t('breakdown.status')]: t(`status.${line.status}`),
    ...Object.fromEntries(RAG_ORDER.map((rag) => [t(`rag.${rag}`), line[rag]])),
    [t('breakdown.total')]: line.total,
  }));
  return toCsv(lines, []);
}

/** The trend as CSV: one line per month ('YYYY-MM', which every spreadsheet sorts), started and gone live. */
export function trendCsv(data: Trend, t: Words): string {
  const rows = data.months.map((m) => ({ [t('trend.month')]: m.month, [t('trend.started')]: m.started, [t('trend.live')]: m.live }));
  return toCsv(rows, [t('trend.month'), t('trend.started'), t('trend.live')]);
}

/** The history as CSV: one line per month, a column per status in life order, the total. */
export function historyCsv(data: StatusHistory, t: Words): string {
  const header = [t('history.month'), ...STATUS_ORDER.map((s) => t(`status.${s}`)), t('history.total')];
  const rows = data.months.map((m) => ({
    [t('history.month')]: m.month,
    ...Object.fromEntries(STATUS_ORDER.map((s) => [t(`status.${s}`), m.counts[s]])),
    [t('history.total')]: monthTotal(m),
  }));
  return toCsv(rows, header);
}
