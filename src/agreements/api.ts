import { http } from '../http';
import type { Currency } from '../../contract/money';
import type { AgreementStage, AgreementType } from '../../contract/agreements';
import type { CatalogueProduct, CompanyDetails, SiteCounts, Subscription } from '../../engine/agreements';

import type {
  AgreementCatalogueProduct,
  AgreementDetail,
  AgreementEnvelope,
  AgreementListItem,
  AgreementMailAnswer,
  AgreementSignature,
  AgreementSendOptions,
  AgreementSignBody,
} from '../../contract/agreements';

/**
 * The agreements API's answers (issue 27): the contract's types (contract/agreements.ts), derived
 * from the JSON Schemas the server serialises with. A dealer's detail carries `notes: null`;
 * `pricing` is what the form, the preview, the PDF and the server price with; `document_sha256`
 * is the hash of the document the dealer reads, sent back when signing.
 */
export type { AgreementCatalogueProduct, AgreementDetail, AgreementListItem, AgreementSignature, CatalogueProduct, CompanyDetails, Currency, SiteCounts, Subscription };
export type { AgreementSendOptions, AgreementStage, AgreementType };
export type Envelope = AgreementEnvelope;
export type SignatureInput = AgreementSignBody;

/** The fields PUT /companies/{guid}/agreements/{agreementGuid} takes. */
export interface AgreementChanges {
  company_details?: CompanyDetails;
  notes?: string | null;
  message?: string | null;
  subscription?: Subscription;
  type?: AgreementType;
  stage?: AgreementStage;
  user_id?: number | null;
}

export interface MailData {
  username: string;
  editionsurl: string;
  regionTelephone: string;
  keyContact: string;
}

/** One agreement by id (or guid), fresh; a 404 or 403 is the page's to show, not a growl. */
export async function getAgreement(id: string | number, signal?: AbortSignal): Promise<AgreementDetail | undefined> {
  return http.get<AgreementDetail>(`/agreements/${encodeURIComponent(String(id))}`, { cache: false, notify: false, signal });
}

/**
 * The latest agreements of one company, in one stage or any (null), not archived, newest first (the dashboard's card asks for the
 * 'sent' ones: an order form waiting for the dealer's signature; staff's company dashboard for any).
 */
export async function companyAgreements(companyId: number, stage: AgreementStage | null, signal?: AbortSignal): Promise<AgreementListItem[] | undefined> {
  const r = await http.request<AgreementListItem[]>(`/companies/${companyId}/agreements`, {
    query: { sort: JSON.stringify(['updated_at', 'DESC']), range: JSON.stringify([0, 4]), filter: JSON.stringify(stage ? { stage, archived: false } : { archived: false }) },
    cache: false,
    notify: false,
    signal,
  });
  return r?.body;
}

/** A company's sent agreements that wait for the reader's signature (issue 57: their turn), newest change first (at most five). */
export async function yourTurnAgreements(companyId: number, signal?: AbortSignal): Promise<AgreementListItem[] | undefined> {
  const r = await http.request<AgreementListItem[]>(`/companies/${companyId}/agreements`, {
    query: { sort: JSON.stringify(['updated_at', 'DESC']), range: JSON.stringify([0, 4]), filter: JSON.stringify({ stage: 'sent', archived: false, your_turn: true }) },
    cache: false,
    notify: false,
    signal,
  });
  return r?.body;
}

/** Saves changes; the answer is the agreement as stored (derived values recomputed by the server). Field errors (422) are the caller's to show. */
export async function saveAgreement(agreement: Pick<AgreementDetail, 'guid' | 'company_guid'>, changes: AgreementChanges): Promise<AgreementDetail | undefined> {
  return http.put<AgreementDetail>(`/companies/${encodeURIComponent(agreement.company_guid)}/agreements/${encodeURIComponent(agreement.guid)}`, { agreement: changes }, { notify: false });
}

/**
 * Sends the agreement for signature to `recipient` with its reminder and expiry (issue 55); its stage
 * becomes 'sent'. An expired one is sent again the same way. Field errors (422) are the caller's to show.
 */
export async function sendForSignature(agreement: Pick<AgreementDetail, 'id' | 'name'>, recipient: string, userId: number | null, options: AgreementSendOptions = {}): Promise<Envelope | undefined> {
  return http.post<Envelope>(`/docusign/envelopes/${agreement.id}`, { recipient, document_filename: pdfFilename(agreement), agreement_id: agreement.id, user_id: userId, ...options }, { notify: false });
}

/** The order form as a PDF (the signed one once signed). */
export async function createPdf(id: number): Promise<ArrayBuffer | undefined> {
  const r = await http.request<ArrayBuffer>(`/dompdf/create/${id}`, { method: 'POST', responseType: 'arraybuffer' });
  return r?.body;
}

/** The welcome mail (spec section 10) through the outbox. */
export async function sendWelcomeMail(id: number, to: string, data: MailData): Promise<AgreementMailAnswer | undefined> {
  return http.post(`/mail/${id}`, { to, data });
}

/** The dealer signs; the answer is the signed agreement. */
export async function signAgreement(id: number, input: SignatureInput): Promise<AgreementDetail | undefined> {
  return http.post<AgreementDetail>(`/agreements/${id}/sign`, input, { notify: false });
}

/** The PDF's file name: the agreement's name, safe for every file system. */
export function pdfFilename(agreement: Pick<AgreementDetail, 'id' | 'name'>): string {
  const base = agreement.name.normalize('NFKD').replace(/[^\w\s-]/g, '').trim().replace(/\s+/g, '-').slice(0, 80);
  return `${base || 'agreement'}-${agreement.id}.pdf`;
}

/** Archives an agreement: it leaves the list (spec section 4) and keeps its stage. */
export async function archiveAgreement(id: number): Promise<unknown> {
  return http.post(`/agreements/${id}/archive`);
}
