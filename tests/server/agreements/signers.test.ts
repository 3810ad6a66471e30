// The agreement signers. The DocuSign adapter runs against a stand-in on a real port that plays
// DocuSign's two endpoints as DocuSign documents them: the OAuth token endpoint (JWT grant; the
// stand-in verifies the RS256 signature with the public half of a key pair made here) and the
// eSignature v2.1 envelopes endpoint. signerFor picks the signer from the DOCUSIGN_* settings.
import { execFile } from 'node:child_process';
import { createVerify, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { priceSubscription } from '../../../engine/agreements';
import type { Locale } from '../../../engine';
import { renderAgreementPdf } from '../../../server/agreements/agreements.pdf';
import { DocusignSigner } from '../../../server/agreements/signers/docusign';
import { hasPoppler } from '../../support/poppler';
import { signerFor } from '../../../server/agreements/signers';
import { routedSigners } from '../../../server/agreements/signers/routing';
import type { EnvelopeRequest } from '../../../server/agreements/signers/signer';
import { Upstream, UpstreamTimeout } from '../../../server/domain-errors';
import { errorHandling } from '../../../server/http/errors';
import { DOCUSIGN_VARIABLES, parseDocusignEnv, resolveConfig, type DocusignSettings } from '../../../server/options';
import { CATALOGUE, DETAILS, SUBSCRIPTION } from '../../support/agreement-fixture';
import { killAll, lastLines, startPortal } from '../../support/process';

const INTEGRATION_KEY = 'f3c1a2b4-0000-4000-8000-integration';
const USER_ID = '9d2e5c10-0000-4000-8000-impersonated';
const ACCOUNT_ID = '1234567';
const log = Fastify({ logger: false }).log;
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privatePem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();

/** What the stand-in saw and how it answers next. */
const standIn = {
  tokenCalls: [] as Array<{ header: Record<string, unknown>; claims: Record<string, unknown>; signatureValid: boolean }>,
  envelopeCalls: [] as Array<{ accountId: string; authorization: string; body: Record<string, unknown> }>,
  validTokens: new Set<string>(),
  token: 'ok' as 'ok' | 'consent_required',
  envelope: 'ok' as 'ok' | 'refuse' | 'hang',
};
let server: Server;
let origin = '';
const sockets = new Set<Socket>();

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
const decodePart = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

async function answer(req: IncomingMessage): Promise<{ status: number; json?: unknown } | null> {
  const body = await readBody(req);
  if (req.method === 'POST' && req.url === '/oauth/token') {
    const form = new URLSearchParams(body);
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return { status: 400, json: { error: 'unsupported_grant_type' } };
    const [header, claims, signature] = (form.get('assertion') ?? '').split('.');
    const signatureValid = createVerify('RSA-SHA256').update(`${header}.${claims}`).verify(publicKey, Buffer.from(signature ?? '', 'base64url'));
    standIn.tokenCalls.push({ header: decodePart(header), claims: decodePart(claims), signatureValid });
    // DocuSign's answers, word for word: a key it does not know, then a user who never consented.
    if (!signatureValid) return { status: 400, json: { error: 'invalid_grant', error_description: 'no_valid_keys_or_signatures' } };
    if (standIn.token === 'consent_required') return { status: 400, json: { error: 'consent_required' } };
    const token = `token-${randomUUID()}`;
    standIn.validTokens.add(token);
    return { status: 200, json: { access_token: token, token_type: 'Bearer', expires_in: 3600 } };
  }
  const envelopes = /^\/restapi\/v2\.1\/accounts\/([^/]+)\/envelopes$/.exec(req.url ?? '');
  if (req.method === 'POST' && envelopes) {
    const authorization = req.headers.authorization ?? '';
    standIn.envelopeCalls.push({ accountId: envelopes[1], authorization, body: JSON.parse(body) as Record<string, unknown> });
    if (!standIn.validTokens.has(authorization.replace(/^Bearer /, ''))) {
      return { status: 401, json: { errorCode: 'USER_AUTHENTICATION_FAILED', message: 'The access token provided is expired, revoked or malformed.' } };
    }
    if (standIn.envelope === 'hang') return null;
    if (standIn.envelope === 'refuse') {
      return { status: 400, json: { errorCode: 'INVALID_EMAIL_ADDRESS_FOR_RECIPIENT', message: 'The email address for the recipient is invalid. The recipient Id follows.' } };
    }
    const envelopeId = randomUUID();
    return { status: 201, json: { envelopeId, uri: `/envelopes/${envelopeId}`, statusDateTime: new Date().toISOString(), status: 'sent' } };
  }
  return { status: 404, json: { errorCode: 'RESOURCE_NOT_FOUND', message: 'The URL provided does not resolve to a resource.' } };
}

const settings = (over: Partial<DocusignSettings> = {}): DocusignSettings => ({
  baseUrl: `${origin}/restapi`,
  accountId: ACCOUNT_ID,
  integrationKey: INTEGRATION_KEY,
  userId: USER_ID,
  privateKey: privateKey as KeyObject,
  oauthBase: origin,
  timeoutMs: 5000,
  ...over,
});

const pdfs = new Map<Locale, Buffer>();
const request = (lang: Locale, over: Partial<EnvelopeRequest> = {}): EnvelopeRequest => ({
  agreementId: 42,
  agreementGuid: '0b9c6a52-3d2e-4c55-9a57-4f7c1b2a9e10',
  recipient: { name: 'Élodie Martin', email: 'elodie@garage.example' },
  documentFilename: 'order-form-AGR-000042.pdf',
  pdf: pdfs.get(lang)!,
  lang,
  signUrl: 'http://portal.test/#/agreements/42/preview',
  ...over,
});

beforeAll(async () => {
  server = createServer((req, res) => {
    void answer(req).then((reply) => {
      if (!reply) return; // "hang": never answer
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.json));
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The real order form, unsigned, in two languages: what a salesperson sends.
  for (const locale of ['en-GB', 'nl-NL'] as const) {
    pdfs.set(
      locale,
      await renderAgreementPdf({
        reference: 'AGR-000042',
        name: 'Website 2027',
        locale,
        currency: 'EUR',
        date: new Date('2026-11-26T10:00:00Z'),
        details: DETAILS,
        subscription: SUBSCRIPTION,
        priced: priceSubscription(SUBSCRIPTION, CATALOGUE, { locations: 2, franchises: 1 }),
        logo: null,
        message: null,
        signature: null,
      }),
    );
  }
});
afterAll(async () => {
  killAll();
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => server?.close(resolve));
});
beforeEach(() => {
  standIn.tokenCalls.length = 0;
  standIn.envelopeCalls.length = 0;
  standIn.token = 'ok';
  standIn.envelope = 'ok';
});

describe('DocuSign signer', () => {
  it('signs in with a JWT grant and creates a sent envelope holding the PDF, the recipient and a signHere tab', async () => {
    const sent = await new DocusignSigner(settings(), log).send(request('en-GB'));

    expect(sent.provider).toBe('docusign');
    expect(sent.status).toBe('sent');
    expect(sent.externalId).toMatch(/^[0-9a-f-]{36}$/);

    // The assertion: signed by the integration key's private key, with DocuSign's claims.
    expect(standIn.tokenCalls).toHaveLength(1);
    const { header, claims, signatureValid } = standIn.tokenCalls[0];
    expect(signatureValid).toBe(true);
    expect(header).toEqual({ alg: 'RS256', typ: 'JWT' });
    expect(claims).toMatchObject({ iss: INTEGRATION_KEY, sub: USER_ID, aud: new URL(origin).host, scope: 'signature impersonation' });
    const now = Date.now() / 1000;
    expect(claims.iat as number).toBeGreaterThan(now - 60);
    expect(claims.exp as number).toBeGreaterThan(now + 3000);
    expect((claims.exp as number) - (claims.iat as number)).toBeLessThanOrEqual(3600);

    // The envelope, with the token just granted.
    expect(standIn.envelopeCalls).toHaveLength(1);
    const call = standIn.envelopeCalls[0];
    expect(call.accountId).toBe(ACCOUNT_ID);
    expect(standIn.validTokens.has(call.authorization.replace('Bearer ', ''))).toBe(true);
    const body = call.body as {
      status: string;
      emailSubject: string;
      documents: Array<{ documentId: string; name: string; fileExtension: string; documentBase64: string }>;
      recipients: { signers: Array<{ name: string; email: string; recipientId: string; tabs: { signHereTabs: Array<Record<string, string>> } }> };
    };
    expect(body.status).toBe('sent');
    expect(body.emailSubject).toBe('An order form is waiting for your signature');
    expect(body.documents).toHaveLength(1);
    expect(body.documents[0]).toMatchObject({ documentId: '1', name: 'order-form-AGR-000042.pdf', fileExtension: 'pdf' });
    expect(Buffer.from(body.documents[0].documentBase64, 'base64').equals(pdfs.get('en-GB')!)).toBe(true);
    const [signer] = body.recipients.signers;
    expect(signer).toMatchObject({ name: 'Élodie Martin', email: 'elodie@garage.example', recipientId: '1' });
    expect(signer.tabs.signHereTabs).toHaveLength(1);
    expect(signer.tabs.signHereTabs[0]).toMatchObject({ documentId: '1', anchorString: 'Signature', anchorCaseSensitive: 'true', anchorMatchWholeWord: 'true' });
  });

  it('sends several signers as DocuSign recipients with routing order (sequential 1, 2, 3; parallel 1, 1 then 2), our signer ids as recipientIds, each with a signHere tab and no clientUserId', async () => {
    const rows = [
      { id: 71, name: 'Dana Dealer', email: 'dana@garage.example', role: 'signer' as const, position: 1 },
      { id: 72, name: 'Fiona Finance', email: 'fiona@garage.example', role: 'signer' as const, position: 2 },
      { id: 73, name: 'Cora Counter', email: 'cora@provider.example', role: 'countersigner' as const, position: 3 },
    ];
    type Sent = { recipients: { signers: Array<Record<string, unknown> & { tabs: { signHereTabs: Array<Record<string, string>> } }> } };
    const signer = new DocusignSigner(settings(), log);
    for (const [routing, orders] of [['sequential', ['1', '2', '3']], ['parallel', ['1', '1', '2']]] as const) {
      await signer.send(request('en-GB', { recipient: { name: 'Dana Dealer', email: 'dana@garage.example' }, signers: routedSigners(rows, routing, 'unused@garage.example') }));
      const sent = (standIn.envelopeCalls.at(-1)!.body as Sent).recipients.signers;
      expect(sent.map((s) => [s.recipientId, s.routingOrder, s.name, s.email])).toEqual([
        ['71', orders[0], 'Dana Dealer', 'dana@garage.example'],
        ['72', orders[1], 'Fiona Finance', 'fiona@garage.example'],
        ['73', orders[2], 'Cora Counter', 'cora@provider.example'],
      ]);
      for (const s of sent) {
        // No clientUserId: DocuSign mails each recipient at their turn (one would make them embedded signers).
        expect(s).not.toHaveProperty('clientUserId');
        expect(s.tabs.signHereTabs).toEqual([expect.objectContaining({ documentId: '1', anchorString: 'Signature' })]);
      }
    }
    // The open slot (no address of its own) goes to the envelope's recipient.
    expect(routedSigners([{ id: 9, name: 'Contact', email: null, role: 'signer', position: 1 }], 'sequential', 'contact@garage.example')).toEqual([{ id: 9, name: 'Contact', email: 'contact@garage.example', routingOrder: 1 }]);
  });

  it.runIf(hasPoppler)('anchors the signHere tab on a word the PDF prints exactly once, in the agreement’s language', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'signers-'));
    for (const [lang, word] of [['en-GB', 'Signature'], ['nl-NL', 'Handtekening']] as const) {
      await new DocusignSigner(settings(), log).send(request(lang));
      const tab = (standIn.envelopeCalls.at(-1)!.body as { recipients: { signers: Array<{ tabs: { signHereTabs: Array<{ anchorString: string }> } }> } }).recipients.signers[0].tabs.signHereTabs[0];
      expect(tab.anchorString).toBe(word);
      // DocuSign puts a tab at every match (case-sensitive, whole word): there must be one, the box's label.
      const path = join(dir, `${lang}.pdf`);
      writeFileSync(path, pdfs.get(lang)!);
      const text = (await promisify(execFile)('pdftotext', [path, '-'])).stdout;
      expect(text.match(new RegExp(`\\b${word}\\b`, 'g')), `${lang}: "${word}" in the PDF`).toHaveLength(1);
    }
  });

  it('reuses the access token across sends and renews it shortly before it expires', async () => {
    let clock = Date.now();
    const signer = new DocusignSigner(settings(), log, () => clock);
    await signer.send(request('en-GB'));
    await Promise.all([signer.send(request('en-GB')), signer.send(request('en-GB'))]);
    expect(standIn.tokenCalls).toHaveLength(1);
    expect(new Set(standIn.envelopeCalls.map((c) => c.authorization)).size).toBe(1);

    clock += 56 * 60_000; // four minutes before the hour's token expires
    await signer.send(request('en-GB'));
    expect(standIn.tokenCalls).toHaveLength(2);
    expect(new Set(standIn.envelopeCalls.map((c) => c.authorization)).size).toBe(2);
  });

  it('gets a new token once when DocuSign answers 401 to a kept one', async () => {
    const signer = new DocusignSigner(settings(), log);
    await signer.send(request('en-GB'));
    standIn.validTokens.clear(); // revoked on DocuSign's side
    const sent = await signer.send(request('en-GB'));
    expect(sent.externalId).toBeTruthy();
    expect(standIn.tokenCalls).toHaveLength(2);
    expect(standIn.envelopeCalls.map((c) => c.authorization)).toHaveLength(3);
  });

  it('answers a missing consent as a 502 carrying DocuSign’s words, not a 500, and asks again on the next send', async () => {
    standIn.token = 'consent_required';
    const signer = new DocusignSigner(settings(), log);
    const app = Fastify({ logger: false });
    await app.register(errorHandling);
    app.post('/send', async () => signer.send(request('en-GB')));
    const refused = await app.inject({ method: 'POST', url: '/send' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({
      message: "DocuSign refused the portal's sign-in: consent_required. Check the DOCUSIGN_* settings and that the DocuSign user granted the app consent.",
    });
    expect(standIn.envelopeCalls).toHaveLength(0);

    // Consent given meanwhile: the failed grant was not kept.
    standIn.token = 'ok';
    const sent = await app.inject({ method: 'POST', url: '/send' });
    expect(sent.statusCode).toBe(200);
    expect(standIn.tokenCalls).toHaveLength(2);
    await app.close();
  });

  it('refuses a key DocuSign does not know with its invalid_grant words', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const error = await new DocusignSigner(settings({ privateKey: other }), log).send(request('en-GB')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Upstream);
    expect((error as Error).message).toContain('invalid_grant (no_valid_keys_or_signatures)');
    expect((error as Error).message).not.toContain('PRIVATE KEY');
  });

  it('turns an envelope DocuSign refuses into an error with its message and code', async () => {
    standIn.envelope = 'refuse';
    const error = await new DocusignSigner(settings(), log).send(request('en-GB')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Upstream);
    expect((error as Error).message).toBe(
      'DocuSign refused the envelope: The email address for the recipient is invalid. The recipient Id follows. (INVALID_EMAIL_ADDRESS_FOR_RECIPIENT)',
    );
  });

  it('gives up on a DocuSign that does not answer, within its timeout (504)', async () => {
    standIn.envelope = 'hang';
    const started = Date.now();
    const error = await new DocusignSigner(settings({ timeoutMs: 300 }), log).send(request('en-GB')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamTimeout);
    expect((error as Error).message).toBe('DocuSign did not answer within 0.3 seconds. Please try again shortly.');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('says DocuSign cannot be reached when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await new DocusignSigner(settings({ oauthBase: `http://127.0.0.1:${port}` }), log).send(request('en-GB')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Upstream);
    expect((error as Error).message).toBe('DocuSign could not be reached (ECONNREFUSED). Please try again shortly.');
  });

  it('refuses a recipient address that is not one before calling DocuSign (422)', async () => {
    const error = await new DocusignSigner(settings(), log).send(request('en-GB', { recipient: { name: 'X', email: 'not-an-address' } })).catch((e: unknown) => e);
    expect((error as { errors?: unknown }).errors).toEqual([{ detail: 'Must be a valid email.', field: 'recipient' }]);
    expect(standIn.tokenCalls).toHaveLength(0);
  });
});

describe('signerFor and the DOCUSIGN_* variables', () => {
  const fullEnv = () => ({
    DOCUSIGN_BASE_URL: 'https://demo.docusign.net/restapi/',
    DOCUSIGN_ACCOUNT_ID: ACCOUNT_ID,
    DOCUSIGN_INTEGRATION_KEY: INTEGRATION_KEY,
    DOCUSIGN_USER_ID: USER_ID,
    // As a .env file holds it: one line, the breaks written as \n.
    DOCUSIGN_PRIVATE_KEY: privatePem.replace(/\n/g, '\\n'),
    DOCUSIGN_OAUTH_BASE: 'account-d.docusign.com',
  });
  const appWith = (docusign: DocusignSettings | null) => ({ db: null as never, mail: null as never, log, config: resolveConfig({ database: null as never, docusign }) });

  it('signs in the portal when no DOCUSIGN_* variable is set', () => {
    expect(parseDocusignEnv({ PORT: '3000' })).toBeNull();
    expect(signerFor(appWith(null)).provider).toBe('local');
  });

  it('uses DocuSign when every variable is set, one signer per app (so one token)', () => {
    const parsed = parseDocusignEnv(fullEnv())!;
    expect(parsed).toMatchObject({ baseUrl: 'https://demo.docusign.net/restapi', oauthBase: 'account-d.docusign.com', accountId: ACCOUNT_ID, timeoutMs: 15000 });
    expect(parsed.privateKey.asymmetricKeyType).toBe('rsa');
    // The key never shows in a log line or a JSON dump of the settings.
    expect(JSON.stringify(parsed)).not.toContain('PRIVATE');
    expect(parsed.hmacKeys).toEqual([]);
    const withConnect = parseDocusignEnv({ ...fullEnv(), DOCUSIGN_HMAC_KEY: 'connect-key-one, connect-key-two' })!;
    expect(withConnect.hmacKeys).toHaveLength(2);
    expect(JSON.stringify(withConnect)).not.toContain('connect-key');
    const app = appWith(parsed);
    expect(signerFor(app).provider).toBe('docusign');
    expect(signerFor(app)).toBe(signerFor(app));
  });

  it('refuses a partial configuration, naming the missing variables', () => {
    const env: Record<string, string | undefined> = fullEnv();
    delete env.DOCUSIGN_USER_ID;
    env.DOCUSIGN_OAUTH_BASE = '  ';
    expect(() => parseDocusignEnv(env)).toThrow(
      'DocuSign is partly configured: set DOCUSIGN_USER_ID, DOCUSIGN_OAUTH_BASE as well, or unset every DOCUSIGN_* variable to sign agreements in the portal.',
    );
    expect(DOCUSIGN_VARIABLES).toHaveLength(6);
    // The Connect key alone configures nothing, and says so.
    expect(() => parseDocusignEnv({ DOCUSIGN_HMAC_KEY: 'connect-key' })).toThrow(/DocuSign is partly configured: set DOCUSIGN_BASE_URL, DOCUSIGN_ACCOUNT_ID/);
  });

  it('refuses a private key that is not PEM without printing it', () => {
    const env = { ...fullEnv(), DOCUSIGN_PRIVATE_KEY: 'secret-but-not-a-key' };
    expect(() => parseDocusignEnv(env)).toThrow(/DOCUSIGN_PRIVATE_KEY is not a PEM private key/);
    expect(() => parseDocusignEnv(env)).not.toThrow(/secret-but-not-a-key/);
  });

  it('stops the server at start-up on a partial configuration, before it opens the database', async () => {
    const portal = startPortal({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'signers-data-')),
      DOCUSIGN_BASE_URL: 'https://demo.docusign.net/restapi',
      DOCUSIGN_ACCOUNT_ID: ACCOUNT_ID,
      DOCUSIGN_PRIVATE_KEY: privatePem,
    });
    expect(await portal.exited, lastLines(portal)).toBe(1);
    expect(portal.output()).toContain('DocuSign is partly configured: set DOCUSIGN_INTEGRATION_KEY, DOCUSIGN_USER_ID, DOCUSIGN_OAUTH_BASE as well');
    expect(portal.output()).not.toContain('PRIVATE KEY');
  }, 60_000);
});
