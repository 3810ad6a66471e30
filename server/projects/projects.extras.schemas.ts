// JSON Schemas of the variations, stakeholders, notes, risks and notifications routes (input
// checks, response serialisation, OpenAPI). The answers are the contract's (contract/variations.ts);
// inputs are checked for shape and size here (400) and for meaning in the services (422).
import { VARIATION_TYPES } from '../../contract/projects';
import { RISK_SEVERITIES, RISK_STATES } from '../../contract/tracker';
import { projectNote, projectNoteAnswer, projectRisk, projectRiskAnswer, stakeholder, stakeholderAnswer, variation, variationAnswer, notificationsPage, notificationsRead } from '../../contract/variations';
import { dbId, nullableDbId } from '../http/ids';
import { idOrGuid, listOf, listQueryWith, noOthers } from '../http/schemas';

export { variationAnswer, stakeholderAnswer, projectNoteAnswer as noteAnswer, projectRiskAnswer as riskAnswer, notificationsPage, notificationsRead };
export const variationList = listOf(variation);
export const stakeholderList = listOf(stakeholder);
export const noteList = listOf(projectNote);
export const riskList = listOf(projectRisk);

const key = idOrGuid;
export const params = {
  project: { type: 'object', required: ['id'], properties: { id: key } },
  variation: { type: 'object', required: ['id', 'variationId'], properties: { id: key, variationId: key } },
  stakeholder: { type: 'object', required: ['id', 'stakeholderId'], properties: { id: key, stakeholderId: key } },
  note: { type: 'object', required: ['id', 'noteId'], properties: { id: key, noteId: key } },
  risk: { type: 'object', required: ['id', 'riskId'], properties: { id: key, riskId: key } },
  id: { type: 'object', required: ['id'], properties: { id: key } },
} as const;

export const variationListQuery = listQueryWith({
  status: { type: 'string', maxLength: 20 },
  type: { type: 'string', maxLength: 40 },
  project_id: dbId,
  awaiting: { type: 'string', maxLength: 10 },
});

const text = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;
/** Money in major units of the company's currency (numeric(12,2)); effort in hours (numeric(10,2)). */
const MAX_MONEY = 1_000_000_000;

export const variationBody = {
  type: 'object',
  required: ['type', 'title', 'total_effort', 'cost_impact', 'foc_cost'],
  properties: {
    type: { type: 'string', enum: VARIATION_TYPES },
    title: { type: 'string', maxLength: 200 },
    description: text(10_000),
    total_effort: { type: 'number', minimum: 0, maximum: 100_000 },
    // A saving is a negative cost impact.
    cost_impact: { type: 'number', minimum: -MAX_MONEY, maximum: MAX_MONEY },
    foc_cost: { type: 'number', minimum: 0, maximum: MAX_MONEY },
  },
  additionalProperties: noOthers,
} as const;

/**
 * POST /variations/{id}/decision: the decision names what it decides, the variation's `revision` and
 * its free-of-charge `amount` (foc_cost) as the approver read them (409 when either moved since).
 */
export const decisionBody = {
  type: 'object',
  required: ['decision', 'revision', 'amount'],
  properties: {
    decision: { type: 'string', enum: ['approved', 'rejected'] },
    note: text(2000),
    revision: { type: 'integer', minimum: 1, maximum: 2_147_483_647, description: "The variation's `revision` the approver read." },
    amount: { type: 'number', minimum: 0, maximum: MAX_MONEY, description: 'The free-of-charge amount (`foc_cost`, in the variation\'s currency) the approver was shown.' },
  },
  additionalProperties: noOthers,
} as const;

const contactFields = {
  name: text(200),
  email: text(254),
  telephone: text(50),
  position: text(200),
  organisation: text(200),
  role: text(200),
} as const;

/** POST /projects/{id}/stakeholders: {user_id} (a portal user) or an outside contact {name, email?, ...}. */
export const stakeholderCreateBody = {
  type: 'object',
  properties: { user_id: nullableDbId, ...contactFields },
  additionalProperties: noOthers,
} as const;

/** PUT: an outside contact's details; a user's only `role` (the rest is the user's own profile). */
export const stakeholderUpdateBody = {
  type: 'object',
  properties: contactFields,
  additionalProperties: noOthers,
} as const;

export const noteBody = {
  type: 'object',
  required: ['body'],
  properties: { body: { type: 'string', maxLength: 20_000 } },
  additionalProperties: noOthers,
} as const;

export const riskBody = {
  type: 'object',
  required: ['title'],
  properties: {
    title: { type: 'string', maxLength: 200 },
    description: text(10_000),
    severity: { type: 'string', enum: RISK_SEVERITIES },
    state: { type: 'string', enum: RISK_STATES },
    owner_id: nullableDbId,
  },
  additionalProperties: noOthers,
} as const;

/** PUT: the fields sent change, the others stay. */
export const riskUpdateBody = { ...riskBody, required: [] } as const;

export const notificationsQuery = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
    per_page: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
    unread: { type: 'boolean' },
  },
  additionalProperties: noOthers,
} as const;
