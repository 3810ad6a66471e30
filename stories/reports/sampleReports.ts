import type { Breakdown, StatusHistory, Trend } from '../../src/reports/api';

/** Twelve months of fixture data shaped as the API answers (contract/reports.ts): June 2025 to May 2026. */
const MONTHS = ['2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05'];
const RANGE = { from: '2025-06-01', to: '2026-05-20' };

export const sampleBreakdown: Breakdown = {
  ...RANGE,
  total: 20,
  rows: [
    { status: 'pre-project', rag: 'green', count: 2 },
    { status: 'active', rag: 'green', count: 4 },
    { status: 'active', rag: 'amber', count: 3 },
    { status: 'active', rag: 'red', count: 2 },
    { status: 'on hold', rag: 'amber', count: 1 },
    { status: 'live', rag: 'green', count: 6 },
    { status: 'cancelled', rag: 'red', count: 1 },
    { status: 'archived', rag: 'green', count: 1 },
  ],
};

export const sampleTrend: Trend = {
  ...RANGE,
  months: MONTHS.map((month, i) => ({ month, started: [2, 1, 3, 0, 2, 1, 1, 3, 2, 1, 2, 2][i], live: [0, 0, 1, 1, 0, 2, 1, 0, 1, 1, 2, 1][i] })),
};

export const sampleHistory: StatusHistory = {
  ...RANGE,
  months: MONTHS.map((month, i) => ({
    month,
    counts: { 'pre-project': 2 + (i % 2), active: 3 + Math.min(i, 6), 'on hold': i > 4 ? 1 : 0, live: Math.floor(i / 2), cancelled: i > 7 ? 1 : 0, archived: i > 9 ? 1 : 0 },
  })),
};

/** The same range with nothing in it: every month present, all zeros. */
export const emptyBreakdown: Breakdown = { ...RANGE, total: 0, rows: [] };
export const emptyTrend: Trend = { ...RANGE, months: MONTHS.map((month) => ({ month, started: 0, live: 0 })) };
export const emptyHistory: StatusHistory = {
  ...RANGE,
  months: MONTHS.map((month) => ({ month, counts: { 'pre-project': 0, active: 0, 'on hold': 0, live: 0, cancelled: 0, archived: 0 } })),
};
