/**
 * The project reports (issue 29, `tracker reports`): the query and the three answers of
 * `GET /reports/projects/breakdown`, `/trend` and `/history`. Definitions and range rules:
 * server/reports/README.md.
 */

import type { FromSchema } from 'json-schema-to-ts';
import { PROJECT_STATUSES, RAG_STATUSES } from './projects';

/** A calendar day as the reports read and answer it. */
const day = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
/** A calendar month (UTC), `YYYY-MM`. */
const month = { type: 'string', pattern: '^\\d{4}-\\d{2}$' } as const;
const count = { type: 'integer' } as const;

/** The longest range a report covers, in calendar months (from's month to to's month inclusive). */
export const REPORT_MAX_MONTHS = 36;

/**
 * The query every report takes. Both optional: `from` defaults to the first day of the month 11
 * months before today's (twelve calendar months with this one), `to` to today (UTC). from <= to,
 * at most 36 months; bad values answer 400 with field errors.
 */
export const reportQuery = {
  type: 'object',
  properties: { from: day, to: day },
  additionalProperties: false,
} as const;
export type ReportQuery = FromSchema<typeof reportQuery>;

/** Projects started in the range, by status and RAG as they stood at `to`. */
export const reportBreakdown = {
  type: 'object',
  required: ['from', 'to', 'total', 'rows'],
  properties: {
    from: day,
    to: day,
    total: count,
    rows: {
      type: 'array',
      items: {
        type: 'object',
        required: ['status', 'rag', 'count'],
        properties: { status: { type: 'string', enum: PROJECT_STATUSES }, rag: { type: 'string', enum: RAG_STATUSES }, count },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
} as const;
export type ReportBreakdown = FromSchema<typeof reportBreakdown>;

/** Projects started and gone live per calendar month; every month of the range present. */
export const reportTrend = {
  type: 'object',
  required: ['from', 'to', 'months'],
  properties: {
    from: day,
    to: day,
    months: {
      type: 'array',
      items: {
        type: 'object',
        required: ['month', 'started', 'live'],
        properties: { month, started: count, live: count },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
} as const;
export type ReportTrend = FromSchema<typeof reportTrend>;

const statusCounts = {
  type: 'object',
  required: PROJECT_STATUSES,
  properties: {
    archived: count,
    cancelled: count,
    active: count,
    live: count,
    'on hold': count,
    'pre-project': count,
  },
  additionalProperties: false,
} as const;

/** The status of every project that existed at each month's end (the last month: at `to`). */
export const reportHistory = {
  type: 'object',
  required: ['from', 'to', 'months'],
  properties: {
    from: day,
    to: day,
    months: {
      type: 'array',
      items: {
        type: 'object',
        required: ['month', 'counts'],
        properties: { month, counts: statusCounts },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
} as const;
export type ReportHistory = FromSchema<typeof reportHistory>;
export type ReportStatusCounts = ReportHistory['months'][number]['counts'];
