/**
 * The one interface an agreement goes out for signature through (POST /docusign/envelopes/{id}):
 * the portal's own signing (local.ts, the default) or DocuSign (docusign.ts). The caller renders
 * the unsigned PDF and records the envelope row; a signer only delivers it to the recipient.
 */

export interface EnvelopeRequest {
  agreementId: number;
  agreementGuid: string;
  recipient: { name: string; email: string };
  /** The PDF's file name as the recipient sees it (DocuSign's document name). */
  documentFilename: string;
  /** The order form as it will be signed (unsigned: no signature block filled in). */
  pdf: Buffer;
  /** The agreement's language (a locale such as fr-FR): the mail and the anchor words are in it. */
  lang: string;
  /** Where the dealer reads and signs it in the portal. */
  signUrl: string;
  /**
   * Whether the recipient is mailed by the portal (default true): false when they are a user whose
   * channel for agreement_to_sign is not `mail` (issue 55, mail/mail.deliver.ts). Only the local
   * signer mails; DocuSign sends its own mail whatever this says.
   */
  mail?: boolean;
  /**
   * Issue 57: the sending's signers as DocuSign routes them (DocuSign only; the local signer tells
   * each at their turn itself). Absent: `recipient` alone, as before.
   */
  signers?: RoutedSigner[];
}

/** One recipient of a DocuSign envelope: our agreement_signers row and its place in DocuSign's routing. */
export interface RoutedSigner {
  /** The agreement_signers row's id: the envelope's recipientId, so the webhook finds the row again. */
  id: number;
  name: string;
  email: string;
  /** DocuSign's routingOrder: recipients of the same number sign in parallel, a higher one after them. */
  routingOrder: number;
}

export interface EnvelopeSent {
  provider: 'local' | 'docusign';
  /** DocuSign's envelopeId; null for the local signer, whose envelope is the agreement itself. */
  externalId: string | null;
  status: 'sent';
}

export interface AgreementSigner {
  readonly provider: 'local' | 'docusign';
  send(request: EnvelopeRequest): Promise<EnvelopeSent>;
  /**
   * Issue 57: withdraws a sent envelope at the provider when staff void the agreement (DocuSign);
   * absent for the local signer, whose envelope is the agreement itself.
   */
  voidEnvelope?(externalId: string, reason: string): Promise<void>;
}
