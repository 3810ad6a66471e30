/**
 * The DocuSign signer: the agreement goes out as a DocuSign envelope (eSignature REST API v2.1),
 * and DocuSign mails the recipient and collects the signature. Two calls, with Node's own fetch
 * and crypto (no SDK, see the README):
 * 1. JWT grant: an RS256-signed assertion (iss = integration key, sub = the DocuSign user the server
 *    acts as, aud = the OAuth host, scope "signature impersonation") for an access token, kept until
 *    five minutes before it expires and shared by every send meanwhile;
 * 2. POST {base}/v2.1/accounts/{accountId}/envelopes: the PDF as document 1, the sending's signers
 *    (issue 57: routingOrder 1, 2, 3... in sequence, all 1 in parallel, the countersigner after
 *    them; recipientId = our agreement_signers id) or the one recipient as signer 1, each with a
 *    signHere tab anchored on the signature box's label ("Signature", "Handtekening": the word
 *    agreements.pdf.ts prints above the box, in the agreement's language), status "sent".
 *    DocuSign Connect then tells the portal what happens (agreements.docusign-webhook.ts).
 * Whatever DocuSign refuses, or a DocuSign that does not answer in time, is a domain error carrying
 * DocuSign's own words (502, 504), never a 500. The key, the assertion and the token are never
 * logged nor put in a message.
 */
import { createSign } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { toLocale } from '../../../engine';
import { Upstream, UpstreamTimeout } from '../../domain-errors';
import { cleanText } from '../../http/clean-text';
import { interpolate, mailMessages, serverMessages } from '../../messages';
import type { DocusignSettings } from '../../options';
import { agreementTexts } from '../agreements.texts';
import { checkAddress } from '../agreements.mail';
import type { AgreementSigner, EnvelopeRequest, EnvelopeSent } from './signer';

/** DocuSign's access tokens live an hour; the grant asks for that much. */
const ASSERTION_SECONDS = 3600;
/** A token is renewed this long before it expires, so none dies in the middle of a send. */
const RENEW_BEFORE_MS = 5 * 60_000;
const JWT_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** The longest voidedReason DocuSign takes. */
const VOIDED_REASON_MAX = 200;
/** DocuSign's own messages are short; a proxy's HTML error page is not, and is cut. */
const MESSAGE_MAX = 300;

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/** The OAuth origin: "account-d.docusign.com" is https; a full http(s) origin (a test's stand-in) is taken as it is. */
export function oauthOrigin(oauthBase: string): string {
  return /^https?:\/\//i.test(oauthBase) ? new URL(oauthBase).origin : `https://${oauthBase}`;
}

/** The JWT grant's assertion, signed RS256 with the integration key's private key. */
export function jwtAssertion(settings: DocusignSettings, nowSeconds: number): string {
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(
    JSON.stringify({
      iss: settings.integrationKey,
      sub: settings.userId,
      aud: new URL(oauthOrigin(settings.oauthBase)).host,
      iat: nowSeconds,
      exp: nowSeconds + ASSERTION_SECONDS,
      scope: 'signature impersonation',
    }),
  );
  const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(settings.privateKey);
  return `${header}.${claims}.${base64url(signature)}`;
}

/** DocuSign's words from an error body: OAuth's {error, error_description} or the REST API's {errorCode, message}. */
function docusignMessage(status: number, body: string): string {
  let words = `HTTP ${status}`;
  try {
    const parsed = JSON.parse(body) as { error?: string; error_description?: string; errorCode?: string; message?: string };
    if (parsed.message || parsed.errorCode) words = [parsed.message, parsed.errorCode && `(${parsed.errorCode})`].filter(Boolean).join(' ');
    else if (parsed.error) words = parsed.error_description ? `${parsed.error} (${parsed.error_description})` : parsed.error;
  } catch {
    if (body.trim()) words = `HTTP ${status}: ${body.trim()}`;
  }
  const clean = cleanText(words).replace(/\s+/g, ' ');
  return clean.length > MESSAGE_MAX ? `${clean.slice(0, MESSAGE_MAX)}…` : clean;
}

interface Token {
  value: string;
  renewAt: number;
}

export class DocusignSigner implements AgreementSigner {
  readonly provider = 'docusign' as const;
  private token: Promise<Token> | null = null;

  constructor(
    private readonly settings: DocusignSettings,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  async send(request: EnvelopeRequest): Promise<EnvelopeSent> {
    const to = checkAddress(request.recipient.email, 'recipient');
    for (const [i, signer] of (request.signers ?? []).entries()) checkAddress(signer.email, `signers.${i}.email`);
    const body = JSON.stringify(this.envelope(request, to));
    let answer = await this.createEnvelope(body, await this.accessToken());
    // A token revoked or expired early (DocuSign restarted a session, consent withdrawn and given
    // again): one new grant, one more try.
    if (answer.status === 401) {
      this.token = null;
      answer = await this.createEnvelope(body, await this.accessToken());
    }
    if (answer.status < 200 || answer.status >= 300) throw new Upstream(interpolate(serverMessages.signing.docusign_refused, { message: docusignMessage(answer.status, answer.body) }));
    let envelopeId: unknown;
    try {
      envelopeId = (JSON.parse(answer.body) as { envelopeId?: unknown }).envelopeId;
    } catch {
      envelopeId = undefined;
    }
    if (typeof envelopeId !== 'string' || !envelopeId) throw new Upstream(interpolate(serverMessages.signing.docusign_refused, { message: interpolate(serverMessages.signing.answer_without, { field: 'envelopeId' }) }));
    this.log.info({ agreementId: request.agreementId, envelopeId }, 'DocuSign envelope sent');
    return { provider: 'docusign', externalId: envelopeId, status: 'sent' };
  }

  /**
   * The envelope definition: one document, sent at once. Its signers: the sending's (issue 57), each
   * with its routingOrder and our signer row's id as recipientId (the webhook maps DocuSign's events
   * back by it), or the one recipient as signer 1. No clientUserId: DocuSign mails each recipient at
   * their turn (with one, DocuSign would leave them to an embedded signing the portal does not offer).
   */
  private envelope(request: EnvelopeRequest, to: string) {
    const locale = toLocale(request.lang);
    // Every signer's tab on the same label: DocuSign shows a recipient only their own tabs.
    const signHere = {
      documentId: '1',
      // The label above the empty signature box; the tab goes into the box below it.
      anchorString: agreementTexts(locale).pdf.signature,
      anchorCaseSensitive: 'true',
      anchorMatchWholeWord: 'true',
      anchorUnits: 'pixels',
      anchorXOffset: '0',
      anchorYOffset: '20',
      anchorIgnoreIfNotPresent: 'false',
    };
    const routed = request.signers?.length ? request.signers : [{ id: 1, name: request.recipient.name, email: to, routingOrder: 1 }];
    return {
      emailSubject: mailMessages(locale).sign_request_subject.slice(0, 100),
      documents: [{ documentId: '1', name: request.documentFilename, fileExtension: 'pdf', documentBase64: request.pdf.toString('base64') }],
      recipients: {
        signers: routed.map((s) => ({
          recipientId: String(s.id),
          routingOrder: String(s.routingOrder),
          name: s.name,
          email: s.email.trim(),
          tabs: { signHereTabs: [signHere] },
        })),
      },
      // Lets a later status check (or DocuSign Connect) find the agreement again.
      customFields: { textCustomFields: [{ name: 'agreementGuid', value: request.agreementGuid, show: 'false', required: 'false' }] },
      status: 'sent',
    };
  }

  /**
   * Issue 57: staff voided the agreement in the portal, so its envelope is voided in DocuSign too
   * (PUT the envelope with status "voided" and the reason, which DocuSign mails the recipients and
   * caps at 200 characters): nobody can sign there what the portal withdrew. A refusal (an envelope
   * DocuSign finished meanwhile: ENVELOPE_CANNOT_VOID_INVALID_STATE) is the same 502 as a refused
   * sending, with DocuSign's words.
   */
  async voidEnvelope(envelopeId: string, reason: string): Promise<void> {
    const url = `${this.settings.baseUrl}/v2.1/accounts/${encodeURIComponent(this.settings.accountId)}/envelopes/${encodeURIComponent(envelopeId)}`;
    const body = JSON.stringify({ status: 'voided', voidedReason: reason.slice(0, VOIDED_REASON_MAX) });
    const put = async () => this.call(url, { method: 'PUT', headers: { authorization: `Bearer ${await this.accessToken()}`, 'content-type': 'application/json', accept: 'application/json' }, body });
    let answer = await put();
    if (answer.status === 401) {
      this.token = null;
      answer = await put();
    }
    if (answer.status < 200 || answer.status >= 300) throw new Upstream(interpolate(serverMessages.signing.docusign_refused, { message: docusignMessage(answer.status, answer.body) }));
    this.log.info({ envelopeId }, 'DocuSign envelope voided');
  }

  private createEnvelope(body: string, token: string) {
    const url = `${this.settings.baseUrl}/v2.1/accounts/${encodeURIComponent(this.settings.accountId)}/envelopes`;
    return this.call(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' }, body });
  }

  /** A valid access token: the kept one, else one grant (concurrent sends wait for the same one). */
  private async accessToken(): Promise<string> {
    const kept = this.token;
    if (kept) {
      const token = await kept.catch(() => null);
      if (token && this.now() < token.renewAt) return token.value;
      if (this.token === kept) this.token = null;
    }
    if (!this.token) {
      const pending = this.grant();
      this.token = pending;
      // A failed grant is not kept: the next send asks again (consent may have been given meanwhile).
      pending.catch(() => {
        if (this.token === pending) this.token = null;
      });
    }
    return (await this.token).value;
  }

  private async grant(): Promise<Token> {
    const started = this.now();
    const form = new URLSearchParams({ grant_type: JWT_GRANT, assertion: jwtAssertion(this.settings, Math.floor(started / 1000)) });
    const answer = await this.call(`${oauthOrigin(this.settings.oauthBase)}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
    });
    const refuse = (message: string) => new Upstream(interpolate(serverMessages.signing.docusign_sign_in_failed, { message }));
    if (answer.status !== 200) throw refuse(docusignMessage(answer.status, answer.body));
    let parsed: { access_token?: unknown; expires_in?: unknown };
    try {
      parsed = JSON.parse(answer.body) as typeof parsed;
    } catch {
      parsed = {};
    }
    if (typeof parsed.access_token !== 'string' || !parsed.access_token) throw refuse(interpolate(serverMessages.signing.answer_without, { field: 'access_token' }));
    const seconds = Number(parsed.expires_in);
    const lifetimeMs = (Number.isFinite(seconds) && seconds > 0 ? seconds : ASSERTION_SECONDS) * 1000;
    return { value: parsed.access_token, renewAt: started + Math.max(lifetimeMs - RENEW_BEFORE_MS, lifetimeMs / 2) };
  }

  /** One HTTP call to DocuSign within the timeout; network failures and timeouts become domain errors. */
  private async call(url: string, init: RequestInit): Promise<{ status: number; body: string }> {
    const seconds = Math.round(this.settings.timeoutMs / 100) / 10;
    try {
      const res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(this.settings.timeoutMs) });
      return { status: res.status, body: await res.text() };
    } catch (err) {
      const name = (err as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new UpstreamTimeout(interpolate(serverMessages.signing.docusign_timeout, { seconds }));
      // undici says "fetch failed" and puts the reason (ECONNREFUSED, ENOTFOUND...) in the cause.
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      const reason = cause?.code ?? cause?.message ?? (err as Error).message;
      this.log.warn({ host: new URL(url).host, reason }, 'DocuSign unreachable');
      throw new Upstream(interpolate(serverMessages.signing.docusign_unreachable, { message: cleanText(String(reason)).slice(0, MESSAGE_MAX) }));
    }
  }
}
