/**
 * An agreement as the API answers it (contract/agreements.ts): a list row, or the detail with its
 * pricing inputs, envelopes and signature. Internal `notes` are for staff: a viewer without
 * 'edit agreements' (a dealer) gets null.
 */
import { agreementReference, type AgreementDetail, type AgreementEvent, type AgreementListItem, type AgreementSigner } from '../../contract/agreements';
import { regionCurrency } from '../../contract/money';
import type { Viewer } from '../db/tenancy';
import type { Pricing } from './agreements.document';
import { isExpired } from './agreements.expiry';
import type { AgreementRecord } from './agreements.types';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

type ListRecord = Pick<
  AgreementRecord,
  'id' | 'guid' | 'name' | 'type' | 'stage' | 'archivedAt' | 'companyId' | 'companyGuid' | 'companyName' | 'regionSlug' | 'lang' | 'userId' | 'salespersonName' | 'createdAt' | 'updatedAt' | 'sentAt' | 'signedAt' | 'remindAfterDays' | 'expiresAt'
> & { contractValue: number | null; monthlyContractValue: number | null; yourTurn: boolean };

export function listItem(r: ListRecord): AgreementListItem {
  return {
    id: r.id,
    guid: r.guid,
    reference: agreementReference(r.id),
    name: r.name,
    type: r.type,
    stage: r.stage,
    archived: r.archivedAt !== null,
    company_id: r.companyId,
    company_guid: r.companyGuid,
    company_name: r.companyName,
    currency: regionCurrency(r.regionSlug),
    lang: r.lang,
    user_id: r.userId,
    salesperson: r.userId !== null && r.salespersonName !== null ? { id: r.userId, name: r.salespersonName } : null,
    contract_value: Number(r.contractValue ?? 0),
    monthly_contract_value: Number(r.monthlyContractValue ?? 0),
    created_at: iso(r.createdAt)!,
    updated_at: iso(r.updatedAt)!,
    sent_at: iso(r.sentAt),
    signed_at: iso(r.signedAt),
    remind_after_days: r.remindAfterDays,
    expires_at: iso(r.expiresAt),
    expired: isExpired(r),
    your_turn: r.yourTurn,
  };
}

export interface DetailParts {
  pricing: Pricing;
  envelopes: Array<{ id: number; recipient: string; documentFilename: string; agreementId: number; userId: number | null; provider: string; status: string; createdAt: Date }>;
  signature: { signerName: string; signerPosition: string | null; signedAt: Date; shownSha256: string; signedSha256: string; image: Buffer | Uint8Array | null } | null;
  documentSha256: string | null;
  signers: AgreementSigner[];
  turn: AgreementDetail['turn'];
  events: AgreementEvent[];
  /** The reader holds a current turn (agreements.your-turn.ts). */
  yourTurn: boolean;
}

export function detailView(r: AgreementRecord, parts: DetailParts, viewer: Viewer): AgreementDetail {
  const sub = r.subscription;
  return {
    ...listItem({ ...r, contractValue: sub.contractValue ?? 0, monthlyContractValue: sub.monthlyContractValue ?? 0, yourTurn: parts.yourTurn }),
    notes: viewer.permissions.has('edit agreements') ? r.notes : null,
    message: r.message,
    company_details: r.companyDetails,
    subscription: {
      term: sub.term,
      totalDiscountPercentage: sub.totalDiscountPercentage,
      setUpDiscount: sub.setUpDiscount,
      setUpPayment: sub.setUpPayment,
      paySetUpPayment: sub.paySetUpPayment,
      projectType: sub.projectType,
      designType: sub.designType,
      stockCount: sub.stockCount,
      products: sub.products,
      contractValue: sub.contractValue ?? 0,
      monthlyContractValue: sub.monthlyContractValue ?? 0,
      designCost: sub.designCost ?? 0,
    },
    envelopes: parts.envelopes.map((e) => ({
      id: e.id,
      recipient: e.recipient,
      document_filename: e.documentFilename,
      agreement_id: e.agreementId,
      user_id: e.userId,
      provider: e.provider === 'docusign' ? 'docusign' : 'local',
      status: e.status,
      created_at: iso(e.createdAt)!,
    })),
    signature: parts.signature
      ? {
          signer_name: parts.signature.signerName,
          signer_position: parts.signature.signerPosition,
          signed_at: iso(parts.signature.signedAt)!,
          shown_sha256: parts.signature.shownSha256,
          signed_sha256: parts.signature.signedSha256,
          image: parts.signature.image ? `data:image/png;base64,${Buffer.from(parts.signature.image).toString('base64')}` : null,
        }
      : null,
    pricing: { catalogue: parts.pricing.catalogue, counts: parts.pricing.counts, currency: parts.pricing.currency },
    document_sha256: parts.documentSha256,
    routing: r.routing,
    signers: parts.signers,
    turn: parts.turn,
    closed_reason: r.closedReason,
    closed_at: iso(r.closedAt),
    copied_from_id: r.copiedFromId,
    events: parts.events,
  };
}
