import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigserial, check, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { AGREEMENT_EVENT_KINDS, AGREEMENT_ROUTINGS, AGREEMENT_SIGNER_ROLES, AGREEMENT_SIGNER_STATUSES, AGREEMENT_STAGES, AGREEMENT_TYPES } from '../../../contract/agreements';
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
    /**
     * Issue 57: the dealer signers sign one after another by position (`sequential`) or all at once
     * (`parallel`); the countersigner, if any, always signs last.
     */
    routing: text('routing', { enum: AGREEMENT_ROUTINGS }).notNull().default('sequential'),
    /** Why a signer declined it or staff voided it (stage `declined` or `voided`), and when. */
    closedReason: text('closed_reason'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The declined or voided agreement this draft was copied from. */
    copiedFromId: integer('copied_from_id').references((): AnyPgColumn => agreements.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('agreements_routing', sql`${t.routing} IN ('sequential', 'parallel')`),
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
 * Issue 57: who signs a sending, in order. Dealer users of the agreement's company (`signer`,
 * positions 1..n) and at most one member of staff holding 'countersign agreements'
 * (`countersigner`, the last position). `user_id` null is the open slot of a sending that named no
 * signers (what sending did before issue 57): any user of the company may take it. Replaced at each
 * sending while nobody has signed; once somebody signed, the rows only move forward.
 */
export const agreementSigners = pgTable(
  'agreement_signers',
  {
    id: serial('id').primaryKey(),
    agreementId: integer('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The name and address the signer was sent to (the user's at the time; an open slot's recipient). */
    name: text('name').notNull(),
    email: text('email'),
    role: text('role', { enum: AGREEMENT_SIGNER_ROLES }).notNull(),
    position: integer('position').notNull(),
    status: text('status', { enum: AGREEMENT_SIGNER_STATUSES }).notNull().default('waiting'),
    /** Since when it is this signer's turn (status current), or was (signed, declined). */
    turnSince: timestamp('turn_since', { withTimezone: true }),
    /** When the signer first opened the agreement or its PDF during their turn. */
    openedAt: timestamp('opened_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('agreement_signers_position_idx').on(t.agreementId, t.position),
    index('agreement_signers_user_idx').on(t.userId),
    check('agreement_signers_role', sql`${t.role} IN ('signer', 'countersigner')`),
    check('agreement_signers_status', sql`${t.status} IN ('waiting', 'current', 'signed', 'declined')`),
  ],
);

/**
 * One signature's audit row and the PDF as it stood after it, stored once and never regenerated:
 * who signed, when, from where, the SHA-256 of the document they were shown and of the PDF with
 * their signature, and the certificate that signed it. Issue 57: one per signer, each appended
 * incrementally to the previous one's PDF; the last one's PDF is the final document.
 */
export const agreementSignatures = pgTable(
  'agreement_signatures',
  {
    id: serial('id').primaryKey(),
    agreementId: integer('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    signerId: integer('signer_id').references(() => agreementSigners.id, { onDelete: 'cascade' }),
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
    index('agreement_signatures_agreement_idx').on(t.agreementId, t.signedAt),
    // One signature per signer: a second signing attempt is refused by the database as well.
    uniqueIndex('agreement_signatures_signer_idx').on(t.signerId),
    // The verify route finds a document by its hash.
    index('agreement_signatures_signed_sha256_idx').on(t.signedSha256),
    check('agreement_signatures_sha256', sql`length(${t.shownSha256}) = 64 AND length(${t.signedSha256}) = 64`),
  ],
);

/**
 * Issue 57: what happened to an agreement, for its certificate of completion and its page. Append
 * only: a trigger (migration 0031) refuses UPDATE, DELETE and TRUNCATE. The person is kept as named
 * then (name, email), and `user_id` is a plain number, not a foreign key: a foreign key's ON DELETE
 * would have to change the row, and a user deleted later must not take the trail with them.
 */
export const agreementEvents = pgTable(
  'agreement_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // No cascade: an agreement with a trail cannot be deleted (the trigger would refuse anyway).
    agreementId: integer('agreement_id')
      .notNull()
      .references(() => agreements.id),
    kind: text('kind', { enum: AGREEMENT_EVENT_KINDS }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    name: text('name'),
    email: text('email'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** The document's SHA-256 where it matters: the unsigned form at sending, the PDF after a signature. */
    documentSha256: text('document_sha256'),
    reason: text('reason'),
  },
  (t) => [
    index('agreement_events_agreement_idx').on(t.agreementId, t.at, t.id),
    index('agreement_events_sha256_idx').on(t.documentSha256),
    check('agreement_events_kind', sql`${t.kind} IN ('created', 'sent', 'opened', 'signed', 'countersigned', 'declined', 'voided')`),
  ],
);
