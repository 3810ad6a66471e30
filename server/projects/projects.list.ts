/**
 * GET /projects: ra-data-simple-rest (sort, range, filter) over the projects the viewer may see
 * (tenancy in the query). `projectRows` is also how the profile (GET /projects/{id}) reads its row,
 * so a list row and the profile never disagree.
 */
import { and, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { PROJECT_STATUSES, PROJECT_TYPES, RAG_STATUSES, type ProjectStatus } from '../../contract/projects';
import { LAUNCHING_WITHIN_DAYS, OPEN_PROJECT_STATUSES, PROJECT_VIEWS, REVIEW_DAYS, type ProjectView } from '../../contract/projects-overview';
import type { LocalNames } from '../../contract/names';
import type { ProjectListItem } from '../../contract/tracker';
import { copiedTaskNamesSql } from '../db/copied-names';
import type { Db, Tx } from '../db/database';
import { companies, projectNotes, projectRisks, projectStakeholders, projects, projectTasks, taskStages, users, variations } from '../db/schema';
import { companyScope, type Viewer } from '../db/tenancy';
import { cleanText } from '../http/clean-text';
import { likePattern, pageOf, simpleRest, type Page } from '../http/simple-rest';
import { serverMessages } from '../messages';
import { todayUtc } from '../../contract/days';

const rest = simpleRest(serverMessages.projects.bad_query);

const pm = alias(users, 'pm');
const am = alias(users, 'am');

const SORTABLE: Record<string, AnyPgColumn> = {
  id: projects.id,
  name: projects.name,
  company_name: companies.name,
  status: projects.status,
  rag: projects.rag,
  complete_percentage: projects.completePercentage,
  launch_date: projects.launchDate,
  start_date: projects.startDate,
  updated_at: projects.updatedAt,
  created_at: projects.createdAt,
};
const FILTER_KEYS = ['q', 'id', 'status', 'rag', 'manager_id', 'project_manager_id', 'account_manager_id', 'project_type', 'company_id', 'view'];

export interface ProjectListQuery {
  sort?: string;
  range?: string;
  filter?: string;
  q?: string;
}

const open = sql`NOT EXISTS (SELECT 1 FROM ${taskStages} s WHERE s.id = ${projectTasks.stageId} AND s.is_done)`;

/** An open task of the project in the outer query that was due before `today`. */
const overdueTask = (today: string) =>
  sql`EXISTS (SELECT 1 FROM ${projectTasks} WHERE ${projectTasks.projectId} = ${projects.id} AND ${projectTasks.dueDate} < ${today}::date AND ${open})`;

/**
 * The condition of a named view (contract/projects-overview.ts; server/projects/README.md "Views
 * and the overview"), with `today` the UTC day (YYYY-MM-DD) the list is read on.
 */
export function viewCondition(view: ProjectView, viewer: Viewer, today: string): SQL {
  const ahead = sql`(${today}::date + ${LAUNCHING_WITHIN_DAYS}::int)`;
  switch (view) {
    case 'in-build':
      return sql`(${projects.status} = 'active' AND (${projects.launchDate} IS NULL OR ${projects.launchDate} > ${ahead}))`;
    case 'launching':
      return sql`(${projects.status} = 'active' AND ${projects.launchDate} <= ${ahead})`;
    case 'reviews':
      return sql`(${projects.status} = 'live' AND ${projects.wentLiveAt} >= (${today}::date - ${REVIEW_DAYS}::int)::timestamp AT TIME ZONE 'UTC')`;
    case 'at-risk':
      return and(inArray(projects.status, [...OPEN_PROJECT_STATUSES]), or(inArray(projects.rag, ['red', 'amber']), overdueTask(today)))!;
    case 'mine':
      return or(eq(projects.projectManagerId, viewer.id), eq(projects.accountManagerId, viewer.id))!;
  }
}

/** The columns of a project row as the list and the profile answer it. */
function rowColumns(today: string) {
  return {
    id: projects.id,
    guid: projects.guid,
    name: projects.name,
    companyId: projects.companyId,
    companyName: companies.name,
    projectType: projects.projectType,
    status: projects.status,
    rag: projects.rag,
    completePercentage: projects.completePercentage,
    tasksDone: projects.tasksDone,
    tasksTotal: projects.tasksTotal,
    startDate: projects.startDate,
    launchDate: projects.launchDate,
    pmId: pm.id,
    pmName: pm.name,
    amId: am.id,
    amName: am.name,
    risks: sql<number>`(SELECT count(*)::int FROM ${projectRisks} WHERE ${projectRisks.projectId} = ${projects.id} AND ${projectRisks.state} = 'open')`,
    variations: sql<number>`(SELECT count(*)::int FROM ${variations} WHERE ${variations.projectId} = ${projects.id})`,
    stakeholders: sql<number>`(SELECT count(*)::int FROM ${projectStakeholders} WHERE ${projectStakeholders.projectId} = ${projects.id})`,
    notes: sql<number>`(SELECT count(*)::int FROM ${projectNotes} WHERE ${projectNotes.projectId} = ${projects.id})`,
    nextDue: sql<{ id: number; name: string; names: LocalNames; due_date: string } | null>`(SELECT json_build_object('id', ${projectTasks.id}, 'name', ${projectTasks.name}, 'names', ${copiedTaskNamesSql(projectTasks.name, projectTasks.taskId)}, 'due_date', ${projectTasks.dueDate})
      FROM ${projectTasks} WHERE ${projectTasks.projectId} = ${projects.id} AND ${projectTasks.dueDate} IS NOT NULL AND ${open}
      ORDER BY ${projectTasks.dueDate}, ${projectTasks.id} LIMIT 1)`,
    overdue: sql<number>`(SELECT count(*)::int FROM ${projectTasks} WHERE ${projectTasks.projectId} = ${projects.id} AND ${projectTasks.dueDate} < ${today}::date AND ${open})`,
    updatedAt: projects.updatedAt,
  };
}

export type ProjectRow = Awaited<ReturnType<typeof projectRows>>[number];

/** Project rows with their company, managers, counts, next due task and overdue count. */
export function projectRows(db: Db | Tx, where: SQL | undefined, today = todayUtc()) {
  return db
    .select(rowColumns(today))
    .from(projects)
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .leftJoin(pm, eq(pm.id, projects.projectManagerId))
    .leftJoin(am, eq(am.id, projects.accountManagerId))
    .where(where)
    .$dynamic();
}

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());
const person = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });

/** A row as the list answers it. */
export function listItem(r: ProjectRow): ProjectListItem {
  return {
    id: r.id,
    guid: r.guid,
    name: r.name,
    company_id: r.companyId,
    company_name: r.companyName,
    project_type: r.projectType,
    status: r.status,
    rag: r.rag,
    complete_percentage: r.completePercentage,
    tasks_done: r.tasksDone,
    tasks_total: r.tasksTotal,
    start_date: r.startDate,
    launch_date: r.launchDate,
    project_manager: person(r.pmId, r.pmName),
    account_manager: person(r.amId, r.amName),
    counts: { risks: Number(r.risks), variations: Number(r.variations), stakeholders: Number(r.stakeholders), notes: Number(r.notes) },
    next_due: r.nextDue ? { id: Number(r.nextDue.id), name: r.nextDue.name, names: r.nextDue.names ?? {}, due_date: r.nextDue.due_date } : null,
    overdue_tasks: Number(r.overdue),
    updated_at: iso(r.updatedAt),
  };
}

/** One value or a list of allowed values; undefined when absent. */
function someOf<T extends string>(f: Record<string, unknown>, key: string, allowed: readonly T[]): T[] | undefined {
  const value = f[key];
  if (value === undefined || value === null || value === '') return undefined;
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0) return undefined;
  if (!list.every((v) => typeof v === 'string' && allowed.includes(v as T))) throw rest.bad(`filter.${key}`);
  return list as T[];
}

/** One page of the projects the viewer may see, most recently changed first. */
export async function listProjects(db: Db, viewer: Viewer, query: ProjectListQuery): Promise<Page<ProjectListItem>> {
  const f = rest.filter(query.filter, FILTER_KEYS);
  const q = rest.search(query.q ?? f.q, query.q !== undefined ? 'q' : 'filter.q');
  const statuses = someOf<ProjectStatus>(f, 'status', PROJECT_STATUSES);
  const rags = someOf(f, 'rag', RAG_STATUSES);
  const types = someOf(f, 'project_type', PROJECT_TYPES);
  const view = rest.oneOf(f, 'view', PROJECT_VIEWS);
  const today = todayUtc();
  const ids = rest.ids(f.id, 'id');
  const managers = rest.ids(f.manager_id, 'manager_id');
  const pms = rest.ids(f.project_manager_id, 'project_manager_id');
  const ams = rest.ids(f.account_manager_id, 'account_manager_id');
  const companyIds = rest.ids(f.company_id, 'company_id');
  const order = rest.sort(query.sort, SORTABLE, ['updated_at', 'DESC'], projects.id);
  const range = rest.range(query.range);
  const pattern = q ? likePattern(cleanText(q)) : null;
  const where = and(
    companyScope(viewer, projects.companyId),
    view ? viewCondition(view, viewer, today) : undefined,
    statuses ? inArray(projects.status, statuses) : undefined,
    rags ? inArray(projects.rag, rags) : undefined,
    types ? inArray(projects.projectType, types) : undefined,
    ids ? inArray(projects.id, ids) : undefined,
    managers ? or(inArray(projects.projectManagerId, managers), inArray(projects.accountManagerId, managers)) : undefined,
    pms ? inArray(projects.projectManagerId, pms) : undefined,
    ams ? inArray(projects.accountManagerId, ams) : undefined,
    companyIds ? inArray(projects.companyId, companyIds) : undefined,
    pattern ? or(ilike(projects.name, pattern), ilike(companies.name, pattern)) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    projectRows(db, where, today)
      .orderBy(...order)
      .limit(range.end - range.start + 1)
      .offset(range.start),
    pattern
      ? db.select({ total: count() }).from(projects).innerJoin(companies, eq(companies.id, projects.companyId)).where(where)
      : db.select({ total: count() }).from(projects).where(where),
  ]);
  return pageOf(rows.map(listItem), total, range);
}
