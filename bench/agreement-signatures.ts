/**
 * Issue 57's budget, in Node on this machine: the order form of 40 products rendered, signed by
 * two dealer signers, given its certificate of completion and countersigned (three incremental
 * PAdES signatures), median under 800 ms; beside it the single-signature time of the same path,
 * each step's share, and inspecting the final PDF (the "Verify a document" page's work).
 * Run: `npm run bench -- agreement-signatures`.
 */
import { priceSubscription } from '../engine/agreements';
import { renderAgreementPdf, type AgreementPdfData } from '../server/agreements/agreements.pdf';
import { createSigningCertificate } from '../server/agreements/agreements.signing';
import { appendCertificate, appendSignature, inspectSignatures, type SignatureMark, type TrailEvent } from '../server/agreements/signatures';
import { CATALOGUE, DETAILS, SUBSCRIPTION } from '../tests/support/agreement-fixture';

const data = (): AgreementPdfData => ({
  reference: 'AGR-000042', name: 'Order 2027', locale: 'en-GB', currency: 'GBP', date: new Date('2026-11-26T10:00:00Z'),
  details: DETAILS, subscription: SUBSCRIPTION, priced: priceSubscription(SUBSCRIPTION, CATALOGUE, { locations: 2, franchises: 1 }), logo: null, message: 'Thank you.', signature: null,
});
const mark = (fieldName: string, name: string): SignatureMark => ({ fieldName, name, email: `${fieldName}@example.test`, role: fieldName === 'countersigner' ? 'countersigner' : 'signer', reason: 'Signed the order form', signedAt: new Date(), location: '203.0.113.7' });
const event = (kind: TrailEvent['kind'], name: string): TrailEvent => ({ at: new Date(), kind, name, email: `${name}@example.test`, ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Safari/604.1', documentSha256: kind.endsWith('signed') ? 'f'.repeat(64) : null });
const events = [event('created', 'am'), event('sent', 'am'), event('opened', 'dana'), event('signed', 'dana'), event('opened', 'frank'), event('signed', 'frank'), event('countersigned', 'pat')];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];
const ms = (x: number) => `${x.toFixed(1)} ms`;

export async function benchAgreementSignatures(): Promise<void> {
  const cert = createSigningCertificate('Bench');
  const steps = { render: [] as number[], sign1: [] as number[], sign2: [] as number[], certificate: [] as number[], countersign: [] as number[], total: [] as number[], single: [] as number[], inspect: [] as number[] };
  const runs = 30;
  for (let i = -3; i < runs; i++) {
    // The first three warm the fonts, the key and the code; they are not counted.
    const t0 = performance.now();
    const unsigned = await renderAgreementPdf(data());
    const t1 = performance.now();
    const first = await appendSignature(unsigned, mark('signer-1', 'Dana Dealer'), cert);
    const t2 = performance.now();
    const second = await appendSignature(first, mark('signer-2', 'Frank Finance'), cert);
    const t3 = performance.now();
    const withCertificate = await appendCertificate(second, { agreementGuid: 'bench', title: 'Order 2027 — Garage', locale: 'en-GB', events });
    const t4 = performance.now();
    const final = await appendSignature(withCertificate, mark('countersigner', 'Pat Provider'), cert);
    const t5 = performance.now();
    inspectSignatures(final, cert);
    const t6 = performance.now();
    const s0 = performance.now();
    await appendSignature(await renderAgreementPdf(data()), mark('signer-1', 'Dana Dealer'), cert);
    const single = performance.now() - s0;
    if (i < 0) continue;
    steps.render.push(t1 - t0);
    steps.sign1.push(t2 - t1);
    steps.sign2.push(t3 - t2);
    steps.certificate.push(t4 - t3);
    steps.countersign.push(t5 - t4);
    steps.total.push(t5 - t0);
    steps.inspect.push(t6 - t5);
    steps.single.push(single);
  }
  const total = median(steps.total);
  console.log(`order form, 2 signatures + certificate + countersignature: median ${ms(total)}, p95 ${ms(p95(steps.total))} (budget < 800 ms: ${total < 800 ? 'met' : 'MISSED'})`);
  console.log(`order form, 1 signature:                                  median ${ms(median(steps.single))}, p95 ${ms(p95(steps.single))}`);
  console.log(`  steps (median): render ${ms(median(steps.render))}, signature 1 ${ms(median(steps.sign1))}, signature 2 ${ms(median(steps.sign2))}, certificate ${ms(median(steps.certificate))}, countersignature ${ms(median(steps.countersign))}`);
  console.log(`inspecting the final PDF (3 signatures):                   median ${ms(median(steps.inspect))}, p95 ${ms(p95(steps.inspect))}`);
}
