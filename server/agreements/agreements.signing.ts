/**
 * The local e-signature: a signed order form is a PDF with a visible signature block (drawn by
 * agreements.pdf.ts) and a real PAdES-style digital signature (PKCS#7 detached, SHA-256, by
 * @signpdf) made with the portal's own certificate, so any PDF reader or `pdfsig` can check that
 * not one byte changed since the dealer signed.
 *
 * The certificate is created once per installation (the first instance to need it; a second
 * racing instance keeps the first one's) and kept in `settings` sealed with the app's secret key,
 * like the other secrets at rest: the private key never leaves the database in clear. It is
 * self-signed: a reader shows "issuer unknown" (no public CA vouches for it) while the
 * document's integrity still verifies; an installation with a CA-issued certificate can replace
 * the stored one.
 */
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import forge from 'node-forge';
import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import type { Db } from '../db/database';
import { settings } from '../db/schema';
import { decryptSecret, encryptSecret } from '../db/secret-key';

const SETTING = 'agreement_signing_certificate';
const VALID_YEARS = 10;

export interface SigningCertificate {
  /** The key and certificate as a PKCS#12 bundle, and its passphrase. */
  p12: Buffer;
  passphrase: string;
  /** SHA-256 of the certificate (DER), hex: how an audit row names the certificate used. */
  fingerprint: string;
}

/** A new self-signed signing certificate (RSA 2048, SHA-256), as a PKCS#12 bundle. */
export function createSigningCertificate(commonName: string, now = new Date()): SigningCertificate {
  // Node's native RSA is about ten times faster than node-forge's; forge only builds the X.509 and PKCS#12.
  const { privateKey: pem } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
  const privateKey = forge.pki.privateKeyFromPem(pem) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.rsa.setPublicKey(privateKey.n, privateKey.e);
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = now;
  cert.validity.notAfter = new Date(now.getTime() + VALID_YEARS * 365.25 * 86_400_000);
  const subject = [{ name: 'commonName', value: commonName }, { name: 'organizationName', value: commonName }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(privateKey, forge.md.sha256.create());
  const passphrase = randomBytes(24).toString('base64url');
  const asn1 = forge.pkcs12.toPkcs12Asn1(privateKey, [cert], passphrase, { algorithm: 'aes256' });
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes();
  return {
    p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'),
    passphrase,
    fingerprint: createHash('sha256').update(Buffer.from(der, 'binary')).digest('hex'),
  };
}

/** The installation's signing certificate, created and stored sealed on first use. */
export async function loadSigningCertificate(db: Db, key: Buffer, commonName = 'Dealer Launch Portal'): Promise<SigningCertificate> {
  const read = async () => {
    const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SETTING));
    if (!row) return null;
    const plain = decryptSecret(key, row.value);
    // Sealed under another key (SECRET_KEY changed) or tampered with: refuse to sign rather than
    // quietly signing with a new identity.
    if (plain === null) throw new Error('The agreement signing certificate cannot be opened with this SECRET_KEY');
    const stored = JSON.parse(plain) as { p12: string; passphrase: string; fingerprint: string };
    return { p12: Buffer.from(stored.p12, 'base64'), passphrase: stored.passphrase, fingerprint: stored.fingerprint };
  };
  const existing = await read();
  if (existing) return existing;
  const created = createSigningCertificate(commonName);
  const sealed = encryptSecret(key, JSON.stringify({ p12: created.p12.toString('base64'), passphrase: created.passphrase, fingerprint: created.fingerprint }));
  await db.insert(settings).values({ key: SETTING, value: sealed }).onConflictDoNothing();
  // Another instance may have stored its own first: everyone signs with the one stored.
  return (await read())!;
}

export interface SignatureMeta {
  /** The signer's name, as they typed it. */
  name: string;
  /** Their email, recorded as the signature's contact. */
  contact: string;
  /** The client address the signature came from. */
  location: string;
  reason: string;
  signedAt: Date;
}

/** SHA-256 of bytes, hex. */
export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The PDF with a detached PKCS#7 signature over every byte but the signature itself. */
export async function signPdf(pdf: Buffer, certificate: SigningCertificate, meta: SignatureMeta): Promise<Buffer> {
  const withPlaceholder = plainAddPlaceholder({
    pdfBuffer: pdf,
    reason: meta.reason,
    contactInfo: meta.contact,
    name: meta.name,
    location: meta.location,
    signingTime: meta.signedAt,
    // Room for the PKCS#7 of a 2048-bit key, its certificate and the signed attributes.
    signatureLength: 8192,
  });
  return new SignPdf().sign(withPlaceholder, new P12Signer(certificate.p12, { passphrase: certificate.passphrase }), meta.signedAt);
}
