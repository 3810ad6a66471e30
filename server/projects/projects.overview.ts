/**
 * GET /projects/overview: the projects dashboard's one read (server/projects/README.md "Views and
 * the overview"). Counts per status, per RAG of the open projects and per named view in one
 * aggregate statement; the launches due this month and next and the ten projects most at risk in
 * three small ones. Every statement is held to the viewer's companies (db/tenancy.ts), and the
 * views are the very conditions `GET /projects?filter={"view":...}` lists (projects.list.ts), so a
 * count and the list it links to never disagree.
 */
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PROJECT_STATUSES, RAG_STATUSES } from '../../contract/projects';
import { OPEN_PROJECT_STATUSES, PROJECT_VIEWS, type OverviewProject, type ProjectsOverview } from '../../contract/projects-overview';
import type { Db } from '../db/database';
import { companies, projects, projectTasks, taskStages, users } from '../db/schema';
import { companyScope, type Viewer } from '../db/tenancy';
import { viewCondition } from './projects.list';
import { addDays, monthStart, todayUtc } from '../../contract/days';

/** Launches due per month listed at most (the total is answered beside them). */
export const DUE_ROWS = 50;
/** Projects at risk listed at most. */
export const AT_RISK_ROWS = 10;

const pm = alias(users, 'pm');
const openStatuses = [...OPEN_PROJECT_STATUSES];

function rowsOf(db: Db, today: string, where: SQL | undefined) {
  const overdue = sql<number>`(SELECT count(*)::int FROM ${projectTasks} WHERE ${projectTasks.projectId} = ${projects.id} AND ${projectTasks.dueDate} < ${today}::date
    AND NOT EXISTS (SELECT 1 FROM ${taskStages} s WHERE s.id = ${projectTasks.stageId} AND s.is_done))`;
  return {
    overdue,
    query: db
      .select({
        id: projects.id,
        name: projects.name,
        companyName: companies.name,
        status: projects.status,
        rag: projects.rag,
        completePercentage: projects.completePercentage,
        launchDate: projects.launchDate,
        overdue,
        pmId: pm.id,
        pmName: pm.name,
        total: sql<number>`count(*) OVER ()::int`,
      })
      .from(projects)
      .innerJoin(companies, eq(companies.id, projects.companyId))
      .leftJoin(pm, eq(pm.id, projects.projectManagerId))
      .where(where)
      .$dynamic(),
  };
}

type Row = Awaited<ReturnType<typeof rowsOf>['query']>[number];

const rowOf = (r: Row): OverviewProject => ({
  id: r.id,
  name: r.name,
  company_name: r.companyName,
  status: r.status,
  rag: r.rag,
  complete_percentage: r.completePercentage,
  launch_date: r.launchDate,
  overdue_tasks: Number(r.overdue),
  project_manager: r.pmId === null ? null : { id: r.pmId, name: r.pmName ?? '' },
});

/** The overview of the projects the viewer may see, for the UTC day `today`. */
export async function projectsOverview(db: Db, viewer: Viewer, today = todayUtc()): Promise<ProjectsOverview> {
  const scope = companyScope(viewer, projects.companyId);
  const counted = (condition: SQL | undefined) => sql<number>`(count(*) FILTER (WHERE ${condition}))::int`;
  const open = inArray(projects.status, openStatuses);
  const columns: Record<string, SQL<number>> = {};
  for (const status of PROJECT_STATUSES) columns[`status:${status}`] = counted(eq(projects.status, status));
  for (const rag of RAG_STATUSES) columns[`rag:${rag}`] = counted(and(open, eq(projects.rag, rag)));
  for (const view of PROJECT_VIEWS) columns[`view:${view}`] = counted(viewCondition(view, viewer, today));

  const thisMonth = monthStart(today, 0);
  const nextMonth = monthStart(today, 1);
  const afterNext = monthStart(today, 2);
  const due = (from: string, to: string) => {
    const { query } = rowsOf(db, today, and(scope, open, gte(projects.launchDate, from), lte(projects.launchDate, addDays(to, -1))));
    return query.orderBy(asc(projects.launchDate), asc(projects.name), asc(projects.id)).limit(DUE_ROWS);
  };
  const risky = rowsOf(db, today, and(scope, viewCondition('at-risk', viewer, today)));

  const [[figures], dueThis, dueNext, atRisk] = await Promise.all([
    db.select(columns).from(projects).where(scope),
    due(thisMonth, nextMonth),
    due(nextMonth, afterNext),
    risky.query
      .orderBy(desc(sql`${projects.rag} = 'red'`), desc(risky.overdue), sql`${projects.launchDate} ASC NULLS LAST`, asc(projects.id))
      .limit(AT_RISK_ROWS),
  ]);
  const pick = <K extends string>(prefix: string, keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, Number(figures[`${prefix}:${k}`] ?? 0)])) as Record<K, number>;
  return {
    by_status: pick('status', PROJECT_STATUSES),
    by_rag: pick('rag', RAG_STATUSES),
    views: pick('view', PROJECT_VIEWS),
    due_this_month: dueThis.map(rowOf),
    due_next_month: dueNext.map(rowOf),
    due_this_month_total: Number(dueThis[0]?.total ?? 0),
    due_next_month_total: Number(dueNext[0]?.total ?? 0),
    at_risk: atRisk.map(rowOf),
    today,
  };
}
