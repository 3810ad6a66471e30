// What the signatures tests share: the 40-product order form, a certificate, and poppler's
// pdfsig and pdftotext read back as a person would read their output.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { priceSubscription } from '../../../../engine/agreements';
import { renderAgreementPdf } from '../../../../server/agreements/agreements.pdf';
import type { SignatureMark } from '../../../../server/agreements/signatures';
import { CATALOGUE, DETAILS, SUBSCRIPTION } from '../../../support/agreement-fixture';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'agreement-signatures-'));
let files = 0;

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The unsigned order form of 40 products, as the portal renders it. */
export const orderForm = () =>
  renderAgreementPdf({
    reference: 'AGR-000057',
    name: 'Website launch 2027',
    locale: 'en-GB',
    currency: 'GBP',
    date: new Date('2026-11-26T10:00:00Z'),
    details: DETAILS,
    subscription: SUBSCRIPTION,
    priced: priceSubscription(SUBSCRIPTION, CATALOGUE, { locations: 2, franchises: 1 }),
    logo: null,
    message: 'Thank you.',
    signature: null,
  });

export const mark = (overrides: Partial<SignatureMark> = {}): SignatureMark => ({
  fieldName: 'signer-1',
  name: 'Dana Dealer',
  email: 'dana@demo-motors.example',
  role: 'signer',
  reason: 'Signed the order form',
  signedAt: new Date('2026-11-30T10:00:00Z'),
  location: '203.0.113.7',
  ...overrides,
});

function file(bytes: Buffer): string {
  const path = join(dir, `doc-${++files}.pdf`);
  writeFileSync(path, bytes);
  return path;
}

export interface PdfsigSignature {
  field: string;
  valid: boolean;
  total: boolean;
  block: string;
}

/** pdfsig's report, signature by signature, in the order it lists them. */
export async function pdfsig(bytes: Buffer): Promise<{ signatures: PdfsigSignature[]; output: string }> {
  const { stdout, stderr } = await run('pdfsig', [file(bytes)]).catch((e: { stdout: string; stderr: string }) => e);
  const output = stdout + stderr;
  const signatures = output
    .split(/^Signature #\d+:$/m)
    .slice(1)
    .map((block) => ({
      field: /Signature Field Name: (.*)$/m.exec(block)?.[1] ?? '',
      valid: /Signature Validation: Signature is Valid\./.test(block),
      total: /^\s*- Total document signed$/m.test(block),
      block,
    }));
  return { signatures, output };
}

/** The words of the PDF in the order they were written (pdftotext -raw). */
export async function pdfText(bytes: Buffer): Promise<string> {
  return (await run('pdftotext', ['-raw', '-enc', 'UTF-8', file(bytes), '-'], { maxBuffer: 16 * 1024 * 1024 })).stdout;
}

/** Text without any white space: lines a long value wrapped on come back together. */
export const squeeze = (text: string) => text.replace(/\s+/g, '');

/**
 * Text as pdftotext can be held to: squeezed, in one Unicode form. Accents and spacing accents
 * ("`", "´", "¨", "˜") come back as typed: they once seemed to vanish or turn into spaces "depending
 * on the glyphs around it", which was a font shared between documents mapping glyphs to no
 * character (agreements.fonts.ts), not poppler.
 */
export const comparable = (text: string) => squeeze(text).normalize('NFC');
