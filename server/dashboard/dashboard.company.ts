/**
 * The company dashboard (GET /dashboard/companies/{id}, server/dashboard/README.md): one company's
 * configs, agreements, projects, users and recent changes for one page. The company is found
 * within the viewer's companies (another company answers 404, as one that does not exist); each
 * section is read only with the permission it needs, all sections in one statement.
 */
import { and, sql, type SQL } from 'drizzle-orm';
import type { CompanyDashboard } from '../../contract/dashboard';
import { copiedTaskNamesSql } from '../db/copied-names';
import type { Db } from '../db/database';
import { companies } from '../db/schema';
import { companyScope, type Viewer } from '../db/tenancy';
import { NotFound } from '../domain-errors';
import { whereKey } from '../http/ids';
import { serverMessages } from '../messages';
import { iso, parse, recentActivity } from './dashboard.service';
import { todayUtc } from '../../contract/days';


/** At most this many rows a section lists. */
const SECTION_ROWS = 25;

const configsOf = (id: number) => sql`(SELECT coalesce(json_agg(c.row ORDER BY c.active DESC, c.updated_at DESC, c.id DESC), '[]'::json) FROM (
  SELECT cf.id, cf.updated_at, cf.status = 'active' AS active, json_build_object(
      'id', cf.id, 'guid', cf.guid, 'name', cf.name, 'status', cf.status, 'progress', cf.progress, 'updated_at', ${iso(sql`cf.updated_at`)},
      'submitted', (SELECT count(*) FROM config_meta m WHERE m.config_id = cf.id AND left(m.meta_key, 12) = 'stage_state_'
                      AND m.meta_value = '"submitted"'::jsonb AND substr(m.meta_key, 13) = ANY(cf.stages))
    ) AS row
  FROM configs cf WHERE cf.company_id = ${id} ORDER BY cf.status = 'active' DESC, cf.updated_at DESC, cf.id DESC LIMIT ${SECTION_ROWS}) c)`;

const agreementsOf = (id: number) => sql`(SELECT coalesce(json_agg(a.row ORDER BY a.updated_at DESC, a.id DESC), '[]'::json) FROM (
  SELECT ag.id, ag.updated_at, json_build_object('id', ag.id, 'name', ag.name, 'stage', ag.stage, 'updated_at', ${iso(sql`ag.updated_at`)}) AS row
  FROM agreements ag WHERE ag.company_id = ${id} AND ag.archived_at IS NULL ORDER BY ag.updated_at DESC, ag.id DESC LIMIT ${SECTION_ROWS}) a)`;

const projectsOf = (id: number, today: string) => {
  const open = sql`t.completed_at IS NULL AND NOT EXISTS (SELECT 1 FROM task_stages s WHERE s.id = t.stage_id AND s.is_done)`;
  return sql`(SELECT coalesce(json_agg(p.row ORDER BY p.launch_date NULLS LAST, p.id), '[]'::json) FROM (
  SELECT pr.id, pr.launch_date, json_build_object(
      'id', pr.id, 'name', pr.name, 'status', pr.status, 'rag', pr.rag, 'complete_percentage', pr.complete_percentage,
      'launch_date', pr.launch_date, 'project_manager', pm.name, 'account_manager', am.name,
      'overdue_tasks', (SELECT count(*) FROM project_tasks t WHERE t.project_id = pr.id AND t.due_date < ${today}::date AND ${open}),
      'next_due', (SELECT json_build_object('id', t.id, 'name', t.name, 'names', ${copiedTaskNamesSql(sql`t.name`, sql`t.task_id`)}, 'due_date', t.due_date) FROM project_tasks t
                   WHERE t.project_id = pr.id AND t.due_date IS NOT NULL AND ${open} ORDER BY t.due_date, t.id LIMIT 1)
    ) AS row
  FROM projects pr LEFT JOIN users pm ON pm.id = pr.project_manager_id LEFT JOIN users am ON am.id = pr.account_manager_id
  WHERE pr.company_id = ${id} AND pr.status <> 'archived' ORDER BY pr.launch_date NULLS LAST, pr.id LIMIT ${SECTION_ROWS}) p)`;
};

const usersOf = (id: number) => sql`(SELECT coalesce(json_agg(u.row ORDER BY u."primary" DESC, u.name, u.id), '[]'::json) FROM (
  SELECT us.id, us.name, us."primary", json_build_object('id', us.id, 'name', us.name, 'email', us.email, 'primary', us."primary", 'status', us.status) AS row
  FROM company_users cu JOIN users us ON us.id = cu.user_id WHERE cu.company_id = ${id}
  ORDER BY us."primary" DESC, us.name, us.id LIMIT ${SECTION_ROWS}) u)`;

const holds = (viewer: Viewer, ...names: Parameters<Viewer['permissions']['has']>[0][]) => names.some((n) => viewer.permissions.has(n));

/** The company `key` (id or guid) on one page, its sections by the viewer's permissions. */
export async function companyDashboard(db: Db, viewer: Viewer, key: string, today = todayUtc()): Promise<CompanyDashboard> {
  const found = whereKey(key, companies.id, companies.guid);
  const [company] = found
    ? await db
        .select({ id: companies.id, guid: companies.guid, name: companies.name, stage: companies.stage, status: companies.status })
        .from(companies)
        .where(and(found, companyScope(viewer, companies.id)))
        .limit(1)
    : [];
  if (!company) throw new NotFound(serverMessages.not_found);

  const parts: Record<string, SQL> = {};
  if (holds(viewer, 'view configs', 'manage configs')) {
    parts.configs = configsOf(company.id);
    parts.activity = recentActivity(viewer, company.id);
  }
  if (holds(viewer, 'view agreements', 'edit agreements')) parts.agreements = agreementsOf(company.id);
  if (holds(viewer, 'view projects', 'edit projects')) parts.projects = projectsOf(company.id, today);
  if (holds(viewer, 'list users')) parts.users = usersOf(company.id);

  const answer: Record<string, unknown> = { company };
  const names = Object.keys(parts);
  if (names.length) {
    const columns = sql.join(
      names.map((name) => sql`${parts[name]} AS ${sql.identifier(name)}`),
      sql`, `,
    );
    const result = (await db.execute(sql`SELECT ${columns}`)) as unknown as { rows: Array<Record<string, unknown>> };
    const row = result.rows[0] ?? {};
    for (const name of names) answer[name] = parse(row[name]) ?? [];
  }
  return answer as CompanyDashboard;
}
