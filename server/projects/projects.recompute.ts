/**
 * A project's status, percentage and RAG from its tasks (server/projects/README.md, "Status,
 * percentage and RAG"). Run in the transaction of every task change, after the change, with the
 * project row already locked by the caller (`lockProject`), so two changes at once are counted one
 * after the other and the figures always count every committed task. The notification sweep runs it
 * too, since time alone makes tasks overdue.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { ProjectStatus, RagStatus } from '../../contract/projects';
import type { Tx } from '../db/database';
import { projects } from '../db/schema';
import { NotFound } from '../domain-errors';
import { serverMessages } from '../messages';
import { MANUAL_STATUSES, type ProjectFigures } from './projects.types';
import { todayUtc } from '../../contract/days';

export type { ProjectFigures } from './projects.types';

/** Days from `from` to `to` (both YYYY-MM-DD). */
const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** What decides the figures, besides the project row. */
export interface TaskCounts {
  total: number;
  done: number;
  overdue: number;
  overdueMilestones: number;
}

/** The computed colour: red, amber or green by the README's rule. */
export function computeRag(counts: TaskCounts, percentage: number, launchDate: string | null, today: string): RagStatus {
  if (counts.overdueMilestones > 0 || counts.overdue >= 3) return 'red';
  if (counts.overdue > 0) return 'amber';
  if (launchDate && daysBetween(today, launchDate) <= 14 && percentage < 75) return 'amber';
  return 'green';
}

/** The derived status, unless a manager's decision (archived, cancelled, on hold) holds. */
export function deriveStatus(current: ProjectStatus, counts: TaskCounts, started: boolean): ProjectStatus {
  if (MANUAL_STATUSES.includes(current)) return current;
  if (counts.total > 0 && counts.done === counts.total) return 'live';
  if (counts.done > 0 || started) return 'active';
  return 'pre-project';
}

/**
 * Recounts the project's tasks and stores its figures; the version moves on only when a figure
 * changed (so the sweep, which recomputes every few minutes, does not make managers' open forms
 * stale for nothing). `today` (YYYY-MM-DD, UTC) is for tests and the sweep.
 */
export async function recomputeProject(tx: Tx, projectId: number, today: string = todayUtc()): Promise<ProjectFigures> {
  // One statement: the row, whether it has started, and its task counts.
  const [row] = await tx
    .select({
      status: projects.status,
      rag: projects.rag,
      ragManual: projects.ragManual,
      launchDate: projects.launchDate,
      wentLiveAt: projects.wentLiveAt,
      completePercentage: projects.completePercentage,
      tasksDone: projects.tasksDone,
      tasksTotal: projects.tasksTotal,
      version: projects.version,
      // Qualified by hand: in a one-table select Drizzle leaves column names bare.
      // The config is complete (every required stage submitted), or the agreement is signed.
      started: sql<boolean>`(EXISTS (SELECT 1 FROM configs c WHERE c.id = projects.config_id AND c.progress >= 100)
        OR EXISTS (SELECT 1 FROM agreements a WHERE a.id = projects.agreement_id AND a.stage = 'signed'))`,
      counts: sql<TaskCounts>`(SELECT json_build_object(
          'total', count(*),
          'done', count(*) FILTER (WHERE s.is_done),
          'overdue', count(*) FILTER (WHERE NOT s.is_done AND pt.due_date < ${today}::date),
          'overdueMilestones', count(*) FILTER (WHERE NOT s.is_done AND pt.milestone AND pt.due_date < ${today}::date))
        FROM project_tasks pt INNER JOIN task_stages s ON s.id = pt.stage_id WHERE pt.project_id = projects.id)`,
    })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!row) throw new NotFound(serverMessages.not_found);
  const c = row.counts;
  const counts: TaskCounts = { total: Number(c?.total ?? 0), done: Number(c?.done ?? 0), overdue: Number(c?.overdue ?? 0), overdueMilestones: Number(c?.overdueMilestones ?? 0) };

  const percentage = counts.total === 0 ? 0 : Math.round((100 * counts.done) / counts.total);
  const status = deriveStatus(row.status, counts, Boolean(row.started));
  // `rag` is the colour shown (and filtered and sorted by): a manager's rag_manual overrides the computed one.
  const rag = row.ragManual ?? computeRag(counts, percentage, row.launchDate, today);
  const changed =
    status !== row.status || rag !== row.rag || percentage !== row.completePercentage || counts.done !== row.tasksDone || counts.total !== row.tasksTotal || (status === 'live' && !row.wentLiveAt);
  let version = row.version;
  if (changed) {
    const [updated] = await tx
      .update(projects)
      .set({
        status,
        rag,
        completePercentage: percentage,
        tasksDone: counts.done,
        tasksTotal: counts.total,
        version: sql`${projects.version} + 1`,
        updatedAt: new Date(),
        ...(status === 'live' && !row.wentLiveAt ? { wentLiveAt: new Date() } : {}),
      })
      .where(and(eq(projects.id, projectId)))
      .returning({ version: projects.version });
    version = updated?.version ?? version + 1;
  }
  return { id: projectId, status, rag, complete_percentage: percentage, tasks_done: counts.done, tasks_total: counts.total, version };
}
