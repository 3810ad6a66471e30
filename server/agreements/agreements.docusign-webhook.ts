/**
 * Issue 57: DocuSign Connect's webhook, POST /docusign/webhook (JSON SIM messages, no sign-in).
 *
 * The raw body's HMAC-SHA256 (base64, `X-DocuSign-Signature-1`, `-2`... one per Connect key) is
 * checked in constant time against DOCUSIGN_HMAC_KEY before the body is even parsed: a missing or
 * wrong signature is 401 and changes nothing. Then the envelope is found by its DocuSign id
 * (agreement_envelopes.external_id) and each recipient by its recipientId, which is our
 * agreement_signers id (signers/routing.ts). What each event does, under the agreement's row lock
 * (two instances given the same message take turns, and the second finds it done):
 * - recipient-completed: that signer signed (DocuSign's time, address and IP in the trail, as
 *   `signed` or `countersigned`); the next turn opens (its bell rows; DocuSign mails the signer);
 * - recipient-delivered: that signer opened the envelope (`opened` in the trail with DocuSign's
 *   time and IP, once, as the portal records a signer's first read);
 * - recipient-declined: the agreement is declined with DocuSign's reason, and the salesperson is
 *   mailed as for a decline in the portal;
 * - envelope-voided: voided with DocuSign's reason;
 * - envelope-completed: signed; every signer DocuSign reports signed is marked so first (Connect
 *   does not promise order), and the combined PDF, when the message carries it, is stored as the
 *   final version with its SHA-256, as the portal's own last signature is.
 * Each message also records the envelope's status as DocuSign reports it (`agreement_envelopes.status`:
 * sent, delivered, completed, declined, voided), never moving it back from a final one (Connect
 * does not promise order). Every step checks the state it moves from, so a message delivered again (DocuSign retries until
 * it gets a 2xx) changes nothing. An envelope the portal does not know, or an old sending's, is
 * answered 200 and logged, so DocuSign stops retrying it.
 */
import { createHmac, timingSafeEqual, type KeyObject } from 'node:crypto';
import { and, desc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../db/database';
import { agreementEnvelopes, agreements, agreementSignatures, agreementSigners } from '../db/schema';
import { BadRequest, Unauthorized } from '../domain-errors';
import { cleanText } from '../http/clean-text';
import { errors } from '../http/schemas';
import { MAX_FILE_BYTES } from '../media/media.content';
import { serverMessages } from '../messages';
import type { AppServices } from '../plugins/services';
import { servicesOf } from '../plugins/services';
import { agreementSigned } from '../projects/projects.triggers';
import { eventsOf, recordEvent, NOBODY } from './agreements.events';
import { mailDeclined } from './agreements.close';
import { queueSignedNotices } from './agreements.mail';
import { sha256 } from './agreements.signing';
import { openTurn, signersOf, type SignerRow } from './agreements.signers';
import { loadAgreement } from './agreements.store';
import type { AgreementRecord } from './agreements.types';

type Deps = Pick<AppServices, 'db' | 'config' | 'mail' | 'log'>;

/** A Connect message may carry the combined PDF in base64 (a third larger than the media library's 10 MB), and the summary. */
const BODY_LIMIT = Math.ceil((MAX_FILE_BYTES * 4) / 3) + 1024 * 1024;
/** DocuSign's reasons and names are short; anything longer is cut. */
const TEXT_MAX = 1000;

/** True when one of the `X-DocuSign-Signature-N` headers is the body's HMAC under one of the keys (constant time). */
export function connectSignatureValid(raw: Buffer, headers: FastifyRequest['headers'], keys: KeyObject[]): boolean {
  const given = Object.entries(headers)
    .filter(([name]) => /^x-docusign-signature-\d+$/i.test(name))
    .flatMap(([, value]) => (Array.isArray(value) ? value : [value ?? '']))
    .map((v) => Buffer.from(v.trim(), 'base64'));
  let valid = false;
  for (const key of keys) {
    const digest = createHmac('sha256', key).update(raw).digest();
    // Every pair is compared (no early return), each in constant time; a wrong length is no match.
    for (const g of given) if (g.length === digest.length && timingSafeEqual(g, digest)) valid = true;
  }
  return valid;
}

/** What the portal reads of a JSON SIM message (everything else is left alone). */
interface ConnectSigner {
  recipientId?: string;
  email?: string;
  name?: string;
  status?: string;
  signedDateTime?: string;
  declinedDateTime?: string;
  declinedReason?: string;
  deliveredDateTime?: string;
  recipientIPAddress?: string;
  ipAddress?: string;
}
interface ConnectMessage {
  event?: string;
  generatedDateTime?: string;
  data?: {
    envelopeId?: string;
    recipientId?: string;
    envelopeSummary?: {
      status?: string;
      completedDateTime?: string;
      voidedDateTime?: string;
      voidedReason?: string;
      recipients?: { signers?: ConnectSigner[] };
      envelopeDocuments?: Array<{ documentId?: string; type?: string; PDFBytes?: string }>;
    };
  };
}

const text = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  const clean = cleanText(value).trim();
  return clean ? clean.slice(0, TEXT_MAX) : null;
};
/** DocuSign's time when it is one, else `fallback`. */
const timeOf = (value: unknown, fallback: Date): Date => {
  const at = typeof value === 'string' ? new Date(value) : null;
  return at && Number.isFinite(at.getTime()) ? at : fallback;
};

export type WebhookOutcome = 'applied' | 'unchanged' | 'unknown envelope';

/** Registers POST /docusign/webhook when DocuSign and its Connect key are configured. Own plugin: its JSON parser keeps the raw bytes. */
export async function docusignWebhookRoutes(app: FastifyInstance) {
  const deps = servicesOf(app);
  const keys = deps.config.docusign?.hmacKeys ?? [];
  if (!deps.config.docusign) return;
  if (!keys.length) {
    // Without a key no message can be trusted: no route, and the reason where the operator looks.
    app.log.warn('DocuSign is configured without DOCUSIGN_HMAC_KEY: the Connect webhook is off, and agreements sent through DocuSign do not move on when they are signed there.');
    return;
  }
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));
  app.post(
    '/docusign/webhook',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ['agreements'],
        summary:
          'DocuSign Connect (JSON SIM, no sign-in; the body signed with the Connect key in X-DocuSign-Signature-1, else 401): recipient-delivered (opened), recipient-completed, recipient-declined (the salesperson mailed), envelope-voided and envelope-completed move the agreement on, once however often they are delivered, and every message records the envelope\'s status; an unknown envelope is 200 with nothing done',
        security: [],
        response: { 200: { type: 'object', properties: { outcome: { type: 'string' } }, required: ['outcome'] }, ...errors(400, 401, 413, 415) },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!connectSignatureValid(raw, request.headers, keys)) throw new Unauthorized(serverMessages.signing.webhook_signature);
      let message: ConnectMessage;
      try {
        message = JSON.parse(raw.toString('utf8')) as ConnectMessage;
      } catch {
        message = {};
      }
      if (typeof message?.event !== 'string' || typeof message.data?.envelopeId !== 'string') throw new BadRequest(serverMessages.signing.webhook_body);
      return { outcome: await applyConnectMessage(deps, message, request.log) };
    },
  );
}

/** One verified message applied to its agreement (exported for the tests' direct use). */
export async function applyConnectMessage(deps: Deps, message: ConnectMessage, log: FastifyBaseLogger): Promise<WebhookOutcome> {
  const envelopeId = message.data!.envelopeId!;
  const [envelope] = await deps.db
    .select({ agreementId: agreementEnvelopes.agreementId, id: agreementEnvelopes.id })
    .from(agreementEnvelopes)
    .where(and(eq(agreementEnvelopes.provider, 'docusign'), eq(agreementEnvelopes.externalId, envelopeId)))
    .limit(1);
  if (!envelope) {
    log.info({ envelopeId, event: message.event }, 'DocuSign Connect: unknown envelope, nothing done');
    return 'unknown envelope';
  }
  // Only the agreement's current sending moves it: a message about an earlier envelope is history.
  const [newest] = await deps.db
    .select({ id: agreementEnvelopes.id })
    .from(agreementEnvelopes)
    .where(eq(agreementEnvelopes.agreementId, envelope.agreementId))
    .orderBy(desc(agreementEnvelopes.createdAt), desc(agreementEnvelopes.id))
    .limit(1);
  if (newest?.id !== envelope.id) {
    log.info({ envelopeId, event: message.event, agreementId: envelope.agreementId }, 'DocuSign Connect: an earlier sending’s envelope, nothing done');
    return 'unchanged';
  }
  const received = timeOf(message.generatedDateTime, new Date());
  const changed = await deps.db.transaction(async (tx) => {
    // The row lock: of two instances handling the same message, the second waits and finds it done.
    const agreement = await loadAgreement(tx, envelope.agreementId, { lock: 'wait' });
    if (!agreement) return false;
    await recordEnvelopeStatus(tx, envelope.id, message);
    const summary = message.data?.envelopeSummary;
    const reported = summary?.recipients?.signers ?? [];
    const reportOf = (id: string | undefined) => reported.find((r) => r.recipientId === id);
    const signers = await signersOf(tx, agreement.id);
    const rowOf = (recipientId: string | undefined) => signers.find((s) => String(s.id) === recipientId) ?? null;
    switch (message.event) {
      case 'recipient-completed': {
        const recipientId = message.data?.recipientId;
        const row = rowOf(recipientId);
        if (!row) return false;
        return markSigned(deps, tx, agreement, row, reportOf(recipientId), received);
      }
      case 'recipient-delivered': {
        const recipientId = message.data?.recipientId;
        const row = rowOf(recipientId);
        if (!row || agreement.stage !== 'sent' || row.openedAt !== null || (row.status !== 'waiting' && row.status !== 'current')) return false;
        const report = reportOf(recipientId);
        const at = timeOf(report?.deliveredDateTime, received);
        const [opened] = await tx.update(agreementSigners).set({ openedAt: at }).where(and(eq(agreementSigners.id, row.id), isNull(agreementSigners.openedAt))).returning({ id: agreementSigners.id });
        if (!opened) return false;
        await recordEvent(tx, { agreementId: agreement.id, kind: 'opened', who: { ...NOBODY, userId: row.userId, ip: ipOf(report) }, at, name: text(report?.name) ?? row.name, email: text(report?.email) ?? row.email });
        return true;
      }
      case 'recipient-declined': {
        const recipientId = message.data?.recipientId;
        const row = rowOf(recipientId);
        if (!row || agreement.stage !== 'sent') return false;
        const report = reportOf(recipientId);
        const at = timeOf(report?.declinedDateTime, received);
        const reason = text(report?.declinedReason) ?? '-';
        if (!(await close(tx, agreement, 'declined', reason, at))) return false;
        await tx.update(agreementSigners).set({ status: 'declined' }).where(eq(agreementSigners.id, row.id));
        const name = text(report?.name) ?? row.name;
        await recordEvent(tx, { agreementId: agreement.id, kind: 'declined', who: { ...NOBODY, userId: row.userId, ip: ipOf(report) }, at, name, email: text(report?.email) ?? row.email, reason });
        await mailDeclined(deps, tx, agreement, name, reason);
        return true;
      }
      case 'envelope-voided': {
        if (agreement.stage !== 'sent') return false;
        const at = timeOf(summary?.voidedDateTime, received);
        const reason = text(summary?.voidedReason) ?? '-';
        if (!(await close(tx, agreement, 'voided', reason, at))) return false;
        await recordEvent(tx, { agreementId: agreement.id, kind: 'voided', who: NOBODY, at, name: 'DocuSign', reason });
        return true;
      }
      case 'envelope-completed': {
        if (agreement.stage !== 'sent') return false;
        // Whoever DocuSign reports signed and the portal has not heard of yet (Connect keeps no order).
        for (const row of signers) {
          const report = reportOf(String(row.id));
          if (row.status !== 'signed') await markSigned(deps, tx, agreement, row, report, received, false);
        }
        return complete(deps, tx, agreement, timeOf(summary?.completedDateTime, received), combinedPdf(summary?.envelopeDocuments));
      }
      default:
        return false;
    }
  });
  log.info({ envelopeId, event: message.event, agreementId: envelope.agreementId, changed }, 'DocuSign Connect message');
  return changed ? 'applied' : 'unchanged';
}

const ipOf = (report: ConnectSigner | undefined) => text(report?.recipientIPAddress) ?? text(report?.ipAddress);

/** An envelope's statuses that nothing follows. */
const FINAL_STATUSES = ['completed', 'declined', 'voided'];
/** The envelope's status an event implies, when the message's summary does not say it. */
const EVENT_STATUS: Record<string, string> = {
  'envelope-sent': 'sent',
  'envelope-delivered': 'delivered',
  'envelope-completed': 'completed',
  'envelope-declined': 'declined',
  'envelope-voided': 'voided',
  'recipient-declined': 'declined',
};

/**
 * The envelope's status as the message tells it (DocuSign's summary, else what the event implies),
 * kept unless the row already holds a final one: a late message must not reopen a finished envelope.
 */
async function recordEnvelopeStatus(tx: Tx, envelopeId: number, message: ConnectMessage): Promise<void> {
  const reported = text(message.data?.envelopeSummary?.status)?.toLowerCase();
  const status = reported && /^[a-z]{1,20}$/.test(reported) ? reported : EVENT_STATUS[message.event ?? ''];
  if (!status) return;
  await tx.update(agreementEnvelopes).set({ status }).where(and(eq(agreementEnvelopes.id, envelopeId), notInArray(agreementEnvelopes.status, FINAL_STATUSES)));
}

/**
 * A signer signed in DocuSign: their row signed and the `signed` (`countersigned`) event with
 * DocuSign's time, address and IP; then the next turn (when `openNext`). Nothing when the row is
 * signed already or the sending is over (declined, voided).
 */
async function markSigned(deps: Deps, tx: Tx, agreement: AgreementRecord, row: SignerRow, report: ConnectSigner | undefined, received: Date, openNext = true): Promise<boolean> {
  if (row.status === 'signed' || row.status === 'declined' || (agreement.stage !== 'sent' && agreement.stage !== 'signed')) return false;
  const at = timeOf(report?.signedDateTime, received);
  const [moved] = await tx
    .update(agreementSigners)
    .set({ status: 'signed', signedAt: at, turnSince: row.turnSince ?? at })
    .where(and(eq(agreementSigners.id, row.id), sql`${agreementSigners.status} IN ('waiting', 'current')`))
    .returning({ id: agreementSigners.id });
  if (!moved) return false;
  const kind = row.role === 'countersigner' ? 'countersigned' : 'signed';
  await recordEvent(tx, { agreementId: agreement.id, kind, who: { ...NOBODY, userId: row.userId, ip: ipOf(report) }, at, name: text(report?.name) ?? row.name, email: text(report?.email) ?? row.email });
  if (openNext && agreement.stage === 'sent') {
    await openTurn(deps, tx, { id: agreement.id, name: agreement.name, lang: agreement.lang, sentAt: agreement.sentAt!, expiresAt: agreement.expiresAt, routing: agreement.routing }, at, true);
  }
  return true;
}

/** The sending ends declined or voided, from `sent` only. */
async function close(tx: Tx, agreement: AgreementRecord, stage: 'declined' | 'voided', reason: string, at: Date): Promise<boolean> {
  const [moved] = await tx
    .update(agreements)
    .set({ stage, closedReason: reason, closedAt: at, version: sql`${agreements.version} + 1`, updatedAt: new Date() })
    .where(and(eq(agreements.id, agreement.id), eq(agreements.stage, 'sent')))
    .returning({ id: agreements.id });
  return Boolean(moved);
}

/** The combined PDF of the message (documentId "combined", else the one content document), when it carries one. */
function combinedPdf(documents: Array<{ documentId?: string; type?: string; PDFBytes?: string }> | undefined): Buffer | null {
  const list = documents ?? [];
  const doc = list.find((d) => d.documentId === 'combined') ?? (list.filter((d) => d.type === 'content' || d.documentId === '1').length === 1 ? list.find((d) => d.type === 'content' || d.documentId === '1') : undefined);
  if (!doc?.PDFBytes || !/^[A-Za-z0-9+/=\s]+$/.test(doc.PDFBytes)) return null;
  const bytes = Buffer.from(doc.PDFBytes, 'base64');
  return bytes.subarray(0, 5).toString('latin1') === '%PDF-' ? bytes : null;
}

/**
 * The envelope completed: the agreement is signed (from `sent` only), the salesperson and account
 * manager are told, the projects' agreement_signed tasks complete; the combined PDF, if any, is the
 * final version: the audit row of the last signer, with its SHA-256 and the unsigned form's hash.
 */
async function complete(deps: Deps, tx: Tx, agreement: AgreementRecord, at: Date, pdf: Buffer | null): Promise<boolean> {
  const [moved] = await tx
    .update(agreements)
    .set({ stage: 'signed', signedAt: at, version: sql`${agreements.version} + 1`, updatedAt: new Date() })
    .where(and(eq(agreements.id, agreement.id), eq(agreements.stage, 'sent')))
    .returning({ id: agreements.id });
  if (!moved) return false;
  await tx.update(agreementSigners).set({ status: 'signed', signedAt: at }).where(and(eq(agreementSigners.agreementId, agreement.id), sql`${agreementSigners.status} IN ('waiting', 'current')`));
  const signers = await signersOf(tx, agreement.id);
  const last = signers[signers.length - 1];
  if (pdf && last) {
    const sent = (await eventsOf(tx, agreement.id)).filter((e) => e.kind === 'sent').at(-1);
    await tx
      .insert(agreementSignatures)
      .values({
        agreementId: agreement.id,
        signerId: last.id,
        signerUserId: last.userId,
        signerName: last.name,
        signerEmail: last.email ?? '',
        clientAddress: '',
        shownSha256: sent?.documentSha256 ?? sha256(pdf),
        signedSha256: sha256(pdf),
        // DocuSign sealed it with its own certificate, not the installation's.
        certificateFingerprint: 'docusign',
        signedPdf: pdf,
        signedAt: at,
      })
      .onConflictDoNothing();
  }
  await queueSignedNotices(deps, { agreementId: agreement.id }, tx);
  await agreementSigned(deps, tx, agreement.id, last?.userId ?? null);
  return true;
}
