/**
 * The signatures in the portal (POST /agreements/{id}/sign), the PDF (POST /dompdf/create/{id})
 * and the welcome mail (POST /mail/{id}); sending is agreements.send.ts, the signers and their
 * turns agreements.signers.ts (issue 57).
 *
 * Signing: only a signer whose turn it is (a dealer user of the agreement's own company with 'view
 * agreements', or the countersigner, staff holding 'countersign agreements'), on a `sent` agreement
 * that has not expired (issue 55: 409, it must be sent again). The signer reads the detail, whose
 * `document_sha256` is the SHA-256 of the unsigned PDF of the version they read, and sends it back
 * as `shown_sha256`: when the agreement changed since (recalled, edited, sent again), the hashes
 * differ and the signature is refused (409), so nobody signs a document they were not shown. A
 * drawn signature's dimensions are read from its PNG header and capped before anything decodes it
 * (a small file can hold a huge image).
 *
 * Then, in one transaction that first takes the agreement's row lock (SELECT ... FOR UPDATE), so
 * of concurrent signings one seals and the others wait and then find the agreement as it left it
 * (signed: 409; their own slot taken: 409) without sealing anything: the agreement and its signers
 * are read again under the lock, the shown hash checked, and the signature appended incrementally
 * (signatures/, PAdES, the installation's certificate) to the PDF the previous signer left (the
 * unsigned order form for the first), so every earlier signature stays valid. Before the last
 * signature the certificate of completion (the trail) is appended, so the last signature covers
 * it. Each signature's PDF and hash are stored (the audit row, once per signer: a unique index);
 * the last makes the agreement `signed` and queues the notices to the salesperson and the account
 * manager; any other opens the next turn.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { agreementReference } from '../../contract/agreements';
import { toLocale } from '../../engine';
import type { Db, Tx } from '../db/database';
import { agreements, agreementSignatures, agreementSigners } from '../db/schema';
import type { Viewer } from '../db/tenancy';
import { secretKeyOf } from '../db/secret-key';
import { Conflict, Invalid, type ErrorDetail } from '../domain-errors';
import { cleanName } from '../http/clean-text';
import { interpolate, serverMessages } from '../messages';
import type { AppServices } from '../plugins/services';
import { transition } from './agreements.checks';
import { documentFilename, documentRenders, documentSha256, pricingOf, renderDocument } from './agreements.document';
import { ddmmyyyy, isExpired } from './agreements.expiry';
import { queueSignedNotices, sendWelcomeMail, type WelcomeMailInput } from './agreements.mail';
import { agreementDetail, findAgreement, isOwnCompany, notFound } from './agreements.service';
import { loadAgreement } from './agreements.store';
import { loadSigningCertificate, sha256 } from './agreements.signing';
import { eventsOf, recordEvent, type Who } from './agreements.events';
import { currentSlotOf, markOpened, openTurn, signersOf, slotOf, type SignerRow } from './agreements.signers';
import { agreementTexts } from './agreements.texts';
import { appendCertificate } from './signatures/append-certificate';
import { appendSignature } from './signatures/append-signature';
import type { AgreementRecord } from './agreements.types';
import { agreementSigned } from '../projects/projects.triggers';

type Deps = Pick<AppServices, 'db' | 'config' | 'mail' | 'log'>;

/** A drawn signature's PNG: at most 200 KB, checked by its content (the PNG signature bytes). */
export const MAX_SIGNATURE_BYTES = 200 * 1024;
/**
 * And at most this many pixels across and down, read from its header before anything decodes it:
 * 200 KB of PNG can hold 7000 x 7000 blank pixels, which took 3 s and 0.7 GB to decode and draw.
 * The app's pad (480 x 160, src/agreements/SignaturePad.tsx) at a screen density of up to 6 fits.
 */
export const MAX_SIGNATURE_SIZE = { width: 3000, height: 1000 } as const;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// The bit depths the PNG specification allows for each colour type (IHDR).
const BIT_DEPTHS: Partial<Record<number, number[]>> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

/**
 * A PNG's width and height from its header, without decoding anything: the PNG signature, then
 * the first chunk, which must be IHDR (length 13; width at bytes 16-19, height at 20-23, big-endian)
 * with a valid size, bit depth, colour type and methods. Null when the bytes are no such PNG.
 *
 * @example pngSize(canvasPng) // { width: 1440, height: 480 }
 */
export function pngSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_MAGIC)) return null;
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const [depth, colourType, compression, filter, interlace] = bytes.subarray(24, 29);
  if (width < 1 || height < 1 || width > 0x7fffffff || height > 0x7fffffff) return null;
  if (!BIT_DEPTHS[colourType]?.includes(depth) || compression !== 0 || filter !== 0 || interlace > 1) return null;
  return { width, height };
}

export interface SignBody {
  signer_name: string;
  signer_position?: string | null;
  signature: { kind: 'typed' | 'drawn'; text?: string | null; image?: string | null };
  accept: boolean;
  shown_sha256: string;
}

/** The drawn signature's bytes, or the 422 for anything that is not a small PNG of at most MAX_SIGNATURE_SIZE. */
function drawnImage(dataUrl: string | null | undefined, problems: ErrorDetail[]): Buffer | null {
  const match = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl ?? '');
  const bytes = match ? Buffer.from(match[1], 'base64') : null;
  const size = bytes && bytes.length <= MAX_SIGNATURE_BYTES && bytes.length >= 67 ? pngSize(bytes) : null;
  if (!size) {
    problems.push({ detail: serverMessages.agreements.signature_image_invalid, field: 'signature.image' });
    return null;
  }
  if (size.width > MAX_SIGNATURE_SIZE.width || size.height > MAX_SIGNATURE_SIZE.height) {
    const detail = interpolate(serverMessages.agreements.signature_image_too_large, MAX_SIGNATURE_SIZE);
    problems.push({ detail, field: 'signature.image' });
    return null;
  }
  return bytes;
}

/** How long a signing waits for the agreement's row lock while another signing holds it. */
const LOCK_WAIT_MS = 15_000;
const LOCK_POLL_MS = 25;

/**
 * The agreement read under its row lock (SELECT ... FOR UPDATE), waiting while another signing
 * holds it; null when it is gone. The wait is polled (FOR UPDATE SKIP LOCKED, then a short sleep),
 * not one blocking FOR UPDATE: the holder renders and seals a PDF under the lock, which takes up to
 * seconds on a busy server, and the per-query timeout (DB_QUERY_TIMEOUT_MS, 1.5 s) would cut a
 * blocking wait short into a 503. Past LOCK_WAIT_MS one blocking try: the lock, or that 503. On
 * PGlite transactions run one at a time, so the lock is always free when asked for.
 */
async function lockAgreement(tx: Tx, viewer: Viewer, id: number): Promise<AgreementRecord | null> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  while (Date.now() < deadline) {
    const locked = await loadAgreement(tx, id, { viewer, lock: 'skip' });
    if (locked) return locked;
    // No row: locked by another transaction, or gone.
    if (!(await loadAgreement(tx, id, { viewer }))) return null;
    await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
  }
  return loadAgreement(tx, id, { viewer, lock: 'wait' });
}

const alreadySigned = () => new Conflict(serverMessages.agreements.already_signed, [{ detail: serverMessages.agreements.already_signed, field: 'stage' }]);
/** 409: the sending's expiry passed; staff send it again (agreements.send.ts). */
const expired = (at: Date) => {
  const detail = interpolate(serverMessages.agreements.expired, { date: ddmmyyyy(at) });
  return new Conflict(detail, [{ detail, field: 'expires_at' }]);
};
const documentChanged = () => new Conflict(serverMessages.agreements.document_changed, [{ detail: serverMessages.agreements.document_changed, field: 'shown_sha256' }]);

/**
 * The lifecycle's rules for signing (not sent: 409; staff who are no signer: 403), except that a
 * countersigner of a sent agreement is staff, not of the company: their slot decides (currentSlotOf).
 */
export function mayTakeTurn(viewer: Viewer, stage: AgreementRecord['stage'], ownCompany: boolean, slot: SignerRow | null): void {
  if (slot?.role === 'countersigner' && stage === 'sent') return;
  transition(viewer, stage, 'sign', ownCompany);
}

/** The request a signature comes from. */
export interface SignContext {
  email: string;
  ip: string;
  userAgent: string | null;
}

/**
 * POST /agreements/{id}/sign: the viewer signs their turn (issue 57). Only a current signer
 * themselves: a user of the company who is no signer is 403 (another company's user never sees the
 * agreement: 404), a signer whose turn has not come or who signed already 409. The signature is
 * appended incrementally to the PDF as the previous signer left it (the unsigned order form for the
 * first), so every earlier signature stays valid; before the last signature the certificate of
 * completion is appended, so the last signature covers it. The last signature makes the agreement
 * `signed`; any other opens the next turn.
 */
export async function signAgreement(deps: Deps, viewer: Viewer, who: SignContext, key: string, body: SignBody) {
  const record = await findAgreement(deps.db, viewer, key);
  if (record.stage === 'signed') throw alreadySigned();
  const ownCompany = await isOwnCompany(deps.db, viewer, record.companyId);
  const before = await signersOf(deps.db, record.id);
  const slot = slotOf(before, viewer, ownCompany);
  mayTakeTurn(viewer, record.stage, ownCompany, slot);
  if (isExpired(record)) throw expired(record.expiresAt!);
  currentSlotOf(before, viewer, ownCompany);

  const problems: ErrorDetail[] = [];
  const name = cleanName(body.signer_name ?? '').trim();
  if (!name) problems.push({ detail: serverMessages.agreements.signer_required, field: 'signer_name' });
  if (body.accept !== true) problems.push({ detail: serverMessages.agreements.accept_required, field: 'accept' });
  const typed = body.signature.kind === 'typed' ? cleanName(body.signature.text ?? '').trim() : '';
  if (body.signature.kind === 'typed' && !typed) problems.push({ detail: serverMessages.agreements.signature_required, field: 'signature.text' });
  const image = body.signature.kind === 'drawn' ? drawnImage(body.signature.image, problems) : null;
  if (problems.length) throw new Invalid(problems[0].detail, problems);

  const position = cleanName(body.signer_position ?? '').trim() || null;
  // Read before the transaction: on PGlite a query outside the transaction's own handle would wait
  // for the transaction to end (it holds the one connection), i.e. for ever.
  const certificate = await loadSigningCertificate(deps.db, await secretKeyOf(deps));
  const requester: Who = { userId: viewer.id, ip: who.ip, userAgent: who.userAgent };

  await deps.db.transaction(async (tx) => {
    // The agreement's row lock before anything is rendered: a concurrent signing waits here, then
    // reads the agreement as the other left it (signed, or the other's turn taken) without rendering.
    const current = await lockAgreement(tx, viewer, record.id);
    if (!current) throw notFound();
    if (current.stage === 'signed') throw alreadySigned();
    const signers = await signersOf(tx, current.id);
    const mine = slotOf(signers, viewer, ownCompany);
    mayTakeTurn(viewer, current.stage, ownCompany, mine);
    if (isExpired(current)) throw expired(current.expiresAt!);
    const slot = currentSlotOf(signers, viewer, ownCompany);
    const pricing = await pricingOf(tx, current);
    const shown = await documentSha256(current, pricing);
    if (body.shown_sha256.toLowerCase() !== shown) throw documentChanged();

    const signedAt = new Date();
    const last = signers.every((s) => s.id === slot.id || s.status === 'signed');
    const earlier = await signaturesOf(tx, current.id);
    // The PDF as the previous signer left it; the first signs the unsigned order form they were shown.
    let pdf = earlier.length ? earlier[earlier.length - 1].signedPdf : await renderDocument(current, pricing);
    const kind: 'signed' | 'countersigned' = slot.role === 'countersigner' ? 'countersigned' : 'signed';
    const texts = agreementTexts(toLocale(current.lang));
    const shownName = typed && typed !== name ? `${name} (${typed})` : name;
    if (last) {
      // The certificate of completion, covered by the last signature: the trail so far and this signature.
      const trail = [
        ...(await eventsOf(tx, current.id)).map((e) => ({ at: e.at, kind: e.kind, name: e.name, email: e.email, ip: e.ip, userAgent: e.userAgent, documentSha256: e.documentSha256, reason: e.reason })),
        { at: signedAt, kind, name: shownName, email: who.email, ip: who.ip, userAgent: who.userAgent, documentSha256: sha256(pdf), reason: null },
      ];
      const drawn = [...earlier.filter((e) => e.signatureImage).map((e) => ({ name: e.signerName, png: Buffer.from(e.signatureImage!) })), ...(image ? [{ name: shownName, png: image }] : [])];
      pdf = await appendCertificate(pdf, { agreementGuid: current.guid, title: `${texts.pdf.title} ${agreementReference(current.id)} — ${current.companyName}`, locale: current.lang, events: trail, drawn });
    }
    const signed = await appendSignature(
      pdf,
      { fieldName: slot.role === 'countersigner' ? 'countersigner' : `signer-${slot.position}`, name: shownName, email: who.email, role: slot.role, reason: `${texts.certificate.kinds[kind]}: ${agreementReference(current.id)}`, signedAt, location: who.ip },
      certificate,
    );
    documentRenders.signed += 1;
    const signedSha256 = sha256(signed);
    const [moved] = await tx
      .update(agreements)
      .set({ ...(last ? { stage: 'signed' as const, signedAt } : {}), version: sql`${agreements.version} + 1`, updatedAt: signedAt })
      .where(and(eq(agreements.id, current.id), eq(agreements.stage, 'sent'), eq(agreements.version, current.version)))
      .returning({ id: agreements.id });
    // Under the row lock nothing changes the agreement meanwhile; kept as the write's own guard.
    if (!moved) throw documentChanged();
    await tx.update(agreementSigners).set({ status: 'signed', signedAt, userId: viewer.id }).where(eq(agreementSigners.id, slot.id));
    await tx.insert(agreementSignatures).values({
      agreementId: current.id,
      signerId: slot.id,
      signerUserId: viewer.id,
      signerName: name,
      signerPosition: position,
      signerEmail: who.email,
      clientAddress: who.ip,
      userAgent: who.userAgent?.slice(0, 500) ?? null,
      shownSha256: shown,
      signedSha256,
      certificateFingerprint: certificate.fingerprint,
      signatureImage: image,
      signedPdf: signed,
      signedAt,
    });
    await recordEvent(tx, { agreementId: current.id, kind, who: requester, at: signedAt, name: shownName, email: who.email, documentSha256: signedSha256 });
    if (last) {
      await queueSignedNotices(deps, { agreementId: current.id }, tx);
      // The projects of this agreement: their agreement_signed tasks complete with the signature.
      await agreementSigned(deps, tx, current.id, viewer.id);
    } else {
      await openTurn(deps, tx, { id: current.id, name: current.name, lang: current.lang, sentAt: current.sentAt!, expiresAt: current.expiresAt, routing: current.routing }, signedAt, true);
    }
  });
  return agreementDetail(deps.db, viewer, await findAgreement(deps.db, viewer, record.id));
}

/** An agreement's signatures in the order they were made (each one's PDF builds on the previous one's). */
export const signaturesOf = (db: Db | Tx, agreementId: number) =>
  db.select().from(agreementSignatures).where(eq(agreementSignatures.agreementId, agreementId)).orderBy(asc(agreementSignatures.signedAt), asc(agreementSignatures.id));

/**
 * POST /dompdf/create/{id}: once somebody signed, the PDF exactly as the latest signature left it
 * (the final document once signed: every signature and the certificate of completion); before, the
 * order form rendered now. A current signer's first download is their `opened` event.
 */
export async function agreementPdf(deps: Deps, viewer: Viewer, key: string, who?: Who): Promise<{ pdf: Buffer; filename: string }> {
  const record = await findAgreement(deps.db, viewer, key);
  if (who && record.stage === 'sent') await markOpened(deps.db, record.id, viewer, await isOwnCompany(deps.db, viewer, record.companyId), who);
  if (record.stage !== 'created') {
    const [latest] = await deps.db
      .select({ pdf: agreementSignatures.signedPdf })
      .from(agreementSignatures)
      .where(eq(agreementSignatures.agreementId, record.id))
      .orderBy(desc(agreementSignatures.signedAt), desc(agreementSignatures.id))
      .limit(1);
    if (latest) return { pdf: latest.pdf, filename: documentFilename(record, true) };
  }
  return { pdf: await renderDocument(record, await pricingOf(deps.db, record)), filename: documentFilename(record, false) };
}

/**
 * POST /mail/{id}: the welcome mail through the outbox, in the agreement's language. The answer is
 * the spec's mail result (section 3: `email_id`, the outbox row; `status`, sent or failure;
 * `failures`) with section 7's `sent` beside it.
 */
export async function sendAgreementMail(deps: Deps, viewer: Viewer, key: string, body: { to: string; data: WelcomeMailInput['data'] }) {
  const record = await findAgreement(deps.db, viewer, key);
  const { sent, failures, emailId } = await sendWelcomeMail(deps, { agreementId: record.id, to: body.to, lang: record.lang, data: body.data });
  return { data: { email_id: emailId, status: sent ? ('sent' as const) : ('failure' as const), sent, failures } };
}
