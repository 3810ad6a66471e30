/**
 * The staff's dashboard (GET /dashboard, server/dashboard/README.md): five widgets, each read only
 * when the viewer holds the permission it needs, each held to the viewer's companies in the query
 * (db/tenancy.ts), all of them in one statement (one round trip; each widget a sub-select that
 * answers JSON: its rows, at most ten, and its total).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { StaffDashboard } from '../../contract/dashboard';
import type { Db } from '../db/database';
import { configs, projects } from '../db/schema';
import { companyScope, type Viewer } from '../db/tenancy';
import { todayUtc } from '../../contract/days';

/** How many rows a widget lists (its total counts them all). */
export const WIDGET_ROWS = 10;
/** "Tasks due": open tasks overdue or due within this many days. */
export const DUE_WITHIN_DAYS = 7;

/** A timestamp as the API writes it (ISO 8601, UTC, milliseconds). */
export const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** The tenancy condition in raw SQL (true for staff who see every company). */
export const scoped = (viewer: Viewer, column: Parameters<typeof companyScope>[1]) => companyScope(viewer, column) ?? sql`true`;

/**
 * One widget as JSON: `{total, rows}`. `from` is the widget's FROM ... WHERE ...; the total counts
 * it, and only the first ten rows (by `order`) are built into JSON, so a manager of two thousand
 * projects does not build two thousand rows to show ten.
 */
const widget = (row: SQL, from: SQL, order: SQL) =>
  sql`json_build_object('total', (SELECT count(*) ${from}), 'rows', coalesce((SELECT json_agg(w.row ORDER BY w.ord) FROM (
    SELECT ${row} AS row, row_number() OVER (ORDER BY ${order}) AS ord ${from} ORDER BY ${order} LIMIT ${WIDGET_ROWS}) w), '[]'::json))`;

/** The projects the viewer manages (project or account manager), as an array the index scans by. */
const managed = (viewer: Viewer) =>
  sql`ARRAY(SELECT id FROM projects mp WHERE mp.project_manager_id = ${viewer.id} UNION SELECT id FROM projects ma WHERE ma.account_manager_id = ${viewer.id})`;

/** Projects where I am project or account manager, still running: red first, then amber, then by launch date. */
function myProjects(viewer: Viewer, today: string): SQL {
  const order = sql`CASE projects.rag WHEN 'red' THEN 0 WHEN 'amber' THEN 1 ELSE 2 END, projects.launch_date NULLS LAST, projects.id`;
  const row = sql`json_build_object(
    'id', projects.id, 'name', projects.name, 'company', json_build_object('id', companies.id, 'name', companies.name),
    'status', projects.status, 'rag', projects.rag, 'complete_percentage', projects.complete_percentage,
    'launch_date', projects.launch_date,
    'overdue_tasks', (SELECT count(*) FROM project_tasks t WHERE t.project_id = projects.id AND t.completed_at IS NULL AND t.due_date < ${today}::date
                        AND NOT EXISTS (SELECT 1 FROM task_stages s WHERE s.id = t.stage_id AND s.is_done)),
    'my_role', CASE WHEN projects.project_manager_id = ${viewer.id} AND projects.account_manager_id = ${viewer.id} THEN 'both'
                    WHEN projects.project_manager_id = ${viewer.id} THEN 'project_manager' ELSE 'account_manager' END)`;
  const from = sql`FROM projects JOIN companies ON companies.id = projects.company_id
    WHERE projects.id = ANY(${managed(viewer)}) AND projects.status NOT IN ('archived', 'cancelled') AND ${scoped(viewer, projects.companyId)}`;
  return widget(row, from, order);
}

/**
 * Active configs with at least one enabled stage in the state 'submitted' (the dealer handed it to
 * staff; reviewing makes it 'completed' or returns it as a draft), the longest waiting first.
 */
function waitingForReview(viewer: Viewer): SQL {
  const order = sql`s.at NULLS FIRST, configs.id`;
  const row = sql`json_build_object(
    'id', configs.id, 'guid', configs.guid, 'name', configs.name, 'company', json_build_object('id', companies.id, 'name', companies.name),
    'stages', to_json(s.stages), 'submitted_at', ${iso(sql`s.at`)})`;
  const from = sql`FROM configs JOIN companies ON companies.id = configs.company_id
    JOIN LATERAL (
      SELECT array_agg(substr(m.meta_key, 13) ORDER BY m.meta_key) AS stages,
        (SELECT max(r.created_at) FROM config_revisions r WHERE r.config_id = configs.id AND r.new_state = 'submitted') AS at
      FROM config_meta m
      WHERE m.config_id = configs.id AND left(m.meta_key, 12) = 'stage_state_' AND m.meta_value = '"submitted"'::jsonb
        AND substr(m.meta_key, 13) = ANY(configs.stages)
    ) s ON s.stages IS NOT NULL
    WHERE configs.status = 'active' AND ${scoped(viewer, configs.companyId)}`;
  return widget(row, from, order);
}

/** Pending variations I may decide (a foc_approver who did not raise them), oldest first; NULL when I am no foc_approver. */
function waitingForMyApproval(viewer: Viewer): SQL {
  const order = sql`v.created_at, v.id`;
  const row = sql`json_build_object(
    'id', v.id, 'title', v.title, 'type', v.type, 'project', json_build_object('id', projects.id, 'name', projects.name),
    'company', json_build_object('id', companies.id, 'name', companies.name), 'raised_by', u.name, 'created_at', ${iso(sql`v.created_at`)})`;
  const from = sql`FROM variations v JOIN projects ON projects.id = v.project_id JOIN companies ON companies.id = projects.company_id
    LEFT JOIN users u ON u.id = v.raised_by
    WHERE v.status = 'pending' AND (v.raised_by IS NULL OR v.raised_by <> ${viewer.id}) AND ${scoped(viewer, projects.companyId)}`;
  return sql`CASE WHEN (SELECT foc_approver FROM users WHERE id = ${viewer.id}) THEN ${widget(row, from, order)} END`;
}

/** Open tasks of projects I manage or assigned to me, overdue or due within seven days, earliest first. */
function tasksDue(viewer: Viewer, today: string): SQL {
  const order = sql`t.due_date, t.id`;
  const row = sql`json_build_object(
    'id', t.id, 'name', t.name, 'due_date', t.due_date, 'overdue', t.due_date < ${today}::date, 'milestone', t.milestone,
    'project', json_build_object('id', projects.id, 'name', projects.name), 'company', json_build_object('id', companies.id, 'name', companies.name),
    'assignee', a.name)`;
  const from = sql`FROM project_tasks t JOIN projects ON projects.id = t.project_id JOIN companies ON companies.id = projects.company_id
    LEFT JOIN users a ON a.id = t.assignee_id
    WHERE (t.project_id = ANY(${managed(viewer)}) OR t.assignee_id = ${viewer.id})
      AND t.completed_at IS NULL AND t.due_date <= ${today}::date + ${DUE_WITHIN_DAYS}::int
      AND NOT EXISTS (SELECT 1 FROM task_stages s WHERE s.id = t.stage_id AND s.is_done)
      AND projects.status NOT IN ('archived', 'cancelled')
      AND ${scoped(viewer, projects.companyId)}`;
  return widget(row, from, order);
}

/** The latest revisions of the configs' history the viewer may see (its total: the rows listed). */
export function recentActivity(viewer: Viewer, companyId?: number): SQL {
  return sql`(SELECT coalesce(json_agg(w.row ORDER BY w.id DESC), '[]'::json) FROM (
    SELECT r.id, json_build_object(
        'id', r.id, 'config', json_build_object('id', configs.id, 'guid', configs.guid, 'name', configs.name),
        'company', json_build_object('id', companies.id, 'name', companies.name), 'user', u.name, 'action', r.action,
        'stage', r.stage, 'new_state', r.new_state, 'source', r.source, 'created_at', ${iso(sql`r.created_at`)}
      ) AS row
    FROM config_revisions r JOIN configs ON configs.id = r.config_id JOIN companies ON companies.id = configs.company_id
    LEFT JOIN users u ON u.id = r.user_id
    WHERE ${scoped(viewer, configs.companyId)} ${companyId === undefined ? sql`` : sql`AND configs.company_id = ${companyId}`}
    ORDER BY r.id DESC LIMIT ${WIDGET_ROWS}) w)`;
}

const holds = (viewer: Viewer, ...names: Parameters<Viewer['permissions']['has']>[0][]) => names.some((n) => viewer.permissions.has(n));

/** The widgets the viewer may see, in one statement. */
export async function staffDashboard(db: Db, viewer: Viewer, today = todayUtc()): Promise<StaffDashboard> {
  const parts: Record<string, SQL> = {};
  if (holds(viewer, 'view projects', 'edit projects')) {
    parts.my_projects = myProjects(viewer, today);
    parts.tasks_due = tasksDue(viewer, today);
  }
  if (holds(viewer, 'manage configs')) parts.review = waitingForReview(viewer);
  if (holds(viewer, 'approve project tasks')) parts.approvals = waitingForMyApproval(viewer);
  if (holds(viewer, 'view configs', 'manage configs')) parts.activity = recentActivity(viewer);
  const names = Object.keys(parts);
  if (!names.length) return {};
  const columns = sql.join(
    names.map((name) => sql`${parts[name]} AS ${sql.identifier(name)}`),
    sql`, `,
  );
  const result = (await db.execute(sql`SELECT ${columns}`)) as unknown as { rows: Array<Record<string, unknown>> };
  const row = result.rows[0] ?? {};
  const answer: Record<string, unknown> = {};
  for (const name of names) {
    const value = parse(row[name]);
    if (value === null || value === undefined) continue;
    answer[name] = name === 'activity' ? { total: (value as unknown[]).length, rows: value } : value;
  }
  return answer as StaffDashboard;
}

/** node-postgres and PGlite parse json columns; a driver that does not gives text. */
export const parse = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);
