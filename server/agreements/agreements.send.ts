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
import { BadRequest } from '../domain-errors';
import { cleanName } from '../http/clean-text';
import { serverMessages } from '../messages';
import type { AppServices } from '../plugins/services';
import { transition } from './agreements.checks';
import { documentFilename, pricingOf, renderDocument } from './agreements.document';
import { isExpired } from './agreements.expiry';
import { checkAddress } from './agreements.mail';
import { agreementPagePath, notifyToSign, signerChannel, signerOf } from './agreements.notify';
import { findAgreement, getAgreement, updateAgreement, type UpdateAgreementBody, type UpdateAgreementInput } from './agreements.service';
import { signerFor } from './signers';

type Deps = Pick<AppServices, 'db' | 'config' | 'mail' | 'log'>;

export interface EnvelopeBody extends AgreementSendOptions {
  recipient: string;
  document_filename?: string | null;
  agreement_id?: number | null;
  user_id?: number | null;
}

/**
 * POST /docusign/envelopes/{id}: sends the agreement (a `created` one, or a sent one that expired,
 * is sent first: stage `sent`, its catalogue frozen, its reminder and expiry set, with `changes`
 * applied before) through the configured signer and records the envelope. The signer who is an
 * active user of the agreement's company gets the bell's `agreement_to_sign` row, and the local
 * signer's mail only when their channel is `mail` (DocuSign mails them itself); an outside address
 * is mailed. When the signer fails, an agreement this call sent goes back to `created`, so nothing
 * claims to be out for signature that is not.
 */
export async function sendEnvelope(deps: Deps, viewer: Viewer, key: string, body: EnvelopeBody, changes: UpdateAgreementInput = {}) {
  let record = await findAgreement(deps.db, viewer, key);
  if (body.agreement_id != null && body.agreement_id !== record.id) throw new BadRequest(serverMessages.not_found, [{ detail: serverMessages.not_found, field: 'agreement_id' }]);
  const to = checkAddress(body.recipient, 'recipient');
  const sentNow = record.stage === 'created' || isExpired(record);
  if (sentNow) {
    await updateAgreement(deps.db, viewer, String(record.id), { ...changes, stage: 'sent', remind_after_days: body.remind_after_days, expires_at: body.expires_at });
    record = await findAgreement(deps.db, viewer, record.id);
  } else {
    transition(viewer, record.stage, 'send', false);
  }
  const pricing = await pricingOf(deps.db, record);
  const filename = cleanName(body.document_filename ?? '').trim() || documentFilename(record, false);
  const signer = await signerOf(deps.db, record.companyId, to, record.companyDetails.contact_name ?? record.companyName);
  const channel = await signerChannel(deps.db, signer, 'agreement_to_sign');
  try {
    const sent = await signerFor(deps).send({
      agreementId: record.id,
      agreementGuid: record.guid,
      recipient: { name: signer.name, email: signer.email },
      documentFilename: filename,
      pdf: await renderDocument(record, pricing),
      lang: record.lang,
      signUrl: `${deps.config.publicUrl()}/#${agreementPagePath(record.id)}`,
      mail: channel === 'mail',
    });
    const envelope = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(agreementEnvelopes)
        .values({ agreementId: record.id, recipient: to, documentFilename: filename, userId: viewer.id, provider: sent.provider, externalId: sent.externalId, status: sent.status })
        .returning();
      await notifyToSign(tx, { id: record.id, name: record.name, lang: record.lang, sentAt: record.sentAt!, expiresAt: record.expiresAt }, signer, channel);
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
export async function putAgreement(deps: Deps, viewer: Viewer, key: string, body: UpdateAgreementBody, companyKey?: string) {
  const { agreement: wrapped, ...flat } = body;
  const { stage, remind_after_days, expires_at, ...changes }: UpdateAgreementInput = { ...flat, ...wrapped };
  if (stage === 'sent') {
    const record = await findAgreement(deps.db, viewer, key, companyKey);
    if (isExpired(record)) {
      const [last] = await deps.db
        .select({ recipient: agreementEnvelopes.recipient, documentFilename: agreementEnvelopes.documentFilename })
        .from(agreementEnvelopes)
        .where(eq(agreementEnvelopes.agreementId, record.id))
        .orderBy(desc(agreementEnvelopes.createdAt), desc(agreementEnvelopes.id))
        .limit(1);
      if (last) {
        await sendEnvelope(deps, viewer, String(record.id), { recipient: last.recipient, document_filename: last.documentFilename, remind_after_days, expires_at }, changes);
        return getAgreement(deps.db, viewer, String(record.id));
      }
    }
  }
  return updateAgreement(deps.db, viewer, key, body, companyKey);
}
