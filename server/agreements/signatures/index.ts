// The PDF side of several signers (issue 57): signatures appended one after the other, the
// certificate of completion, and reading a PDF's signatures back. README.md beside this file.
export type { CertificateInput, InspectedSignature, Inspection, SignatureMark, TrailEvent, TrailEventKind } from './types';
export { appendSignature, SIGNATURE_BYTES } from './append-signature';
export { appendCertificate } from './append-certificate';
export { inspectSignatures, NotAPdf } from './inspect';
