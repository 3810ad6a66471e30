/**
 * Types the projects core's files share (server/projects/README.md), importing none of them.
 */
import type { ProjectStatus, RagStatus } from '../../contract/projects';

/**
 * A project's figures after a task change: what every task write answers beside the task, so the
 * board and the header show the same numbers the database holds.
 */
export interface ProjectFigures {
  id: number;
  status: ProjectStatus;
  rag: RagStatus;
  complete_percentage: number;
  tasks_done: number;
  tasks_total: number;
  version: number;
}

/** The statuses a manager sets and the recompute never changes (README, Status). */
export const MANUAL_STATUSES: readonly ProjectStatus[] = ['archived', 'cancelled', 'on hold'];
