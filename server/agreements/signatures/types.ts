// The PDF side's interface to the signing flow (issue 57): what a signature, the certificate of
// completion and an inspection take and give.

export interface SignatureMark {
  /** Unique per signature in the document, e.g. 'signer-1', 'countersigner': the field's /T. */
  fieldName: string;
  /** The person's name: the signature dictionary's /Name. */
  name: string;
  email: string;
  role: 'signer' | 'countersigner';
  /** Words in the agreement's language: /Reason. */
  reason: string;
  /** /M, and the PKCS#7's signing time. */
  signedAt: Date;
  /** The client address: /Location (the email goes to /ContactInfo). */
  location?: string | null;
}

export type TrailEventKind = 'created' | 'sent' | 'opened' | 'signed' | 'countersigned' | 'declined' | 'voided';

export interface TrailEvent {
  at: Date;
  kind: TrailEventKind;
  name: string | null;
  email: string | null;
  ip: string | null;
  userAgent: string | null;
  /** The SHA-256 of the document as it was signed (for signed and countersigned). */
  documentSha256?: string | null;
  /** A decline's or a void's reason. */
  reason?: string | null;
}

export interface CertificateInput {
  agreementGuid: string;
  /** e.g. "Order form 2026-0042 — Dealer Ltd" */
  title: string;
  /** The agreement's language (one of the seven locales). */
  locale: string;
  /** In order; the last signature's own event is included by the caller. */
  events: TrailEvent[];
  /** Drawn signatures to show beside the names. */
  drawn?: Array<{ name: string; png: Buffer }>;
}

export interface InspectedSignature {
  fieldName: string | null;
  name: string | null;
  signedAt: Date | null;
  /** The signed byte range's digest matches and the PKCS#7 verifies. */
  intact: boolean;
  /** Signed by the certificate given to inspectSignatures (false without one). */
  byOurCertificate: boolean;
  /** The signature covers every byte of the file: the last one on a final document. */
  coversWholeFile: boolean;
  /** SHA-256 of the bytes the signature covers (its byte range), hex. */
  signedSha256: string;
}

export interface Inspection {
  /** SHA-256 of the whole file, hex. */
  sha256: string;
  signatures: InspectedSignature[];
}
