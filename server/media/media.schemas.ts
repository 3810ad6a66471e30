// JSON Schemas of the media routes (input checks, response serialisation, OpenAPI).
import { dbId, GUID_PATTERN } from '../http/ids';
import { idOrGuid, noOthers, simpleRestQuery } from '../http/schemas';
import { mediaItem } from '../../contract/media';

const id = { type: 'integer' } as const;

export const params = {
  /** DELETE /media/{id}: numeric id or guid (anything else is simply not found). */
  media: { type: 'object', required: ['id'], properties: { id: idOrGuid } },
  /** The file routes: a guid, nothing else reaches the database. */
  file: {
    type: 'object',
    required: ['guid'],
    properties: { guid: { type: 'string', pattern: GUID_PATTERN } },
  },
} as const;

/** GET /media: ra-data-simple-rest (`sort`, `range`, `filter` {q, mime, id, company_id, usable_by, logo} as JSON). */
export const listQuery = simpleRestQuery;

/** POST /media/page (spec section 7): useCache is the client's own flag, accepted and ignored. */
export const pageBody = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
    perPage: { type: 'integer', minimum: 1, maximum: 100, default: 30 },
    q: { type: 'string', maxLength: 100 },
    useCache: { type: 'boolean' },
  },
  additionalProperties: noOthers,
} as const;

/**
 * POST /media: the files are the multipart body; these two may come as query parameters or as
 * form fields. `purpose=logo` applies the spec's logo rule; `company_id` files the upload under a
 * company (staff: any or none; others: one of their own).
 */
export const uploadQuery = {
  type: 'object',
  properties: {
    purpose: { type: 'string', enum: ['logo'] },
    company_id: dbId,
  },
  additionalProperties: noOthers,
} as const;

// One file as every answer lists it: the contract's shape (contract/media.ts), which the app reads too.
export { mediaItem };

export const pageResponse = {
  type: 'object',
  properties: {
    media: { type: 'object', properties: { results: { type: 'array', items: mediaItem } } },
    total: id,
    page: id,
    perPage: id,
  },
} as const;

export const uploadResponse = { type: 'object', properties: { message: { type: 'string' }, media: { type: 'array', items: mediaItem } } } as const;

export const deleteResponse = { type: 'object', properties: { id, guid: { type: 'string' }, filename: { type: 'string' }, message: { type: 'string' } } } as const;
