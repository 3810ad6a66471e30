// A letter must copy out of a PDF whatever the server set before it. Roboto draws many accented
// letters from others ("ї" from "ı" and "¨", "ĳ" from "i" and "j"); when one parsed font served
// every document, subsetting such a letter left its parts mapped to no character for the rest of
// the process, so a later order form or certificate printed "Aydın" but gave back "Ayd n" to
// pdftotext, search and copy (the flaky "Qendobj" -> "Qendob" of signatures-hostile.test.ts).
// "ı" is typed nowhere else in the tests, so before the fix this failed in any order of files.
import { describe, expect, it } from 'vitest';
import { priceSubscription } from '../../../engine/agreements';
import { renderAgreementPdf } from '../../../server/agreements/agreements.pdf';
import { renderCertificatePdf } from '../../../server/agreements/signatures/certificate-page';
import type { TrailEvent } from '../../../server/agreements/signatures';
import { CATALOGUE, DETAILS, SUBSCRIPTION } from '../../support/agreement-fixture';
import { hasPoppler } from '../../support/poppler';
import { comparable, pdfText } from './signatures/signatures-helpers';

const signed = (name: string): TrailEvent => ({
  at: new Date('2026-11-30T10:00:00Z'),
  kind: 'signed',
  name,
  email: 'signer@demo-motors.example',
  ip: '203.0.113.7',
  userAgent: 'Firefox',
  documentSha256: 'f'.repeat(64),
});
const certificate = (name: string) => renderCertificatePdf({ agreementGuid: 'guid-1', title: 'Order 2027', locale: 'nl-NL', events: [signed(name)] });

const orderForm = (message: string) =>
  renderAgreementPdf({
    reference: 'AGR-000058',
    name: 'Order 2027',
    locale: 'en-GB',
    currency: 'GBP',
    date: new Date('2026-11-26T10:00:00Z'),
    details: DETAILS,
    subscription: SUBSCRIPTION,
    priced: priceSubscription(SUBSCRIPTION, CATALOGUE, { locations: 2, franchises: 1 }),
    logo: null,
    message,
    signature: null,
  });

describe('letters drawn inside accented letters of an earlier PDF', () => {
  it.runIf(hasPoppler)('still come back from the next certificate of completion', async () => {
    const first = await pdfText(await certificate('Олена Київська, Pieter van Ĳsselĳk'));
    expect(comparable(first)).toContain(comparable('Олена Київська, Pieter van Ĳsselĳk'));

    const next = comparable(await pdfText(await certificate('Aydın Yılmaz, Jan Bakker')));
    expect(next).toContain(comparable('Aydın Yılmaz, Jan Bakker'));
  });

  it.runIf(hasPoppler)('still come back from the next order form', async () => {
    // A certificate's bold "10:00:00" subsets ":", which is drawn from two "."s; the totals are bold.
    await certificate('Dana Dealer');
    await orderForm('Дякуємо, Київ.');
    const next = comparable(await pdfText(await orderForm('Teşekkürler, Aydın.')));
    expect(next).toContain(comparable('Teşekkürler, Aydın.'));
    expect(next).toMatch(/Monthlytotal£[\d,]+\.\d\d/);
  });
});
