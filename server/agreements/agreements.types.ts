// Types the agreements area's files share (importing none of them, so no circle of type imports).
import type { AgreementRouting, AgreementStage, AgreementType } from '../../contract/agreements';
import type { CatalogueProduct, CompanyDetails, Subscription } from '../../engine/agreements';

/** An agreement row with what every answer names beside it (company, salesperson, market). */
export interface AgreementRecord {
  id: number;
  guid: string;
  companyId: number;
  companyGuid: string;
  companyName: string;
  /** The company's first region term's slug: the agreement's currency and postcode rule. */
  regionSlug: string | null;
  name: string;
  type: AgreementType;
  stage: AgreementStage;
  lang: string;
  notes: string | null;
  message: string | null;
  userId: number | null;
  salespersonName: string | null;
  companyDetails: CompanyDetails;
  subscription: Subscription;
  sentCatalogue: PricingProduct[] | null;
  version: number;
  sentAt: Date | null;
  /** Issue 55: the signer is reminded this many days after sending (null: never). */
  remindAfterDays: number | null;
  /** After this the agreement can no longer be signed (null: never). */
  expiresAt: Date | null;
  signedAt: Date | null;
  archivedAt: Date | null;
  /** Issue 57: how the dealer signers take turns; why and when it was declined or voided; the agreement it was copied from. */
  routing: AgreementRouting;
  closedReason: string | null;
  closedAt: Date | null;
  copiedFromId: number | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A catalogue row as the agreement prices it, with the configurator stage the form groups it under. */
export type PricingProduct = CatalogueProduct & { category: string | null };
