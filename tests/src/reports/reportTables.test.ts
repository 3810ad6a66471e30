import { describe, expect, it } from 'vitest';
import { formatCount, monthLabel } from '../../../src/reports/reportFormat';
import { breakdownCsv, breakdownLines, breakdownTotals, historyCsv, trendCsv } from '../../../src/reports/reportTables';

// Words as the table shows them: the key itself, so the test reads which word went where.
const t = (key: string) => key;
const RANGE = { from: '2026-01-01', to: '2026-02-28' };

describe('report tables and CSV', () => {
  it('puts every status in life order, with zeros, and adds up each RAG', () => {
    const lines = breakdownLines([
      { status: 'live', rag: 'green', count: 3 },
      { status: 'active', rag: 'red', count: 2 },
      { status: 'active', rag: 'amber', count: 1 },
    ]);
    expect(lines.map((l) => l.status)).toEqual(['pre-project', 'active', 'on hold', 'live', 'cancelled', 'archived']);
    expect(lines[1]).toEqual({ status: 'active', green: 0, amber: 1, red: 2, total: 3 });
    expect(breakdownTotals(lines)).toEqual({ green: 3, amber: 1, red: 2, total: 6 });
  });

  it('writes the breakdown CSV as the table: a line per status, a column per RAG and the total', () => {
    const csv = breakdownCsv({ ...RANGE, total: 2, rows: [{ status: 'on hold', rag: 'red', count: 2 }] }, t);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('breakdown.status,rag.green,rag.amber,rag.red,breakdown.total');
    expect(lines).toContain('status.on hold,0,0,2,2');
    expect(lines).toHaveLength(7);
  });

  it('writes the trend and history CSV a line per month, months as YYYY-MM', () => {
    const trend = trendCsv({ ...RANGE, months: [{ month: '2026-01', started: 4, live: 1 }, { month: '2026-02', started: 0, live: 2 }] }, t);
    expect(trend.split('\r\n')).toEqual(['trend.month,trend.started,trend.live', '2026-01,4,1', '2026-02,0,2']);
    const counts = { 'pre-project': 1, active: 2, 'on hold': 0, live: 3, cancelled: 0, archived: 1 };
    const history = historyCsv({ ...RANGE, months: [{ month: '2026-01', counts }] }, t);
    expect(history.split('\r\n')).toEqual([
      'history.month,status.pre-project,status.active,status.on hold,status.live,status.cancelled,status.archived,history.total',
      '2026-01,1,2,0,3,0,1,7',
    ]);
  });

  it('names months and writes numbers in the reader\'s locale', () => {
    expect(monthLabel('2026-03', 'fr-FR', 'long')).toBe('mars 2026');
    expect(monthLabel('2026-03', 'nl-NL', 'long')).toBe('maart 2026');
    expect(monthLabel('2026-03', 'en-GB', 'long')).toBe('March 2026');
    expect(formatCount(1234, 'en-GB')).toBe('1,234');
    expect(formatCount(1234, 'fr-FR')).toMatch(/^1\s234$/u);
  });
});
