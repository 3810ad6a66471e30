/**
 * The projects views (issue 29, server/projects/README.md "Views and the overview"): the named
 * filters of `GET /projects` (`filter.view`) and the answer of `GET /projects/overview`, the
 * projects dashboard's one read.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { PROJECT_STATUSES, RAG_STATUSES } from './projects';
import { id, nullableString, text } from './schema-parts';

/**
 * The named views: `in-build` (active, launch date unset or more than 30 days away), `launching`
 * (active, launch within 30 days or already late), `reviews` (live, gone live in the last 90 days),
 * `at-risk` (open: active, on hold or pre-project; red or amber or an overdue open task), `mine`
 * (the viewer is the project or account manager).
 */
export const PROJECT_VIEWS = ['in-build', 'launching', 'reviews', 'at-risk', 'mine'] as const;
export type ProjectView = (typeof PROJECT_VIEWS)[number];

/** The statuses of a project still in progress (the overview's RAG counts, at risk, launches due). */
export const OPEN_PROJECT_STATUSES = ['active', 'on hold', 'pre-project'] as const;

/** Days ahead a launch counts as `launching` rather than `in-build`. */
export const LAUNCHING_WITHIN_DAYS = 30;
/** Days after going live a project is in its post-launch review. */
export const REVIEW_DAYS = 90;

const count = { type: 'integer' } as const;
const counts = <K extends readonly string[]>(keys: K) =>
  ({ type: 'object', required: keys, properties: Object.fromEntries(keys.map((k) => [k, count])) as { [P in K[number]]: typeof count }, additionalProperties: false }) as const;

/** A project as the overview lists it (launches due, at risk). */
export const overviewProject = {
  type: 'object',
  required: ['id', 'name', 'company_name', 'status', 'rag', 'complete_percentage', 'launch_date', 'overdue_tasks', 'project_manager'],
  properties: {
    id,
    name: text,
    company_name: text,
    status: { type: 'string', enum: PROJECT_STATUSES },
    rag: { type: 'string', enum: RAG_STATUSES },
    complete_percentage: count,
    launch_date: nullableString,
    overdue_tasks: count,
    project_manager: { type: ['object', 'null'], required: ['id', 'name'], properties: { id, name: text }, additionalProperties: false },
  },
  additionalProperties: false,
} as const;
export type OverviewProject = FromSchema<typeof overviewProject>;

const rows = { type: 'array', items: overviewProject } as const;

/** `GET /projects/overview`. */
export const projectsOverview = {
  type: 'object',
  required: ['by_status', 'by_rag', 'views', 'due_this_month', 'due_next_month', 'due_this_month_total', 'due_next_month_total', 'at_risk', 'today'],
  properties: {
    /** Every project the viewer may see, by status. */
    by_status: counts(PROJECT_STATUSES),
    /** Open projects (active, on hold, pre-project) by RAG. */
    by_rag: counts(RAG_STATUSES),
    /** How many projects each named view lists. */
    views: counts(PROJECT_VIEWS),
    /** Open projects whose launch date falls in this calendar month (UTC), by launch date: the first 50. */
    due_this_month: rows,
    due_next_month: rows,
    due_this_month_total: count,
    due_next_month_total: count,
    /** The first ten of the at-risk view: red first, then most overdue tasks, then nearest launch. */
    at_risk: rows,
    /** The day (UTC, YYYY-MM-DD) the answer was computed for. */
    today: text,
  },
  additionalProperties: false,
} as const;
export type ProjectsOverview = FromSchema<typeof projectsOverview>;
