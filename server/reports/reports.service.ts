/**
 * The three project reports (server/reports/README.md): each one SQL statement that aggregates in
 * the database (generate_series for the months, a lateral "last history row" or the history's
 * spans for a project's state at a moment), held to the viewer's companies in the query
 * (db/tenancy.ts), so a report counts exactly the projects `GET /projects` would list. JavaScript
 * only shapes the few aggregated rows (at most 36 months x 6 statuses) into the answer.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PROJECT_STATUSES, type ProjectStatus, type RagStatus } from '../../contract/projects';
import type { ReportBreakdown, ReportHistory, ReportStatusCounts, ReportTrend } from '../../contract/reports';
import type { Db } from '../db/database';
import { projects } from '../db/schema';
import { companyScope, type Viewer } from '../db/tenancy';
import type { ReportRange } from './reports.range';

/** PGlite and node-postgres both answer `{ rows }`. */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** The viewer's companies as a condition on `projects` (true for staff who see every company). */
const scopeOf = (viewer: Viewer): SQL => companyScope(viewer, projects.companyId) ?? sql`true`;

/** The instant a day ends (the next day's midnight, UTC), exclusive. */
const endOf = (day: string): SQL => sql`((${day}::date + 1)::timestamp AT TIME ZONE 'UTC')`;

/** The first day of each calendar month of the range. */
const monthsOf = (range: ReportRange): SQL => sql`
  SELECT m::date AS month
  FROM generate_series(date_trunc('month', ${range.from}::date::timestamp), date_trunc('month', ${range.to}::date::timestamp), interval '1 month') AS m`;

/**
 * Projects started (start_date) within the range, by status and RAG as they stood at the end of
 * `to`: the project's last history row by then (a project entered later with an earlier start
 * date: its first row).
 */
export async function reportBreakdown(db: Db, viewer: Viewer, range: ReportRange): Promise<ReportBreakdown> {
  const rows = await rowsOf<{ status: ProjectStatus; rag: RagStatus; count: number }>(
    db,
    sql`
      SELECT coalesce(l.status, f.status, ${projects.status}) AS status, coalesce(l.rag, f.rag, ${projects.rag}) AS rag, count(*)::int AS count
      FROM ${projects}
      LEFT JOIN LATERAL (
        SELECT h.status, h.rag FROM project_status_history h
        WHERE h.project_id = ${projects.id} AND h.changed_at < ${endOf(range.to)}
        ORDER BY h.changed_at DESC, h.id DESC LIMIT 1) AS l ON true
      -- Read only for a project without a row by then (a one-time filter on l).
      LEFT JOIN LATERAL (
        SELECT h.status, h.rag FROM project_status_history h
        WHERE h.project_id = ${projects.id} AND l.status IS NULL
        ORDER BY h.changed_at, h.id LIMIT 1) AS f ON true
      WHERE ${projects.startDate} BETWEEN ${range.from}::date AND ${range.to}::date AND ${scopeOf(viewer)}
      GROUP BY 1, 2
      ORDER BY 1, 2`,
  );
  const counted = rows.map((r) => ({ status: r.status, rag: r.rag, count: Number(r.count) }));
  return { from: range.from, to: range.to, total: counted.reduce((sum, r) => sum + r.count, 0), rows: counted };
}

/**
 * Per calendar month of the range: projects started (start_date) and projects gone live
 * (went_live_at, UTC), both within the range; every month present, zeros included.
 */
export async function reportTrend(db: Db, viewer: Viewer, range: ReportRange): Promise<ReportTrend> {
  const rows = await rowsOf<{ month: string; started: number; live: number }>(
    db,
    sql`
      WITH months AS (${monthsOf(range)}),
      started AS (
        SELECT date_trunc('month', ${projects.startDate}::timestamp)::date AS month, count(*) AS n
        FROM ${projects}
        WHERE ${projects.startDate} BETWEEN ${range.from}::date AND ${range.to}::date AND ${scopeOf(viewer)}
        GROUP BY 1),
      live AS (
        SELECT date_trunc('month', ${projects.wentLiveAt} AT TIME ZONE 'UTC')::date AS month, count(*) AS n
        FROM ${projects}
        WHERE ${projects.wentLiveAt} >= (${range.from}::date::timestamp AT TIME ZONE 'UTC') AND ${projects.wentLiveAt} < ${endOf(range.to)} AND ${scopeOf(viewer)}
        GROUP BY 1)
      SELECT to_char(months.month, 'YYYY-MM') AS month, coalesce(started.n, 0)::int AS started, coalesce(live.n, 0)::int AS live
      FROM months LEFT JOIN started USING (month) LEFT JOIN live USING (month)
      ORDER BY months.month`,
  );
  return { from: range.from, to: range.to, months: rows.map((r) => ({ month: r.month, started: Number(r.started), live: Number(r.live) })) };
}

const zeroCounts = (): ReportStatusCounts => Object.fromEntries(PROJECT_STATUSES.map((s) => [s, 0])) as ReportStatusCounts;

/**
 * Per calendar month of the range: the status of every project that existed at the month's end
 * (the last month: at the end of `to`), read from the history. A project exists from its first
 * history row (its creation). Each history row is a span [changed_at, next row's changed_at) that
 * counts in every month whose end falls within it: from the month it starts in (or the range's
 * first) up to the month before the one it ends in (or to the last, when it lasts past `to`).
 * Rather than test every span against every month, each span adds one at its first month and
 * takes one away at the month it stops counting, and a running sum over the months gives the
 * counts: the statement reads the history once.
 */
export async function reportHistory(db: Db, viewer: Viewer, range: ReportRange): Promise<ReportHistory> {
  const fromMonth = sql`date_trunc('month', ${range.from}::date::timestamp)`;
  const rows = await rowsOf<{ month: string; status: ProjectStatus; count: number }>(
    db,
    sql`
      WITH months AS (${monthsOf(range)}),
      spans AS (
        SELECT h.status, h.changed_at AS since,
               lead(h.changed_at) OVER (PARTITION BY h.project_id ORDER BY h.changed_at, h.id) AS until
        FROM project_status_history h
        JOIN ${projects} ON ${projects.id} = h.project_id
        WHERE ${scopeOf(viewer)}),
      bounded AS (
        SELECT status,
               greatest(date_trunc('month', since AT TIME ZONE 'UTC'), ${fromMonth})::date AS first,
               CASE WHEN until IS NULL OR until >= ${endOf(range.to)} THEN NULL ELSE date_trunc('month', until AT TIME ZONE 'UTC')::date END AS stop
        FROM spans
        WHERE since < ${endOf(range.to)}),
      deltas AS (
        SELECT first AS month, status, count(*) AS d FROM bounded WHERE stop IS NULL OR stop > first GROUP BY 1, 2
        UNION ALL
        SELECT stop, status, -count(*) FROM bounded WHERE stop > first GROUP BY 1, 2)
      SELECT to_char(months.month, 'YYYY-MM') AS month, deltas.status, sum(deltas.d)::int AS count
      FROM months JOIN deltas ON deltas.month <= months.month
      GROUP BY months.month, deltas.status`,
  );
  const months = new Map<string, ReportStatusCounts>();
  // Every month of the range, in order, zeros included (the SQL answers only months with projects).
  for (let m = range.from.slice(0, 7); m <= range.to.slice(0, 7); m = nextMonth(m)) months.set(m, zeroCounts());
  for (const r of rows) {
    const counts = months.get(r.month);
    if (counts) counts[r.status] = Number(r.count);
  }
  return { from: range.from, to: range.to, months: [...months].map(([month, counts]) => ({ month, counts })) };
}

/** 'YYYY-MM' -> the next month's 'YYYY-MM'. */
function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}
