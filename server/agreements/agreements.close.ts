/**
 * Issue 57: ending a sending before everyone signed, and starting again from it.
 * - Decline (POST /agreements/{id}/decline {reason}): a current signer refuses; the agreement goes
 *   back to staff as `declined` with the reason, and its salesperson is mailed.
 * - Void (POST /agreements/{id}/void {reason}): staff with 'edit agreements' withdraw a sent
 *   agreement; it becomes `voided` and every signer who has an address is mailed, in their language;
 *   a sending through DocuSign is voided there too, first.
 * - Copy (POST /agreements/{id}/copy): a declined or voided agreement becomes a new draft
 *   (`created`, a new guid) with the same content, priced again on the current catalogue.
 * Each is one conditional write under the agreement's version, with its event in the trail.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { AGREEMENT_REASON_MAX, type AgreementReasonBody } from '../../contract/agreements';
import { toLocale, type Locale } from '../../engine';
import type { Tx } from '../db/database';
import { agreementEnvelopes, agreements, agreementSigners, users } from '../db/schema';
import type { Viewer } from '../db/tenancy';
import { Conflict, Invalid } from '../domain-errors';
import { cleanText } from '../http/clean-text';
import { mailLocaleFor } from '../mail/mail.locale';
import { interpolate, mailMessages, serverMessages } from '../messages';
import type { AppServices } from '../plugins/services';
import { withDerived } from './agreements.document';
import { recordEvent, type Who } from './agreements.events';
import { agreementEditPath, agreementLabel } from './agreements.notify';
import { siteCounts } from './agreements.prefill';
import { agreementDetail, findAgreement, getAgreement, isOwnCompany } from './agreements.service';
import { mayTakeTurn } from './agreements.sign';
import { currentSlotOf, signersOf, slotOf } from './agreements.signers';
import { companyCatalogue } from './agreements.store';
import { turnErrors, turnMailTexts } from './agreements.turn-texts';
import type { AgreementRecord } from './agreements.types';
import { signerFor } from './signers';

type Deps = Pick<AppServices, 'db' | 'config' | 'mail' | 'log'>;

/** The reason of a decline or void: required, at most AGREEMENT_REASON_MAX characters (422 at `reason`). */
function reasonOf(body: AgreementReasonBody): string {
  const reason = cleanText(body.reason ?? '').trim();
  if (!reason) throw new Invalid(turnErrors.reason_required, [{ detail: turnErrors.reason_required, field: 'reason' }]);
  if (reason.length > AGREEMENT_REASON_MAX) {
    const detail = interpolate(turnErrors.reason_too_long, { max: AGREEMENT_REASON_MAX });
    throw new Invalid(detail, [{ detail, field: 'reason' }]);
  }
  return reason;
}

const changed = () => new Conflict(serverMessages.agreements.changed, [{ detail: serverMessages.agreements.changed, field: 'version' }]);

/** The sending ends: stage `declined` or `voided` with the reason, in a write conditional on the version read. */
async function close(tx: Tx, record: AgreementRecord, stage: 'declined' | 'voided', reason: string, at: Date): Promise<void> {
  const [moved] = await tx
    .update(agreements)
    .set({ stage, closedReason: reason, closedAt: at, version: sql`${agreements.version} + 1`, updatedAt: at })
    .where(and(eq(agreements.id, record.id), eq(agreements.stage, 'sent'), eq(agreements.version, record.version)))
    .returning({ id: agreements.id });
  if (!moved) throw changed();
}

/** A mail of this flow: greeting, body and signature in `locale`, the link written out. */
function flowMail(locale: Locale, name: string, subject: string, text: string) {
  const m = mailMessages(locale);
  const body = [interpolate(m.greeting, { name }), '', text, '', m.signature].join('\n');
  return { subject, text: body };
}

/** POST /agreements/{id}/decline: a current signer declines, with a reason; staff get it back. */
export async function declineAgreement(deps: Deps, viewer: Viewer, who: Who, key: string, body: AgreementReasonBody) {
  const record = await findAgreement(deps.db, viewer, key);
  const ownCompany = await isOwnCompany(deps.db, viewer, record.companyId);
  const signers = await signersOf(deps.db, record.id);
  mayTakeTurn(viewer, record.stage, ownCompany, slotOf(signers, viewer, ownCompany));
  const slot = currentSlotOf(signers, viewer, ownCompany);
  const reason = reasonOf(body);
  const at = new Date();
  await deps.db.transaction(async (tx) => {
    await close(tx, record, 'declined', reason, at);
    await tx.update(agreementSigners).set({ status: 'declined', userId: viewer.id }).where(eq(agreementSigners.id, slot.id));
    await recordEvent(tx, { agreementId: record.id, kind: 'declined', who, at, reason });
    const [by] = await tx.select({ name: users.name }).from(users).where(eq(users.id, viewer.id));
    await mailDeclined(deps, tx, record, by?.name ?? '', reason);
  });
  return agreementDetail(deps.db, viewer, await findAgreement(deps.db, viewer, record.id));
}

/**
 * The salesperson (active) hears of a decline in their language, with who declined, the reason and
 * the link to the agreement's form: the portal's decline and DocuSign's (agreements.docusign-webhook.ts).
 */
export async function mailDeclined(deps: Pick<Deps, 'config' | 'mail'>, tx: Tx, record: AgreementRecord, byName: string, reason: string): Promise<void> {
  if (record.userId === null) return;
  const [person] = await tx.select({ id: users.id, name: users.name, email: users.email }).from(users).where(and(eq(users.id, record.userId), eq(users.status, 'active')));
  if (!person) return;
  const locale = await mailLocaleFor(tx, person.id);
  const t = turnMailTexts(locale);
  const params = { agreement: agreementLabel(record), company: record.companyName, name: byName, reason, link: `${deps.config.publicUrl()}/#${agreementEditPath(record.id)}` };
  await deps.mail.enqueue(tx, { to: person.email, ...flowMail(locale, person.name, interpolate(t.declined_subject, params), interpolate(t.declined_text, params)) });
}

/** POST /agreements/{id}/void: staff withdraw a sent agreement, with a reason; every signer is told. */
export async function voidAgreement(deps: Deps, viewer: Viewer, who: Who, key: string, body: AgreementReasonBody) {
  const record = await findAgreement(deps.db, viewer, key);
  if (record.stage !== 'sent') throw new Conflict(turnErrors.not_sent_void, [{ detail: turnErrors.not_sent_void, field: 'stage' }]);
  const reason = reasonOf(body);
  // A DocuSign sending is withdrawn there first (no signature there after the portal's void); if
  // DocuSign refuses, nothing changes here (502 with its words). Outside the transaction: no
  // database lock is held over a call to DocuSign. Should the write below then lose to a
  // concurrent one (409), DocuSign's own envelope-voided message voids the agreement after all.
  const [envelope] = await deps.db
    .select({ id: agreementEnvelopes.id, provider: agreementEnvelopes.provider, externalId: agreementEnvelopes.externalId })
    .from(agreementEnvelopes)
    .where(eq(agreementEnvelopes.agreementId, record.id))
    .orderBy(desc(agreementEnvelopes.createdAt), desc(agreementEnvelopes.id))
    .limit(1);
  if (envelope?.provider === 'docusign' && envelope.externalId) {
    const signer = signerFor(deps);
    if (signer.voidEnvelope) await signer.voidEnvelope(envelope.externalId, reason);
    else deps.log.warn({ agreementId: record.id, envelopeId: envelope.externalId }, 'Voided an agreement sent through DocuSign while DocuSign is not configured: its envelope stays out there');
  }
  const at = new Date();
  await deps.db.transaction(async (tx) => {
    await close(tx, record, 'voided', reason, at);
    if (envelope) await tx.update(agreementEnvelopes).set({ status: 'voided' }).where(eq(agreementEnvelopes.id, envelope.id));
    await recordEvent(tx, { agreementId: record.id, kind: 'voided', who, at, reason });
    for (const signer of await signersOf(tx, record.id)) {
      // A user is mailed at their address now, in their language; an open slot at the address it was sent to, in the agreement's.
      const [user] = signer.userId !== null ? await tx.select({ email: users.email, status: users.status }).from(users).where(eq(users.id, signer.userId)) : [];
      if (user && user.status !== 'active') continue;
      const to = user?.email ?? signer.email;
      if (!to) continue;
      const locale = signer.userId !== null ? await mailLocaleFor(tx, signer.userId) : toLocale(record.lang);
      const t = turnMailTexts(locale);
      const params = { agreement: agreementLabel(record), company: record.companyName, reason, link: deps.config.publicUrl() };
      await deps.mail.enqueue(tx, { to, ...flowMail(locale, signer.name, interpolate(t.voided_subject, params), interpolate(t.voided_text, params)) });
    }
  });
  return agreementDetail(deps.db, viewer, await findAgreement(deps.db, viewer, record.id));
}

/**
 * POST /agreements/{id}/copy: a declined or voided agreement as a new draft of the same company:
 * its name, type, language, salesperson, notes, message, company_details and subscription, priced
 * again on the company's current catalogue (a draft is); `copied_from_id` names the original.
 */
export async function copyAgreement(deps: Deps, viewer: Viewer, who: Who, key: string) {
  const record = await findAgreement(deps.db, viewer, key);
  if (record.stage !== 'declined' && record.stage !== 'voided') throw new Conflict(turnErrors.copy_only_closed, [{ detail: turnErrors.copy_only_closed, field: 'stage' }]);
  const catalogue = await companyCatalogue(deps.db, record.companyId);
  // A product no longer offered falls out of the copy (the draft would otherwise be refused on its first save).
  const offered = new Set(catalogue.map((p) => p.id));
  const products = record.subscription.products.filter((p) => offered.has(p.product_id));
  const subscription = withDerived({ ...record.subscription, products }, { catalogue, counts: siteCounts(record.companyDetails) });
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(agreements)
      .values({
        name: record.name,
        companyId: record.companyId,
        type: record.type,
        lang: record.lang,
        notes: record.notes,
        message: record.message,
        userId: record.userId,
        companyDetails: record.companyDetails,
        subscription,
        copiedFromId: record.id,
      })
      .returning({ id: agreements.id });
    await recordEvent(tx, { agreementId: row.id, kind: 'created', who });
    return row.id;
  });
  return getAgreement(deps.db, viewer, String(id));
}
