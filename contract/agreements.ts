/** The agreement (order form) enumerations server, engine and app share (spec sections 3 and 4). */

import type { FromSchema } from 'json-schema-to-ts';
import { CURRENCIES } from './money';
import { PRODUCT_COST_TYPES } from './products';
import { DESIGN_TYPES } from './projects';
import { id, nullableId, nullableString, text, texts } from './schema-parts';

/**
 * Spec section 4: an agreement is `created`, then sent for signature, then signed (archiving is a
 * flag beside the stage, so an archived agreement keeps the stage it reached).
 */
export const AGREEMENT_STAGES = ['created', 'sent', 'signed'] as const;
export type AgreementStage = (typeof AGREEMENT_STAGES)[number];

/**
 * What an order form is for (the spec names the field `type`, not its values): a first order,
 * the renewal of a term that ends, or an amendment that adds products to a signed one.
 */
export const AGREEMENT_TYPES = ['new', 'renewal', 'amendment'] as const;
export type AgreementType = (typeof AGREEMENT_TYPES)[number];

// ---------------------------------------------------------------------------------------------
// The answers (issue 27): JSON Schema for the server's serialiser (server/agreements/
// agreements.schemas.ts) and the types derived from them for the app (src/agreements/). Amounts
// are decimals in major units, as the products API gives them; times are ISO strings.


const nullableNumber = { type: ['number', 'null'] } as const;
const nullableInteger = { type: ['integer', 'null'] } as const;

/** An address of company_details (spec section 3: line1-3 and postcode). */
export const agreementAddress = {
  type: 'object',
  required: ['line1', 'line2', 'line3', 'postcode'],
  properties: { line1: nullableString, line2: nullableString, line3: nullableString, postcode: nullableString },
  additionalProperties: false,
} as const;

/** Spec section 3, Agreement.company_details (engine/agreements CompanyDetails). */
export const agreementCompanyDetails = {
  type: 'object',
  required: [
    'logo_path', 'website_address', 'name', 'reg_number', 'contact_name', 'contact_number', 'contact_position', 'contact_email',
    'vat_number', 'fsa_number', 'ico_number', 'address', 'reg_address', 'franchises',
  ],
  properties: {
    logo_path: nullableString,
    website_address: nullableString,
    name: nullableString,
    reg_number: nullableString,
    contact_name: nullableString,
    contact_number: nullableString,
    contact_position: nullableString,
    contact_email: nullableString,
    vat_number: nullableString,
    fsa_number: nullableString,
    ico_number: nullableString,
    address: agreementAddress,
    reg_address: agreementAddress,
    franchises: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'locations'],
        properties: {
          name: text,
          locations: {
            type: 'object',
            required: ['sales', 'aftersales'],
            properties: { sales: texts, aftersales: texts },
            additionalProperties: false,
          },
        },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
} as const;

/** One chosen product of a subscription: another price (editable products only) and a discount in percent. */
export const agreementSubscriptionProduct = {
  type: 'object',
  required: ['product_id'],
  properties: { product_id: id, price: nullableNumber, discount: nullableNumber },
  additionalProperties: false,
} as const;

/**
 * Spec section 3, Agreement.subscription. `contractValue`, `monthlyContractValue` and `designCost`
 * are derived by the server (engine/agreements priceSubscription) on every write: what a client
 * sends in them is replaced.
 */
export const agreementSubscription = {
  type: 'object',
  required: [
    'term', 'totalDiscountPercentage', 'setUpDiscount', 'setUpPayment', 'paySetUpPayment', 'projectType', 'designType',
    'stockCount', 'products', 'contractValue', 'monthlyContractValue', 'designCost',
  ],
  properties: {
    term: { type: 'integer' },
    totalDiscountPercentage: { type: 'number' },
    setUpDiscount: { type: 'number' },
    setUpPayment: { type: 'number' },
    paySetUpPayment: { type: 'boolean' },
    projectType: nullableString,
    designType: { type: ['string', 'null'], enum: [...DESIGN_TYPES, null] },
    stockCount: { type: 'integer' },
    products: { type: 'array', items: agreementSubscriptionProduct },
    contractValue: { type: 'number' },
    monthlyContractValue: { type: 'number' },
    designCost: { type: 'number' },
  },
  additionalProperties: false,
} as const;

/** The reference an agreement is known by everywhere it is printed or listed. */
export const agreementReference = (id: number) => `A-${id}`;

/** Spec section 3, Envelope: an agreement sent for signature (locally or through DocuSign). */
export const agreementEnvelope = {
  type: 'object',
  required: ['id', 'recipient', 'document_filename', 'agreement_id', 'user_id', 'provider', 'status', 'created_at'],
  properties: {
    id,
    recipient: text,
    document_filename: text,
    agreement_id: id,
    user_id: nullableId,
    provider: { type: 'string', enum: ['local', 'docusign'] },
    status: text,
    created_at: text,
  },
  additionalProperties: false,
} as const;

/** The signature's audit facts the app shows (the signed PDF itself is `POST /dompdf/create/{id}`). */
export const agreementSignature = {
  type: 'object',
  required: ['signer_name', 'signer_position', 'signed_at', 'shown_sha256', 'signed_sha256', 'image'],
  // image: the drawn signature the PDF carries, as a PNG data URL (null for a typed one).
  properties: { signer_name: text, signer_position: nullableString, signed_at: text, shown_sha256: text, signed_sha256: text, image: nullableString },
  additionalProperties: false,
} as const;

/**
 * A product as the agreement prices it (engine/agreements CatalogueProduct), with the
 * configurator stage it belongs to as `category` (the form groups its picker by it; null: none).
 */
export const agreementCatalogueProduct = {
  type: 'object',
  required: [
    'id', 'name', 'cost', 'cost_type', 'discount', 'addition', 'editable', 'location_limit', 'stock_limit', 'per_stock',
    'cost_per_stock', 'per_location', 'per_franchise', 'fixed_setup_fee', 'children', 'parent', 'add_by_default_in_agreement',
    'order_column', 'category',
  ],
  properties: {
    id,
    name: text,
    cost: { type: 'number' },
    cost_type: { type: 'string', enum: PRODUCT_COST_TYPES },
    discount: { type: 'number' },
    addition: { type: 'boolean' },
    editable: { type: 'boolean' },
    location_limit: nullableInteger,
    stock_limit: nullableInteger,
    per_stock: { type: 'boolean' },
    cost_per_stock: nullableNumber,
    per_location: { type: 'boolean' },
    per_franchise: { type: 'boolean' },
    fixed_setup_fee: nullableNumber,
    children: nullableString,
    parent: nullableInteger,
    add_by_default_in_agreement: { type: 'boolean' },
    order_column: { type: 'integer' },
    category: nullableString,
  },
  additionalProperties: false,
} as const;

const listItemProperties = {
  id,
  guid: text,
  /** The order form's reference (`A-<id>`): the one the preview, the PDF, the list and the mails all print. */
  reference: text,
  name: text,
  type: { type: 'string', enum: AGREEMENT_TYPES },
  stage: { type: 'string', enum: AGREEMENT_STAGES },
  archived: { type: 'boolean' },
  company_id: id,
  company_guid: text,
  company_name: text,
  currency: { type: 'string', enum: CURRENCIES },
  lang: text,
  user_id: nullableId,
  salesperson: { type: ['object', 'null'], required: ['id', 'name'], properties: { id, name: text }, additionalProperties: false },
  contract_value: { type: 'number' },
  monthly_contract_value: { type: 'number' },
  created_at: text,
  updated_at: text,
  sent_at: nullableString,
  signed_at: nullableString,
  /** Issue 55: the signer is reminded this many days after sending (null: never). */
  remind_after_days: nullableInteger,
  /** After this time the agreement can no longer be signed and must be sent again (null: never). */
  expires_at: nullableString,
  /** Sent, not signed, and `expires_at` has passed: staff send it again. */
  expired: { type: 'boolean' },
} as const;
const listItemRequired = [
  'id', 'guid', 'reference', 'name', 'type', 'stage', 'archived', 'company_id', 'company_guid', 'company_name', 'currency', 'lang', 'user_id',
  'salesperson', 'contract_value', 'monthly_contract_value', 'created_at', 'updated_at', 'sent_at', 'signed_at', 'remind_after_days', 'expires_at', 'expired',
] as const;

/** A row of `GET /agreements` and `GET /companies/{id}/agreements`. */
export const agreementListItem = {
  type: 'object',
  required: listItemRequired,
  properties: listItemProperties,
  additionalProperties: false,
} as const;

/**
 * One agreement (`GET`/`PUT /companies/{guid}/agreements/{agreementGuid}`, `GET /agreements/{id}`,
 * and every write). `notes` are internal: a dealer's answer carries null. `pricing` is what the
 * form, the preview, the PDF and the server price with (engine/agreements priceSubscription):
 * the current catalogue of the company's region and type while `created`, the catalogue frozen at
 * sending once `sent` or `signed`. `document_sha256` is the SHA-256 of the unsigned PDF as it is
 * now (sent agreements only, null otherwise): the dealer's sign call sends it back, and a sign
 * whose hash no longer matches is refused (409), so nobody signs a document they were not shown.
 */
export const agreementDetail = {
  type: 'object',
  required: [
    ...listItemRequired, 'notes', 'message', 'company_details', 'subscription', 'envelopes', 'signature', 'pricing', 'document_sha256',
  ],
  properties: {
    ...listItemProperties,
    notes: nullableString,
    message: nullableString,
    company_details: agreementCompanyDetails,
    subscription: agreementSubscription,
    envelopes: { type: 'array', items: agreementEnvelope },
    signature: { ...agreementSignature, type: ['object', 'null'] },
    pricing: {
      type: 'object',
      required: ['catalogue', 'counts', 'currency'],
      properties: {
        catalogue: { type: 'array', items: agreementCatalogueProduct },
        counts: {
          type: 'object',
          required: ['locations', 'franchises'],
          properties: { locations: { type: 'integer' }, franchises: { type: 'integer' } },
          additionalProperties: false,
        },
        currency: { type: 'string', enum: CURRENCIES },
      },
      additionalProperties: false,
    },
    document_sha256: nullableString,
  },
  additionalProperties: false,
} as const;

/**
 * `POST /mail/{id}`: the spec's mail result (section 3): `email_id`, the outbox row the welcome mail
 * was written to; `status`, sent or failure; `failures`, "address: reason" for each address that did
 * not get it; and section 7's `sent` (status is 'sent').
 */
export const agreementMailAnswer = {
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'object',
      required: ['email_id', 'status', 'sent', 'failures'],
      properties: {
        email_id: { type: 'integer', description: 'The id of the mail_outbox row the mail was written to.' },
        status: { type: 'string', enum: ['sent', 'failure'] },
        sent: { type: 'boolean' },
        failures: texts,
      },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
} as const;

export type AgreementAddress = FromSchema<typeof agreementAddress>;
export type AgreementCompanyDetails = FromSchema<typeof agreementCompanyDetails>;
export type AgreementSubscription = FromSchema<typeof agreementSubscription>;
export type AgreementEnvelope = FromSchema<typeof agreementEnvelope>;
export type AgreementSignature = FromSchema<typeof agreementSignature>;
export type AgreementCatalogueProduct = FromSchema<typeof agreementCatalogueProduct>;
export type AgreementListItem = FromSchema<typeof agreementListItem>;
export type AgreementDetail = FromSchema<typeof agreementDetail>;
export type AgreementMailAnswer = FromSchema<typeof agreementMailAnswer>;

/**
 * What a sending takes beside the agreement (issue 55), in PUT `stage: 'sent'` and POST
 * /docusign/envelopes/{id}: the days after which the signer is reminded (1 to REMINDER_DAYS_MAX;
 * null: no reminder; absent: AGREEMENT_REMINDER_DAYS_DEFAULT; both of contract/notifications.ts),
 * and an optional expiry, a date (the end of that day, UTC) or a date-time, in the future.
 */
export interface AgreementSendOptions {
  remind_after_days?: number | null;
  expires_at?: string | null;
}

/** The body of the dealer's sign call (`POST /agreements/{id}/sign`). */
export interface AgreementSignBody {
  signer_name: string;
  signer_position?: string | null;
  signature: { kind: 'typed' | 'drawn'; text?: string; image?: string };
  accept: true;
  /** The `document_sha256` of the detail the dealer read. */
  shown_sha256: string;
}
