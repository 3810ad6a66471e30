/**
 * Agreements (spec sections 3, 4 and 7): read one, create, update (the lifecycle's send and
 * recall included), archive. Every read goes through tenancy (db/tenancy.ts) in its query: another
 * company's agreement is the same 404 as one that does not exist. Writes are conditional on the
 * version read (`WHERE version = ...`), so two concurrent writes (two sends, a send and an edit)
 * never both win: the second is a 409.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { AgreementSendOptions, AgreementStage, AgreementType } from '../../contract/agreements';
import { regionCurrency } from '../../contract/money';
import { toLocale } from '../../engine';
import { childIds, defaultProducts, SUBSCRIPTION_DEFAULTS, type AgreementAction, type CompanyDetails, type Subscription } from '../../engine/agreements';
import type { Db, Tx } from '../db/database';
import { agreementEnvelopes, agreements, agreementSignatures, companies, companyUsers } from '../db/schema';
import { companyScope, inCurrentCompany, type Viewer } from '../db/tenancy';
import { BadRequest, Conflict, Invalid, NotFound } from '../domain-errors';
import { cleanName, cleanText } from '../http/clean-text';
import { whereKey } from '../http/ids';
import { serverMessages } from '../messages';
import { checkDetails, checkSalesperson, checkSubscriptionInput, transition } from './agreements.checks';
import { documentSha256, pricingOf, withDerived, type Pricing } from './agreements.document';
import { hasSendSettings, isExpired, sendSettings } from './agreements.expiry';
import { prefillCompanyDetails, siteCounts } from './agreements.prefill';
import { companyCatalogue, loadAgreement } from './agreements.store';
import type { AgreementRecord, PricingProduct } from './agreements.types';
import { detailView } from './agreements.view';
import { eventsOf, eventView, recordEvent, type Who } from './agreements.events';
import { hasSignerChoice, markOpened, refuseWhenPartlySigned, signersOf, signersView } from './agreements.signers';
import { turnErrors } from './agreements.turn-texts';
import { holdsTurn } from './agreements.your-turn';

export const notFound = () => new NotFound(serverMessages.not_found);

/** The agreement if the viewer may see it (and it belongs to `companyKey` when given), else 404. */
export async function findAgreement(db: Db, viewer: Viewer, key: string | number, companyKey?: string): Promise<AgreementRecord> {
  const found = await loadAgreement(db, key, { viewer, companyKey });
  if (!found) throw notFound();
  return found;
}

/** True when the agreement's company is the viewer's current company (a dealer signing their own; db/tenancy.ts). */
export async function isOwnCompany(db: Db, viewer: Viewer, companyId: number): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(companyUsers).where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, viewer.id), inCurrentCompany(viewer.id, companyUsers.companyId)));
  return row.n > 0;
}

/**
 * The detail answer of a loaded agreement (pricing inputs, envelopes, the latest signature, the
 * sent PDF's hash; issue 57: the signers with whose turn it is, and the trail).
 */
export async function agreementDetail(db: Db, viewer: Viewer, record: AgreementRecord, known?: Pricing) {
  const [pricing, envelopes, signatures, signers, events, ownCompany] = await Promise.all([
    known ?? pricingOf(db, record),
    db.select().from(agreementEnvelopes).where(eq(agreementEnvelopes.agreementId, record.id)).orderBy(asc(agreementEnvelopes.createdAt), asc(agreementEnvelopes.id)),
    db
      .select({
        signerId: agreementSignatures.signerId,
        signerName: agreementSignatures.signerName,
        signerPosition: agreementSignatures.signerPosition,
        signedAt: agreementSignatures.signedAt,
        shownSha256: agreementSignatures.shownSha256,
        signedSha256: agreementSignatures.signedSha256,
        image: agreementSignatures.signatureImage,
      })
      .from(agreementSignatures)
      .where(eq(agreementSignatures.agreementId, record.id))
      .orderBy(asc(agreementSignatures.signedAt), asc(agreementSignatures.id)),
    signersOf(db, record.id),
    eventsOf(db, record.id),
    isOwnCompany(db, viewer, record.companyId),
  ]);
  const hash = record.stage === 'sent' ? await documentSha256(record, pricing) : null;
  const signedSha = new Map(signatures.filter((x) => x.signerId !== null).map((x) => [x.signerId!, x.signedSha256]));
  const { signers: signerList, turn } = signersView(signers, signedSha);
  // Only a sending still out has a turn: a declined or voided one keeps its rows as they stood.
  return detailView(record, { pricing, envelopes, signature: signatures.at(-1) ?? null, documentSha256: hash, signers: signerList, turn: record.stage === 'sent' ? turn : null, events: events.map(eventView), yourTurn: holdsTurn(record.stage, signers, viewer, ownCompany) }, viewer);
}

/**
 * GET /companies/{guid}/agreements/{agreementGuid} and GET /agreements/{id}. With the request
 * (`who`), a current signer's first read is their `opened` event (issue 57).
 */
export async function getAgreement(db: Db, viewer: Viewer, key: string, companyKey?: string, who?: Who) {
  const record = await findAgreement(db, viewer, key, companyKey);
  if (who && record.stage === 'sent') await markOpened(db, record.id, viewer, await isOwnCompany(db, viewer, record.companyId), who);
  return agreementDetail(db, viewer, record);
}

export interface CreateAgreementBody {
  agreement?: { name?: string | null; company_id?: number | null; type?: AgreementType | null };
  name?: string | null;
  company_id?: number | null;
  type?: AgreementType | null;
  lang?: string | null;
}

/**
 * POST /agreements: stage `created`, company_details prefilled from the company and its active
 * config, the subscription of spec section 9's defaults with the catalogue's default products,
 * the creator as salesperson.
 */
export async function createAgreement(db: Db, viewer: Viewer, body: CreateAgreementBody, who: Who = { userId: viewer.id, ip: null, userAgent: null }) {
  const input = { ...body, ...body.agreement };
  const name = cleanName(input.name ?? '').trim();
  const problems = [
    ...(!name ? [{ detail: serverMessages.agreements.name_required, field: 'agreement.name' }] : []),
    ...(input.company_id == null ? [{ detail: serverMessages.agreements.company_invalid, field: 'agreement.company_id' }] : []),
  ];
  if (problems.length) throw new Invalid(problems[0].detail, problems);
  const [company] = await db
    .select({ id: companies.id, lang: companies.lang })
    .from(companies)
    .where(and(eq(companies.id, input.company_id!), companyScope(viewer, companies.id)));
  if (!company) throw new Invalid(serverMessages.agreements.company_invalid, [{ detail: serverMessages.agreements.company_invalid, field: 'agreement.company_id' }]);

  const details = await prefillCompanyDetails(db, company.id);
  const catalogue = await companyCatalogue(db, company.id);
  const subscription = withDerived({ ...SUBSCRIPTION_DEFAULTS, products: defaultProducts(catalogue) }, { catalogue, counts: siteCounts(details) });
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(agreements)
      .values({
        name,
        companyId: company.id,
        type: input.type ?? 'new',
        lang: toLocale(input.lang ?? company.lang),
        userId: viewer.id,
        companyDetails: details,
        subscription,
      })
      .returning({ id: agreements.id });
    await recordEvent(tx, { agreementId: row.id, kind: 'created', who });
    return row.id;
  });
  return getAgreement(db, viewer, String(id));
}

export interface UpdateAgreementInput extends AgreementSendOptions {
  company_details?: CompanyDetails;
  notes?: string | null;
  message?: string | null;
  subscription?: Partial<Subscription>;
  type?: AgreementType;
  stage?: AgreementStage;
  user_id?: number | null;
}
export type UpdateAgreementBody = UpdateAgreementInput & { agreement?: UpdateAgreementInput };

/**
 * The stage change a PUT asks for, if any. `resend`: stage 'sent' on a sent agreement that expired
 * (issue 55), a recall and a send in one write, as the lifecycle table has them.
 */
function stageAction(record: AgreementRecord, to: AgreementStage | undefined, now: Date): AgreementAction | 'resend' | null {
  const from = record.stage;
  if (to === 'sent' && from === 'sent' && isExpired(record, now)) return 'resend';
  if (to === undefined || to === from) return null;
  if (to === 'sent') return 'send';
  if (to === 'signed') return 'sign';
  return from === 'sent' ? 'recall' : 'edit';
}

/** The chosen products and the ones they bundle, as priced now: what sending freezes. */
export function frozenCatalogue(catalogue: PricingProduct[], subscription: Subscription): PricingProduct[] {
  const chosen = new Set(subscription.products.map((p) => p.product_id));
  const byId = new Map(catalogue.map((p) => [p.id, p]));
  for (const id of [...chosen]) for (const child of childIds({ children: byId.get(id)?.children ?? null })) chosen.add(child);
  return catalogue.filter((p) => chosen.has(p.id));
}

/**
 * PUT /companies/{guid}/agreements/{agreementGuid}: the fields sent. Content changes only while
 * `created` (a sent one is recalled first: stage `created` in the same PUT recalls it, then
 * changes it); stage `sent` sends it (after the changes of the same PUT) and freezes its
 * catalogue, with its reminder and expiry (`remind_after_days`, `expires_at`: only a sending takes
 * them); stage `sent` on a sent agreement that expired sends it again (recalled and sent in the same
 * write: a new version, sent_at, reminder and expiry). A signed agreement refuses every write (409).
 * The subscription's derived fields are recomputed; what the client sent in them is replaced.
 */
export async function updateAgreement(db: Db, viewer: Viewer, key: string, body: UpdateAgreementBody, companyKey?: string, onSend?: OnSend) {
  const input: UpdateAgreementInput = { ...body, ...body.agreement };
  delete (input as { agreement?: unknown }).agreement;
  const record = await findAgreement(db, viewer, key, companyKey);
  // A signed agreement is immutable: every write is the same 409, whatever it asks.
  if (record.stage === 'signed') transition(viewer, record.stage, 'edit', false);
  const now = new Date();
  const action = stageAction(record, input.stage, now);
  const sending = action === 'send' || action === 'resend';
  const changesContent = ['company_details', 'notes', 'message', 'subscription', 'type', 'user_id'].some((k) => input[k as keyof UpdateAgreementInput] !== undefined);
  if (!sending && hasSignerChoice(input)) {
    // Signers are a sending's, like its reminder and expiry (below).
    transition(viewer, record.stage, 'edit', false);
    const field = input.signers != null ? 'signers' : input.countersigner_id != null ? 'countersigner_id' : 'routing';
    throw new Invalid(turnErrors.signers_only_when_sending, [{ detail: turnErrors.signers_only_when_sending, field }]);
  }
  if (!sending && hasSendSettings(input)) {
    // Changing them on a sent agreement is changing it (recall it first); on a created one they wait for the send.
    transition(viewer, record.stage, 'edit', false);
    const field = input.expires_at !== undefined ? 'expires_at' : 'remind_after_days';
    throw new Invalid(serverMessages.agreements.send_settings_only, [{ detail: serverMessages.agreements.send_settings_only, field }]);
  }
  if (!action && !changesContent) {
    // Nothing asked: still refuse a signed agreement, so every write to one is the same 409.
    transition(viewer, record.stage, 'edit', false);
    throw new BadRequest(serverMessages.agreements.nothing_to_update);
  }
  // Signing is the dealer's own call (POST /agreements/{id}/sign), with their signature.
  if (action === 'sign') {
    transition(viewer, record.stage, 'sign', await isOwnCompany(db, viewer, record.companyId));
    throw new Conflict(serverMessages.agreements.transition_invalid, [{ detail: serverMessages.agreements.transition_invalid, field: 'stage' }]);
  }
  if (action === 'recall' || action === 'resend') {
    transition(viewer, record.stage, 'recall', false);
    // Issue 57: a signature already made cannot be taken back by a recall; staff void the agreement instead.
    await refuseWhenPartlySigned(db, record.id);
  }
  const editStage: AgreementStage = action === 'recall' || action === 'resend' ? 'created' : record.stage;
  if (changesContent) transition(viewer, editStage, 'edit', false);
  if (sending) transition(viewer, editStage, 'send', false);
  const settings = sending ? sendSettings(input, now) : null;

  const details = input.company_details ? await checkDetails(db, input.company_details, record.regionSlug) : record.companyDetails;
  if (input.user_id !== undefined) await checkSalesperson(db, input.user_id);
  const catalogue = await companyCatalogue(db, record.companyId);
  const pricing: Pricing = { catalogue, counts: siteCounts(details), currency: regionCurrency(record.regionSlug) };
  const merged: Subscription = { ...record.subscription, ...input.subscription, products: input.subscription?.products ?? record.subscription.products };
  checkSubscriptionInput(merged, pricing);
  const subscription = withDerived(merged, pricing);

  const stage: AgreementStage = sending ? 'sent' : editStage;
  const write = async (tx: Db | Tx) => {
    const [updated] = await tx
      .update(agreements)
      .set({
        companyDetails: details,
        subscription,
        ...(input.notes !== undefined ? { notes: input.notes === null ? null : cleanText(input.notes).trim() || null } : {}),
        ...(input.message !== undefined ? { message: input.message === null ? null : cleanText(input.message).trim() || null } : {}),
        ...(input.type !== undefined ? { type: input.type } : {}),
        ...(input.user_id !== undefined ? { userId: input.user_id } : {}),
        stage,
        ...(settings ? { sentCatalogue: frozenCatalogue(catalogue, subscription), sentAt: now, remindAfterDays: settings.remindAfterDays, expiresAt: settings.expiresAt } : {}),
        ...(action === 'recall' ? { sentCatalogue: null, sentAt: null } : {}),
        version: sql`${agreements.version} + 1`,
        updatedAt: now,
      })
      .where(and(eq(agreements.id, record.id), eq(agreements.version, record.version), eq(agreements.stage, record.stage)))
      .returning({ id: agreements.id });
    if (!updated) throw new Conflict(serverMessages.agreements.changed, [{ detail: serverMessages.agreements.changed, field: 'version' }]);
  };
  // A sending and its signers (issue 57) are one write: either both are stored or neither.
  if (sending && onSend) await db.transaction(async (tx) => {
    await write(tx);
    await onSend(tx, record.id);
  });
  else await write(db);
  return getAgreement(db, viewer, String(record.id));
}

/** What a sending writes beside the stage, in its transaction (the signers and their first turn: agreements.send.ts). */
export type OnSend = (tx: Tx, agreementId: number) => Promise<void>;

/** POST /agreements/{id}/archive: out of the list (the lifecycle table allows it in every stage); the document is kept. */
export async function archiveAgreement(db: Db, viewer: Viewer, key: string) {
  const record = await findAgreement(db, viewer, key);
  transition(viewer, record.stage, 'archive', false);
  if (record.archivedAt === null) {
    await db
      .update(agreements)
      .set({ archivedAt: new Date(), version: sql`${agreements.version} + 1`, updatedAt: new Date() })
      .where(and(eq(agreements.id, record.id), sql`${agreements.archivedAt} IS NULL`));
  }
  return getAgreement(db, viewer, String(record.id));
}

/** A numeric id or guid that names some agreement (for routes whose id is in the body too). */
export const agreementKey = (key: string | number) => whereKey(key, agreements.id, agreements.guid);
