/**
 * The order form as a PDF (POST /dompdf/create/{id}): made in Node with pdfkit, no browser. The
 * dealer's logo, their details, franchises and locations, the product table and totals of the
 * subscription maths (engine/agreements, the same figures as the form and the preview), the
 * message to the dealer, the commercial terms of spec section 9, a signature block and page
 * numbers, all in the agreement's language and currency.
 *
 * Text is set in Roboto (agreements.fonts.ts), embedded and subset, so every character of our
 * locales prints (the PDF standard fonts lack "ł" and "ĳ").
 */
import PDFDocument from 'pdfkit';
import { moneyFormat } from '../../contract/money';
import type { Locale } from '../../engine';
import { type CompanyDetails, type PricedLine, type PricedSubscription, type Subscription, toMajor } from '../../engine/agreements';
import { interpolate } from '../messages';
import { ORDER_FORM_FONTS as FONTS } from './agreements.fonts';
import { agreementTexts, type AgreementTexts } from './agreements.texts';

export interface AgreementSignatureBlock {
  name: string;
  position: string | null;
  signedAt: Date;
  /** The signature the signer drew (PNG), or none when they typed it. */
  image: Buffer | null;
  /** The client address the signature came from, and the hash of the document they signed. */
  address: string;
  documentSha256: string;
}

export interface AgreementPdfData {
  reference: string;
  name: string;
  /** The agreement's language: every word of the document. */
  locale: Locale;
  /** ISO 4217 code of the company's currency. */
  currency: string;
  date: Date;
  details: CompanyDetails;
  subscription: Subscription;
  priced: PricedSubscription;
  /** The dealer's logo (PNG or JPEG bytes), when they have one. */
  logo: Buffer | null;
  message: string | null;
  signature: AgreementSignatureBlock | null;
}

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - 20;
const INK = '#1f2933';
const MUTED = '#616e7c';
const RULE = '#cbd2d9';

/** dd/mm/yyyy (spec section 5), in UTC so the same agreement prints the same date everywhere. */
const ddmmyyyy = (d: Date) => `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;

/**
 * Intl groups French thousands with a narrow no-break space (U+202F), which Roboto lacks: print
 * the ordinary no-break space, which keeps the figure on one line all the same.
 */
const printable = (formatted: string) => formatted.replace(/\u202f/g, '\u00a0');

class OrderFormWriter {
  readonly doc: PDFKit.PDFDocument;
  private readonly t: AgreementTexts;
  private readonly money: Intl.NumberFormat;
  private readonly percent: Intl.NumberFormat;

  constructor(private readonly data: AgreementPdfData) {
    this.t = agreementTexts(data.locale);
    this.money = moneyFormat(data.locale, data.currency);
    this.percent = new Intl.NumberFormat(data.locale, { style: 'percent', maximumFractionDigits: 2 });
    this.doc = new PDFDocument({
      size: 'A4',
      margin: PAGE.margin,
      bufferPages: true,
      lang: data.locale,
      // The document's own dates are the agreement's, so a PDF made twice of one version is the same document.
      info: { Title: `${this.t.pdf.title} ${data.reference}`, Author: data.details.name ?? '', Subject: data.name, CreationDate: data.date, ModDate: data.date },
    });
    this.doc.registerFont('body', FONTS.regular);
    this.doc.registerFont('bold', FONTS.bold);
    this.doc.font('body').fillColor(INK);
  }

  private amount(minor: number): string {
    return printable(this.money.format(toMajor(minor)));
  }

  /** Starts a new page when fewer than `height` points are left. */
  private room(height: number) {
    if (this.doc.y + height > BOTTOM) this.doc.addPage();
  }

  private heading(text: string) {
    this.room(60);
    this.doc.moveDown(0.8).font('bold').fontSize(12).fillColor(INK).text(text, PAGE.margin, this.doc.y);
    const y = this.doc.y + 2;
    this.doc.moveTo(PAGE.margin, y).lineTo(PAGE.width - PAGE.margin, y).lineWidth(0.5).strokeColor(RULE).stroke();
    this.doc.moveDown(0.5).font('body').fontSize(9.5);
  }

  /** Label and value pairs in two columns; empty values are left out. */
  private pairs(rows: [string, string | null | undefined][]) {
    const filled = rows.filter(([, v]) => v && v.trim() !== '') as [string, string][];
    const colWidth = CONTENT_WIDTH / 2 - 10;
    for (let i = 0; i < filled.length; i += 2) {
      const pair = filled.slice(i, i + 2);
      const height = Math.max(12, ...pair.map(([, value]) => this.doc.fontSize(9.5).heightOfString(value, { width: colWidth - 120 })));
      this.room(height + 4);
      const y = this.doc.y;
      pair.forEach(([label, value], column) => {
        const x = PAGE.margin + column * (colWidth + 20);
        this.doc.font('bold').fontSize(8.5).fillColor(MUTED).text(label, x, y, { width: 115 });
        this.doc.font('body').fontSize(9.5).fillColor(INK).text(value, x + 120, y, { width: colWidth - 120 });
      });
      this.doc.y = y + height + 4;
    }
  }

  private address(a: CompanyDetails['address']): string {
    return [a.line1, a.line2, a.line3, a.postcode].filter((l) => l && l.trim() !== '').join('\n');
  }

  header() {
    const { doc, t, data } = this;
    if (data.logo) {
      try {
        doc.image(data.logo, PAGE.width - PAGE.margin - 140, PAGE.margin, { fit: [140, 60], align: 'right' });
      } catch {
        // A logo pdfkit cannot read (a PDF logo, spec section 5 allows one) is left out, not fatal.
      }
    }
    doc.font('bold').fontSize(20).fillColor(INK).text(t.pdf.title, PAGE.margin, PAGE.margin, { width: CONTENT_WIDTH - 160 });
    doc.font('body').fontSize(11).text(data.name, { width: CONTENT_WIDTH - 160 });
    doc.fontSize(9).fillColor(MUTED).text(`${interpolate(t.pdf.reference, { reference: data.reference })}   ${interpolate(t.pdf.date, { date: ddmmyyyy(data.date) })}`);
    doc.fillColor(INK);
    doc.y = Math.max(doc.y, PAGE.margin + 70);
  }

  dealer() {
    const { t, data } = this;
    const d = data.details;
    this.heading(t.pdf.dealer);
    this.pairs([
      [t.pdf.companyName, d.name],
      [t.pdf.website, d.website_address],
      [t.pdf.regNumber, d.reg_number],
      [t.pdf.vatNumber, d.vat_number],
      [t.pdf.fsaNumber, d.fsa_number],
      [t.pdf.icoNumber, d.ico_number],
      [t.pdf.address, this.address(d.address)],
      [t.pdf.regAddress, this.address(d.reg_address)],
      [t.pdf.contact, [d.contact_name, d.contact_position, d.contact_email, d.contact_number].filter(Boolean).join('\n')],
    ]);
    if (d.franchises.length > 0) {
      this.heading(t.pdf.franchises);
      this.pairs(
        d.franchises.map((f) => [
          f.name,
          [f.locations.sales.length ? `${t.pdf.sales}: ${f.locations.sales.join(', ')}` : '', f.locations.aftersales.length ? `${t.pdf.aftersales}: ${f.locations.aftersales.join(', ')}` : '']
            .filter(Boolean)
            .join('\n') || '—',
        ]),
      );
    }
  }

  subscription() {
    const { t, data } = this;
    const s = data.subscription;
    this.heading(t.pdf.subscription);
    const projectTypes = t.projectTypes as Record<string, string>;
    const designTypes = t.designTypes as Record<string, string>;
    this.pairs([
      [t.pdf.term, interpolate(t.pdf.termMonths, { count: s.term })],
      [t.pdf.projectType, s.projectType ? (projectTypes[s.projectType] ?? s.projectType) : null],
      [t.pdf.designType, s.designType ? (designTypes[s.designType] ?? s.designType) : null],
      [t.pdf.stockCount, s.stockCount > 0 ? String(s.stockCount) : null],
    ]);
  }

  private static readonly COLUMNS = [
    { key: 'product', width: 185, align: 'left' },
    { key: 'pricing', width: 80, align: 'left' },
    { key: 'quantity', width: 35, align: 'right' },
    { key: 'unitPrice', width: 65, align: 'right' },
    { key: 'discount', width: 50, align: 'right' },
    { key: 'total', width: 80, align: 'right' },
  ] as const;

  private row(cells: string[], { bold = false, muted = false } = {}) {
    const { doc } = this;
    const widths = OrderFormWriter.COLUMNS.map((c) => c.width);
    doc.font(bold ? 'bold' : 'body').fontSize(9);
    const height = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: widths[i] - 6 }))) + 6;
    this.room(height);
    const y = doc.y;
    let x = PAGE.margin;
    cells.forEach((cell, i) => {
      doc.fillColor(muted ? MUTED : INK).text(cell, x + 3, y + 3, { width: widths[i] - 6, align: OrderFormWriter.COLUMNS[i].align });
      x += widths[i];
    });
    doc.moveTo(PAGE.margin, y + height).lineTo(PAGE.width - PAGE.margin, y + height).lineWidth(0.3).strokeColor(RULE).stroke();
    doc.x = PAGE.margin;
    doc.y = y + height;
  }

  private lineCells(line: PricedLine): string[] {
    const t = this.t;
    const pricing = (t.pricing as Record<string, string>)[line.pricingType] ?? line.pricingType;
    let name = line.includedIn !== null ? `  · ${line.name}` : line.name;
    if (line.extraStock > 0) name += `\n${interpolate(t.pdf.extraStock, { count: line.extraStock, limit: line.stockLimit, price: this.amount(line.stockUnitMinor) })}`;
    if (line.included) return [name, pricing, '', t.pdf.included, '', t.pdf.included];
    const total = line.period === 'usage' ? t.pdf.usage : this.amount(line.netMinor);
    const discount = line.discountPercent > 0 ? printable(this.percent.format(line.discountPercent / 100)) : '';
    return [name, pricing, String(line.quantity), this.amount(line.unitMinor), discount, total];
  }

  products() {
    const { t, data } = this;
    this.heading(t.pdf.products);
    this.row(OrderFormWriter.COLUMNS.map((c) => t.pdf[c.key]), { bold: true });
    for (const line of data.priced.lines) this.row(this.lineCells(line), { muted: line.included });
  }

  totals() {
    const { t, data } = this;
    const x = data.priced.totals;
    const s = data.subscription;
    const rows: [string, string, boolean?][] = [[t.pdf.monthlyLines, this.amount(x.monthlyLinesMinor)]];
    if (x.monthlyDiscountMinor > 0) rows.push([interpolate(t.pdf.monthlyDiscount, { percent: printable(this.percent.format(s.totalDiscountPercentage / 100)) }), `−${this.amount(x.monthlyDiscountMinor)}`]);
    rows.push([t.pdf.monthly, this.amount(x.monthlyMinor), true]);
    if (x.annualMinor > 0) rows.push([interpolate(t.pdf.annual, { count: x.years }), this.amount(x.annualMinor)]);
    rows.push([t.pdf.setupPayment, this.amount(x.setupGrossMinor - x.setupFeesMinor - x.oneOffMinor - x.designCostMinor)]);
    if (x.setupFeesMinor > 0) rows.push([t.pdf.setupFees, this.amount(x.setupFeesMinor)]);
    if (x.oneOffMinor > 0) rows.push([t.pdf.oneOff, this.amount(x.oneOffMinor)]);
    if (x.designCostMinor > 0) rows.push([t.pdf.designCost, this.amount(x.designCostMinor)]);
    if (x.setupDiscountMinor > 0) rows.push([t.pdf.setupDiscount, `−${this.amount(x.setupDiscountMinor)}`]);
    rows.push([`${t.pdf.setup} (${s.paySetUpPayment ? t.pdf.setupUpFront : interpolate(t.pdf.setupSpread, { count: s.term })})`, this.amount(x.setupMinor), true]);
    rows.push([t.pdf.monthlyContractValue, this.amount(x.monthlyContractValueMinor), true]);
    rows.push([t.pdf.contractValue, this.amount(x.contractValueMinor), true]);
    const { doc } = this;
    doc.moveDown(0.6);
    for (const [label, value, bold] of rows) {
      doc.font(bold ? 'bold' : 'body').fontSize(9.5);
      const height = doc.heightOfString(label, { width: 300 }) + 4;
      this.room(height);
      const y = doc.y;
      doc.fillColor(INK).text(label, PAGE.margin + CONTENT_WIDTH - 420, y, { width: 300, align: 'right' });
      doc.text(value, PAGE.margin + CONTENT_WIDTH - 110, y, { width: 110, align: 'right' });
      doc.x = PAGE.margin;
      doc.y = y + height;
    }
  }

  message() {
    const { t, data, doc } = this;
    if (!data.message?.trim()) return;
    this.heading(t.pdf.message);
    doc.font('body').fontSize(9.5).fillColor(INK).text(data.message.trim(), PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  }

  terms() {
    const { t, doc } = this;
    this.heading(t.pdf.termsTitle);
    for (const text of Object.values(t.terms)) {
      doc.font('body').fontSize(9);
      this.room(doc.heightOfString(text, { width: CONTENT_WIDTH - 12 }) + 3);
      const y = doc.y;
      doc.fillColor(INK).text('•', PAGE.margin, y, { width: 10, lineBreak: false });
      // The text in its own column, so a second line hangs under the first, not under the bullet.
      doc.text(text, PAGE.margin + 12, y, { width: CONTENT_WIDTH - 12 });
      doc.moveDown(0.2);
    }
  }

  signatureBlock() {
    const { t, data, doc } = this;
    this.room(150);
    this.heading(interpolate(t.pdf.signatureTitle, { company: data.details.name ?? '' }));
    const sig = data.signature;
    const top = doc.y;
    const labelled = (label: string, value: string, y: number) => {
      doc.font('bold').fontSize(8.5).fillColor(MUTED).text(label, PAGE.margin, y, { width: 80 });
      doc.font('body').fontSize(10).fillColor(INK).text(value, PAGE.margin + 85, y, { width: 180 });
      doc.moveTo(PAGE.margin + 85, y + 13).lineTo(PAGE.margin + 265, y + 13).lineWidth(0.5).strokeColor(RULE).stroke();
    };
    labelled(t.pdf.signerName, sig?.name ?? '', top);
    labelled(t.pdf.signerPosition, sig?.position ?? '', top + 22);
    labelled(t.pdf.signedOn, sig ? ddmmyyyy(sig.signedAt) : '', top + 44);
    const boxX = PAGE.margin + 290;
    doc.font('bold').fontSize(8.5).fillColor(MUTED).text(t.pdf.signature, boxX, top);
    doc.rect(boxX, top + 12, CONTENT_WIDTH - 290, 60).lineWidth(0.5).strokeColor(RULE).stroke();
    if (sig?.image) doc.image(sig.image, boxX + 4, top + 14, { fit: [CONTENT_WIDTH - 298, 56], align: 'center', valign: 'center' });
    else if (sig) doc.font('body').fontSize(16).fillColor(INK).text(sig.name, boxX + 8, top + 32, { width: CONTENT_WIDTH - 306 });
    doc.y = top + 80;
    if (sig) {
      doc.font('body').fontSize(7.5).fillColor(MUTED).text(interpolate(t.pdf.signedElectronically, { date: sig.signedAt.toISOString(), address: sig.address, hash: sig.documentSha256 }), PAGE.margin, doc.y, { width: CONTENT_WIDTH });
    }
  }

  /** "Page n of m" and the reference on every page, once the page count is known. */
  footers() {
    const { doc, t, data } = this;
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      // Writing below the bottom margin would make pdfkit open a page: lift the margin meanwhile.
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc.font('body').fontSize(8).fillColor(MUTED);
      doc.text(data.reference, PAGE.margin, PAGE.height - PAGE.margin + 10, { width: CONTENT_WIDTH / 2, lineBreak: false });
      doc.text(interpolate(t.pdf.page, { page: i + 1, pages: range.count }), PAGE.margin + CONTENT_WIDTH / 2, PAGE.height - PAGE.margin + 10, { width: CONTENT_WIDTH / 2, align: 'right', lineBreak: false });
      doc.page.margins.bottom = bottom;
    }
  }
}

/** The order form's PDF bytes. */
export async function renderAgreementPdf(data: AgreementPdfData): Promise<Buffer> {
  const writer = new OrderFormWriter(data);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    writer.doc.on('data', (c: Buffer) => chunks.push(c));
    writer.doc.on('end', () => resolve(Buffer.concat(chunks)));
    writer.doc.on('error', reject);
  });
  writer.header();
  writer.dealer();
  writer.subscription();
  writer.products();
  writer.totals();
  writer.message();
  writer.terms();
  writer.signatureBlock();
  writer.footers();
  writer.doc.end();
  return done;
}
