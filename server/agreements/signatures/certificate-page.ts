/**
 * The certificate of completion as its own small PDF, set with pdfkit in Roboto like the order
 * form, in the agreement's language: the agreement's title and guid, then every event of the
 * trail (time in UTC, what happened, the person, email, IP address, user agent, the document's
 * SHA-256 at a signature, a decline's or void's reason), then the drawn signatures, with
 * "Certificate page n of m" at the foot of each page. append-certificate.ts grafts its pages
 * onto the signed agreement.
 */
import PDFDocument from 'pdfkit';
import { toLocale } from '../../../engine';
import { interpolate } from '../../messages';
import { ORDER_FORM_FONTS as FONTS } from '../agreements.fonts';
import { agreementTexts } from '../agreements.texts';
import type { CertificateInput, TrailEvent } from './types';

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - 24;
const LABEL_WIDTH = 140;
const VALUE_WIDTH = CONTENT_WIDTH - LABEL_WIDTH - 10;
const INK = '#1f2933';
const MUTED = '#616e7c';
const RULE = '#cbd2d9';

/**
 * What people typed, printable: control characters (a newline in a user agent would start a new
 * line mid-row) become spaces, and a lone UTF-16 surrogate, which no font can draw, a '?'.
 */
export function printable(value: string): string {
  return value.replace(/[\p{Cc}\u2028\u2029]/gu, ' ').replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '?');
}

/** 2026-11-30 19:16:53 UTC: the exact second, the same wherever the PDF is read. */
export const utcTime = (at: Date) => `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

export function renderCertificatePdf(input: CertificateInput): Promise<Buffer> {
  const t = agreementTexts(toLocale(input.locale)).certificate;
  const doc = new PDFDocument({ size: 'A4', margin: PAGE.margin, bufferPages: true, lang: input.locale, info: { Title: t.title } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('body', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);

  const room = (height: number) => {
    if (doc.y + height > BOTTOM) doc.addPage();
  };
  const row = (label: string, value: string) => {
    const shown = printable(value);
    const height = Math.max(doc.font('body').fontSize(9).heightOfString(shown, { width: VALUE_WIDTH }), 11);
    room(height + 3);
    const y = doc.y;
    doc.font('bold').fontSize(8).fillColor(MUTED).text(label, PAGE.margin, y, { width: LABEL_WIDTH });
    doc.font('body').fontSize(9).fillColor(INK).text(shown, PAGE.margin + LABEL_WIDTH + 10, y, { width: VALUE_WIDTH });
    doc.y = y + height + 3;
  };
  const rule = () => {
    const y = doc.y + 2;
    doc.moveTo(PAGE.margin, y).lineTo(PAGE.width - PAGE.margin, y).lineWidth(0.5).strokeColor(RULE).stroke();
    doc.y = y + 6;
  };
  const event = (e: TrailEvent) => {
    // Keep an event's heading with its first rows.
    room(60);
    doc.font('bold').fontSize(10).fillColor(INK).text(`${utcTime(e.at)}   ${t.kinds[e.kind] ?? e.kind}`, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
    doc.moveDown(0.2);
    row(t.person, e.name ?? t.unknown);
    row(t.email, e.email ?? t.unknown);
    row(t.ip, e.ip ?? t.unknown);
    row(t.userAgent, e.userAgent ?? t.unknown);
    if (e.documentSha256) row(t.documentSha256, e.documentSha256);
    if (e.reason) row(t.reason, e.reason);
    rule();
  };

  doc.font('bold').fontSize(18).fillColor(INK).text(t.title, PAGE.margin, PAGE.margin, { width: CONTENT_WIDTH });
  doc.moveDown(0.5);
  row(t.agreement, input.title);
  row(t.documentId, input.agreementGuid);
  doc.moveDown(0.3).font('body').fontSize(8.5).fillColor(MUTED).text(t.intro, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.8).font('bold').fontSize(12).fillColor(INK).text(t.events, PAGE.margin, doc.y);
  rule();
  for (const e of input.events) event(e);

  const drawn = input.drawn ?? [];
  if (drawn.length > 0) {
    room(100);
    doc.moveDown(0.5).font('bold').fontSize(12).fillColor(INK).text(t.drawn, PAGE.margin, doc.y);
    rule();
    for (const { name, png } of drawn) {
      room(70);
      const y = doc.y;
      doc.font('body').fontSize(9).fillColor(INK).text(printable(name), PAGE.margin, y + 20, { width: LABEL_WIDTH + 40 });
      try {
        doc.image(png, PAGE.margin + LABEL_WIDTH + 50, y, { fit: [200, 60] });
      } catch {
        // An image pdfkit cannot read is left out: the event rows above carry the signature's facts.
      }
      doc.y = y + 66;
    }
  }

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // Writing below the bottom margin would make pdfkit start a new page: lift the margin for the footer.
    doc.page.margins.bottom = 0;
    doc.font('body').fontSize(8).fillColor(MUTED).text(`${interpolate(t.page, { page: i + 1, pages: range.count })}   ${input.agreementGuid}`, PAGE.margin, PAGE.height - PAGE.margin, {
      width: CONTENT_WIDTH,
      align: 'center',
      lineBreak: false,
    });
  }
  doc.end();
  return done;
}
