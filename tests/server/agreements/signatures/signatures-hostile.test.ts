// Hostile strings in a signature and in the certificate of completion: names, reasons, emails,
// addresses and user agents made of PDF syntax ("(", ")", "\", "<<", "%", "%%EOF", "endobj"),
// newlines and letters beyond Latin-1 must leave a PDF that pdfsig verifies and whose words
// pdftotext gives back as typed, and that inspectSignatures reads the names of exactly.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSigningCertificate } from '../../../../server/agreements/agreements.signing';
import { appendCertificate, appendSignature, inspectSignatures, type TrailEvent } from '../../../../server/agreements/signatures';
import { printable } from '../../../../server/agreements/signatures/certificate-page';
import { hasPoppler } from '../../../support/poppler';
import { comparable, mark, orderForm, pdfsig, pdfText } from './signatures-helpers';

const cert = createSigningCertificate('Launch Portal test');
let unsigned: Buffer;
beforeAll(async () => {
  unsigned = await orderForm();
});

// Pieces of PDF syntax and of the scripts the embedded Roboto draws (Latin Extended, Greek, Cyrillic),
// spacing accents, and letters Roboto draws from others ("ĳ" from "i" and "j", "ї" from "ı" and "¨").
const HOSTILE = ['(', ')', '\\', '<<', '>>', '<', '>', '%', '%%EOF', 'endobj', 'stream', '/ByteRange', '/Contents <', ' 0 R', '\n', '\r', '\t', 'Łódź', 'ĳ', 'ß', 'Ωμέγα', 'Пётр', 'Ñ', '€', '´', '¨', '˜', 'ı', 'ї'];
const hostile = fc.string({ unit: fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 })), minLength: 1, maxLength: 14 });
/** A value with a letter at each end, so pdftotext has something to anchor on however it spaces. */
const value = hostile.map((s) => `Q${s}Z`);

describe('hostile strings', () => {
  it.runIf(hasPoppler)('never break the PDF: every signature verifies, the texts come back as given', async () => {
    await fc.assert(
      fc.asyncProperty(value, value, value, value, value, async (name, reason, email, address, userAgent) => {
        const first = await appendSignature(unsigned, mark({ fieldName: `signer ${name}`, name, reason, email, location: address }), cert);
        const events: TrailEvent[] = [
          { at: new Date('2026-11-30T10:00:00Z'), kind: 'signed', name, email, ip: address, userAgent, documentSha256: 'f'.repeat(64) },
          { at: new Date('2026-11-30T11:00:00Z'), kind: 'declined', name: reason, email: null, ip: null, userAgent: null, reason: userAgent },
        ];
        const withCertificate = await appendCertificate(first, { agreementGuid: 'guid-1', title: `Order ${name}`, locale: 'fr-FR', events });
        const final = await appendSignature(withCertificate, mark({ fieldName: 'countersigner', name: userAgent, reason, email, location: address }), cert);

        const { signatures, output } = await pdfsig(final);
        expect(signatures.map((s) => s.valid)).toEqual([true, true]);
        expect(output).not.toMatch(/Syntax Error/);
        const inspected = inspectSignatures(final, cert).signatures;
        expect(inspected.map((s) => [s.fieldName, s.name, s.intact])).toEqual([
          [`signer ${name}`, name, true],
          ['countersigner', userAgent, true],
        ]);
        // Control characters print as spaces, and pdftotext's spacing is its own (comparable).
        const text = comparable(await pdfText(final));
        for (const typed of [name, reason, email, address, userAgent, `Order ${name}`]) expect(text).toContain(comparable(printable(typed)));
      }),
      { numRuns: 12 },
    );
  });
});
