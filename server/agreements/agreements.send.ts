/**
 * Sending an agreement for signature (POST /docusign/envelopes/{id}) and sending it again once it
 * expired (issue 55). A sending writes the stage (agreements.service.ts updateAgreement: the
 * catalogue frozen, the reminder and the expiry chosen), then delivers it through the configured
 * signer (signers/), records the envelope and tells the signer in the app (agreements.notify.ts).
 *
 * Re-sending: a sent agreement whose expiry passed can no longer be signed; sending it again is
 * the lifecycle's recall and send in one write (engine/agreements/lifecycle.ts has both rows), so
 * it gets a new version (the dealer's shown hash of the old one no longer matches), sent_at,
 * reminder and expiry, and goes to the signer again. Both ways of sending do it: POST
 * /docusign/envelopes/{id} (the app's "Send again", to the recipient it names) and PUT stage
 * 'sent' (to the recipient of the agreement's last envelope, when it has one).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AgreementSendOptions } from '../../contract/agreements';
import { agreementEnvelopes, agreements } from '../db/schema';
import type { Viewer } from '../db/tenancy';
import { BadRequest, Invalid } from '../domain-errors';
import { cleanName } from '../http/clean-text';
import { serverMessages } from '../messages';
import type { AppServices } from '../plugins/services';
import { transition } from './agreements.checks';
import { documentFilename, documentSha256, pricingOf, renderDocument } from './agreements.document';
import type { Who } from './agreements.events';
import { hasSignerChoice, planSigners, previousChoice, refuseWhenPartlySigned, signersOf, startSigning, type SignerPlan } from './agreements.signers';
import { loadAgreement } from './agreements.store';
import { turnErrors } from './agreements.turn-texts';
import { isExpired } from './agreements.expiry';
import { checkAddress } from './agreements.mail';
import { agreementPagePath, notifyToSign, signerChannel, signerOf } from './agreements.notify';
import { findAgreement, getAgreement, updateAgreement, type OnSend, type UpdateAgreementBody, type UpdateAgreementInput } from './agreements.service';
import { signerFor } from './signers';
import { routedSigners } from './signers/routing';

type Deps = Pick<AppServices, 'db' | 'config' | 'mail' | 'log'>;

export interface EnvelopeBody extends AgreementSendOptions {
  /** Required unless `signers` names them (issue 57): the envelope's address. */
  recipient?: string | null;
  document_filename?: string | null;
  agreement_id?: number | null;
  user_id?: number | null;
}

/**
 * What a sending writes in its transaction beside the stage (issue 57): the signers of `plan`, the
 * `sent` event with the unsigned document's hash, the first turn (told when `notify`).
 */
function signingOnSend(deps: Deps, plan: SignerPlan, who: Who, notify: boolean): OnSend {
  return async (tx, agreementId) => {
    const sent = (await loadAgreement(tx, agreementId))!;
    const hash = await documentSha256(sent, await pricingOf(tx, sent));
    await startSigning(deps, tx, { id: sent.id, companyId: sent.companyId, name: sent.name, lang: sent.lang, sentAt: sent.sentAt!, expiresAt: sent.expiresAt, routing: plan.routing }, plan, who, { documentSha256: hash, notify });
  };
}

/**
 * POST /docusign/envelopes/{id}: sends the agreement (a `created` one, or a sent one that expired,
 * is sent first: stage `sent`, its catalogue frozen, its reminder and expiry set, its signers
 * written, with `changes` applied before) through the configured signer and records the envelope.
 *
 * Without `signers` (as before issue 57): one open slot, the recipient; the recipient who is an
 * active user of the agreement's company gets the bell's `agreement_to_sign` row, and the local
 * signer's mail only when their channel is `mail` (DocuSign mails them itself); an outside address
 * is mailed. With `signers`: each is told when their turn opens (agreements.signers.ts), and the
 * envelope names the first of them; DocuSign gets them all with their routing order
 * (signers/routing.ts). When the signer fails, an agreement this call sent goes back to `created`,
 * so nothing claims to be out for signature that is not.
 */
export async function sendEnvelope(deps: Deps, viewer: Viewer, key: string, body: EnvelopeBody, changes: UpdateAgreementInput = {}, who: Who = { userId: viewer.id, ip: null, userAgent: null }) {
  let record = await findAgreement(deps.db, viewer, key);
  if (body.agreement_id != null && body.agreement_id !== record.id) throw new BadRequest(serverMessages.not_found, [{ detail: serverMessages.not_found, field: 'agreement_id' }]);
  // Sent again once expired without naming signers: to the same ones as last time.
  if (record.stage === 'sent' && isExpired(record) && !hasSignerChoice(body)) body = { ...body, ...(await previousChoice(deps.db, record)) };
  if (!body.signers?.length && !body.recipient?.trim()) throw new Invalid(turnErrors.recipient_or_signers, [{ detail: turnErrors.recipient_or_signers, field: 'recipient' }]);
  const given = body.recipient?.trim() ? checkAddress(body.recipient, 'recipient') : null;
  const sentNow = record.stage === 'created' || isExpired(record);
  let plan: SignerPlan | null = null;
  if (sentNow) {
    if (record.stage === 'sent') await refuseWhenPartlySigned(deps.db, record.id);
    plan = await planSigners(deps.db, record, body, { name: record.companyDetails.contact_name ?? record.companyName, email: given });
    const settings = { stage: 'sent' as const, remind_after_days: body.remind_after_days, expires_at: body.expires_at };
    await updateAgreement(deps.db, viewer, String(record.id), { ...changes, ...settings }, undefined, signingOnSend(deps, plan, who, plan.named));
    record = await findAgreement(deps.db, viewer, record.id);
  } else {
    transition(viewer, record.stage, 'send', false);
  }
  // Named signers are told by their turns; the open slot's recipient by the envelope, as before.
  const named = plan?.named ?? false;
  const firstNamed = named ? (await signersOf(deps.db, record.id)).find((s) => s.role === 'signer' && s.email) : undefined;
  const to = given ?? firstNamed?.email ?? '';
  const pricing = await pricingOf(deps.db, record);
  const filename = cleanName(body.document_filename ?? '').trim() || documentFilename(record, false);
  const signer = await signerOf(deps.db, record.companyId, to, firstNamed?.name ?? record.companyDetails.contact_name ?? record.companyName);
  const channel = await signerChannel(deps.db, signer, 'agreement_to_sign');
  try {
    const provider = signerFor(deps);
    // Named signers are told by their turns (agreements.signers.ts); only DocuSign still needs the envelope itself.
    const sent =
      named && provider.provider === 'local'
        ? { provider: 'local' as const, externalId: null, status: 'sent' as const }
        : await provider.send({
            agreementId: record.id,
            agreementGuid: record.guid,
            recipient: { name: signer.name, email: signer.email },
            documentFilename: filename,
            pdf: await renderDocument(record, pricing),
            lang: record.lang,
            signUrl: `${deps.config.publicUrl()}/#${agreementPagePath(record.id)}`,
            mail: !named && channel === 'mail',
            // DocuSign routes every signer of the sending itself, each mapped back by its row's id.
            signers: provider.provider === 'docusign' ? routedSigners(await signersOf(deps.db, record.id), record.routing, to) : undefined,
          });
    const envelope = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(agreementEnvelopes)
        .values({ agreementId: record.id, recipient: to, documentFilename: filename, userId: viewer.id, provider: sent.provider, externalId: sent.externalId, status: sent.status })
        .returning();
      if (!named) await notifyToSign(tx, { id: record.id, name: record.name, lang: record.lang, sentAt: record.sentAt!, expiresAt: record.expiresAt }, signer, channel);
      return row;
    });
    return {
      id: envelope.id,
      recipient: envelope.recipient,
      document_filename: envelope.documentFilename,
      agreement_id: envelope.agreementId,
      user_id: envelope.userId,
      provider: envelope.provider,
      status: envelope.status,
      created_at: envelope.createdAt.toISOString(),
    };
  } catch (error) {
    if (sentNow) {
      await deps.db
        .update(agreements)
        .set({ stage: 'created', sentCatalogue: null, sentAt: null, version: sql`${agreements.version} + 1`, updatedAt: new Date() })
        .where(and(eq(agreements.id, record.id), eq(agreements.version, record.version), eq(agreements.stage, 'sent')));
    }
    throw error;
  }
}

/**
 * PUT /companies/{guid}/agreements/{agreementGuid}: updateAgreement, except that stage 'sent' on a
 * sent agreement that expired sends it again to its last envelope's recipient (the sign-request
 * mail and the bell, as a first sending through POST /docusign/envelopes/{id}); one never sent
 * through an envelope is re-sent by the stage write alone, like a first PUT send.
 */
export async function putAgreement(deps: Deps, viewer: Viewer, key: string, body: UpdateAgreementBody, companyKey?: string, who: Who = { userId: viewer.id, ip: null, userAgent: null }) {
  const { agreement: wrapped, ...flat } = body;
  const input: UpdateAgreementInput = { ...flat, ...wrapped };
  const { stage, remind_after_days, expires_at, signers, countersigner_id, routing, ...changes } = input;
  if (stage !== 'sent') return updateAgreement(deps.db, viewer, key, body, companyKey);
  const record = await findAgreement(deps.db, viewer, key, companyKey);
  if (isExpired(record)) {
    const [last] = await deps.db
      .select({ recipient: agreementEnvelopes.recipient, documentFilename: agreementEnvelopes.documentFilename })
      .from(agreementEnvelopes)
      .where(eq(agreementEnvelopes.agreementId, record.id))
      .orderBy(desc(agreementEnvelopes.createdAt), desc(agreementEnvelopes.id))
      .limit(1);
    if (last) {
      await sendEnvelope(deps, viewer, String(record.id), { recipient: last.recipient, document_filename: last.documentFilename, remind_after_days, expires_at, signers, countersigner_id, routing }, changes, who);
      return getAgreement(deps.db, viewer, String(record.id));
    }
  }
  // A stage write that sends (or one the lifecycle refuses: updateAgreement answers it). Without
  // signers, the open slot addressed to the contact, told by nobody (as a PUT send before issue 57).
  const sends = record.stage === 'created' || isExpired(record);
  if (!sends) return updateAgreement(deps.db, viewer, key, body, companyKey);
  if (record.stage === 'sent') await refuseWhenPartlySigned(deps.db, record.id);
  const choice = record.stage === 'sent' && !hasSignerChoice(input) ? { ...input, ...(await previousChoice(deps.db, record)) } : input;
  const plan = await planSigners(deps.db, record, choice, { name: record.companyDetails.contact_name ?? record.companyName, email: record.companyDetails.contact_email });
  return updateAgreement(deps.db, viewer, key, body, companyKey, signingOnSend(deps, plan, who, plan.named));
}
