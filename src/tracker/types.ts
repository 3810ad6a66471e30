import type { ProjectStatus, ProjectType, RagStatus, VariationType } from '../../contract/projects';
import type { RiskSeverity, RiskState, TaskTrigger, VariationStatus } from '../../contract/tracker';
import type {
  DealerProject,
  ProjectContact,
  ProjectDetail,
  ProjectFiguresAnswer,
  ProjectListItem,
  ProjectTask,
  ProjectTaskAnswer,
  ProjectTaskGroup,
} from '../../contract/tracker';
import type { NotificationsPage, NotificationsRead, ProjectNote, ProjectRisk, Stakeholder, UserNotification, Variation } from '../../contract/variations';
import type { TaskStage, TaskType } from '../../contract/tasks';

/**
 * The tracker API's answers: the contract's types (contract/tracker.ts, contract/variations.ts,
 * contract/tasks.ts), derived from the JSON Schemas the server serialises with, under the names
 * the screens use; and the bodies the screens send (server/projects/README.md).
 */
export type { ProjectStatus, ProjectType, RagStatus, RiskSeverity, RiskState, TaskTrigger, VariationStatus, VariationType };
export type { DealerProject, NotificationsPage, NotificationsRead, ProjectContact, ProjectDetail, ProjectListItem, ProjectNote, ProjectRisk, ProjectTask, ProjectTaskGroup, Stakeholder, TaskStage, TaskType, Variation };
export type ProjectFigures = ProjectFiguresAnswer;
export type TaskWriteAnswer = ProjectTaskAnswer;
export type TrackerNotification = UserNotification;
export type UserRef = { id: number; name: string };
/** One of a project's next tasks due (summary) or milestones (the dealer's card). */
export type NextDueTask = ProjectDetail['next_due'][number] & { milestone?: boolean; overdue?: boolean };
/** A variation write's answer: the variation and the spec's words. */
export type VariationAnswer = { variation: Variation; message: string };

export interface VariationInput {
  type: VariationType;
  title: string;
  description?: string | null;
  total_effort: number;
  cost_impact: number;
  foc_cost: number;
}

export interface StakeholderInput {
  user_id?: number;
  name?: string;
  email?: string;
  telephone?: string;
  position?: string;
  organisation?: string;
  role?: string;
}

export interface ProjectInput {
  company_id?: number;
  name?: string | null;
  project_type?: ProjectType;
  status?: ProjectStatus;
  rag_manual?: RagStatus | null;
  config_id?: number | null;
  agreement_id?: number | null;
  project_manager_id?: number | null;
  account_manager_id?: number | null;
  start_date?: string | null;
  launch_date?: string | null;
  meta?: Record<string, string>;
  version?: number;
}

export interface TaskChanges {
  stage_id?: number;
  position?: number;
  assignee_id?: number | null;
  due_date?: string | null;
  name?: string;
  description?: string | null;
  milestone?: boolean;
  project_task_type_id?: number;
}

export interface CustomTaskInput {
  name: string;
  project_task_type_id: number;
  stage_id?: number;
  due_date?: string | null;
  assignee_id?: number | null;
  description?: string | null;
  milestone?: boolean;
}
