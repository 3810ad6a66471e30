// JSON Schemas of the categories routes (input checks, response serialisation, OpenAPI).
import { localNames } from '../../contract/names';
import { dbId } from '../http/ids';
import { namesInput } from '../http/local-names';
import { noOthers, simpleRestQuery } from '../http/schemas';

const id = { type: 'integer' } as const;
const slug = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' } as const;

export const params = {
  taxonomy: { type: 'object', required: ['slug'], properties: { slug: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } } },
  term: {
    type: 'object',
    required: ['slug', 'id'],
    properties: { slug: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }, id: dbId },
  },
} as const;

/** ra-data-simple-rest: `sort`, `range`, `filter` as JSON text (parsed by server/http/simple-rest.ts). */
export const listQuery = simpleRestQuery;

/**
 * A term write: POST needs the name (a blank one is the spec's required message, from the service);
 * the slug is optional (made from the name), lower-case words joined by hyphens.
 */
export const termBody = (creating: boolean) =>
  ({
    type: 'object',
    ...(creating ? { required: ['name'] } : {}),
    properties: { name: { type: 'string', maxLength: 100 }, names: namesInput, slug },
    additionalProperties: noOthers,
  }) as const;

export const taxonomy = {
  type: 'object',
  properties: { id, name: { type: 'string' }, slug: { type: 'string' }, terms_count: id },
} as const;

/** A term; `names`: its name's words in other locales (contract/names.ts), `{}` when none. */
export const term = {
  type: 'object',
  required: ['id', 'name', 'names'],
  properties: {
    id, name: { type: 'string' }, names: localNames, slug: { type: 'string' },
    taxonomy: { type: 'object', properties: { id, name: { type: 'string' }, slug: { type: 'string' } } },
    companies_count: id,
    products_count: id,
    message: { type: 'string' },
  },
} as const;
