/**
 * The answers of a project's variations, stakeholders, notes and risks, and of the in-app
 * notifications (issue 28; server/projects/README.md): JSON Schema for the server's serialiser and
 * the types derived from them for the app. Amounts are decimals in major units of `currency` (the
 * project company's region currency, contract/money.ts); effort is hours; times are ISO strings.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { CURRENCIES } from './money';
import { VARIATION_TYPES } from './projects';
import { NOTIFICATION_EVENTS, RISK_SEVERITIES, RISK_STATES, VARIATION_STATUSES } from './tracker';
import { id, nullableId, nullableString, text } from './schema-parts';

/** A person named on a record: {id, name}, or null when none (or since deleted). */
const person = { type: ['object', 'null'], required: ['id', 'name'], properties: { id, name: text }, additionalProperties: false } as const;

/** A variation (`GET /variations`, `GET /projects/{id}/variations`, and every variation write). */
export const variation = {
  type: 'object',
  required: [
    'id', 'project', 'type', 'title', 'description', 'total_effort', 'cost_impact', 'foc_cost', 'currency', 'status', 'raised_by', 'decided_by',
    'decided_at', 'decision_note', 'revision', 'created_at', 'updated_at',
  ],
  properties: {
    id,
    project: {
      type: 'object',
      required: ['id', 'name', 'company_id', 'company_name'],
      properties: { id, name: text, company_id: id, company_name: text },
      additionalProperties: false,
    },
    type: { type: 'string', enum: VARIATION_TYPES },
    title: text,
    description: nullableString,
    total_effort: { type: 'number' },
    cost_impact: { type: 'number' },
    foc_cost: { type: 'number' },
    currency: { type: 'string', enum: CURRENCIES },
    status: { type: 'string', enum: VARIATION_STATUSES },
    raised_by: person,
    decided_by: person,
    decided_at: nullableString,
    decision_note: nullableString,
    /** Moves on with every change; a decision names the revision (and foc_cost) it read. */
    revision: id,
    created_at: text,
    updated_at: text,
  },
  additionalProperties: false,
} as const;

/** A variation write's answer: the variation and the spec's words ('Variation Created' ...). */
export const variationAnswer = {
  type: 'object',
  required: ['variation', 'message'],
  properties: { variation, message: text },
  additionalProperties: false,
} as const;

/** A project's stakeholder: a portal user (`user_id`, their own name and email) or an outside contact. */
export const stakeholder = {
  type: 'object',
  required: ['id', 'project_id', 'user_id', 'name', 'email', 'telephone', 'position', 'organisation', 'role', 'created_at'],
  properties: {
    id,
    project_id: id,
    user_id: nullableId,
    name: text,
    email: nullableString,
    telephone: nullableString,
    position: nullableString,
    organisation: nullableString,
    role: nullableString,
    created_at: text,
  },
  additionalProperties: false,
} as const;

export const stakeholderAnswer = {
  type: 'object',
  required: ['stakeholder', 'message'],
  properties: { stakeholder, message: text },
  additionalProperties: false,
} as const;

/** A project's internal note (staff only). `editable`: the viewer may change or delete it. */
export const projectNote = {
  type: 'object',
  required: ['id', 'project_id', 'body', 'author', 'editable', 'created_at', 'updated_at'],
  properties: { id, project_id: id, body: text, author: person, editable: { type: 'boolean' }, created_at: text, updated_at: text },
  additionalProperties: false,
} as const;

export const projectNoteAnswer = {
  type: 'object',
  required: ['note', 'message'],
  properties: { note: projectNote, message: text },
  additionalProperties: false,
} as const;

/** A risk of a project's register (staff only). */
export const projectRisk = {
  type: 'object',
  required: ['id', 'project_id', 'title', 'description', 'severity', 'state', 'owner', 'created_at', 'updated_at'],
  properties: {
    id,
    project_id: id,
    title: text,
    description: nullableString,
    severity: { type: 'string', enum: RISK_SEVERITIES },
    state: { type: 'string', enum: RISK_STATES },
    owner: person,
    created_at: text,
    updated_at: text,
  },
  additionalProperties: false,
} as const;

export const projectRiskAnswer = {
  type: 'object',
  required: ['risk', 'message'],
  properties: { risk: projectRisk, message: text },
  additionalProperties: false,
} as const;

/** One entry of the viewer's in-app notifications. */
export const userNotification = {
  type: 'object',
  required: ['id', 'event', 'title', 'body', 'link', 'project_id', 'created_at', 'read_at'],
  properties: {
    id,
    event: { type: 'string', enum: NOTIFICATION_EVENTS },
    title: text,
    body: text,
    /** The app path it leads to, e.g. /tracker/12/profile. */
    link: nullableString,
    project_id: nullableId,
    created_at: text,
    read_at: nullableString,
  },
  additionalProperties: false,
} as const;

/** `GET /notifications`: a page of the viewer's notifications, newest first, and how many are unread. */
export const notificationsPage = {
  type: 'object',
  required: ['data', 'total', 'unread'],
  properties: { data: { type: 'array', items: userNotification }, total: { type: 'integer' }, unread: { type: 'integer' } },
  additionalProperties: false,
} as const;

/** `POST /notifications/{id}/read` and `POST /notifications/read`: what is unread now. */
export const notificationsRead = {
  type: 'object',
  required: ['unread', 'message'],
  properties: { unread: { type: 'integer' }, message: text },
  additionalProperties: false,
} as const;

export type Variation = FromSchema<typeof variation>;
export type VariationAnswer = FromSchema<typeof variationAnswer>;
export type Stakeholder = FromSchema<typeof stakeholder>;
export type StakeholderAnswer = FromSchema<typeof stakeholderAnswer>;
export type ProjectNote = FromSchema<typeof projectNote>;
export type ProjectNoteAnswer = FromSchema<typeof projectNoteAnswer>;
export type ProjectRisk = FromSchema<typeof projectRisk>;
export type ProjectRiskAnswer = FromSchema<typeof projectRiskAnswer>;
export type UserNotification = FromSchema<typeof userNotification>;
export type NotificationsPage = FromSchema<typeof notificationsPage>;
export type NotificationsRead = FromSchema<typeof notificationsRead>;
