// JSON Schemas of the companies routes (input checks, response serialisation, OpenAPI).
import { COMPANY_STAGES, COMPANY_STATUSES, COMPANY_TAXONOMIES } from './companies.fields';
import { dbId } from '../http/ids';
import { companySchema, idOrGuid, listQueryWith, metaInput, noOthers, nullableString, searchText } from '../http/schemas';

const id = { type: 'integer' } as const;
/** A path id: numeric id or guid (anything else is simply not found; http/schemas.ts). */
const key = idOrGuid;
const text = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;
const lines = {
  type: ['object', 'null'],
  properties: { line1: text(150), line2: text(150), line3: text(150) },
  additionalProperties: noOthers,
} as const;
const termIds = { type: ['array', 'null'], maxItems: 50, uniqueItems: true, items: dbId } as const;

export const params = {
  company: { type: 'object', required: ['id'], properties: { id: key } },
  companyUser: {
    type: 'object',
    required: ['id', 'userId'],
    properties: { id: key, userId: dbId },
  },
} as const;

/**
 * ra-data-simple-rest (`sort`, `range`, `filter` as JSON) and the spec's company search as plain
 * parameters (`q` or `name`, `status`, `stage`, `page`, `perPage`).
 */
export const listQuery = listQueryWith({
  name: searchText,
  status: { type: 'string', enum: [...COMPANY_STATUSES] },
  stage: { type: 'string', enum: [...COMPANY_STAGES] },
  page: { type: 'integer', minimum: 1, maximum: 1_000_000 },
  perPage: { type: 'integer', minimum: 1, maximum: 100 },
});

/**
 * A company write (POST whole, PUT any part). A missing or blank name is the spec's required message
 * (checked in the service, so it can say "The name field must be filled in"); wrong types, unknown
 * fields and oversized values are 400s here, before anything is written.
 */
export const companyBody = {
  type: 'object',
  properties: {
    name: text(150),
    lang: { type: ['string', 'null'], pattern: '^[a-z]{2}$' },
    stage: { type: ['string', 'null'], enum: [...COMPANY_STAGES, null] },
    status: { type: ['string', 'null'], enum: [...COMPANY_STATUSES, null] },
    contact_name: text(150),
    contact_number: text(50),
    fsa_number: text(50),
    reg_number: text(50),
    vat_number: text(50),
    website_address: text(255),
    address: lines,
    reg_address: lines,
    // A number or null is the shape (anything else is a 400, as for every field); companies.write.ts
    // refuses a number that is not a whole 1..90 with the spec's words in a 422 on the field.
    reminder_days: {
      type: ['number', 'null'],
      description: "Remind the company's users of stages untouched for this many days (1 to 90); null: no reminders. A new company without it gets 7.",
    },
    meta: metaInput(text(2000)),
    terms: {
      type: ['object', 'null'],
      properties: Object.fromEntries(COMPANY_TAXONOMIES.map((t) => [t, termIds])),
      additionalProperties: noOthers,
    },
  },
  additionalProperties: noOthers,
} as const;

/** The company's logo from the media library (meta `logo`), or null. */
const logoOut = { type: ['object', 'null'], properties: { guid: { type: 'string' }, url: { type: 'string' }, thumbnail_url: { type: 'string' } } } as const;

/** Reminders of untouched stages after this many days, or null: off (issue 55). */
const reminderDaysOut = { type: ['integer', 'null'] } as const;

const termsOut = { type: 'object', properties: Object.fromEntries(COMPANY_TAXONOMIES.map((t) => [t, { type: 'array', items: id }])) } as const;

/** GET /companies/{id} and every write's answer: the company, its term ids by taxonomy, and the growl text. */
export const companyDetail = {
  type: 'object',
  properties: {
    ...companySchema.properties,
    terms: termsOut,
    logo: logoOut,
    reminder_days: reminderDaysOut,
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
    message: { type: 'string' },
  },
} as const;

/** One row of the list: what the table shows and filters on. */
export const companySummary = {
  type: 'object',
  properties: {
    id, guid: { type: 'string' }, name: { type: 'string' }, lang: { type: 'string' }, stage: { type: 'string' }, status: { type: 'string' },
    contact_name: nullableString, contact_number: nullableString, website_address: nullableString,
    address: companySchema.properties.address,
    taxonomies: companySchema.properties.taxonomies,
    terms: termsOut,
    users_count: id,
    logo: logoOut,
    reminder_days: reminderDaysOut,
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
  },
} as const;

export const deleteResponse = { type: 'object', properties: { id, guid: { type: 'string' }, name: { type: 'string' } } } as const;
