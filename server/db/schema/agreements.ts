import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { AGREEMENT_STAGES, AGREEMENT_TYPES } from '../../../contract/agreements';
import type { CatalogueProduct, CompanyDetails, Subscription } from '../../../engine/agreements';
import { users } from './accounts';
import { bytea } from './bytea';
import { companies } from './companies';
import { byReader } from './collation';

export const agreementStageEnum = pgEnum('agreement_stage', AGREEMENT_STAGES);
export const agreementTypeEnum = pgEnum('agreement_type', AGREEMENT_TYPES);

/**
 * An order form (spec section 3, Agreement). `company_details` and `subscription` are the form's
 * two documents as the API carries them; the derived totals in `subscription` are recomputed by
 * the server on every write. Sending freezes what the dealer signs: `sent_catalogue` keeps the
 * chosen products as priced at that moment, so a later catalogue change never alters a sent or
 * signed agreement.
 */
export const agreements = pgTable(
  'agreements',
  {
    id: serial('id').primaryKey(),
    guid: uuid('guid').notNull().defaultRandom().unique(),
    // A signed contract outlives nothing: a company with agreements cannot be deleted by accident.
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    type: agreementTypeEnum('type').notNull().default('new'),
    stage: agreementStageEnum('stage').notNull().default('created'),
    /** The agreement's language (a locale such as fr-FR): the PDF and the mails are written in it. */
    lang: text('lang').notNull(),
    notes: text('notes'),
    message: text('message'),
    /** The salesperson. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    companyDetails: jsonb('company_details').$type<CompanyDetails>().notNull(),
    subscription: jsonb('subscription').$type<Subscription>().notNull(),
    sentCatalogue: jsonb('sent_catalogue').$type<CatalogueProduct[]>(),
    version: integer('version').notNull().default(1),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * Issue 55: a sent agreement not signed after this many days reminds its signer once per sending
     * (null: never); after `expires_at` it can no longer be signed and must be sent again. Both are
     * chosen when sending.
     */
    remindAfterDays: integer('remind_after_days'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list: not archived, by stage, newest first; a company's agreements.
    index('agreements_archived_stage_updated_idx').on(t.archivedAt, t.stage, t.updatedAt),
    index('agreements_archived_updated_idx').on(t.archivedAt, t.updatedAt, t.id),
    index('agreements_user_idx').on(t.userId),
    index('agreements_company_idx').on(t.companyId, t.updatedAt),
    index('agreements_name_idx').on(byReader(t.name), t.id),
    // The reminders' sweep: sent agreements.
    index('agreements_sent_idx').on(t.sentAt).where(sql`${t.stage} = 'sent' AND ${t.archivedAt} IS NULL`),
    check('agreements_remind_after_days', sql`${t.remindAfterDays} BETWEEN 1 AND 90`),
  ],
);

/** Spec section 3, Envelope: an agreement sent for signature (locally, or through DocuSign). */
export const agreementEnvelopes = pgTable(
  'agreement_envelopes',
  {
    id: serial('id').primaryKey(),
    agreementId: integer('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    documentFilename: text('document_filename').notNull(),
    /** Who sent it. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    /** The provider's envelope id (DocuSign's), none for the local signer. */
    externalId: text('external_id'),
    status: text('status').notNull().default('sent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('agreement_envelopes_agreement_idx').on(t.agreementId, t.createdAt)],
);

/**
 * The signature's audit row and the signed PDF, stored once and never regenerated: who signed,
 * when, from where, the SHA-256 of the document they were shown and of the signed PDF, and the
 * certificate that signed it.
 */
export const agreementSignatures = pgTable(
  'agreement_signatures',
  {
    id: serial('id').primaryKey(),
    agreementId: integer('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    signerUserId: integer('signer_user_id').references(() => users.id, { onDelete: 'set null' }),
    signerName: text('signer_name').notNull(),
    signerPosition: text('signer_position'),
    signerEmail: text('signer_email').notNull(),
    clientAddress: text('client_address').notNull(),
    userAgent: text('user_agent'),
    shownSha256: text('shown_sha256').notNull(),
    signedSha256: text('signed_sha256').notNull(),
    certificateFingerprint: text('certificate_fingerprint').notNull(),
    signatureImage: bytea('signature_image'),
    signedPdf: bytea('signed_pdf').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One signature per agreement: a second signing attempt is refused by the database as well.
    uniqueIndex('agreement_signatures_agreement_idx').on(t.agreementId),
    check('agreement_signatures_sha256', sql`length(${t.shownSha256}) = 64 AND length(${t.signedSha256}) = 64`),
  ],
);
