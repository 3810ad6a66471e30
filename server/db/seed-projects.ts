// Demo projects (issue 28): twenty launches across the demo companies, made with the projects
// area's own create (so their tasks are copied from the task templates), then tasks moved along
// the board so percentages vary and some are overdue. Every status and every RAG colour appears;
// start dates spread over the last twelve months, launch dates over the coming months (a live
// one's in the past). Demo Motors' project links its config and agreement (the agreement is still
// out for signature, so its "Order form signed" task waits for dealer@demo.test), with
// pm@demo.test and am@demo.test as its managers. Seeded once per database (a settings marker), and
// skipped while the board has no stages (the task templates are not seeded yet). Dates are
// relative to the day it runs, so overdue tasks stay overdue in a fresh demo.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { PERMISSIONS } from '../../contract/permissions';
import type { ProjectStatus, ProjectType } from '../../contract/projects';
import type { Db, Tx } from './database';
import { takeSeedLock } from './locks';
import { agreements, companies, configs, projects, projectTasks, settings, taskStages, users } from './schema';
import { DEMO_EXTRA_COMPANIES } from './seed-companies';
import { insertProject } from '../projects/projects.create';
import { recomputeProject } from '../projects/projects.recompute';
import { placeTask } from '../projects/projects.tasks';
import { addDays, todayUtc } from '../../contract/days';

const SEEDED_KEY = 'demo_projects_seeded';

interface DemoProject {
  company: string;
  type: ProjectType;
  /** Days before today it started. */
  started: number;
  /** Days after today it launches (negative: launched). */
  launch: number;
  /** Tasks due on or before this many days after the start are done (trigger tasks too unless `keepTriggers`). */
  doneUpTo: number;
  /** Tasks due up to this many days after the start (and not done) are in progress. */
  workingUpTo?: number;
  /** A manager's status (archived, cancelled, on hold). */
  status?: ProjectStatus;
  rag?: 'green' | 'amber' | 'red';
  keepTriggers?: boolean;
  name?: string;
}

const extra = (i: number) => DEMO_EXTRA_COMPANIES[i % DEMO_EXTRA_COMPANIES.length].name;

/** Twenty launches; the comments say what each shows. */
export const DEMO_PROJECTS: DemoProject[] = [
  // Demo Motors: well under way, waiting for the dealer's signature and config (both triggers open, so overdue: red).
  { company: 'Demo Motors', type: 'multi-franchise-dealer', started: 40, launch: 55, doneUpTo: 21, workingUpTo: 40, keepTriggers: true, name: 'Demo Motors website launch' },
  { company: 'Harbour Cars', type: 'independent', started: 12, launch: 80, doneUpTo: 7, workingUpTo: 30 },
  // Live: every task done.
  { company: extra(0), type: 'single-franchise-dealer', started: 360, launch: -200, doneUpTo: 9999 },
  { company: extra(1), type: 'franchise', started: 300, launch: -150, doneUpTo: 9999 },
  // Live six weeks: in its post-launch review (the projects' "reviews" view: live under 90 days).
  { company: extra(2), type: 'stock', started: 250, launch: -45, doneUpTo: 9999 },
  // Pre-project: nothing done yet, started days ago (green), one launching soon (amber).
  { company: extra(3), type: 'vehicle-locator', started: 1, launch: 120, doneUpTo: -1 },
  { company: extra(4), type: 'leasing', started: 2, launch: 10, doneUpTo: -1 },
  // Active and on time (green).
  { company: extra(5), type: 'oem', started: 20, launch: 90, doneUpTo: 20, workingUpTo: 45 },
  { company: extra(6), type: 'data-management', started: 30, launch: 100, doneUpTo: 30, workingUpTo: 60 },
  { company: extra(7), type: 'experience', started: 45, launch: 60, doneUpTo: 45, workingUpTo: 70 },
  // Active with one or two overdue tasks (amber).
  { company: extra(8), type: 'independent', started: 32, launch: 70, doneUpTo: 25, workingUpTo: 35 },
  { company: extra(9), type: 'auto-e-migration', started: 50, launch: 45, doneUpTo: 45, workingUpTo: 50 },
  // Active and late: three or more overdue, or an overdue milestone (red).
  { company: extra(10), type: 'multi-franchise-dealer', started: 120, launch: 20, doneUpTo: 30, workingUpTo: 60 },
  { company: extra(11), type: 'inventory-solutions', started: 150, launch: 30, doneUpTo: 20 },
  { company: extra(12), type: 'jlr-osb', started: 90, launch: 14, doneUpTo: 50, workingUpTo: 70 },
  // A manager's RAG over the computed one.
  { company: extra(13), type: 'other', started: 60, launch: 40, doneUpTo: 60, workingUpTo: 80, rag: 'amber' },
  // A manager's statuses.
  { company: extra(14), type: 'single-franchise-dealer', started: 200, launch: 35, doneUpTo: 40, status: 'on hold' },
  { company: extra(15), type: 'stock', started: 180, launch: 25, doneUpTo: 10, status: 'cancelled' },
  { company: extra(16), type: 'franchise', started: 330, launch: -250, doneUpTo: 9999, status: 'archived' },
  { company: extra(17), type: 'data-management', started: 70, launch: 50, doneUpTo: 55, workingUpTo: 75 },
];

/** The viewer the seed creates as: admin@demo.test with every permission. */
async function seedViewer(tx: Tx) {
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.test'));
  return admin ? { id: admin.id, permissions: new Set(PERMISSIONS) } : null;
}

/** Inserts the demo projects once per database. Returns whether it seeded. */
export async function seedDemoProjects(db: Db): Promise<boolean> {
  const done = async (tx: Db | Tx) => (await tx.select({ key: settings.key }).from(settings).where(eq(settings.key, SEEDED_KEY))).length > 0;
  if (await done(db)) return false;
  return db.transaction(async (tx) => {
    await takeSeedLock(tx);
    if (await done(tx)) return false;
    const stages = await tx.select().from(taskStages).orderBy(asc(taskStages.position), asc(taskStages.id));
    const doneStage = stages.find((s) => s.isDone);
    const working = stages.find((s) => !s.isDone && s.position > stages[0].position) ?? stages[0];
    const viewer = await seedViewer(tx);
    // No board yet, or no demo users: nothing to seed (a later start seeds once both exist).
    if (!doneStage || !viewer) return false;
    const names = [...new Set(DEMO_PROJECTS.map((p) => p.company))];
    const companyRows = await tx.select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.name, names));
    const companyId = new Map(companyRows.map((c) => [c.name, c.id]));
    const people = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, ['pm@demo.test', 'am@demo.test']));
    const pm = people.find((u) => u.email === 'pm@demo.test')?.id ?? null;
    const am = people.find((u) => u.email === 'am@demo.test')?.id ?? null;
    const today = todayUtc();
    for (const spec of DEMO_PROJECTS) {
      const company = companyId.get(spec.company);
      if (!company) continue;
      const [config] = spec.company === 'Demo Motors' ? await tx.select({ id: configs.id }).from(configs).where(eq(configs.companyId, company)).orderBy(asc(configs.id)).limit(1) : [];
      const [agreement] =
        spec.company === 'Demo Motors'
          ? await tx.select({ id: agreements.id }).from(agreements).where(and(eq(agreements.companyId, company), eq(agreements.stage, 'sent'), isNull(agreements.archivedAt))).orderBy(asc(agreements.id)).limit(1)
          : [];
      const start = addDays(today, -spec.started);
      const id = await insertProject(
        tx,
        viewer,
        {
          company_id: company,
          project_type: spec.type,
          name: spec.name ?? null,
          config_id: config?.id ?? null,
          agreement_id: agreement?.id ?? null,
          project_manager_id: pm,
          account_manager_id: am,
          start_date: start,
          launch_date: addDays(today, spec.launch),
          meta: spec.company === 'Demo Motors' ? { crm: 'Salesforce', domain: 'demo-motors.example' } : {},
        },
        today,
      );
      const tasks = await tx
        .select({ id: projectTasks.id, projectId: projectTasks.projectId, stageId: projectTasks.stageId, dueDate: projectTasks.dueDate, trigger: projectTasks.trigger })
        .from(projectTasks)
        .where(eq(projectTasks.projectId, id))
        .orderBy(asc(projectTasks.position));
      const offset = (due: string | null) => (due === null ? 0 : Math.round((Date.parse(`${due}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000));
      for (const task of tasks) {
        if (task.stageId === doneStage.id) continue;
        const days = offset(task.dueDate);
        const completedBy = spec.keepTriggers && task.trigger ? false : days <= spec.doneUpTo;
        if (completedBy) await placeTask(tx, task, { stageId: doneStage.id, isDone: true, fromDone: false }, pm);
        else if (spec.workingUpTo !== undefined && days <= spec.workingUpTo && working.id !== task.stageId) await placeTask(tx, task, { stageId: working.id, isDone: false, fromDone: false }, pm);
      }
      if (spec.status || spec.rag) await tx.update(projects).set({ ...(spec.status ? { status: spec.status } : {}), ...(spec.rag ? { ragManual: spec.rag } : {}) }).where(eq(projects.id, id));
      await recomputeProject(tx, id, today);
      // The start as the project's creation, so "newest" sorts look like a year of work.
      await tx.update(projects).set({ createdAt: new Date(`${start}T09:00:00Z`) }).where(eq(projects.id, id));
    }
    await tx.insert(settings).values({ key: SEEDED_KEY, value: new Date().toISOString() });
    return true;
  });
}
