// JSON Schemas of the /adminconfigs routes (input checks, response serialisation, OpenAPI). The
// answers are contract/adminconfigs.ts's, which the app reads too.
import { archivedAnswer, internalPageLayout, LAYOUT_LIMITS, layoutApplied, PAGE_TEMPLATES } from '../../contract/adminconfigs';
import { namesInput } from '../http/local-names';
import { idOrGuid, listQueryWith, noOthers } from '../http/schemas';

export { archivedAnswer, internalPageLayout, layoutApplied };

export const params = { type: 'object', required: ['id'], properties: { id: idOrGuid } } as const;
export const configParams = { type: 'object', required: ['companyId', 'configId'], properties: { companyId: idOrGuid, configId: idOrGuid } } as const;

const page = {
  type: 'object',
  required: ['name'],
  properties: {
    /** Kept when sent (so a config's pages keep theirs); a page without one gets one. */
    id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,40}$' },
    name: { type: 'string', maxLength: LAYOUT_LIMITS.name },
    template: { type: 'string', enum: [...PAGE_TEMPLATES] },
    sections: { type: 'array', maxItems: LAYOUT_LIMITS.sections, items: { type: 'string', maxLength: LAYOUT_LIMITS.section } },
    notes: { type: ['string', 'null'], maxLength: LAYOUT_LIMITS.notes },
    names: namesInput,
  },
  additionalProperties: noOthers,
} as const;

export const layoutBody = {
  type: 'object',
  properties: {
    name: { type: 'string', maxLength: LAYOUT_LIMITS.name },
    names: namesInput,
    pages: { type: 'array', maxItems: LAYOUT_LIMITS.pages, items: page },
  },
  additionalProperties: noOthers,
} as const;
export const layoutCreateBody = { ...layoutBody, required: ['name'] } as const;

export const sortBody = { type: 'object', required: ['to'], properties: { to: { type: 'integer' } }, additionalProperties: noOthers } as const;

const layoutKey = { type: ['integer', 'string'], maxLength: 64 } as const;
/** The layout to apply: `id` (its id or guid), or `layout_id` as the same. */
export const applyBody = { type: 'object', properties: { id: layoutKey, layout_id: layoutKey }, additionalProperties: noOthers } as const;

/** filter {q, id, archived}: the active layouts unless `archived` is true (only the archived) or 'all'. */
export const listQuery = listQueryWith({});
