/**
 * The certificate of completion added to a signed agreement without touching its bytes: the
 * pages pdfkit set (certificate-page.ts) are copied into the agreement by @cantoo/pdf-lib (new
 * objects with new numbers, references rewritten in the parsed objects, never in stream bytes),
 * appended to the page tree (a new revision of the Pages object with its /Kids and /Count), and
 * written as an incremental update. The signature the caller appends next covers them.
 */
import { PDFDocument, ParseSpeeds } from '@cantoo/pdf-lib';
import { renderCertificatePdf } from './certificate-page';
import { appendChanges, loadForUpdate } from './incremental';
import type { CertificateInput } from './types';

export async function appendCertificate(pdf: Buffer, input: CertificateInput): Promise<Buffer> {
  const [doc, certificate] = await Promise.all([loadForUpdate(pdf), renderCertificatePdf(input)]);
  const source = await PDFDocument.load(certificate, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
  const pages = await doc.copyPages(source, source.getPageIndices());
  for (const page of pages) doc.addPage(page);
  return appendChanges(pdf, doc);
}
