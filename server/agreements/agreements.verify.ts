/**
 * Issue 57: "Verify a document" (POST /verify-document, no sign-in). Anyone may drop a PDF and
 * learn whether the portal issued it, which agreement it is (its guid only: nothing else of the
 * agreement is told to a stranger), whether each signature in it is intact, and whether it is the
 * agreement's final version.
 *
 * Issued: the file's SHA-256 is a version the portal stored (a signature's PDF, or the unsigned
 * order form of a sending, both in the database); or every signature in it is intact and made with
 * the installation's certificate, and the file begins with a stored version. Every signature is an
 * incremental update, so each stored version of an agreement is a prefix of the next: the prefixes
 * ending at an `%%EOF` are what is looked up (a copy a reader re-saved after the last signature
 * still names its agreement, but is not the final version; one changed byte breaks a signature and
 * the file is not the portal's). Final: the file is exactly the last signature's PDF of a signed
 * agreement.
 */
import { createHash } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { VerifyDocumentAnswer } from '../../contract/agreements';
import { agreementEvents, agreements, agreementSignatures } from '../db/schema';
import { secretKeyOf } from '../db/secret-key';
import { Invalid } from '../domain-errors';
import type { AppServices } from '../plugins/services';
import { loadSigningCertificate, sha256 } from './agreements.signing';
import { turnErrors } from './agreements.turn-texts';
import { inspectSignatures, NotAPdf, type Inspection } from './signatures';

type Deps = Pick<AppServices, 'db' | 'config'>;

const PDF_MAGIC = Buffer.from('%PDF-');

const notPdf = () => new Invalid(turnErrors.not_pdf, [{ detail: turnErrors.not_pdf, field: 'body' }]);

/** The agreement (by id) a stored hash belongs to, and whether it is that agreement's final signed PDF. */
async function findByHash(deps: Deps, hashes: string[], wholeFile: boolean): Promise<{ agreementId: number; final: boolean } | null> {
  if (!hashes.length) return null;
  const [signed] = await deps.db
    .select({ agreementId: agreementSignatures.agreementId, sha: agreementSignatures.signedSha256 })
    .from(agreementSignatures)
    .where(inArray(agreementSignatures.signedSha256, hashes))
    .limit(1);
  if (signed) {
    const [latest] = await deps.db
      .select({ sha: agreementSignatures.signedSha256, stage: agreements.stage })
      .from(agreementSignatures)
      .innerJoin(agreements, eq(agreements.id, agreementSignatures.agreementId))
      .where(eq(agreementSignatures.agreementId, signed.agreementId))
      .orderBy(desc(agreementSignatures.signedAt), desc(agreementSignatures.id))
      .limit(1);
    // Only the whole file can be the final version (a prefix of it is an earlier one, or the file was added to).
    return { agreementId: signed.agreementId, final: wholeFile && latest.stage === 'signed' && latest.sha === signed.sha };
  }
  // The unsigned order form of a sending (the `sent` event keeps its hash), or one a signer confirmed.
  const [sent] = await deps.db
    .select({ agreementId: agreementEvents.agreementId })
    .from(agreementEvents)
    .where(and(eq(agreementEvents.kind, 'sent'), inArray(agreementEvents.documentSha256, hashes)))
    .limit(1);
  if (sent) return { agreementId: sent.agreementId, final: false };
  const [shown] = await deps.db.select({ agreementId: agreementSignatures.agreementId }).from(agreementSignatures).where(inArray(agreementSignatures.shownSha256, hashes)).limit(1);
  return shown ? { agreementId: shown.agreementId, final: false } : null;
}

/**
 * The most revisions looked up: an agreement has one per signature plus the certificate's, a
 * handful. A crafted file with thousands of `%%EOF` marks costs no more than this.
 */
const MAX_REVISIONS = 64;

/**
 * The file's hash, then the hashes of its prefixes that end a revision (at `%%EOF`, with its line
 * end), longest first, at most MAX_REVISIONS of them (the last ones). One pass over the file: the
 * running hash is copied at each end, so many marks do not mean many passes over 10 MB.
 */
function revisionHashes(pdf: Buffer): string[] {
  const ends: number[] = [];
  for (let at = pdf.indexOf('%%EOF'); at !== -1; at = pdf.indexOf('%%EOF', at + 5)) {
    let end = at + 5;
    if (pdf[end] === 0x0d) end += 1;
    if (pdf[end] === 0x0a) end += 1;
    if (end < pdf.length) ends.push(end);
  }
  const hash = createHash('sha256');
  const prefixes: string[] = [];
  let from = 0;
  for (const end of ends.slice(-MAX_REVISIONS)) {
    hash.update(pdf.subarray(from, end));
    from = end;
    prefixes.push(hash.copy().digest('hex'));
  }
  return [sha256(pdf), ...prefixes.reverse()];
}

/** POST /verify-document: what the portal can tell a stranger about a PDF. */
export async function verifyDocument(deps: Deps, pdf: Buffer): Promise<VerifyDocumentAnswer> {
  if (pdf.length < PDF_MAGIC.length || !pdf.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) throw notPdf();
  const [hash, ...prefixes] = revisionHashes(pdf);
  const certificate = await loadSigningCertificate(deps.db, await secretKeyOf(deps));
  let inspection: Inspection;
  try {
    inspection = await inspectSignatures(pdf, certificate);
  } catch (error) {
    // Bytes that start like a PDF but are none: the same 422 as any other file.
    if (error instanceof NotAPdf) throw notPdf();
    throw error;
  }
  const signatures = inspection.signatures.map((s) => ({ name: s.name, signed_at: s.signedAt?.toISOString() ?? null, intact: s.intact, by_portal: s.byOurCertificate }));
  const sealed = inspection.signatures.length > 0 && inspection.signatures.every((s) => s.intact && s.byOurCertificate);
  const found = (await findByHash(deps, [hash], true)) ?? (sealed ? await findByHash(deps, prefixes, false) : null);
  if (!found) return { issued: false, agreement_guid: null, final: false, sha256: hash, signatures };
  const [agreement] = await deps.db.select({ guid: agreements.guid }).from(agreements).where(eq(agreements.id, found.agreementId));
  return { issued: true, agreement_guid: agreement.guid, final: found.final, sha256: hash, signatures };
}
