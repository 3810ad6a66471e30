// The order form's PDF and its local e-signature, checked with real tools: poppler's pdftotext
// (what a reader sees), pdftoppm (the first page is not blank) and pdfsig (the signature verifies,
// and one changed byte breaks it). The signing certificate is kept sealed in a real database.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { priceSubscription, toMajor } from '../../../engine/agreements';
import { CATALOGUE, DETAILS, SUBSCRIPTION } from '../../support/agreement-fixture';
import { renderAgreementPdf, type AgreementPdfData } from '../../../server/agreements/agreements.pdf';
import { loadSigningCertificate, sha256, signPdf } from '../../../server/agreements/agreements.signing';
import type { Database } from '../../../server/db/database';
import { settings } from '../../../server/db/schema';
import { openTestDatabase } from '../../support/server';
import { hasPoppler } from '../../support/poppler';

const run = promisify(execFile);
const withPoppler = it.runIf(hasPoppler);
const dir = mkdtempSync(join(tmpdir(), 'agreement-pdf-'));
const file = (name: string, bytes: Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
};
const pdfText = async (path: string) => (await run('pdftotext', ['-layout', path, '-'])).stdout;
const pdfsig = async (path: string) => {
  const { stdout, stderr } = await run('pdfsig', [path]).catch((e: { stdout: string; stderr: string }) => e);
  return stdout + stderr;
};

function data(overrides: Partial<AgreementPdfData> = {}): AgreementPdfData {
  return {
    reference: 'AGR-000042',
    name: 'Commande site web 2027',
    locale: 'fr-FR',
    currency: 'EUR',
    date: new Date('2026-11-26T10:00:00Z'),
    details: DETAILS,
    subscription: SUBSCRIPTION,
    priced: priceSubscription(SUBSCRIPTION, CATALOGUE, { locations: 2, franchises: 1 }),
    logo: null,
    message: 'Merci pour votre confiance.',
    signature: null,
    ...overrides,
  };
}

describe('the order form PDF', () => {
  withPoppler('prints the dealer, every product and the totals of the subscription maths, in the agreement’s language and currency, with page numbers', async () => {
    const input = data();
    const path = file('order.pdf', await renderAgreementPdf(input));
    const text = await pdfText(path);
    const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
    expect(text).toContain('Bon de commande');
    expect(text).toContain('Garage Łódź & Fils');
    expect(text).toContain('Plateforme de site Côte d’Azur');
    expect(text).toContain('Produit 40');
    expect(text).toContain('INCL.');
    expect(text).toContain('Facturé à l’usage');
    // The figures are the engine's, formatted for the agreement (not recomputed by the PDF).
    const fmt = (minor: number) => euros.format(toMajor(minor)).replace(/\s/g, ' ');
    const flat = text.replace(/\s/g, ' ');
    expect(flat).toContain(fmt(input.priced.totals.contractValueMinor));
    expect(flat).toContain(fmt(input.priced.totals.monthlyContractValueMinor));
    expect(text).toContain('L’abonnement minimum est de 24 mois.');
    expect(text).toMatch(/Page 1 sur [2-9]/);
    expect(text).not.toContain('{{');
    // French groups thousands with U+202F, a glyph the embedded font lacks (it printed as a box).
    expect(text).not.toContain('\u202f');
  });

  withPoppler('draws a first page that is not blank', async () => {
    const path = file('page.pdf', await renderAgreementPdf(data({ locale: 'en-GB', currency: 'GBP' })));
    await run('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '1', '-singlefile', path, join(dir, 'page1')]);
    const { channels } = await sharp(join(dir, 'page1.png')).stats();
    // A blank page is all white (mean 255, no spread); text and rules pull the mean down.
    expect(channels[0].mean).toBeLessThan(250);
    expect(channels[0].stdev).toBeGreaterThan(10);
  });
});

describe('the local e-signature', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const key = Buffer.alloc(32, 7);

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await database.migrate();
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('keeps one certificate per installation, sealed at rest', async () => {
    const first = await loadSigningCertificate(database.db, key);
    const again = await loadSigningCertificate(database.db, key);
    expect(again.fingerprint).toBe(first.fingerprint);
    const [row] = await database.db.select().from(settings).where(eq(settings.key, 'agreement_signing_certificate'));
    expect(row.value.startsWith('enc1:')).toBe(true);
    expect(row.value).not.toContain(first.passphrase);
    await expect(loadSigningCertificate(database.db, Buffer.alloc(32, 8))).rejects.toThrow(/SECRET_KEY/);
  });

  withPoppler('signs the order form so that pdfsig verifies it, and one changed byte fails verification', async () => {
    const certificate = await loadSigningCertificate(database.db, key);
    const signedAt = new Date('2026-11-26T11:00:00Z');
    const unsigned = await renderAgreementPdf(data({ signature: { name: 'Élodie Martin', position: 'Directrice', signedAt, image: null, address: '203.0.113.9', documentSha256: 'a'.repeat(64) } }));
    const signed = await signPdf(unsigned, certificate, { name: 'Élodie Martin', contact: 'elodie@garage.example', location: '203.0.113.9', reason: 'Order form AGR-000042', signedAt });
    const report = await pdfsig(file('signed.pdf', signed));
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signing Hash Algorithm: SHA-256');
    expect(await pdfText(join(dir, 'signed.pdf'))).toContain('Signé électroniquement le 2026-11-26T11:00:00.000Z depuis 203.0.113.9');

    // One byte of the signed content (inside the first signed range, in the page content) flipped.
    const tampered = Buffer.from(signed);
    const at = signed.indexOf('stream') + 20;
    tampered[at] ^= 0x01;
    expect(sha256(tampered)).not.toBe(sha256(signed));
    const broken = await pdfsig(file('tampered.pdf', tampered));
    expect(broken).not.toContain('Signature is Valid.');
    expect(broken).toMatch(/Digest Mismatch|Signature is Invalid/);
  });
});
