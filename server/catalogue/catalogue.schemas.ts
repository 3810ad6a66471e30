// JSON Schemas of the /stage-catalogue routes (input checks, response serialisation, OpenAPI). The
// answers are contract/catalogue.ts's, which the editor reads too.
import { CATALOGUE_LIMITS, catalogueRow, editableStage, published, stageDiff, stageDraft, stageVersion } from '../../contract/catalogue';
import { LOCALES } from '../../engine';
import { noOthers } from '../http/schemas';
import { newStageAnswer, newStageBody as newStageShape } from '../../contract/born-stages';

export { catalogueRow, editableStage, published, stageDiff, stageDraft, stageVersion };

const slug = { type: 'string', pattern: '^[a-z0-9-]{1,64}$' } as const;
const version = { type: 'integer', minimum: 1, maximum: 100000 } as const;
const revision = { type: 'integer', minimum: 0, maximum: 2147483647 } as const;
const note = { type: 'string', maxLength: CATALOGUE_LIMITS.note } as const;

export const params = { type: 'object', required: ['slug'], properties: { slug } } as const;
export const versionParams = { type: 'object', required: ['slug', 'version'], properties: { slug, version } } as const;
export const diffQuery = { type: 'object', required: ['from', 'to'], properties: { from: version, to: version }, additionalProperties: noOthers } as const;
export const revisionQuery = { type: 'object', required: ['revision'], properties: { revision }, additionalProperties: noOthers } as const;

/** Texts per locale: only the portal's locales, keys as i18n keys are written. */
const labels = {
  type: 'object',
  propertyNames: { enum: [...LOCALES] },
  additionalProperties: {
    type: 'object',
    maxProperties: CATALOGUE_LIMITS.labelsPerLocale,
    propertyNames: { pattern: '^[A-Za-z0-9_.-]+$', maxLength: CATALOGUE_LIMITS.labelKey },
    additionalProperties: { type: 'string', maxLength: CATALOGUE_LIMITS.labelText },
  },
} as const;

/** A draft is any JSON: a broken one is saved too, and comes back with its problems. */
export const draftBody = { type: 'object', required: ['file'], properties: { file: {}, labels, revision }, additionalProperties: noOthers } as const;
export const publishBody = { type: 'object', required: ['note', 'revision'], properties: { note, revision }, additionalProperties: noOthers } as const;
export const rollbackBody = { type: 'object', required: ['version', 'note'], properties: { version, note }, additionalProperties: noOthers } as const;
export const draftSaved = { ...stageDraft, required: [...stageDraft.required, 'message'], properties: { ...stageDraft.properties, message: { type: 'string' } } } as const;
export const messageAnswer = { type: 'object', required: ['message'], properties: { message: { type: 'string' } }, additionalProperties: false } as const;

export const upgradeQuery = { type: 'object', required: ['to'], properties: { to: version }, additionalProperties: noOthers } as const;
export const upgradeBody = {
  type: 'object',
  required: ['version', 'configs'],
  properties: { version, configs: { type: 'array', minItems: 1, maxItems: 1000, items: { type: 'integer', minimum: 1, maximum: 2147483647 } } },
  additionalProperties: noOthers,
} as const;
export const validatorParams = { type: 'object', required: ['file'], properties: { file: { type: 'string', maxLength: 64 } } } as const;
export { pinnedVersion, upgradeAnswer, upgradePlan } from '../../contract/catalogue';

export const checkBody = { type: 'object', required: ['file'], properties: { file: {}, labels }, additionalProperties: noOthers } as const;
export { checkAnswer } from '../../contract/catalogue';

/** POST /stage-catalogue: a stage born in the editor (issue 56, catalogue.born.ts). */
export const newStageBody = { ...newStageShape, additionalProperties: noOthers } as const;
export { newStageAnswer };
