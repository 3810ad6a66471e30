/**
 * Agreement PDF budgets of issue 27, in Node on this machine: the order form with 40 products,
 * median under 300 ms to generate and under 500 ms signed; the form's totals recompute in under
 * 5 ms per change at 40 products. Baseline, same run: pdfkit writing the same 40 product lines as
 * plain text (no fonts embedded, no layout), the floor of any PDF made this way.
 * Run: `npm run bench -- agreement-pdf`.
 */
import PDFDocument from 'pdfkit';
import { priceSubscription, type Subscription } from '../engine/agreements';
import { renderAgreementPdf, type AgreementPdfData } from '../server/agreements/agreements.pdf';
import { createSigningCertificate, signPdf } from '../server/agreements/agreements.signing';
import { CATALOGUE, DETAILS, SUBSCRIPTION } from '../tests/support/agreement-fixture';

const counts = { locations: 2, franchises: 1 };
const data = (): AgreementPdfData => ({
  reference: 'AGR-000042', name: 'Order 2027', locale: 'en-GB', currency: 'GBP', date: new Date('2026-11-26T10:00:00Z'),
  details: DETAILS, subscription: SUBSCRIPTION, priced: priceSubscription(SUBSCRIPTION, CATALOGUE, counts), logo: null, message: 'Thank you.', signature: null,
});

async function plainPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4' });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.on('data', (c: Buffer) => chunks.push(c));
  for (const p of CATALOGUE) doc.text(`${p.name}  ${p.cost_type}  ${p.cost.toFixed(2)}`);
  doc.end();
  return done;
}

async function time(runs: number, fn: () => Promise<unknown> | unknown): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out.sort((a, b) => a - b);
}
const median = (xs: number[]) => xs[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => xs[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];
const ms = (x: number) => `${x.toFixed(2)} ms`;

export async function benchAgreementPdf(): Promise<void> {
  const certificate = createSigningCertificate('Bench');
  await renderAgreementPdf(data()); // warm: fonts read, code compiled
  await plainPdf();
  const plain = await time(30, plainPdf);
  const render = await time(30, () => renderAgreementPdf(data()));
  const signed = await time(30, async () => signPdf(await renderAgreementPdf(data()), certificate, { name: 'Dana Dealer', contact: 'dealer@demo.test', location: '127.0.0.1', reason: 'Order form', signedAt: new Date() }));
  // A change on the form: one product's discount, then the whole subscription priced again.
  let i = 0;
  const totals = await time(2000, () => {
    const sub: Subscription = { ...SUBSCRIPTION, products: SUBSCRIPTION.products.map((p, j) => (j === i % 40 ? { ...p, discount: (i++ % 20) * 5 } : p)) };
    return priceSubscription(sub, CATALOGUE, counts);
  });
  console.log(`baseline plain pdfkit, 40 lines:   median ${ms(median(plain))}, p95 ${ms(p95(plain))}`);
  console.log(`order form PDF, 40 products:       median ${ms(median(render))}, p95 ${ms(p95(render))} (${(median(render) / median(plain)).toFixed(1)}x baseline; budget < 300 ms: ${median(render) < 300 ? 'met' : 'MISSED'})`);
  console.log(`order form PDF, signed:            median ${ms(median(signed))}, p95 ${ms(p95(signed))} (budget < 500 ms: ${median(signed) < 500 ? 'met' : 'MISSED'})`);
  console.log(`totals per change, 40 products:    median ${ms(median(totals))}, p95 ${ms(p95(totals))} (budget < 5 ms: ${median(totals) < 5 ? 'met' : 'MISSED'})`);
}
