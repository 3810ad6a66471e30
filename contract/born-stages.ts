/**
 * A stage born in the editor (issue 56, server/catalogue/README.md "Born stages"):
 * POST /stage-catalogue's body, which the editor's New stage dialog sends and the server checks.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { LOCALES } from './locales';

/** The stage file meta-schema's slug (schemas/stage.meta.schema.json `definitions.slug`), at most 64 characters. */
export const STAGE_SLUG_PATTERN = '^[a-z][a-z0-9]*(-[a-z0-9]+)*$';
export const NEW_STAGE_LIMITS = { slug: 64, title: 200, order: 100000 } as const;

export const newStageBody = {
  type: 'object',
  required: ['slug', 'section', 'order', 'audience', 'required', 'title'],
  properties: {
    slug: { type: 'string', minLength: 1, maxLength: NEW_STAGE_LIMITS.slug, pattern: STAGE_SLUG_PATTERN },
    /** An i18n key of a section the shipped stages use (`configurator:sections.finance`). */
    section: { type: 'string', maxLength: 200 },
    /** Its place: stages are listed by it (the shipped ones use 0 to about 500). */
    order: { type: 'integer', minimum: 0, maximum: NEW_STAGE_LIMITS.order },
    audience: { type: 'string', enum: ['dealer', 'internal'] },
    required: { type: 'boolean' },
    /** The title per locale; English (en-GB) is required, the others fall back to it. */
    title: {
      type: 'object',
      propertyNames: { enum: [...LOCALES] },
      additionalProperties: { type: 'string', maxLength: NEW_STAGE_LIMITS.title },
    },
  },
  additionalProperties: false,
} as const;

export type NewStageBody = FromSchema<typeof newStageBody>;

/** POST /stage-catalogue's answer: the new stage's slug (its editor opens at it) and the message. */
export const newStageAnswer = {
  type: 'object',
  required: ['slug', 'message'],
  properties: { slug: { type: 'string' }, message: { type: 'string' } },
  additionalProperties: false,
} as const;

export type NewStageAnswer = FromSchema<typeof newStageAnswer>;
