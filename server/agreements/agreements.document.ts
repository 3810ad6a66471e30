/**
 * The order form as one set of pricing inputs (catalogue, site counts, currency) and as the PDF
 * made from them: the detail answer, the PDF route, sending and signing all read these, so the
 * form, the preview, the PDF and the server price with the same inputs.
 */
import { agreementReference } from '../../contract/agreements';
import { regionCurrency, type Currency } from '../../contract/money';
import { toLocale } from '../../engine';
import { priceSubscription, type SiteCounts, type Subscription } from '../../engine/agreements';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/database';
import { media } from '../db/schema';
import { renderAgreementPdf, type AgreementSignatureBlock } from './agreements.pdf';
import { sha256 } from './agreements.signing';
import { siteCounts } from './agreements.prefill';
import { companyCatalogue } from './agreements.store';
import type { AgreementRecord, PricingProduct } from './agreements.types';

export interface Pricing {
  catalogue: PricingProduct[];
  counts: SiteCounts;
  currency: Currency;
  /** The dealer's logo for the PDF header (PNG or JPEG bytes of the media library), if any. */
  logo?: Buffer | null;
}

const LOGO_GUID = /\/api\/media\/([0-9a-f-]{36})\/file$/;

/** The logo's bytes when company_details names a PNG or JPEG of the media library (a PDF logo cannot be drawn). */
async function logoOf(db: Db | Tx, logoPath: string | null): Promise<Buffer | null> {
  const guid = logoPath ? LOGO_GUID.exec(logoPath)?.[1] : undefined;
  if (!guid) return null;
  const [file] = await db.select({ mime: media.mime, data: media.data }).from(media).where(eq(media.guid, guid));
  return file && ['image/png', 'image/jpeg'].includes(file.mime) ? file.data : null;
}

/**
 * What the agreement prices with: while `created` the company's current catalogue; once sent, the
 * catalogue frozen at sending (a later catalogue change never alters what the dealer signs).
 */
export async function pricingOf(db: Db | Tx, record: AgreementRecord): Promise<Pricing> {
  const [catalogue, logo] = await Promise.all([
    record.stage !== 'created' && record.sentCatalogue ? record.sentCatalogue : companyCatalogue(db, record.companyId),
    logoOf(db, record.companyDetails.logo_path),
  ]);
  return { catalogue, counts: siteCounts(record.companyDetails), currency: regionCurrency(record.regionSlug), logo };
}

/** The subscription with its derived fields recomputed (what a client sent in them is replaced). */
export function withDerived(subscription: Subscription, pricing: Pick<Pricing, 'catalogue' | 'counts'>): Subscription {
  return { ...subscription, ...priceSubscription(subscription, pricing.catalogue, pricing.counts).derived };
}

/** A file name a reader recognises: the agreement's name and reference, safe in any header. */
export function documentFilename(record: Pick<AgreementRecord, 'id' | 'name'>, signed: boolean): string {
  const base = record.name.normalize('NFKD').replace(/[^\w .-]+/g, '').trim().replace(/\s+/g, '-').slice(0, 80) || 'agreement';
  return `${base}-${agreementReference(record.id)}${signed ? '-signed' : ''}.pdf`;
}

/**
 * How many order forms this process has rendered unsigned, and how many signatures it sealed
 * (`signed`, counted by agreements.sign.ts since issue 57 appends each signature to the PDF instead
 * of rendering a signed one): rendering and sealing are the costly part of a signing (CPU and
 * memory), and a signing that loses to another must not have done it (agreements.sign.ts takes the
 * agreement's row lock first). Read by the tests.
 */
export const documentRenders = { unsigned: 0, signed: 0 };

/**
 * The order form's PDF now (unsigned, or with the signature block filled in while signing).
 * Its dates are the agreement's own (sent_at once sent), so one version renders to the same bytes.
 */
export async function renderDocument(record: AgreementRecord, pricing: Pricing, signature: AgreementSignatureBlock | null = null): Promise<Buffer> {
  documentRenders[signature ? 'signed' : 'unsigned'] += 1;
  return renderAgreementPdf({
    reference: agreementReference(record.id),
    name: record.name,
    locale: toLocale(record.lang),
    currency: pricing.currency,
    date: record.sentAt ?? record.updatedAt,
    details: record.companyDetails,
    subscription: record.subscription,
    priced: priceSubscription(record.subscription, pricing.catalogue, pricing.counts),
    logo: pricing.logo ?? null,
    message: record.message,
    signature,
  });
}

// The hash of a sent version's PDF, kept by agreement and version: a version's PDF never changes.
const HASHES = new Map<string, string>();
const MAX_HASHES = 500;

/**
 * The SHA-256 of the unsigned PDF a dealer reads of a sent agreement (`document_sha256`): the
 * sign call sends it back, and it must still be the hash of the version in the database.
 */
export async function documentSha256(record: AgreementRecord, pricing: Pricing): Promise<string> {
  // The guid too: two databases in one process (tests) may each have an agreement 1 at version 1.
  const key = `${record.guid}:${record.version}`;
  const kept = HASHES.get(key);
  if (kept) return kept;
  const hash = sha256(await renderDocument(record, pricing));
  if (HASHES.size >= MAX_HASHES) HASHES.delete(HASHES.keys().next().value!);
  HASHES.set(key, hash);
  return hash;
}
