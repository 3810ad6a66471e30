/**
 * POST /projects (server/projects/README.md): a project for a company, its task groups copied from
 * the task types its project type's templates use, and every such template copied into a project
 * task in the first stage of the board (by group, then template position), due `due_days` after the
 * start. Triggers whose event already happened (the config is complete, the agreement is signed)
 * complete their tasks at once; then the figures are computed; all in one transaction. Those tasks
 * send no "done" notification: nothing happened now, the project starts with them done.
 */
import { and, asc, eq, or, sql } from 'drizzle-orm';
import { PROJECT_TYPES, type ProjectType } from '../../contract/projects';
import type { Db, Tx } from '../db/database';
import { agreements, companies, configs, projects, projectTasks, projectTaskTypes, tasks, taskTypes } from '../db/schema';
import { companyScope, type Viewer } from '../db/tenancy';
import type { ErrorDetail } from '../domain-errors';
import { cleanName } from '../http/clean-text';
import { serverMessages } from '../messages';
import { recomputeProject } from './projects.recompute';
import { checkDates, checkLinks, checkManagers, cleanMeta, getProject, invalid } from './projects.service';
import { boardEnds } from './projects.tasks';
import { completeHappened } from './projects.triggers';
import trackerTexts from '../../locales/en-GB/tracker.json';
import { addDays, todayUtc } from '../../contract/days';

export interface CreateProjectBody {
  company_id: number;
  project_type: ProjectType;
  name?: string | null;
  config_id?: number | null;
  agreement_id?: number | null;
  project_manager_id?: number | null;
  account_manager_id?: number | null;
  start_date?: string | null;
  launch_date?: string | null;
  meta?: Record<string, string> | null;
}

/**
 * "JLR online service booking" from 'jlr-osb' (the default name's second half): the project type's
 * English label as the app shows it (locales/en-GB/tracker.json), so abbreviations keep their case.
 */
const typeLabel = (type: ProjectType): string => (trackerTexts.types as Record<string, string>)[type] ?? type;

/** Copies the project type's task types and templates into the project (first stage); the number of tasks copied. */
async function copyTemplates(tx: Tx, projectId: number, projectType: ProjectType, startDate: string): Promise<number> {
  const { first } = await boardEnds(tx);
  const templates = await tx
    .select({
      id: tasks.id,
      name: tasks.name,
      description: tasks.description,
      taskTypeId: tasks.taskTypeId,
      typeName: taskTypes.name,
      dueDays: tasks.dueDays,
      milestone: tasks.milestone,
      trigger: tasks.trigger,
    })
    .from(tasks)
    .innerJoin(taskTypes, eq(taskTypes.id, tasks.taskTypeId))
    .where(or(sql`cardinality(${tasks.projectTypes}) = 0`, sql`${projectType}::config_project_type = ANY(${tasks.projectTypes})`))
    .orderBy(asc(taskTypes.position), asc(taskTypes.id), asc(tasks.position), asc(tasks.id));
  const groupOf = new Map<number, string>();
  for (const t of templates) if (!groupOf.has(t.taskTypeId)) groupOf.set(t.taskTypeId, t.typeName);
  if (!groupOf.size) return 0;
  const groups = await tx
    .insert(projectTaskTypes)
    .values([...groupOf].map(([taskTypeId, name], i) => ({ projectId, taskTypeId, name, position: i + 1 })))
    .returning({ id: projectTaskTypes.id, taskTypeId: projectTaskTypes.taskTypeId });
  // No board yet (no task stages): the groups are there, the tasks come with a copy made later.
  if (first === null) return 0;
  const groupId = new Map(groups.map((g) => [g.taskTypeId!, g.id]));
  await tx.insert(projectTasks).values(
    templates.map((t, i) => ({
      projectId,
      projectTaskTypeId: groupId.get(t.taskTypeId)!,
      taskId: t.id,
      name: t.name,
      description: t.description,
      stageId: first,
      position: i + 1,
      dueDate: t.dueDays === null ? null : addDays(startDate, t.dueDays),
      milestone: t.milestone,
      trigger: t.trigger,
    })),
  );
  return templates.length;
}

/**
 * Creates the project in the caller's transaction and returns its id (the seed uses it too).
 * `today` places a project without a start date (tests and the seed pass their own).
 */
export async function insertProject(tx: Tx, viewer: Viewer, body: CreateProjectBody, today = todayUtc()): Promise<number> {
  const problems: ErrorDetail[] = [];
  const [company] = await tx
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(eq(companies.id, body.company_id), companyScope(viewer, companies.id)));
  if (!company) problems.push({ detail: serverMessages.projects.company_invalid, field: 'company_id' });
  if (!PROJECT_TYPES.includes(body.project_type)) problems.push({ detail: serverMessages.projects.bad_query, field: 'project_type' });
  checkDates(problems, body);
  await checkManagers(tx, problems, body);
  if (company) await checkLinks(tx, problems, company.id, body);
  if (problems.length) throw invalid(problems);

  const name = cleanName(body.name ?? '').trim() || `${company!.name} ${typeLabel(body.project_type)}`;
  const startDate = body.start_date ?? today;
  const [row] = await tx
    .insert(projects)
    .values({
      companyId: company!.id,
      name,
      projectType: body.project_type,
      configId: body.config_id ?? null,
      agreementId: body.agreement_id ?? null,
      projectManagerId: body.project_manager_id ?? null,
      accountManagerId: body.account_manager_id ?? null,
      startDate,
      launchDate: body.launch_date ?? null,
      meta: cleanMeta(body.meta),
      createdBy: viewer.id,
    })
    .returning({ id: projects.id });
  await copyTemplates(tx, row.id, body.project_type, startDate);
  const [configComplete] = body.config_id ? await tx.select({ id: configs.id }).from(configs).where(and(eq(configs.id, body.config_id), sql`${configs.progress} >= 100`)) : [];
  const [signed] = body.agreement_id ? await tx.select({ id: agreements.id }).from(agreements).where(and(eq(agreements.id, body.agreement_id), eq(agreements.stage, 'signed'))) : [];
  await completeHappened(tx, row.id, { configComplete: Boolean(configComplete), agreementSigned: Boolean(signed) }, null);
  await recomputeProject(tx, row.id, today);
  return row.id;
}

/** POST /projects: 'Project Created' with the profile. */
export async function createProject(db: Db, viewer: Viewer, body: CreateProjectBody) {
  const id = await db.transaction((tx) => insertProject(tx, viewer, body));
  return { ...(await getProject(db, viewer, id)), message: serverMessages.projects.created };
}
