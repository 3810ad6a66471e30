// Response and body shapes shared by several routes (JSON Schema; also the OpenAPI document).
import { localNames } from '../../contract/names';
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
 * area's service tells which it is (`parseKey` of http/ids.ts); anything else is simply not found (404), never a 400.
 */
export const idOrGuid = { type: 'string', minLength: 1, maxLength: 64 } as const;

/** A guid as a JSON Schema pattern, and a database id's bounds: the one reading of ids is http/ids.ts. */
export { dbId, GUID_PATTERN } from './ids';

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

/** A list's plain search text (`?q=`), beside or instead of simple-rest's filter. */
export const searchText = { type: 'string', maxLength: 100 } as const;

/**
 * A list route's query: ra-data-simple-rest's, the plain search `q`, and the area's own plain
 * parameters (the spec's company search, the product term filters); anything else is a 400.
 */
export function listQueryWith<const P extends Record<string, object>>(own: P) {
  return { type: 'object', properties: { ...simpleRestProperties, q: searchText, ...own }, additionalProperties: noOthers } as const;
}

/** The OpenAPI description of a route: its tag (the area, as the docs group it), summary, and the bearer token it takes. */
export const routeDoc = (tag: string) => (summary: string) => ({ tags: [tag], summary, security: [{ bearer: [] }] });

/** The typed path of a route that takes an id or guid (`/companies/:id`, `/posts/:id` ...). */
export type IdParams = { Params: { id: string } };

/** A list's answer: an array of the area's items. */
export const listOf = <const T extends object>(item: T) => ({ type: 'array', items: item }) as const;

/**
 * A record's meta entries in a write (spec section 3 "Generic meta entries"): at most 50, each a
 * key of letters, digits and `_.-` and a value of the area's own schema.
 */
export const metaInput = <const V extends object>(metaValue: V) =>
  ({
    type: ['array', 'null'],
    maxItems: 50,
    items: {
      type: 'object',
      required: ['meta_key'],
      properties: { meta_key: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' }, meta_value: metaValue },
      additionalProperties: noOthers,
    },
  }) as const;

/**
 * A write body that takes the area's fields flat (react-admin's body) or wrapped as `{<name>: {...}}`
 * (the spec's body), with `extra` beside them; unknown fields are 400s.
 */
export const flatOrWrapped = <const N extends string, const F extends object, const E extends object = Record<never, never>>(name: N, fields: F, extra?: E) =>
  ({
    type: 'object',
    properties: { [name]: { type: 'object', properties: fields, additionalProperties: noOthers }, ...fields, ...(extra ?? {}) } as { [K in N]: { type: 'object'; properties: F; additionalProperties: typeof noOthers } } & F & E,
    additionalProperties: noOthers,
  }) as const;

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
          term: {
            type: 'object',
            required: ['id', 'name', 'names'],
            properties: { id: { type: 'integer' }, name: { type: 'string' }, names: localNames, slug: { type: 'string' } },
          },
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
