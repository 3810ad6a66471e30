// JSON Schemas of the agreements routes (input checks, response serialisation, OpenAPI). The
// answers are the contract's (contract/agreements.ts); the inputs are checked for shape and size
// here (400) and for meaning in the services (422 in the spec's words).
import { AGREEMENT_ROUTINGS, AGREEMENT_SIGNERS_MAX, AGREEMENT_STAGES, AGREEMENT_TYPES, agreementCountersigner, agreementDetail, agreementEnvelope, agreementListItem, agreementMailAnswer, verifyDocumentAnswer } from '../../contract/agreements';
import { DESIGN_TYPES } from '../../contract/projects';
import { dbId, nullableDbId } from '../http/ids';
import { flatOrWrapped, idOrGuid, listOf, listQueryWith, noOthers, searchText } from '../http/schemas';

export { agreementDetail as detail, agreementEnvelope as envelope, agreementMailAnswer as mailAnswer, verifyDocumentAnswer as verifyAnswer };
export const list = listOf(agreementListItem);
/** GET /agreements/countersigners: at most COUNTERSIGNERS_MAX, by name; `q` searches names and addresses. */
export const countersigners = { type: 'array', items: agreementCountersigner } as const;
export const countersignersQuery = { type: 'object', properties: { q: searchText }, additionalProperties: noOthers } as const;

export const params = {
  agreement: { type: 'object', required: ['id'], properties: { id: idOrGuid } },
  companyAgreement: { type: 'object', required: ['id', 'agreementId'], properties: { id: idOrGuid, agreementId: idOrGuid } },
} as const;

export const listQuery = listQueryWith({ stage: { type: 'string', maxLength: 20 } });

const text = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;
const address = {
  type: 'object',
  properties: { line1: text(200), line2: text(200), line3: text(200), postcode: text(20) },
  additionalProperties: noOthers,
} as const;
const names = { type: 'array', maxItems: 200, items: { type: 'string', maxLength: 200 } } as const;

/** company_details as a write takes it: every field of spec section 3, none other. */
const companyDetails = {
  type: 'object',
  required: ['address', 'reg_address', 'franchises'],
  properties: {
    logo_path: text(500),
    website_address: text(500),
    name: text(200),
    reg_number: text(100),
    contact_name: text(200),
    contact_number: text(50),
    contact_position: text(200),
    contact_email: text(254),
    vat_number: text(100),
    fsa_number: text(100),
    ico_number: text(100),
    address,
    reg_address: address,
    franchises: {
      type: 'array',
      maxItems: 200,
      items: {
        type: 'object',
        required: ['name', 'locations'],
        properties: {
          name: { type: 'string', maxLength: 200 },
          locations: { type: 'object', required: ['sales', 'aftersales'], properties: { sales: names, aftersales: names }, additionalProperties: noOthers },
        },
        additionalProperties: noOthers,
      },
    },
  },
  additionalProperties: noOthers,
} as const;

/**
 * A subscription as a write takes it: types only, so the maths' own check answers a number out of
 * range in the spec's words (422 at its field). `contractValue`, `monthlyContractValue` and
 * `designCost` are accepted and replaced by the server's computation.
 */
const number = { type: 'number' } as const;
const subscription = {
  type: 'object',
  properties: {
    term: number,
    totalDiscountPercentage: number,
    setUpDiscount: number,
    setUpPayment: number,
    paySetUpPayment: { type: 'boolean' },
    projectType: text(64),
    designType: { type: ['string', 'null'], enum: [...DESIGN_TYPES, null] },
    stockCount: number,
    products: {
      type: 'array',
      maxItems: 500,
      items: {
        type: 'object',
        required: ['product_id'],
        properties: { product_id: dbId, price: { type: ['number', 'null'] }, discount: { type: ['number', 'null'] } },
        additionalProperties: noOthers,
      },
    },
    contractValue: number,
    monthlyContractValue: number,
    designCost: number,
  },
  additionalProperties: noOthers,
} as const;

const LANGS = ['en-GB', 'en-AU', 'en-ZA', 'fr-BE', 'fr-FR', 'nl-BE', 'nl-NL', 'en', 'fr', 'nl'] as const;

/** POST /agreements: `{agreement: {name, company_id, type}, lang}` (or the fields flat). */
export const createBody = flatOrWrapped(
  'agreement',
  { name: text(200), company_id: nullableDbId, type: { type: ['string', 'null'], enum: [...AGREEMENT_TYPES, null] } },
  { lang: { type: ['string', 'null'], enum: [...LANGS, null] } },
);

/**
 * What a sending takes (issue 55): the reminder's days (any number here, so 0, 91 or 2.5 get the
 * service's 422 in words) and the expiry (a date or date-time, checked by the service).
 */
const sendSettings = {
  remind_after_days: { type: ['number', 'null'] },
  expires_at: text(40),
  // Issue 57: who signs, in order (a user of the company by id, or an invitation by address and
  // name), the countersigner and the routing; their meaning is checked by the service (422).
  signers: {
    type: ['array', 'null'],
    maxItems: AGREEMENT_SIGNERS_MAX,
    items: {
      type: 'object',
      properties: { user_id: dbId, email: { type: 'string', maxLength: 254 }, name: { type: 'string', maxLength: 200 } },
      additionalProperties: noOthers,
    },
  },
  countersigner_id: nullableDbId,
  routing: { type: ['string', 'null'], enum: [...AGREEMENT_ROUTINGS, null] },
} as const;

/**
 * POST /agreements/{id}/decline and /void: the reason. Longer than the service's limit here, so a
 * reason that is too long gets the 422 in words, not the schema's 400.
 */
export const reasonBody = {
  type: 'object',
  required: ['reason'],
  properties: { reason: { type: 'string', maxLength: 20_000 } },
  additionalProperties: noOthers,
} as const;

/** PUT /companies/{guid}/agreements/{agreementGuid}: the spec's fields, wrapped or flat. */
export const updateBody = flatOrWrapped('agreement', {
  ...sendSettings,
  company_details: companyDetails,
  notes: text(10_000),
  message: text(10_000),
  subscription,
  type: { type: 'string', enum: AGREEMENT_TYPES },
  stage: { type: 'string', enum: AGREEMENT_STAGES },
  user_id: nullableDbId,
});

/** POST /agreements/{id}/sign. */
export const signBody = {
  type: 'object',
  required: ['signer_name', 'signature', 'accept', 'shown_sha256'],
  properties: {
    signer_name: { type: 'string', maxLength: 200 },
    signer_position: text(200),
    signature: {
      type: 'object',
      required: ['kind'],
      properties: {
        kind: { type: 'string', enum: ['typed', 'drawn'] },
        text: text(200),
        // A data URL of at most 200 KB of PNG (base64 is 4/3 of it); the content is checked by the service.
        image: { type: ['string', 'null'], maxLength: 280_000 },
      },
      additionalProperties: noOthers,
    },
    accept: { type: 'boolean' },
    shown_sha256: { type: 'string', pattern: '^[0-9a-fA-F]{64}$' },
  },
  additionalProperties: noOthers,
} as const;

/** POST /docusign/envelopes/{id}: spec section 3's Envelope fields. */
export const envelopeBody = {
  type: 'object',
  // recipient: required unless signers are named (issue 57), checked by the service (422).
  properties: { recipient: { type: 'string', maxLength: 254 }, document_filename: text(200), agreement_id: nullableDbId, user_id: nullableDbId, ...sendSettings },
  additionalProperties: noOthers,
} as const;

/** POST /mail/{id}: the welcome mail's address and words. */
export const mailBody = {
  type: 'object',
  required: ['to', 'data'],
  properties: {
    to: { type: 'string', maxLength: 254 },
    data: {
      type: 'object',
      required: ['username', 'editionsurl', 'regionTelephone', 'keyContact'],
      properties: { username: { type: 'string', maxLength: 200 }, editionsurl: { type: 'string', maxLength: 500 }, regionTelephone: { type: 'string', maxLength: 50 }, keyContact: { type: 'string', maxLength: 200 } },
      additionalProperties: noOthers,
    },
  },
  additionalProperties: noOthers,
} as const;
