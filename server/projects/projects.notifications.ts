/**
 * The tracker's notifications (server/projects/README.md, Notifications): an occurrence (a task due
 * today, overdue, done; a variation waiting or decided) is matched against the ACTIVE notification
 * templates of its event, each template's recipients are resolved to people, and each person gets
 * one `user_notifications` row, inserted with ON CONFLICT (recipient, key) DO NOTHING; only a row
 * that was inserted writes its mail to the outbox, in the same transaction. So an occurrence mails
 * each person once, whichever instance sees it first and however often the sweep runs or restarts.
 *
 * The sweep (`sweepTracker`, run by plugins/tracker-sweep.ts) finds the task events time makes
 * (due today, overdue) and recomputes the RAG of projects that time changes, in batches.
 */
import { and, asc, eq, gt, gte, inArray, isNull, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { NotificationEvent, NotificationRecipient } from '../../contract/tracker';
import { DEFAULT_LOCALE, localeForTag, type Locale } from '../../engine';
import { companyLocale } from '../mail/mail.locale';
import { wordsFor } from '../mail/mail.words';
import { channelsFor, digestPending } from '../mail/mail.deliver';
import type { Db, Tx } from '../db/database';
import { companies, companyUsers, permissions, projectStakeholders, projectTaskTypes, projectTasks, projects, rolePermissions, taskNotifications, taskStages, userNotifications, userRoles, users, variations } from '../db/schema';
import type { AppServices } from '../plugins/services';
import type { SweepResult } from '../plugins/tracker-sweep';
import { recomputeProject } from './projects.recompute';
import { addDays, todayUtc } from '../../contract/days';

/**
 * What notifying uses of the app. `config` gives mails the app's public address for `{link}`;
 * without it (a caller holding only db and mail) `{link}` is the app path.
 */
export type NotifyDeps = Pick<AppServices, 'db' | 'mail'> & { config?: Pick<AppServices['config'], 'publicUrl'> };

type Template = typeof taskNotifications.$inferSelect;

/** One occurrence of an event, with what its templates' recipients and placeholders need. */
interface Occurrence {
  event: NotificationEvent;
  /** Names the occurrence; with the recipient, what makes it go once. */
  key: string;
  projectId: number;
  /** The task type a task's group came from (narrows task templates); undefined for variations. */
  taskTypeId?: number | null;
  assigneeId?: number | null;
  raisedBy?: number | null;
  /** People never notified of this occurrence (the raiser of a variation waiting for approval). */
  exclude?: number[];
  task?: string;
  due?: string | null;
  variation?: string;
}

interface Person {
  recipient: string;
  userId: number | null;
  email: string;
}

/** dd/mm/yyyy (spec section 5) of a YYYY-MM-DD date. */
const ddmmyyyy = (isoDate: string | null | undefined) => (isoDate ? `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}/${isoDate.slice(0, 4)}` : '');

/** The template's words with {project} {company} {task} {due} {variation} {link} filled. */
const fill = (text: string, values: Record<string, string>) => text.replace(/\{(project|company|task|due|variation|link)\}/g, (_whole, name: string) => values[name] ?? '');

/** The app path of a project (the in-app list links to it). */
export const projectPath = (projectId: number) => `/tracker/${projectId}/profile`;

/** The active templates of an event (task events: those of any type, or of this task's type). */
async function templatesOf(tx: Db | Tx, event: NotificationEvent, taskTypeId?: number | null): Promise<Template[]> {
  const narrow = event.startsWith('task_') ? (taskTypeId ? or(isNull(taskNotifications.taskTypeId), eq(taskNotifications.taskTypeId, taskTypeId)) : isNull(taskNotifications.taskTypeId)) : undefined;
  return tx
    .select()
    .from(taskNotifications)
    .where(and(eq(taskNotifications.event, event), eq(taskNotifications.active, true), narrow))
    .orderBy(asc(taskNotifications.id));
}

/** Active users who may decide a variation of this company's project: foc_approver, 'approve project tasks', and able to see the company. */
async function approverIds(tx: Db | Tx, companyId: number): Promise<number[]> {
  const holds = (name: string) =>
    sql`EXISTS (SELECT 1 FROM ${userRoles} INNER JOIN ${rolePermissions} ON ${rolePermissions.roleId} = ${userRoles.roleId}
      INNER JOIN ${permissions} ON ${permissions.id} = ${rolePermissions.permissionId}
      WHERE ${userRoles.userId} = ${users.id} AND ${permissions.name} = ${name})`;
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.focApprover, true),
        eq(users.status, 'active'),
        holds('approve project tasks'),
        // Tenancy as the variation list applies it (db/tenancy.ts CROSS_COMPANY, or a member of the company).
        or(holds('manage configs'), holds('view companies'), sql`EXISTS (SELECT 1 FROM ${companyUsers} WHERE ${companyUsers.userId} = ${users.id} AND ${companyUsers.companyId} = ${companyId})`),
      ),
    )
    .orderBy(asc(users.id));
  return rows.map((r) => r.id);
}

/** The people a template's recipients name for this occurrence, once each, in a stable order. */
async function peopleFor(tx: Db | Tx, recipients: readonly NotificationRecipient[], occ: Occurrence, project: { companyId: number; projectManagerId: number | null; accountManagerId: number | null }, approvers: () => Promise<number[]>): Promise<Person[]> {
  const userIds: number[] = [];
  const emails: string[] = [];
  for (const r of recipients) {
    if (r === 'project_manager' && project.projectManagerId) userIds.push(project.projectManagerId);
    if (r === 'account_manager' && project.accountManagerId) userIds.push(project.accountManagerId);
    if (r === 'assignee' && occ.assigneeId) userIds.push(occ.assigneeId);
    if (r === 'raiser' && occ.raisedBy) userIds.push(occ.raisedBy);
    if (r === 'approvers') userIds.push(...(await approvers()));
    if (r === 'stakeholders') {
      const rows = await tx.select({ userId: projectStakeholders.userId, email: projectStakeholders.email }).from(projectStakeholders).where(eq(projectStakeholders.projectId, occ.projectId)).orderBy(asc(projectStakeholders.id));
      for (const s of rows) {
        if (s.userId) userIds.push(s.userId);
        else if (s.email) emails.push(s.email.toLowerCase());
      }
    }
  }
  const excluded = new Set(occ.exclude ?? []);
  const wanted = [...new Set(userIds)].filter((id) => !excluded.has(id));
  const found = wanted.length ? await tx.select({ id: users.id, email: users.email }).from(users).where(and(inArray(users.id, wanted), eq(users.status, 'active'))) : [];
  const byId = new Map(found.map((u) => [u.id, u.email]));
  const people: Person[] = wanted.filter((id) => byId.has(id)).map((id) => ({ recipient: `user:${id}`, userId: id, email: byId.get(id)! }));
  const userEmails = new Set(people.map((p) => p.email));
  // An outside contact whose address is a user's already notified here gets one mail, not two.
  for (const email of new Set(emails)) if (!userEmails.has(email)) people.push({ recipient: `email:${email}`, userId: null, email });
  return people;
}

/**
 * Notifies whom the occurrence's templates name, in the caller's transaction: one row per person
 * (ON CONFLICT DO NOTHING) and, for each row inserted, its mail in the outbox. `templates` may be
 * given (the sweep loads them once per event).
 */
async function notify(deps: NotifyDeps, tx: Tx, occ: Occurrence, templates?: Template[]): Promise<number> {
  // A template's task type narrows task events only (a variation belongs to no task type).
  const isTaskEvent = occ.event.startsWith('task_');
  const list = (templates ?? (await templatesOf(tx, occ.event, occ.taskTypeId))).filter((t) => !isTaskEvent || !t.taskTypeId || t.taskTypeId === occ.taskTypeId);
  if (!list.length) return 0;
  const [project] = await tx
    .select({ id: projects.id, name: projects.name, companyId: projects.companyId, companyName: companies.name, companyLang: companies.lang, projectManagerId: projects.projectManagerId, accountManagerId: projects.accountManagerId })
    .from(projects)
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .where(eq(projects.id, occ.projectId));
  if (!project) return 0;
  const path = projectPath(project.id);
  const values = {
    project: project.name,
    company: project.companyName,
    task: occ.task ?? '',
    due: ddmmyyyy(occ.due),
    variation: occ.variation ?? '',
    link: deps.config ? `${deps.config.publicUrl()}/#${path}` : path,
  };
  let cached: number[] | null = null;
  const approvers = async () => (cached ??= await approverIds(tx, project.companyId));
  let sent = 0;
  // Each reader's language (issue 55): a portal user's is their current company's, an outside
  // contact's the project company's; staff without a company read UK English.
  const companyLang = localeForTag(project.companyLang) ?? DEFAULT_LOCALE;
  const localeOf = async (p: Person): Promise<Locale> => (p.userId ? ((await companyLocale(tx, p.userId)) ?? DEFAULT_LOCALE) : companyLang);
  for (const template of list) {
    // Each user's channel for the event's kind (mail/mail.deliver.ts); an outside contact is mailed.
    const found = await peopleFor(tx, template.recipients, occ, project, approvers);
    const channels = await channelsFor(tx, found.flatMap((p) => (p.userId ? [p.userId] : [])), occ.event);
    const channelOf = (p: Person) => (p.userId ? channels.get(p.userId)! : 'mail');
    const people = found.filter((p) => channelOf(p) !== 'none');
    if (!people.length) continue;
    const rows = [];
    for (const p of people) {
      const words = wordsFor(template, await localeOf(p));
      rows.push({ person: p, channel: channelOf(p), title: fill(words.subject, values), body: fill(words.body, values) });
    }
    const inserted = await tx
      .insert(userNotifications)
      .values(rows.map(({ person: p, channel, title, body }) => ({ userId: p.userId, recipient: p.recipient, projectId: project.id, templateId: template.id, event: occ.event, key: occ.key, title, body, link: path, digestPending: digestPending(channel) })))
      .onConflictDoNothing({ target: [userNotifications.recipient, userNotifications.key] })
      .returning({ recipient: userNotifications.recipient });
    const byRecipient = new Map(rows.map((r) => [r.person.recipient, r]));
    for (const row of inserted) {
      const r = byRecipient.get(row.recipient)!;
      // Counted whatever the channel: the person was notified now.
      sent++;
      if (r.channel === 'mail') await deps.mail.enqueue(tx, { to: r.person.email, subject: r.title, text: r.body });
    }
  }
  return sent;
}

/** What a task event needs of its task. */
const taskColumns = {
  id: projectTasks.id,
  projectId: projectTasks.projectId,
  name: projectTasks.name,
  dueDate: projectTasks.dueDate,
  assigneeId: projectTasks.assigneeId,
  taskTypeId: projectTaskTypes.taskTypeId,
};
type TaskContext = { id: number; projectId: number; name: string; dueDate: string | null; assigneeId: number | null; taskTypeId: number | null };

const taskOccurrence = (event: NotificationEvent, key: string, t: TaskContext): Occurrence => ({
  event,
  key,
  projectId: t.projectId,
  taskTypeId: t.taskTypeId,
  assigneeId: t.assigneeId,
  task: t.name,
  due: t.dueDate,
});

/**
 * A task entered a done stage: notify whom the active `task_done` templates name, in the caller's
 * transaction (the task change's). Called by the task writes and the triggers.
 */
export async function notifyTaskDone(deps: NotifyDeps, tx: Tx, event: { projectId: number; taskId: number; completedAt: Date }): Promise<void> {
  const [task] = await tx
    .select(taskColumns)
    .from(projectTasks)
    .innerJoin(projectTaskTypes, eq(projectTaskTypes.id, projectTasks.projectTaskTypeId))
    .where(and(eq(projectTasks.id, event.taskId), eq(projectTasks.projectId, event.projectId)));
  if (!task) return;
  // Done, reopened and done again is a new occurrence.
  await notify(deps, tx, taskOccurrence('task_done', `task_done:${task.id}:${event.completedAt.getTime()}`, task));
}

/** A variation was raised and waits for approval (`variation_pending`) or was decided (`variation_decided`). */
export async function notifyVariation(deps: NotifyDeps, tx: Tx, event: 'variation_pending' | 'variation_decided', variationId: number): Promise<void> {
  const [v] = await tx.select().from(variations).where(eq(variations.id, variationId));
  if (!v) return;
  await notify(deps, tx, {
    event,
    key: `${event}:${v.id}`,
    projectId: v.projectId,
    raisedBy: v.raisedBy,
    // The raiser cannot approve their own variation, nor whoever last changed its amounts: they are not asked to.
    exclude: event === 'variation_pending' ? [v.raisedBy, v.amountsChangedBy].filter((u): u is number => u !== null) : [],
    variation: v.title,
  });
}

/** Tasks (and projects) read per batch of the sweep: never every task at once. */
const BATCH = 200;
/**
 * Tasks per transaction: a few, so their row locks are held for milliseconds (a manager moving one
 * of them waits no longer than that, well within the query timeout).
 */
const CHUNK = 20;
/**
 * How far back the sweep looks for overdue tasks: a task is announced overdue in the first sweeps
 * after its due date; one overdue longer was announced then (or, after a week without any
 * instance running, is left to the board's red and amber), so the sweep never rereads every old task.
 */
const OVERDUE_WINDOW_DAYS = 7;
/** The RAG turns amber when the launch is this close (projects.recompute.ts computeRag). */
const LAUNCH_WINDOW_DAYS = 14;

/** Open tasks (in a stage that is not done) due in [from, to], in batches of BATCH by id. */
async function sweepTasks(deps: NotifyDeps, event: 'task_due' | 'task_overdue', from: string, to: string): Promise<number> {
  // Every active template of the event, whatever its task type: each task keeps those that apply to it (notify).
  const templates = await deps.db.select().from(taskNotifications).where(and(eq(taskNotifications.event, event), eq(taskNotifications.active, true))).orderBy(asc(taskNotifications.id));
  if (!templates.length) return 0;
  const due = and(
    gte(projectTasks.dueDate, from),
    lte(projectTasks.dueDate, to),
    // Open tasks by due date: the partial index project_tasks_open_due_idx.
    isNull(projectTasks.completedAt),
    eq(taskStages.isDone, false),
    // A project put aside (archived, cancelled, on hold) mails nobody about its tasks.
    notInArray(projects.status, ['archived', 'cancelled', 'on hold']),
  );
  const tasksWhere = (tx: Db | Tx, where: SQL | undefined) =>
    tx
      .select(taskColumns)
      .from(projectTasks)
      .innerJoin(taskStages, eq(taskStages.id, projectTasks.stageId))
      .innerJoin(projectTaskTypes, eq(projectTaskTypes.id, projectTasks.projectTaskTypeId))
      .innerJoin(projects, eq(projects.id, projectTasks.projectId))
      .where(where);
  let notified = 0;
  let after = 0;
  for (;;) {
    const batch = await tasksWhere(deps.db, and(gt(projectTasks.id, after), due)).orderBy(asc(projectTasks.id)).limit(BATCH);
    if (!batch.length) return notified;
    after = batch[batch.length - 1].id;
    for (let i = 0; i < batch.length; i += CHUNK) {
      const ids = batch.slice(i, i + CHUNK).map((t) => t.id);
      notified += await deps.db.transaction(async (tx) => {
        // Short transactions holding their tasks: another instance sweeping now skips these (and
        // does the others) instead of waiting on this one's inserts; a task a manager is changing
        // right now is left for the next sweep. Still open and due, as it was read?
        const tasks = await tasksWhere(tx, and(inArray(projectTasks.id, ids), due))
          .orderBy(asc(projectTasks.id))
          .for('update', { of: projectTasks, skipLocked: true });
        let n = 0;
        for (const task of tasks) n += await notify(deps, tx, taskOccurrence(event, `${event}:${task.id}:${task.dueDate}`, task), templates);
        return n;
      });
    }
    if (batch.length < BATCH) return notified;
  }
}

/**
 * Recomputes the projects time changes: open ones with an open overdue task, or whose launch is
 * within LAUNCH_WINDOW_DAYS. Each in its own short transaction under its row lock; a project locked
 * by a task change right now is skipped (that change recomputes it).
 */
async function sweepRag(db: Db, today: string): Promise<number> {
  let recomputed = 0;
  let after = 0;
  const overdue = sql`EXISTS (SELECT 1 FROM ${projectTasks} INNER JOIN ${taskStages} ON ${taskStages.id} = ${projectTasks.stageId}
    WHERE ${projectTasks.projectId} = ${projects.id} AND NOT ${taskStages.isDone} AND ${projectTasks.dueDate} < ${today}::date)`;
  for (;;) {
    const batch = await db
      .select({ id: projects.id })
      .from(projects)
      .where(and(gt(projects.id, after), notInArray(projects.status, ['archived', 'cancelled']), isNull(projects.ragManual), or(overdue, lte(projects.launchDate, addDays(today, LAUNCH_WINDOW_DAYS)))))
      .orderBy(asc(projects.id))
      .limit(BATCH);
    if (!batch.length) return recomputed;
    after = batch[batch.length - 1].id;
    for (const { id } of batch) {
      const done = await db.transaction(async (tx) => {
        const [locked] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, id)).for('update', { skipLocked: true });
        if (!locked) return false;
        await recomputeProject(tx, id, today);
        return true;
      });
      if (done) recomputed++;
    }
    if (batch.length < BATCH) return recomputed;
  }
}

/** One pass of the sweep at `now`: task_due, task_overdue, then the RAG of projects time changes. */
export async function sweepTracker(deps: NotifyDeps, now: Date = new Date()): Promise<Pick<SweepResult, 'notified' | 'recomputed'>> {
  const today = todayUtc(now);
  const yesterday = addDays(today, -1);
  let notified = await sweepTasks(deps, 'task_due', today, today);
  notified += await sweepTasks(deps, 'task_overdue', addDays(today, -OVERDUE_WINDOW_DAYS), yesterday);
  const recomputed = await sweepRag(deps.db, today);
  return { notified, recomputed };
}
