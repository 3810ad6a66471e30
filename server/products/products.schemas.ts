// JSON Schemas of the products routes (input checks, response serialisation, OpenAPI).
import { PRODUCT_COST_TYPES } from './products.fields';
import { CURRENCIES } from '../../contract/money';
import { localNames } from '../../contract/names';
import { dbId, MAX_ID, nullableDbId } from '../http/ids';
import { flatOrWrapped, idOrGuid, listQueryWith, noOthers } from '../http/schemas';

const id = { type: 'integer' } as const;
/** A path id: numeric id or guid (anything else is simply not found; http/schemas.ts). */
const key = idOrGuid;
const text = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;
/** Money: numeric(12,2) in the table, never negative. */
const money = { type: ['number', 'null'], minimum: 0, maximum: 9_999_999_999 } as const;
const count = { type: ['integer', 'null'], minimum: 0, maximum: MAX_ID } as const;
const flag = { type: ['boolean', 'null'] } as const;
const productId = dbId;

/** Term ids: a list (`[7, 1]`) or by taxonomy (`{region: [7], type: [1]}`). */
const termIds = { type: ['array', 'null'], maxItems: 50, uniqueItems: true, items: productId } as const;
const termsIn = {
  type: ['array', 'object', 'null'],
  maxItems: 50,
  uniqueItems: true,
  items: productId,
  properties: { region: termIds, type: termIds },
  additionalProperties: noOthers,
} as const;

export const params = {
  product: { type: 'object', required: ['id'], properties: { id: key } },
} as const;

/** The writable fields of spec section 3 (order_column moves only through sort and swap). */
const productFields = {
  name: text(150),
  description: text(5000),
  cost: money,
  cost_type: { type: ['string', 'null'], enum: [...PRODUCT_COST_TYPES, null] },
  cost_notes: text(500),
  discount: { type: ['number', 'null'], minimum: 0, maximum: 100 },
  addition: flag,
  conditions: text(5000),
  editable: flag,
  location_limit: count,
  stock_limit: count,
  per_stock: flag,
  cost_per_stock: money,
  per_location: flag,
  per_franchise: flag,
  fixed_setup_fee: money,
  stages: { type: ['array', 'null'], maxItems: 100, uniqueItems: true, items: { type: 'string', pattern: '^[a-z0-9-]{1,64}$' } },
  /** Comma-separated ids as the spec carries them ("3,7"), or a list of ids. */
  children: { type: ['string', 'array', 'null'], maxLength: 2000, pattern: '^(\\d{1,10}(,\\d{1,10})*)?$', maxItems: 200, uniqueItems: true, items: productId },
  parent: nullableDbId,
  add_by_default_in_agreement: flag,
} as const;

/**
 * POST /products and PUT /products/{guid}: the spec's `{product, terms}`, or the same fields flat
 * (react-admin's body) with `terms` beside them. Wrong types, out-of-range numbers, unknown pricing
 * types and unknown fields are 400s here, before anything is written.
 */
export const productBody = flatOrWrapped('product', productFields, { terms: termsIn });

/** ra-data-simple-rest (`sort`, `range`, `filter`) and the spec's plain term filters (`region`, `type`: ids or slugs). */
export const listQuery = listQueryWith({
  region: { type: 'array', maxItems: 50, items: { type: 'string', pattern: '^[A-Za-z0-9-]{1,64}$' } },
  type: { type: 'array', maxItems: 50, items: { type: 'string', pattern: '^[A-Za-z0-9-]{1,64}$' } },
  /** The spec's `include` (terms are always included). */
  include: { type: 'string', maxLength: 100 },
});

export const sortBody = {
  type: 'object',
  required: ['to'],
  properties: { to: { type: 'integer' } },
  additionalProperties: noOthers,
} as const;

export const swapBody = {
  type: 'object',
  required: ['productId1', 'productId2'],
  properties: { productId1: productId, productId2: productId },
  additionalProperties: noOthers,
} as const;

const nullableString = { type: ['string', 'null'] } as const;
const nullableNumber = { type: ['number', 'null'] } as const;
const nullableInt = { type: ['integer', 'null'] } as const;

/** A product as every answer gives it: section 3's fields with their snake_case names. */
export const product = {
  type: 'object',
  properties: {
    id, guid: { type: 'string' }, name: { type: 'string' }, description: nullableString,
    cost: { type: 'number' }, currency: { type: 'string', enum: [...CURRENCIES] }, cost_type: { type: 'string' }, cost_notes: nullableString, discount: { type: 'number' },
    addition: { type: 'boolean' }, conditions: nullableString, editable: { type: 'boolean' },
    location_limit: nullableInt, stock_limit: nullableInt, per_stock: { type: 'boolean' }, cost_per_stock: nullableNumber,
    per_location: { type: 'boolean' }, per_franchise: { type: 'boolean' }, fixed_setup_fee: nullableNumber,
    stages: { type: 'array', items: { type: 'string' } },
    order_column: id,
    terms: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'names'],
        properties: { id, name: { type: 'string' }, names: localNames, slug: { type: 'string' }, taxonomy: { type: 'string' } },
      },
    },
    children: { type: 'string' },
    parent: nullableInt,
    add_by_default_in_agreement: { type: 'boolean' },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
    message: { type: 'string' },
  },
} as const;

export const deleteResponse = { type: 'object', properties: { id, guid: { type: 'string' }, name: { type: 'string' }, message: { type: 'string' } } } as const;
export const swapResponse = { type: 'array', items: product } as const;
