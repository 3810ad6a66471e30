// Issue 57, the PDF side: two dealer signatures, the certificate of completion and the provider's
// countersignature, appended one after the other to the order form; checked with poppler's
// pdfsig (every signature valid, in order, the last over the whole file; one changed byte fails
// the last only) and pdftotext (every event of the certificate), and read back with
// inspectSignatures. No server: the certificate is made with createSigningCertificate.
import { beforeAll, describe, expect, it } from 'vitest';
import { createSigningCertificate, signPdf } from '../../../../server/agreements/agreements.signing';
import { appendCertificate, appendSignature, inspectSignatures, NotAPdf, type CertificateInput } from '../../../../server/agreements/signatures';
import { MAX_SIGNATURES } from '../../../../server/agreements/signatures/inspect';
import { hasPoppler } from '../../../support/poppler';
import { mark, orderForm, pdfsig, pdfText, sha256, squeeze } from './signatures-helpers';

const withPoppler = it.runIf(hasPoppler);
const cert = createSigningCertificate('Launch Portal test');
const other = createSigningCertificate('Someone else');

interface Flow {
  unsigned: Buffer;
  first: Buffer;
  second: Buffer;
  withCertificate: Buffer;
  final: Buffer;
  input: CertificateInput;
}
let flow: Flow;

beforeAll(async () => {
  const unsigned = await orderForm();
  const first = await appendSignature(unsigned, mark({ fieldName: 'signer-1', name: 'Dana Dealer', email: 'dana@demo-motors.example', location: '203.0.113.7', signedAt: new Date('2026-11-30T10:00:00Z') }), cert);
  const second = await appendSignature(first, mark({ fieldName: 'signer-2', name: 'Frank Finance', email: 'frank@demo-motors.example', location: '198.51.100.23', signedAt: new Date('2026-11-30T11:00:00Z') }), cert);
  const input: CertificateInput = {
    agreementGuid: '0b6f3c2e-57a1-4c1e-9d0f-2f8a9b7c6d5e',
    title: 'Order form AGR-000057 — Demo Motors',
    locale: 'en-GB',
    events: [
      { at: new Date('2026-11-29T09:00:00Z'), kind: 'created', name: 'Alex Account', email: 'am@demo.test', ip: '192.0.2.10', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0' },
      { at: new Date('2026-11-29T09:05:00Z'), kind: 'sent', name: 'Alex Account', email: 'am@demo.test', ip: '192.0.2.10', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0' },
      { at: new Date('2026-11-30T09:55:00Z'), kind: 'opened', name: 'Dana Dealer', email: 'dana@demo-motors.example', ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Safari/604.1' },
      { at: new Date('2026-11-30T10:00:00Z'), kind: 'signed', name: 'Dana Dealer', email: 'dana@demo-motors.example', ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Safari/604.1', documentSha256: sha256(unsigned) },
      { at: new Date('2026-11-30T10:58:00Z'), kind: 'opened', name: 'Frank Finance', email: 'frank@demo-motors.example', ip: '198.51.100.23', userAgent: 'Mozilla/5.0 (Linux; Android 15; Pixel 9) Chrome/131.0' },
      { at: new Date('2026-11-30T11:00:00Z'), kind: 'signed', name: 'Frank Finance', email: 'frank@demo-motors.example', ip: '198.51.100.23', userAgent: 'Mozilla/5.0 (Linux; Android 15; Pixel 9) Chrome/131.0', documentSha256: sha256(first) },
      { at: new Date('2026-11-30T12:00:00Z'), kind: 'countersigned', name: 'Pat Provider', email: 'pm@demo.test', ip: '192.0.2.44', userAgent: 'Mozilla/5.0 (Macintosh) Safari/605.1.15', documentSha256: sha256(second) },
    ],
  };
  const withCertificate = await appendCertificate(second, input);
  const final = await appendSignature(withCertificate, mark({ fieldName: 'countersigner', role: 'countersigner', name: 'Pat Provider', email: 'pm@demo.test', location: '192.0.2.44', reason: 'Countersigned for the provider', signedAt: new Date('2026-11-30T12:00:00Z') }), cert);
  flow = { unsigned, first, second, withCertificate, final, input };
});

/** One byte of `pdf` changed at `at` (a digit or letter for another, so the file still parses). */
const changed = (pdf: Buffer, at: number) => {
  const copy = Buffer.from(pdf);
  copy[at] = copy[at] === 0x30 ? 0x31 : 0x30;
  return copy;
};
/** Where the first stream after `from` starts its data: a byte there changes content, not structure. */
const streamDataAfter = (pdf: Buffer, from: number) => pdf.indexOf('stream\n', from) + 'stream\n'.length + 16;
/** SHA-256 of the bytes the last signature of `signed` covers, from its /ByteRange as written. */
const lastCovered = (signed: Buffer) => {
  const ranges = [...signed.toString('latin1').matchAll(/\/ByteRange \[(\d+) (\d+) (\d+) (\d+)\]/g)];
  const [a, b, c, d] = ranges[ranges.length - 1].slice(1).map(Number);
  return sha256(Buffer.concat([signed.subarray(a, a + b), signed.subarray(c, c + d)]));
};

describe('several signatures, a certificate and a countersignature on one PDF', () => {
  it('keeps every earlier byte: each step only appends', () => {
    const { unsigned, first, second, withCertificate, final } = flow;
    // The unsigned form's trailing newline is the only byte a signature may drop (after %%EOF).
    expect(first.subarray(0, unsigned.length - 1).equals(unsigned.subarray(0, unsigned.length - 1))).toBe(true);
    expect(second.subarray(0, first.length).equals(first)).toBe(true);
    expect(withCertificate.subarray(0, second.length).equals(second)).toBe(true);
    expect(final.subarray(0, withCertificate.length).equals(withCertificate)).toBe(true);
  });

  withPoppler('pdfsig lists the three signatures as valid, in order, the last over the whole document', async () => {
    const { signatures, output } = await pdfsig(flow.final);
    expect(signatures.map((s) => s.field)).toEqual(['signer-1', 'signer-2', 'countersigner']);
    expect(signatures.map((s) => s.valid)).toEqual([true, true, true]);
    expect(signatures.map((s) => s.total)).toEqual([false, false, true]);
    expect(output).not.toMatch(/Syntax Error/);
    expect(signatures[2].block).toContain('Signing Hash Algorithm: SHA-256');
  });

  withPoppler('one changed byte in the last revision fails the last signature only', async () => {
    const at = streamDataAfter(flow.final, flow.second.length);
    expect(at).toBeGreaterThan(flow.second.length);
    const { signatures } = await pdfsig(changed(flow.final, at));
    expect(signatures.map((s) => s.field)).toEqual(['signer-1', 'signer-2', 'countersigner']);
    expect(signatures.map((s) => s.valid)).toEqual([true, true, false]);
  });

  withPoppler('one changed byte in the order form fails every signature', async () => {
    const { signatures } = await pdfsig(changed(flow.final, streamDataAfter(flow.final, 0)));
    expect(signatures.map((s) => s.valid)).toEqual([false, false, false]);
  });

  withPoppler('pdftotext finds every event of the certificate: names, emails, IP addresses, user agents and hashes', async () => {
    const text = await pdfText(flow.final);
    const flat = squeeze(text);
    expect(text).toContain('Certificate of completion');
    expect(text).toContain('Order form AGR-000057 — Demo Motors');
    expect(text).toContain(flow.input.agreementGuid);
    for (const e of flow.input.events) {
      expect(text).toContain(e.at.toISOString().slice(0, 19).replace('T', ' '));
      for (const value of [e.name, e.email, e.ip, e.userAgent, e.documentSha256]) if (value) expect(flat).toContain(squeeze(value));
    }
    for (const label of ['Created', 'Sent for signature', 'Opened', 'Signed', 'Countersigned']) expect(text).toContain(label);
    expect(text).toMatch(/Certificate page 1 of 1/);
    // The order form is still all there, before the certificate.
    expect(text.indexOf('Order form')).toBeLessThan(text.indexOf('Certificate of completion'));
  });

  withPoppler('writes the certificate in the agreement’s language', async () => {
    const french = await appendCertificate(flow.second, { ...flow.input, locale: 'fr-BE' });
    const dutch = await appendCertificate(flow.second, { ...flow.input, locale: 'nl-NL' });
    const fr = await pdfText(french);
    const nl = await pdfText(dutch);
    expect(fr).toContain('Certificat d’achèvement');
    expect(fr).toContain('Contresigné');
    expect(fr).toContain('Adresse IP');
    expect(nl).toContain('Voltooiingscertificaat');
    expect(nl).toContain('Medeondertekend');
    expect(nl).toContain('Certificaat, pagina 1 van 1');
  });

  withPoppler('runs the certificate over several pages when the trail is long, and shows drawn signatures', async () => {
    const events = Array.from({ length: 30 }, (_, i) => ({ ...flow.input.events[i % flow.input.events.length], email: `person-${i}@example.test` }));
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    const long = await appendCertificate(flow.second, { ...flow.input, events, drawn: [{ name: 'Dana Dealer', png }, { name: 'Broken image', png: Buffer.from('not a png') }] });
    const text = await pdfText(long);
    expect(text).toMatch(/Certificate page 1 of [2-9]/);
    for (let i = 0; i < 30; i++) expect(text).toContain(`person-${i}@example.test`);
    expect(text).toContain('Signatures as drawn');
    const sealed = await appendSignature(long, mark({ fieldName: 'countersigner' }), cert);
    expect((await pdfsig(sealed)).signatures.map((s) => s.valid)).toEqual([true, true, true]);
  });

  withPoppler('adds a signature to an order form signed before issue 57 (one @signpdf signature), keeping it valid', async () => {
    const old = await signPdf(flow.unsigned, cert, { name: 'Dana Dealer', contact: 'dana@demo-motors.example', location: '203.0.113.7', reason: 'Signed', signedAt: new Date('2026-11-30T10:00:00Z') });
    const next = await appendSignature(old, mark({ fieldName: 'countersigner', name: 'Pat Provider' }), cert);
    expect(next.subarray(0, old.length).equals(old)).toBe(true);
    const { signatures } = await pdfsig(next);
    expect(signatures.map((s) => [s.field, s.valid, s.total])).toEqual([
      ['Signature1', true, false],
      ['countersigner', true, true],
    ]);
  });

  it('refuses a second field of the same name', async () => {
    await expect(appendSignature(flow.first, mark({ fieldName: 'signer-1' }), cert)).rejects.toThrow(/signer-1/);
  });
});

describe('inspectSignatures', () => {
  it('reads every signature in order: intact, ours, the last over the whole file, each with the hash of what it covers', () => {
    const { sha256: whole, signatures } = inspectSignatures(flow.final, cert);
    expect(whole).toBe(sha256(flow.final));
    expect(signatures).toEqual([
      { fieldName: 'signer-1', name: 'Dana Dealer', signedAt: new Date('2026-11-30T10:00:00Z'), intact: true, byOurCertificate: true, coversWholeFile: false, signedSha256: lastCovered(flow.first) },
      { fieldName: 'signer-2', name: 'Frank Finance', signedAt: new Date('2026-11-30T11:00:00Z'), intact: true, byOurCertificate: true, coversWholeFile: false, signedSha256: lastCovered(flow.second) },
      { fieldName: 'countersigner', name: 'Pat Provider', signedAt: new Date('2026-11-30T12:00:00Z'), intact: true, byOurCertificate: true, coversWholeFile: true, signedSha256: lastCovered(flow.final) },
    ]);
  });

  it('tells another certificate’s signatures apart, and a document that is not final', () => {
    expect(inspectSignatures(flow.final, other).signatures.map((s) => [s.intact, s.byOurCertificate])).toEqual([
      [true, false],
      [true, false],
      [true, false],
    ]);
    expect(inspectSignatures(flow.final).signatures.every((s) => !s.byOurCertificate)).toBe(true);
    const partial = inspectSignatures(flow.withCertificate, cert).signatures;
    expect(partial.map((s) => s.coversWholeFile)).toEqual([false, false]);
    expect(inspectSignatures(flow.second, cert).signatures.map((s) => s.coversWholeFile)).toEqual([false, true]);
  });

  it('finds a changed byte: the signatures over it are no longer intact', () => {
    const lastRevision = inspectSignatures(changed(flow.final, streamDataAfter(flow.final, flow.second.length)), cert).signatures;
    expect(lastRevision.map((s) => s.intact)).toEqual([true, true, false]);
    expect(lastRevision[2].byOurCertificate).toBe(false);
    const orderForm = inspectSignatures(changed(flow.final, streamDataAfter(flow.final, 0)), cert).signatures;
    expect(orderForm.map((s) => s.intact)).toEqual([false, false, false]);
    // A byte changed inside a signature's own PKCS#7 breaks that signature's check.
    const contents = flow.final.indexOf('/Contents <', flow.withCertificate.length) + 40;
    expect(inspectSignatures(changed(flow.final, contents), cert).signatures.map((s) => s.intact)).toEqual([true, true, false]);
  });

  it('never throws on a damaged PDF, and throws NotAPdf on what is not one', () => {
    // Cut anywhere, or with a run of bytes overwritten: signatures read as not intact, no throw.
    for (const cut of [100, flow.first.length - 10, flow.final.length - 2000, flow.final.length - 1]) {
      const truncated = Buffer.concat([flow.final.subarray(0, cut), Buffer.from('\n%%EOF\n')]);
      expect(() => inspectSignatures(truncated, cert)).not.toThrow();
    }
    // (The header is left alone: without "%PDF-" the file is no PDF, NotAPdf below.)
    for (let at = 16; at < flow.final.length; at += 997) {
      const damaged = Buffer.from(flow.final);
      damaged.fill(0x5a, at, at + 64);
      const { signatures } = inspectSignatures(damaged, cert);
      expect(signatures.filter((s) => s.intact).length).toBeLessThanOrEqual(3);
    }
    const bad = Buffer.from(flow.final);
    const range = bad.indexOf('/ByteRange [') + '/ByteRange ['.length;
    bad.write('9', range); // the first range no longer starts at 0
    expect(inspectSignatures(bad, cert).signatures[0]).toMatchObject({ intact: false, byOurCertificate: false });
    expect(() => inspectSignatures(Buffer.from('hello world, not a pdf at all'))).toThrow(NotAPdf);
    expect(() => inspectSignatures(Buffer.alloc(0))).toThrow(NotAPdf);
    expect(() => inspectSignatures(Buffer.from('%PDF-1.7\n no end marker here'))).toThrow(NotAPdf);
    expect(inspectSignatures(flow.unsigned).signatures).toEqual([]);
  });

  it('reads a bounded number of signatures from a file crafted with thousands of byte ranges', () => {
    const ranges = Array.from({ length: 20_000 }, (_, i) => `${i + 1} 0 obj <</V ${i + 1} 0 R /ByteRange [0 10 20 30] /Contents <00>>> endobj\n`).join('');
    const crafted = Buffer.from(`%PDF-1.7\n${ranges}%%EOF\n`);
    const started = performance.now();
    const { signatures } = inspectSignatures(crafted, cert);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(signatures).toHaveLength(MAX_SIGNATURES);
    expect(signatures.every((s) => !s.intact && !s.byOurCertificate)).toBe(true);
  });
});
