/**
 * One more PAdES signature (adbe.pkcs7.detached, SHA-256) appended as an incremental update: a
 * signature field named for the signer, its widget on the first page (invisible: the order form
 * prints the signature block itself), the AcroForm's field list, and the signature dictionary
 * with room for the PKCS#7, which @signpdf/signpdf then fills over the whole file's byte range.
 *
 * Not @signpdf/placeholder-plain: its plainAddPlaceholder writes a value holding "<<" unquoted and
 * a non-Latin name as UTF-8 bytes inside a UTF-16 string (either breaks the PDF), and names every
 * field "SignatureN". Here every text is a UTF-16BE hex string, which no character can break.
 */
import { PDFHexString, PDFName, PDFNumber, PDFString } from '@cantoo/pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { DEFAULT_BYTE_RANGE_PLACEHOLDER } from '@signpdf/utils';
import type { SigningCertificate } from '../agreements.signing';
import { CmsSigner } from './cms-signer';
import { appendChanges, loadForUpdate } from './incremental';
import type { SignatureMark } from './types';

/** Room for the PKCS#7: a 2048-bit signature, the certificate (or a short CA chain) and the signed attributes. */
export const SIGNATURE_BYTES = 8192;
// AcroForm /SigFlags: SignaturesExist (1) | AppendOnly (2), ISO 32000-1 table 219.
const SIG_FLAGS = 3;
// Annotation flag Print (ISO 32000-1 table 165).
const PRINT = 4;

const signPdf = new SignPdf();
const text = (value: string) => PDFHexString.fromText(value);

export async function appendSignature(pdf: Buffer, mark: SignatureMark, cert: SigningCertificate): Promise<Buffer> {
  const doc = await loadForUpdate(pdf);
  const { context } = doc;
  const form = doc.catalog.getOrCreateAcroForm();
  // Two fields of one name would be one field with two values to a reader: a caller's mistake.
  if (form.getAllFields().some(([field]) => field.getPartialName() === mark.fieldName)) throw new Error(`The document already has a signature field named ${mark.fieldName}`);
  const placeholder = PDFName.of(DEFAULT_BYTE_RANGE_PLACEHOLDER);
  // /ByteRange before /Contents: @signpdf finds the /Contents that follows the placeholder.
  const signature = context.register(
    context.obj({
      Type: 'Sig',
      Filter: 'Adobe.PPKLite',
      SubFilter: 'adbe.pkcs7.detached',
      ByteRange: [PDFNumber.of(0), placeholder, placeholder, placeholder],
      Contents: PDFHexString.of('0'.repeat(SIGNATURE_BYTES * 2)),
      Name: text(mark.name),
      Reason: text(mark.reason),
      M: PDFString.fromDate(mark.signedAt),
      ContactInfo: text(mark.email),
      ...(mark.location ? { Location: text(mark.location) } : {}),
      Prop_Build: { Filter: { Name: 'Adobe.PPKLite' }, App: { Name: 'LaunchPortal' } },
    }),
  );
  const page = doc.getPage(0);
  const widget = context.register(
    context.obj({ Type: 'Annot', Subtype: 'Widget', FT: 'Sig', Rect: [0, 0, 0, 0], V: signature, T: text(mark.fieldName), F: PRINT, P: page.ref }),
  );
  page.node.addAnnot(widget);
  form.addField(widget);
  form.dict.set(PDFName.of('SigFlags'), PDFNumber.of(SIG_FLAGS));
  const withPlaceholder = await appendChanges(pdf, doc);
  return signPdf.sign(withPlaceholder, new CmsSigner(cert), mark.signedAt);
}
