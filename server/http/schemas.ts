// Response and body shapes shared by several routes (JSON Schema; also the OpenAPI document).
export const errorRef = { $ref: 'Error#' } as const;

export const tokenResponse = {
  type: 'object',
  required: ['access_token', 'expires_in'],
  properties: { access_token: { type: 'string' }, expires_in: { type: 'integer' } },
} as const;

export const messageResponse = { type: 'object', required: ['message'], properties: { message: { type: 'string' } } } as const;

/**
 * A path parameter that is a numeric id or a guid (`/companies/{id}`, `/configs/{id}`,
 * `/products/{id}`, `DELETE /media/{id}`): any text of 1-64 characters gets through, and the
 * area's service tells which it is; anything else is simply not found (404), never a 400.
 */
export const idOrGuid = { type: 'string', minLength: 1, maxLength: 64 } as const;

/** A guid (8-4-4-4-12 hex digits, either case) as a JSON Schema pattern: a path that takes a guid only. */
export const GUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** Error responses every route may give, by status. */
export const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, errorRef]));

/**
 * Unknown properties are refused (400 naming the field), not silently dropped: the app's
 * `removeAdditional` only strips where `additionalProperties` is `false`, so this says "no others".
 */
export const noOthers = { not: {} } as const;

/** ra-data-simple-rest's query: `sort`, `range` and `filter` as JSON text (parsed by server/http/simple-rest.ts). */
export const simpleRestProperties = {
  sort: { type: 'string', maxLength: 200 },
  range: { type: 'string', maxLength: 100 },
  filter: { type: 'string', maxLength: 10_000 },
} as const;

/** A list route's query that is ra-data-simple-rest's and nothing else. */
export const simpleRestQuery = { type: 'object', properties: simpleRestProperties, additionalProperties: noOthers } as const;

// Field types are loose on purpose: the shared engine rules give the spec's messages for bad values.
const loose = { type: ['string', 'null'] } as const;
export { loose as looseString };

export const nullableString = { type: ['string', 'null'] } as const;
const line = { type: 'object', properties: { line1: nullableString, line2: nullableString, line3: nullableString } } as const;

/** A company with meta, taxonomies.term and users (GET /users/current, GET /companies/{id}). */
export const companySchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' }, guid: { type: 'string' }, name: { type: 'string' }, lang: { type: 'string' },
    stage: { type: 'string' }, status: { type: 'string' },
    contact_name: nullableString, contact_number: nullableString, fsa_number: nullableString, reg_number: nullableString,
    vat_number: nullableString, website_address: nullableString, address: line, reg_address: line,
    meta: { type: 'array', items: { type: 'object', properties: { meta_key: { type: 'string' }, meta_value: nullableString } } },
    taxonomies: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer' }, taxonomy: { type: 'string' },
          term: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, slug: { type: 'string' } } },
        },
      },
    },
    users: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'integer' }, guid: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' }, primary: { type: 'boolean' } },
      },
    },
  },
} as const;
