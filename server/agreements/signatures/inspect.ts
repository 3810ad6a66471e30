/**
 * Every signature of a PDF, read without trusting the file: each /ByteRange found, the PKCS#7 in
 * the hole it leaves, the digest of the bytes it covers against the PKCS#7's messageDigest, and the
 * RSA (or ECDSA) signature over the signed attributes against the certificate inside, with Node's
 * X509Certificate and crypto.verify (node-forge cannot verify a SignedData). A signature that
 * cannot be read or does not hold is intact: false; only a file that is not a PDF at all throws.
 */
import { X509Certificate, createHash, verify, type Hash } from 'node:crypto';
import type { SigningCertificate } from '../agreements.signing';
import { children, expect, oid, readDer, TAG, type Der } from './der';
import { pdfDate, stringValue } from './pdf-values';
import type { InspectedSignature, Inspection } from './types';

/** The bytes given are not a PDF (no header, no end-of-file marker): the route's 422. */
export class NotAPdf extends Error {
  constructor() {
    super('The file is not a PDF document.');
    this.name = 'NotAPdf';
  }
}

const OID = {
  signedData: '1.2.840.113549.1.7.2',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
};
const DIGESTS: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

/**
 * The most signatures read from one file. Each costs a pass over the file (its hash, its field's
 * name); a crafted file with thousands of byte ranges would otherwise cost thousands of passes.
 * A real agreement has a handful.
 */
export const MAX_SIGNATURES = 32;

const hashOf = (algorithm: string, parts: Buffer[]): Buffer => parts.reduce((h: Hash, p) => h.update(p), createHash(algorithm)).digest();

/** The four numbers of `/ByteRange [a b c d]` at `at`, or null when they are not four integers. */
function byteRangeAt(text: string, at: number): [number, number, number, number] | null {
  const m = /^\/ByteRange\s*\[\s*(\d{1,12})\s+(\d{1,12})\s+(\d{1,12})\s+(\d{1,12})\s*\]/.exec(text.slice(at, at + 80));
  return m ? [+m[1], +m[2], +m[3], +m[4]] : null;
}

/** The text of the indirect object around `at` ("N G obj" ... "endobj"), and its number and generation. */
function objectAround(text: string, at: number): { body: string; ref: string | null } {
  const start = text.lastIndexOf('obj', at);
  const end = text.indexOf('endobj', at);
  const head = /(\d+)\s+(\d+)\s+$/.exec(text.slice(Math.max(0, start - 24), Math.max(0, start)));
  return { body: text.slice(start === -1 ? at : start, end === -1 ? text.length : end), ref: head ? `${head[1]}\\s+${head[2]}` : null };
}

/** The field name (/T) of the widget or field whose value (/V) is the signature object `ref`. */
function fieldNameOf(text: string, ref: string | null): string | null {
  if (!ref) return null;
  const pattern = new RegExp(`/V\\s+${ref}\\s+R\\b`, 'g');
  let name: string | null = null;
  // The last one written wins, as in any later revision.
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) name = stringValue(objectAround(text, m.index).body, 'T') ?? name;
  return name;
}

interface CmsCheck {
  intact: boolean;
  signer: X509Certificate | null;
  signingTime: Date | null;
}

/** Whether the PKCS#7 `contents` signs `signed` (the byte range's bytes), and by which certificate. */
function checkCms(contents: Buffer, signed: Buffer[]): CmsCheck {
  const contentInfo = children(readDer(contents));
  if (oid(expect(contentInfo, 0, TAG.OID)) !== OID.signedData) return { intact: false, signer: null, signingTime: null };
  const signedData = children(expect(children(expect(contentInfo, 1, TAG.CONTEXT_0)), 0, TAG.SEQUENCE));
  const certificates = signedData
    .filter((e) => e.tag === TAG.CONTEXT_0)
    .flatMap(children)
    .map((c) => new X509Certificate(c.raw));
  const signerInfos = signedData.filter((e) => e.tag === TAG.SET).pop();
  if (!signerInfos) return { intact: false, signer: null, signingTime: null };
  const info = children(expect(children(signerInfos), 0, TAG.SEQUENCE));
  // version, sid, digestAlgorithm, [0] signedAttrs?, signatureAlgorithm, signature
  const digestName = DIGESTS[oid(children(expect(info, 2, TAG.SEQUENCE))[0])];
  const signedAttrs = info[3]?.tag === TAG.CONTEXT_0 ? info[3] : null;
  const signature = info.filter((e) => e.tag === TAG.OCTET_STRING).pop();
  if (!digestName || !signature) return { intact: false, signer: null, signingTime: null };
  const serial = info[1].tag === TAG.SEQUENCE ? expect(children(info[1]), 1, TAG.INTEGER).body.toString('hex').replace(/^(00)+/, '').toUpperCase() : null;
  const candidates = certificates.filter((c) => serial === null || c.serialNumber.replace(/^0+/, '').toUpperCase() === serial.replace(/^0+/, ''));

  const digest = hashOf(digestName, signed);
  let signingTime: Date | null = null;
  let data: Buffer;
  if (signedAttrs) {
    const attributes = children(signedAttrs).map((a) => children(a));
    const messageDigest = attributes.find((a) => oid(a[0]) === OID.messageDigest);
    const digestValue = messageDigest ? children(expect(messageDigest, 1, TAG.SET))[0] : null;
    if (!digestValue || digestValue.tag !== TAG.OCTET_STRING || !digestValue.body.equals(digest)) return { intact: false, signer: candidates[0] ?? null, signingTime };
    const time = attributes.find((a) => oid(a[0]) === OID.signingTime);
    if (time) signingTime = asn1Time(children(time[1])[0]);
    // The signature is over the attributes as a SET (RFC 5652, 5.4): the same bytes, the tag 0x31.
    data = Buffer.concat([Buffer.from([TAG.SET]), signedAttrs.raw.subarray(1)]);
  } else {
    data = Buffer.concat(signed);
  }
  const signer = candidates.find((c) => verify(digestName, data, c.publicKey, signature.body)) ?? null;
  return { intact: signer !== null, signer: signer ?? candidates[0] ?? null, signingTime };
}

/** UTCTime (YYMMDDHHMMSSZ) or GeneralizedTime (YYYYMMDDHHMMSSZ), or null. */
function asn1Time(element: Der | undefined): Date | null {
  if (!element) return null;
  const m = /^(\d{2}|\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(element.body.toString('latin1'));
  if (!m) return null;
  const year = m[1].length === 2 ? (+m[1] < 50 ? 2000 : 1900) + +m[1] : +m[1];
  return new Date(Date.UTC(year, +m[2] - 1, +m[3], +m[4], +m[5], +m[6]));
}

export function inspectSignatures(pdf: Buffer, cert?: SigningCertificate): Inspection {
  if (pdf.length < 16 || pdf.subarray(0, 1024).indexOf('%PDF-') === -1 || pdf.lastIndexOf('%%EOF') === -1) throw new NotAPdf();
  const text = pdf.toString('latin1');
  const signatures: InspectedSignature[] = [];
  for (let at = text.indexOf('/ByteRange'); at !== -1 && signatures.length < MAX_SIGNATURES; at = text.indexOf('/ByteRange', at + 1)) {
    const range = byteRangeAt(text, at);
    // An unfilled placeholder or a stray word is no signature.
    if (!range) continue;
    const [a, b, c, d] = range;
    const { body, ref } = objectAround(text, at);
    const clamp = (n: number) => Math.min(Math.max(n, 0), pdf.length);
    const signed = [pdf.subarray(clamp(a), clamp(a + b)), pdf.subarray(clamp(c), clamp(c + d))];
    const wellFormed = a === 0 && b > 0 && c > b + 1 && c + d <= pdf.length && text[b] === '<' && text[c - 1] === '>';
    let check: CmsCheck = { intact: false, signer: null, signingTime: null };
    if (wellFormed) {
      try {
        check = checkCms(Buffer.from(text.slice(b + 1, c - 1), 'hex'), signed);
      } catch {
        // Unreadable PKCS#7: not intact (the file's own claim is all there is).
      }
    }
    const signerFingerprint = check.signer ? createHash('sha256').update(check.signer.raw).digest('hex') : null;
    signatures.push({
      fieldName: fieldNameOf(text, ref),
      name: stringValue(body, 'Name'),
      signedAt: pdfDate(stringValue(body, 'M')) ?? check.signingTime,
      intact: check.intact,
      byOurCertificate: check.intact && !!cert && signerFingerprint === cert.fingerprint,
      coversWholeFile: wellFormed && c + d === pdf.length,
      signedSha256: hashOf('sha256', signed).toString('hex'),
    });
  }
  return { sha256: createHash('sha256').update(pdf).digest('hex'), signatures };
}
