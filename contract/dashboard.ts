/**
 * The dashboards' answers (issue 29; server/dashboard/README.md): the staff's `GET /dashboard`
 * (one aggregate, each widget present only when the viewer's permissions allow it) and the company
 * dashboard's `GET /dashboard/companies/{id}` (one company's configs, agreements, projects, users and
 * recent changes, each section likewise). The server serialises with these schemas; the app reads
 * their types (src/dashboard/api.ts).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { AGREEMENT_STAGES } from './agreements';
import { PROJECT_STATUSES, RAG_STATUSES } from './projects';
import { localNames } from './names';
import { id, nullableString, text, texts } from './schema-parts';

const named = { type: 'object', required: ['id', 'name'], properties: { id, name: text }, additionalProperties: false } as const;
const nullableDate = nullableString;
const status = { type: 'string', enum: PROJECT_STATUSES } as const;
const rag = { type: 'string', enum: RAG_STATUSES } as const;
const percentage = { type: 'integer', minimum: 0, maximum: 100 } as const;

/** A project I manage (project or account manager). */
export const dashboardProject = {
  type: 'object',
  required: ['id', 'name', 'company', 'status', 'rag', 'complete_percentage', 'launch_date', 'overdue_tasks', 'my_role'],
  properties: {
    id,
    name: text,
    company: named,
    status,
    rag,
    complete_percentage: percentage,
    launch_date: nullableDate,
    overdue_tasks: { type: 'integer' },
    /** 'project_manager', 'account_manager' or 'both'. */
    my_role: { type: 'string', enum: ['project_manager', 'account_manager', 'both'] },
  },
  additionalProperties: false,
} as const;

/** A config with stages submitted and not yet reviewed. */
export const dashboardReview = {
  type: 'object',
  required: ['id', 'guid', 'name', 'company', 'stages', 'submitted_at'],
  properties: { id, guid: text, name: text, company: named, stages: texts, submitted_at: nullableString },
  additionalProperties: false,
} as const;

/** A variation waiting for my decision. */
export const dashboardApproval = {
  type: 'object',
  required: ['id', 'title', 'type', 'project', 'company', 'raised_by', 'created_at'],
  properties: { id, title: text, type: text, project: named, company: named, raised_by: nullableString, created_at: text },
  additionalProperties: false,
} as const;

/** An open task of my projects, or assigned to me, overdue or due within seven days. */
export const dashboardTask = {
  type: 'object',
  required: ['id', 'name', 'due_date', 'overdue', 'milestone', 'project', 'company', 'assignee'],
  properties: { id, name: text, due_date: text, overdue: { type: 'boolean' }, milestone: { type: 'boolean' }, project: named, company: named, assignee: nullableString },
  additionalProperties: false,
} as const;

/** A revision of a config's history. */
export const dashboardActivity = {
  type: 'object',
  required: ['id', 'config', 'company', 'user', 'action', 'stage', 'new_state', 'source', 'created_at'],
  properties: {
    id,
    config: { type: 'object', required: ['id', 'guid', 'name'], properties: { id, guid: text, name: text }, additionalProperties: false },
    company: named,
    user: nullableString,
    /** save | reset | restore | add_stage | remove_stage | import */
    action: text,
    stage: nullableString,
    new_state: nullableString,
    /** The file an import (or the restore of one) wrote from; null otherwise. */
    source: nullableString,
    created_at: text,
  },
  additionalProperties: false,
} as const;

const widget = <T extends object>(row: T) => ({ type: 'object', required: ['total', 'rows'], properties: { total: { type: 'integer' }, rows: { type: 'array', items: row } }, additionalProperties: false }) as const;

/** GET /dashboard: the staff's widgets; a widget the viewer may not see is absent. */
export const staffDashboard = {
  type: 'object',
  required: [],
  properties: {
    my_projects: widget(dashboardProject),
    review: widget(dashboardReview),
    approvals: widget(dashboardApproval),
    tasks_due: widget(dashboardTask),
    activity: widget(dashboardActivity),
  },
  additionalProperties: false,
} as const;

/** A config on the company dashboard. */
export const companyConfig = {
  type: 'object',
  required: ['id', 'guid', 'name', 'status', 'progress', 'submitted', 'updated_at'],
  properties: { id, guid: text, name: text, status: text, progress: percentage, submitted: { type: 'integer' }, updated_at: text },
  additionalProperties: false,
} as const;

/** An agreement on the company dashboard (archived ones are left out). */
export const companyAgreement = {
  type: 'object',
  required: ['id', 'name', 'stage', 'updated_at'],
  properties: { id, name: text, stage: { type: 'string', enum: AGREEMENT_STAGES }, updated_at: text },
  additionalProperties: false,
} as const;

/** A project on the company dashboard (no notes, risks or costs). */
export const companyProject = {
  type: 'object',
  required: ['id', 'name', 'status', 'rag', 'complete_percentage', 'launch_date', 'project_manager', 'account_manager', 'overdue_tasks', 'next_due'],
  properties: {
    id,
    name: text,
    status,
    rag,
    complete_percentage: percentage,
    launch_date: nullableDate,
    project_manager: nullableString,
    account_manager: nullableString,
    overdue_tasks: { type: 'integer' },
    next_due: {
      type: ['object', 'null'],
      required: ['id', 'name', 'names', 'due_date'],
      properties: { id, name: text, names: localNames, due_date: text },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
} as const;

/** A user of the company. */
export const companyUser = {
  type: 'object',
  required: ['id', 'name', 'email', 'primary', 'status'],
  properties: { id, name: text, email: text, primary: { type: 'boolean' }, status: text },
  additionalProperties: false,
} as const;

/** GET /dashboard/companies/{id}: one company on one page; a section the viewer may not see is absent. */
export const companyDashboard = {
  type: 'object',
  required: ['company'],
  properties: {
    company: {
      type: 'object',
      required: ['id', 'guid', 'name', 'stage', 'status'],
      properties: { id, guid: text, name: text, stage: text, status: text },
      additionalProperties: false,
    },
    configs: { type: 'array', items: companyConfig },
    agreements: { type: 'array', items: companyAgreement },
    projects: { type: 'array', items: companyProject },
    users: { type: 'array', items: companyUser },
    activity: { type: 'array', items: dashboardActivity },
  },
  additionalProperties: false,
} as const;

export type DashboardProject = FromSchema<typeof dashboardProject>;
export type DashboardReview = FromSchema<typeof dashboardReview>;
export type DashboardApproval = FromSchema<typeof dashboardApproval>;
export type DashboardTask = FromSchema<typeof dashboardTask>;
export type DashboardActivity = FromSchema<typeof dashboardActivity>;
export type StaffDashboard = FromSchema<typeof staffDashboard>;
export type CompanyConfig = FromSchema<typeof companyConfig>;
export type CompanyAgreement = FromSchema<typeof companyAgreement>;
export type CompanyProject = FromSchema<typeof companyProject>;
export type CompanyUser = FromSchema<typeof companyUser>;
export type CompanyDashboard = FromSchema<typeof companyDashboard>;
