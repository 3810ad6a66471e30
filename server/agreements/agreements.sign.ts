/**
 * The dealer's signature in the portal (POST /agreements/{id}/sign), sending for signature
 * (POST /docusign/envelopes/{id}) and the PDF (POST /dompdf/create/{id}).
 *
 * Signing: only a user of the agreement's own company with 'view agreements', on a `sent`
 * agreement. The dealer reads the detail, whose `document_sha256` is the SHA-256 of the unsigned
 * PDF of the version they read, and sends it back as `shown_sha256`: when the agreement changed
 * since (recalled, edited, sent again), the hashes differ and the signature is refused (409), so
 * nobody signs a document they were not shown. The server then renders the PDF with the
 * signature block filled in (name, position, time, client address, typed or drawn signature, the
 * shown hash), seals it with the installation's certificate (PKCS#7, agreements.signing.ts), and
 * in one transaction moves the agreement to `signed` (only if it is still the version read: two
 * concurrent signs never both win), stores the audit row with the signed PDF (once: a unique
 * index), and queues the notices to the salesperson and the account manager.
 */
import { and, eq, sql } from 'drizzle-orm';
import { agreements, agreementEnvelopes, agreementSignatures } from '../db/schema';
import type { Viewer } from '../db/tenancy';
import { secretKeyOf } from '../db/secret-key';
import { BadRequest, Conflict, Invalid, type ErrorDetail } from '../domain-errors';
import { cleanName } from '../http/clean-text';
import { serverMessages } from '../messages';
import type { AppServices } from '../plugins/services';
import { transition } from './agreements.checks';
import { documentFilename, documentSha256, pricingOf, renderDocument } from './agreements.document';
import { queueSignedNotices, sendWelcomeMail, type WelcomeMailInput } from './agreements.mail';
import { agreementDetail, findAgreement, isOwnCompany, updateAgreement } from './agreements.service';
import { loadSigningCertificate, sha256, signPdf } from './agreements.signing';
import { signerFor } from './signers';
import { agreementSigned } from '../projects/projects.triggers';

type Deps = Pick<AppServices, 'db' | 'config' | 'mail' | 'log'>;

/** A drawn signature's PNG: at most 200 KB, checked by its content (the PNG signature bytes). */
export const MAX_SIGNATURE_BYTES = 200 * 1024;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface SignBody {
  signer_name: string;
  signer_position?: string | null;
  signature: { kind: 'typed' | 'drawn'; text?: string | null; image?: string | null };
  accept: boolean;
  shown_sha256: string;
}

/** The drawn signature's bytes, or the 422 for anything that is not a small PNG. */
function drawnImage(dataUrl: string | null | undefined, problems: ErrorDetail[]): Buffer | null {
  const match = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl ?? '');
  const bytes = match ? Buffer.from(match[1], 'base64') : null;
  if (!bytes || bytes.length > MAX_SIGNATURE_BYTES || bytes.length < 67 || !bytes.subarray(0, 8).equals(PNG_MAGIC)) {
    problems.push({ detail: serverMessages.agreements.signature_image_invalid, field: 'signature.image' });
    return null;
  }
  return bytes;
}

/** POST /agreements/{id}/sign. */
export async function signAgreement(deps: Deps, viewer: Viewer, who: { email: string; ip: string; userAgent: string | null }, key: string, body: SignBody) {
  const record = await findAgreement(deps.db, viewer, key);
  if (record.stage === 'signed') throw new Conflict(serverMessages.agreements.already_signed, [{ detail: serverMessages.agreements.already_signed, field: 'stage' }]);
  transition(viewer, record.stage, 'sign', await isOwnCompany(deps.db, viewer, record.companyId));

  const problems: ErrorDetail[] = [];
  const name = cleanName(body.signer_name ?? '').trim();
  if (!name) problems.push({ detail: serverMessages.agreements.signer_required, field: 'signer_name' });
  if (body.accept !== true) problems.push({ detail: serverMessages.agreements.accept_required, field: 'accept' });
  const typed = body.signature.kind === 'typed' ? cleanName(body.signature.text ?? '').trim() : '';
  if (body.signature.kind === 'typed' && !typed) problems.push({ detail: serverMessages.agreements.signature_required, field: 'signature.text' });
  const image = body.signature.kind === 'drawn' ? drawnImage(body.signature.image, problems) : null;
  if (problems.length) throw new Invalid(problems[0].detail, problems);

  const pricing = await pricingOf(deps.db, record);
  const shown = await documentSha256(record, pricing);
  if (body.shown_sha256.toLowerCase() !== shown) throw new Conflict(serverMessages.agreements.document_changed, [{ detail: serverMessages.agreements.document_changed, field: 'shown_sha256' }]);

  const signedAt = new Date();
  const position = cleanName(body.signer_position ?? '').trim() || null;
  const pdf = await renderDocument(record, pricing, { name: typed && typed !== name ? `${name} (${typed})` : name, position, signedAt, image, address: who.ip, documentSha256: shown });
  const certificate = await loadSigningCertificate(deps.db, await secretKeyOf(deps));
  const signed = await signPdf(pdf, certificate, { name, contact: who.email, location: who.ip, reason: `Order form A-${record.id}`, signedAt });

  await deps.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(agreements)
      .set({ stage: 'signed', signedAt, version: sql`${agreements.version} + 1`, updatedAt: signedAt })
      .where(and(eq(agreements.id, record.id), eq(agreements.stage, 'sent'), eq(agreements.version, record.version)))
      .returning({ id: agreements.id });
    // Signed (or changed) by another request meanwhile: this one loses, nothing is stored.
    if (!moved) throw new Conflict(serverMessages.agreements.document_changed, [{ detail: serverMessages.agreements.document_changed, field: 'shown_sha256' }]);
    await tx.insert(agreementSignatures).values({
      agreementId: record.id,
      signerUserId: viewer.id,
      signerName: name,
      signerPosition: position,
      signerEmail: who.email,
      clientAddress: who.ip,
      userAgent: who.userAgent?.slice(0, 500) ?? null,
      shownSha256: shown,
      signedSha256: sha256(signed),
      certificateFingerprint: certificate.fingerprint,
      signatureImage: image,
      signedPdf: signed,
      signedAt,
    });
    await queueSignedNotices(deps, { agreementId: record.id }, tx);
    // The projects of this agreement: their agreement_signed tasks complete with the signature.
    await agreementSigned(deps, tx, record.id, viewer.id);
  });
  return agreementDetail(deps.db, viewer, await findAgreement(deps.db, viewer, record.id));
}

/** POST /dompdf/create/{id}: the signed PDF exactly as stored once signed, else the order form rendered now. */
export async function agreementPdf(deps: Deps, viewer: Viewer, key: string): Promise<{ pdf: Buffer; filename: string }> {
  const record = await findAgreement(deps.db, viewer, key);
  if (record.stage === 'signed') {
    const [stored] = await deps.db.select({ pdf: agreementSignatures.signedPdf }).from(agreementSignatures).where(eq(agreementSignatures.agreementId, record.id));
    if (stored) return { pdf: stored.pdf, filename: documentFilename(record, true) };
  }
  return { pdf: await renderDocument(record, await pricingOf(deps.db, record)), filename: documentFilename(record, false) };
}

export interface EnvelopeBody {
  recipient: string;
  document_filename?: string | null;
  agreement_id?: number | null;
  user_id?: number | null;
}

/**
 * POST /docusign/envelopes/{id}: sends the agreement (a `created` one is sent first: stage `sent`,
 * its catalogue frozen) through the configured signer and records the envelope. When the signer
 * fails, an agreement this call sent goes back to `created`, so nothing claims to be out for
 * signature that is not.
 */
export async function sendEnvelope(deps: Deps, viewer: Viewer, key: string, body: EnvelopeBody) {
  let record = await findAgreement(deps.db, viewer, key);
  if (body.agreement_id != null && body.agreement_id !== record.id) throw new BadRequest(serverMessages.not_found, [{ detail: serverMessages.not_found, field: 'agreement_id' }]);
  const sentNow = record.stage === 'created';
  if (sentNow) {
    await updateAgreement(deps.db, viewer, String(record.id), { stage: 'sent' });
    record = await findAgreement(deps.db, viewer, record.id);
  } else {
    transition(viewer, record.stage, 'send', false);
  }
  const pricing = await pricingOf(deps.db, record);
  const filename = cleanName(body.document_filename ?? '').trim() || documentFilename(record, false);
  try {
    const sent = await signerFor(deps).send({
      agreementId: record.id,
      agreementGuid: record.guid,
      recipient: { name: record.companyDetails.contact_name ?? record.companyName, email: body.recipient },
      documentFilename: filename,
      pdf: await renderDocument(record, pricing),
      lang: record.lang,
      signUrl: `${deps.config.publicUrl()}/#/agreements/${record.id}/preview`,
    });
    const [envelope] = await deps.db
      .insert(agreementEnvelopes)
      .values({ agreementId: record.id, recipient: body.recipient.trim(), documentFilename: filename, userId: viewer.id, provider: sent.provider, externalId: sent.externalId, status: sent.status })
      .returning();
    return {
      id: envelope.id,
      recipient: envelope.recipient,
      document_filename: envelope.documentFilename,
      agreement_id: envelope.agreementId,
      user_id: envelope.userId,
      provider: envelope.provider,
      status: envelope.status,
      created_at: envelope.createdAt.toISOString(),
    };
  } catch (error) {
    if (sentNow) {
      await deps.db
        .update(agreements)
        .set({ stage: 'created', sentCatalogue: null, sentAt: null, version: sql`${agreements.version} + 1`, updatedAt: new Date() })
        .where(and(eq(agreements.id, record.id), eq(agreements.version, record.version), eq(agreements.stage, 'sent')));
    }
    throw error;
  }
}

/** POST /mail/{id}: the welcome mail through the outbox, in the agreement's language. */
export async function sendAgreementMail(deps: Deps, viewer: Viewer, key: string, body: { to: string; data: WelcomeMailInput['data'] }) {
  const record = await findAgreement(deps.db, viewer, key);
  const { sent, failures } = await sendWelcomeMail(deps, { agreementId: record.id, to: body.to, lang: record.lang, data: body.data });
  return { data: { sent, failures } };
}
