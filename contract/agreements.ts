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
export const AGREEMENT_STAGES = ['created', 'sent', 'signed', 'declined', 'voided'] as const;
export type AgreementStage = (typeof AGREEMENT_STAGES)[number];

/**
 * Issue 57: a sending's dealer signers sign one after another (`sequential`, by position) or all at
 * once (`parallel`); a countersigner from the provider's staff, if any, signs after all of them.
 * `declined` (a signer refused, with a reason: back to staff) and `voided` (staff withdrew a sent
 * agreement, with a reason) end a sending; such an agreement can only be archived or copied.
 */
export const AGREEMENT_ROUTINGS = ['sequential', 'parallel'] as const;
export type AgreementRouting = (typeof AGREEMENT_ROUTINGS)[number];
export const AGREEMENT_SIGNER_ROLES = ['signer', 'countersigner'] as const;
export type AgreementSignerRole = (typeof AGREEMENT_SIGNER_ROLES)[number];
export const AGREEMENT_SIGNER_STATUSES = ['waiting', 'current', 'signed', 'declined'] as const;
export type AgreementSignerStatus = (typeof AGREEMENT_SIGNER_STATUSES)[number];
/** The append-only trail of an agreement (its certificate of completion lists them). */
export const AGREEMENT_EVENT_KINDS = ['created', 'sent', 'opened', 'signed', 'countersigned', 'declined', 'voided'] as const;
export type AgreementEventKind = (typeof AGREEMENT_EVENT_KINDS)[number];
/** The longest reason a decline or a void takes (characters). */
export const AGREEMENT_REASON_MAX = 1000;
/** The most dealer signers one sending takes. */
export const AGREEMENT_SIGNERS_MAX = 10;

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
 * Issue 57: one signer of the current sending. `user_id` null: the open slot of a sending that named
 * no signers, which any user of the company may sign (as before issue 57). `current`: it is their
 * turn, since `turn_since`.
 */
export const agreementSigner = {
  type: 'object',
  required: ['id', 'user_id', 'name', 'email', 'role', 'position', 'status', 'turn_since', 'opened_at', 'signed_at', 'signed_sha256'],
  properties: {
    id,
    user_id: nullableId,
    name: text,
    email: nullableString,
    role: { type: 'string', enum: AGREEMENT_SIGNER_ROLES },
    position: { type: 'integer' },
    status: { type: 'string', enum: AGREEMENT_SIGNER_STATUSES },
    turn_since: nullableString,
    opened_at: nullableString,
    signed_at: nullableString,
    /** The SHA-256 of the PDF as it stood after their signature. */
    signed_sha256: nullableString,
  },
  additionalProperties: false,
} as const;

/** Issue 57: one event of the agreement's append-only trail. */
export const agreementEvent = {
  type: 'object',
  required: ['id', 'kind', 'at', 'user_id', 'name', 'email', 'ip', 'user_agent', 'document_sha256', 'reason'],
  properties: {
    id,
    kind: { type: 'string', enum: AGREEMENT_EVENT_KINDS },
    at: text,
    user_id: nullableId,
    name: nullableString,
    email: nullableString,
    ip: nullableString,
    user_agent: nullableString,
    document_sha256: nullableString,
    reason: nullableString,
  },
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
  /**
   * Issue 57: the reader may sign it now: a current signer of it is theirs (named, or the open slot
   * of a sending that named nobody, which any user of the company may sign; the countersigner's
   * turn for staff holding 'countersign agreements'). Whether it expired is `expired`.
   */
  your_turn: { type: 'boolean' },
} as const;
const listItemRequired = [
  'id', 'guid', 'reference', 'name', 'type', 'stage', 'archived', 'company_id', 'company_guid', 'company_name', 'currency', 'lang', 'user_id',
  'salesperson', 'contract_value', 'monthly_contract_value', 'created_at', 'updated_at', 'sent_at', 'signed_at', 'remind_after_days', 'expires_at', 'expired',
  'your_turn',
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
    'routing', 'signers', 'turn', 'closed_reason', 'closed_at', 'copied_from_id', 'events',
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
    /** Issue 57: how the dealer signers take turns, who signs (in order) and whose turn it is since when (null: nobody's). */
    routing: { type: 'string', enum: AGREEMENT_ROUTINGS },
    signers: { type: 'array', items: agreementSigner },
    turn: {
      type: ['object', 'null'],
      required: ['signer_ids', 'since'],
      properties: { signer_ids: { type: 'array', items: id }, since: text },
      additionalProperties: false,
    },
    /** Why it was declined or voided (stage declined or voided), and when; null otherwise. */
    closed_reason: nullableString,
    closed_at: nullableString,
    /** The declined or voided agreement this one was copied from. */
    copied_from_id: nullableId,
    /** The append-only trail, oldest first (staff and the company's users see it). */
    events: { type: 'array', items: agreementEvent },
  },
  additionalProperties: false,
} as const;

/**
 * `POST /verify-document` (issue 57, no sign-in): whether the portal issued a PDF. `issued`: its
 * SHA-256 is a version the portal stored, or its first signature verifies against the
 * installation's certificate and covers a stored unsigned document. `agreement_guid` names the
 * agreement (nothing else of it is told); `final`: it is the agreement's final signed version.
 * `signatures`: each signature in the file, in order, intact or not.
 */
export const verifyDocumentAnswer = {
  type: 'object',
  required: ['issued', 'agreement_guid', 'final', 'sha256', 'signatures'],
  properties: {
    issued: { type: 'boolean' },
    agreement_guid: nullableString,
    final: { type: 'boolean' },
    sha256: text,
    signatures: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'signed_at', 'intact', 'by_portal'],
        properties: { name: nullableString, signed_at: nullableString, intact: { type: 'boolean' }, by_portal: { type: 'boolean' } },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
} as const;

/**
 * `GET /agreements/countersigners` (issue 57): one member of staff who may countersign, an active
 * user whose role holds 'countersign agreements'; the send dialog offers only them.
 */
export const agreementCountersigner = {
  type: 'object',
  required: ['id', 'name', 'email', 'position'],
  properties: { id, name: text, email: text, position: nullableString },
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
export type AgreementSigner = FromSchema<typeof agreementSigner>;
export type AgreementEvent = FromSchema<typeof agreementEvent>;
export type VerifyDocumentAnswer = FromSchema<typeof verifyDocumentAnswer>;
export type AgreementCountersigner = FromSchema<typeof agreementCountersigner>;

/**
 * What a sending takes beside the agreement (issue 55), in PUT `stage: 'sent'` and POST
 * /docusign/envelopes/{id}: the days after which the signer is reminded (1 to REMINDER_DAYS_MAX;
 * null: no reminder; absent: AGREEMENT_REMINDER_DAYS_DEFAULT; both of contract/notifications.ts),
 * and an optional expiry, a date (the end of that day, UTC) or a date-time, in the future.
 */
export interface AgreementSendOptions {
  remind_after_days?: number | null;
  expires_at?: string | null;
  /**
   * Issue 57: the dealer signers, in order: a user of the agreement's company by `user_id`, or
   * someone invited by `email` and `name` (a user of the company with that address is taken; a new
   * address becomes a user of the company with the Client role, who is mailed a link to set a
   * password). Absent or empty: one open signer, the recipient (as before).
   */
  signers?: AgreementSignerInput[] | null;
  /** A member of staff holding 'countersign agreements', who signs last; null or absent: none. */
  countersigner_id?: number | null;
  /** Default `sequential`. */
  routing?: AgreementRouting | null;
}

/** One dealer signer of a sending (issue 57). */
export type AgreementSignerInput = { user_id: number } | { email: string; name: string };

/** The body of a decline (a current signer) or a void (staff) (issue 57): the reason, at most AGREEMENT_REASON_MAX characters. */
export interface AgreementReasonBody {
  reason: string;
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
