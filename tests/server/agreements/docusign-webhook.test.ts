// Issue 57, the DocuSign adapter end to end: a portal configured for DocuSign (against a stand-in of
// its token and envelopes endpoints on a real port) sends two dealer signers in order and the
// countersigner as one envelope with routing order, and DocuSign Connect's webhook, signed with the
// Connect key, moves the agreement on: each signature, a decline, a void, the completion with the
// combined PDF. A message whose signature is wrong or missing is 401 and changes nothing; the same
// message twice (DocuSign retries), or two instances given it at once, changes things once.
import { createHash, createHmac, createSecretKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgreementDetail } from '../../../contract/agreements';
import { hashPassword } from '../../../server/auth/auth.passwords';
import { companies, companyUsers, userNotifications, userRoles, users } from '../../../server/db/schema';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../../support/server';
import { call, login, sleep } from '../helpers';

const HMAC_KEY = 'pR0v1d3r-c0nn3ct-k3y/2026+Q4=';
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

/** The envelopes the stand-in was given. */
const envelopes: Array<{ envelopeId: string; body: { recipients: { signers: Array<Record<string, unknown>> } } }> = [];
/** The envelope updates (PUT) it was given: the portal's voids. */
const updates: Array<{ envelopeId: string; authorization: string | undefined; body: Record<string, unknown> }> = [];
/** Envelopes the stand-in refuses to void, as DocuSign does once an envelope is finished. */
const finished = new Set<string>();
let standIn: Server;
let server: TestServer;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let motors = 0;

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

type Detail = AgreementDetail & { message?: string };
const as = <T = Detail>(who: string, method: string, path: string, body?: unknown) => call<T>(server, method, path, { token: tokens[who], body });
// Read by staff who sign nothing (a signer's own read during their turn is their `opened` event).
const detail = async (id: number) => (await as('am', 'GET', `/api/agreements/${id}`)).body;
const statuses = (a: AgreementDetail) => a.signers.map((s) => `${s.role}:${s.status}`);
const kinds = (a: AgreementDetail) => a.events.map((e) => e.kind);

/** POSTs a Connect message as DocuSign does: the JSON body, its HMAC under `key` in X-DocuSign-Signature-1. */
async function deliver(message: unknown, key: string | null = HMAC_KEY, tamper?: (raw: string) => string) {
  const raw = JSON.stringify(message);
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-authorization-digest': 'HMACSHA256' };
  if (key !== null) headers['x-docusign-signature-1'] = createHmac('sha256', key).update(raw).digest('base64');
  const res = await fetch(`${server.url}/api/docusign/webhook`, { method: 'POST', headers, body: tamper ? tamper(raw) : raw });
  return { status: res.status, body: (await res.json()) as { outcome?: string; message?: string } };
}

/** A JSON SIM message as Connect sends it, with the envelope summary. */
function message(event: string, envelopeId: string, extra: { recipientId?: number; signers?: Array<Record<string, unknown>>; summary?: Record<string, unknown> } = {}) {
  return {
    event,
    apiVersion: 'v2.1',
    uri: `/restapi/v2.1/accounts/1234567/envelopes/${envelopeId}`,
    retryCount: 0,
    configurationId: 10418529,
    generatedDateTime: new Date().toISOString(),
    data: {
      accountId: '1234567',
      userId: '9d2e5c10-0000-4000-8000-impersonated',
      envelopeId,
      ...(extra.recipientId !== undefined ? { recipientId: String(extra.recipientId), recipientIdGuid: randomUUID() } : {}),
      envelopeSummary: { status: 'sent', recipients: { signers: extra.signers ?? [] }, ...extra.summary },
    },
  };
}

async function created(name: string): Promise<AgreementDetail> {
  const r = await as('admin', 'POST', '/api/agreements', { agreement: { name, company_id: motors }, lang: 'en-GB' });
  expect(r.status).toBe(201);
  return r.body;
}

/** Sends `id` to DocuSign; the envelope id the stand-in gave. */
async function sendToDocusign(id: number, body: Record<string, unknown>): Promise<string> {
  const before = envelopes.length;
  const r = await as('admin', 'POST', `/api/docusign/envelopes/${id}`, body);
  expect(r.status, r.text).toBe(200);
  expect(envelopes).toHaveLength(before + 1);
  return envelopes[before].envelopeId;
}

beforeAll(async () => {
  standIn = createServer((req, res) => {
    void readBody(req).then((body) => {
      const reply = (status: number, json: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      if (req.url === '/oauth/token') return reply(200, { access_token: `token-${randomUUID()}`, token_type: 'Bearer', expires_in: 3600 });
      if (/\/envelopes$/.test(req.url ?? '')) {
        const envelopeId = randomUUID();
        envelopes.push({ envelopeId, body: JSON.parse(body) as (typeof envelopes)[number]['body'] });
        return reply(201, { envelopeId, status: 'sent' });
      }
      const put = req.method === 'PUT' ? /\/envelopes\/([^/]+)$/.exec(req.url ?? '') : null;
      if (put) {
        const envelopeId = decodeURIComponent(put[1]);
        if (!envelopes.some((e) => e.envelopeId === envelopeId)) return reply(404, { errorCode: 'ENVELOPE_DOES_NOT_EXIST', message: 'The envelope specified either does not exist or you have no access to it.' });
        if (finished.has(envelopeId)) return reply(400, { errorCode: 'ENVELOPE_CANNOT_VOID_INVALID_STATE', message: "Only envelopes in the 'Sent' or 'Delivered' states may be voided." });
        updates.push({ envelopeId, authorization: req.headers.authorization, body: JSON.parse(body) as Record<string, unknown> });
        return reply(200, { envelopeId });
      }
      reply(404, { errorCode: 'RESOURCE_NOT_FOUND', message: 'Not found.' });
    });
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  server = await startTestServer({
    docusign: {
      baseUrl: `${origin}/restapi`,
      accountId: '1234567',
      integrationKey: 'f3c1a2b4-0000-4000-8000-integration',
      userId: '9d2e5c10-0000-4000-8000-impersonated',
      privateKey,
      oauthBase: origin,
      timeoutMs: 5000,
      hmacKeys: [createSecretKey(Buffer.from(HMAC_KEY, 'utf8'))],
    },
  });
  const db = server.database.db;
  [{ id: motors }] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, 'Demo Motors'));
  const [finance] = await db.insert(users).values({ email: 'finance@demo-motors.test', name: 'Fiona Finance', passwordHash: await hashPassword(DEMO_PASSWORD) }).returning({ id: users.id });
  await db.insert(companyUsers).values({ companyId: motors, userId: finance.id });
  await db.insert(userRoles).values({ userId: finance.id, roleId: 1 });
  for (const u of await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, ['dealer@demo.test', 'admin@demo.test', 'finance@demo-motors.test']))) ids[u.email] = u.id;
  tokens.admin = (await login(server, 'admin@demo.test')).token;
  tokens.dealer = (await login(server, 'dealer@demo.test')).token;
  tokens.am = (await login(server, 'am@demo.test')).token;
}, 120_000);
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => standIn?.close(resolve));
});

describe('DocuSign: two dealer signers in order and the countersigner', () => {
  let a: AgreementDetail;
  let envelopeId = '';
  let signerIds: number[] = [];

  it('go to DocuSign as one envelope: routing order 1, 2, then 3 for the countersigner, our signer ids as recipientIds, DocuSign mailing each', async () => {
    a = await created('DocuSign in order');
    envelopeId = await sendToDocusign(a.id, { signers: [{ user_id: ids['dealer@demo.test'] }, { user_id: ids['finance@demo-motors.test'] }], countersigner_id: ids['admin@demo.test'], routing: 'sequential' });
    const now = await detail(a.id);
    signerIds = now.signers.map((s) => s.id);
    expect(statuses(now)).toEqual(['signer:current', 'signer:waiting', 'countersigner:waiting']);
    const sent = envelopes.at(-1)!.body.recipients.signers;
    expect(sent.map((s) => [s.recipientId, s.routingOrder, s.email])).toEqual([
      [String(signerIds[0]), '1', 'dealer@demo.test'],
      [String(signerIds[1]), '2', 'finance@demo-motors.test'],
      [String(signerIds[2]), '3', 'admin@demo.test'],
    ]);
    for (const s of sent) {
      expect(s).not.toHaveProperty('clientUserId');
      expect((s.tabs as { signHereTabs: unknown[] }).signHereTabs).toHaveLength(1);
    }
    // DocuSign mails the first signer; the portal only rings their bell.
    await sleep(300);
    expect(server.mail.messages.filter((m) => m.to === 'dealer@demo.test' && m.subject.includes('waiting for your signature'))).toEqual([]);
    const bell = await server.database.db.select().from(userNotifications).where(eq(userNotifications.userId, ids['dealer@demo.test']));
    expect(bell.some((n) => n.key.startsWith(`agreement_to_sign:${a.id}:`))).toBe(true);
  });

  it('refuses a message with a wrong, missing or stale signature (401) and changes nothing', async () => {
    const m = message('recipient-completed', envelopeId, { recipientId: signerIds[0] });
    expect(await deliver(m, 'another-key')).toEqual({ status: 401, body: { message: 'The DocuSign Connect signature is missing or does not match.' } });
    expect((await deliver(m, null)).status).toBe(401);
    // Signed, then changed on the way: the signature no longer matches.
    expect((await deliver(m, HMAC_KEY, (raw) => raw.replace('recipient-completed', 'envelope-completed'))).status).toBe(401);
    const now = await detail(a.id);
    expect(statuses(now)).toEqual(['signer:current', 'signer:waiting', 'countersigner:waiting']);
    expect(kinds(now)).toEqual(['created', 'sent']);
  });

  it('marks the first signer signed with what DocuSign tells, opens the second turn, and a retry (or two instances at once) changes nothing more', async () => {
    const signedAt = new Date().toISOString();
    const m = message('recipient-completed', envelopeId, {
      recipientId: signerIds[0],
      signers: [{ recipientId: String(signerIds[0]), email: 'dealer@demo.test', name: 'Dana Dealer', status: 'completed', signedDateTime: signedAt, recipientIPAddress: '203.0.113.7' }],
    });
    const [first, second] = await Promise.all([deliver(m), deliver(m)]);
    expect([first.body.outcome, second.body.outcome].sort()).toEqual(['applied', 'unchanged']);
    expect((await deliver(m)).body).toEqual({ outcome: 'unchanged' });
    const now = await detail(a.id);
    expect(statuses(now)).toEqual(['signer:signed', 'signer:current', 'countersigner:waiting']);
    expect(kinds(now)).toEqual(['created', 'sent', 'signed']);
    expect(now.events[2]).toMatchObject({ at: signedAt, name: 'Dana Dealer', email: 'dealer@demo.test', ip: '203.0.113.7', user_id: ids['dealer@demo.test'] });
    expect(now.signers[0].signed_at).toBe(signedAt);
    expect(now.turn?.signer_ids).toEqual([signerIds[1]]);
  });

  it('moves on to the countersigner, then completes with the combined PDF stored as the final version', async () => {
    const signer = (i: number, email: string) => ({ recipientId: String(signerIds[i]), email, status: 'completed', signedDateTime: new Date().toISOString() });
    expect((await deliver(message('recipient-completed', envelopeId, { recipientId: signerIds[1], signers: [signer(1, 'finance@demo-motors.test')] }))).body.outcome).toBe('applied');
    expect(statuses(await detail(a.id))).toEqual(['signer:signed', 'signer:signed', 'countersigner:current']);
    expect((await deliver(message('recipient-completed', envelopeId, { recipientId: signerIds[2], signers: [signer(2, 'admin@demo.test')] }))).body.outcome).toBe('applied');

    const combined = Buffer.from('%PDF-1.7\n% DocuSign combined document with every signature\n%%EOF\n');
    const completed = message('envelope-completed', envelopeId, {
      signers: [signer(0, 'dealer@demo.test'), signer(1, 'finance@demo-motors.test'), signer(2, 'admin@demo.test')],
      summary: { status: 'completed', completedDateTime: new Date().toISOString(), envelopeDocuments: [{ documentId: 'combined', name: 'order-form.pdf', type: 'content', PDFBytes: combined.toString('base64') }] },
    });
    expect((await deliver(completed)).body.outcome).toBe('applied');
    expect((await deliver(completed)).body.outcome).toBe('unchanged');
    const now = await detail(a.id);
    expect(now.stage).toBe('signed');
    expect(now.turn).toBeNull();
    expect(kinds(now)).toEqual(['created', 'sent', 'signed', 'signed', 'countersigned']);
    const sha = createHash('sha256').update(combined).digest('hex');
    expect(now.signers[2].signed_sha256).toBe(sha);
    // The dealer downloads exactly DocuSign's document.
    const res = await fetch(`${server.url}/api/dompdf/create/${a.id}`, { method: 'POST', headers: { authorization: `Bearer ${tokens.dealer}` } });
    expect(Buffer.from(await res.arrayBuffer()).equals(combined)).toBe(true);
  });

  it('answers 200 with nothing done for an envelope the portal does not know, and 400 for a signed body that is no Connect message', async () => {
    expect(await deliver(message('envelope-completed', randomUUID()))).toEqual({ status: 200, body: { outcome: 'unknown envelope' } });
    expect((await deliver({ hello: 'world' })).status).toBe(400);
  });
});

describe('DocuSign: parallel, decline and void', () => {
  it('routes a parallel pair together (1, 1) and the countersigner after them (2)', async () => {
    const a = await created('DocuSign in parallel');
    await sendToDocusign(a.id, { signers: [{ user_id: ids['dealer@demo.test'] }, { user_id: ids['finance@demo-motors.test'] }], countersigner_id: ids['admin@demo.test'], routing: 'parallel' });
    expect(envelopes.at(-1)!.body.recipients.signers.map((s) => [s.email, s.routingOrder])).toEqual([
      ['dealer@demo.test', '1'],
      ['finance@demo-motors.test', '1'],
      ['admin@demo.test', '2'],
    ]);
  });

  it('declines the agreement with DocuSign’s reason, once', async () => {
    const a = await created('DocuSign declined');
    const envelopeId = await sendToDocusign(a.id, { signers: [{ user_id: ids['dealer@demo.test'] }, { user_id: ids['finance@demo-motors.test'] }] });
    const [first] = (await detail(a.id)).signers;
    const m = message('recipient-declined', envelopeId, { recipientId: first.id, signers: [{ recipientId: String(first.id), email: 'dealer@demo.test', status: 'declined', declinedReason: 'The price of the used-car feed is wrong.', declinedDateTime: new Date().toISOString() }] });
    expect((await deliver(m)).body.outcome).toBe('applied');
    expect((await deliver(m)).body.outcome).toBe('unchanged');
    const now = await detail(a.id);
    expect(now.stage).toBe('declined');
    expect(now.closed_reason).toBe('The price of the used-car feed is wrong.');
    expect(statuses(now)).toEqual(['signer:declined', 'signer:waiting']);
    expect(now.events.filter((e) => e.kind === 'declined')).toEqual([expect.objectContaining({ reason: 'The price of the used-car feed is wrong.', email: 'dealer@demo.test' })]);
  });

  it('voids the agreement with DocuSign’s reason, once; a later signature of that envelope changes nothing', async () => {
    const a = await created('DocuSign voided');
    const envelopeId = await sendToDocusign(a.id, { signers: [{ user_id: ids['dealer@demo.test'] }] });
    const m = message('envelope-voided', envelopeId, { summary: { status: 'voided', voidedReason: 'Sent to the wrong director.', voidedDateTime: new Date().toISOString() } });
    expect((await deliver(m)).body.outcome).toBe('applied');
    expect((await deliver(m)).body.outcome).toBe('unchanged');
    const [slot] = (await detail(a.id)).signers;
    expect((await deliver(message('recipient-completed', envelopeId, { recipientId: slot.id }))).body.outcome).toBe('unchanged');
    const now = await detail(a.id);
    expect(now.stage).toBe('voided');
    expect(now.closed_reason).toBe('Sent to the wrong director.');
    expect(kinds(now)).toEqual(['created', 'sent', 'voided']);
  });
});

describe('DocuSign: opened, the envelope’s status, a decline told to the salesperson, and voiding in the portal', () => {
  const envelopeStatus = async (id: number) => (await detail(id)).envelopes.at(-1)!.status;

  it('records recipient-delivered as the signer’s `opened`, once, with DocuSign’s time and IP, and keeps the envelope’s status as DocuSign reports it', async () => {
    const a = await created('DocuSign opened');
    const envelopeId = await sendToDocusign(a.id, { signers: [{ user_id: ids['dealer@demo.test'] }, { user_id: ids['finance@demo-motors.test'] }] });
    expect(await envelopeStatus(a.id)).toBe('sent');
    const [first, second] = (await detail(a.id)).signers;
    await sleep(5);
    const openedAt = new Date().toISOString();
    const delivered = message('recipient-delivered', envelopeId, {
      recipientId: first.id,
      signers: [{ recipientId: String(first.id), email: 'dealer@demo.test', name: 'Dana Dealer', status: 'delivered', deliveredDateTime: openedAt, recipientIPAddress: '203.0.113.9' }],
      summary: { status: 'delivered' },
    });
    expect((await deliver(delivered)).body.outcome).toBe('applied');
    // DocuSign delivers it again (a retry, or the signer opening the mail a second time): still one event.
    expect((await deliver({ ...delivered, generatedDateTime: new Date().toISOString() })).body.outcome).toBe('unchanged');
    let now = await detail(a.id);
    expect(kinds(now)).toEqual(['created', 'sent', 'opened']);
    expect(now.events[2]).toMatchObject({ kind: 'opened', at: openedAt, name: 'Dana Dealer', email: 'dealer@demo.test', ip: '203.0.113.9', user_id: ids['dealer@demo.test'] });
    expect(now.signers[0].opened_at).toBe(openedAt);
    expect(now.envelopes.at(-1)!.status).toBe('delivered');

    expect((await deliver(message('envelope-voided', envelopeId, { summary: { status: 'voided', voidedReason: 'Replaced by a new order form.' } }))).body.outcome).toBe('applied');
    expect(await envelopeStatus(a.id)).toBe('voided');
    // A message DocuSign generated earlier and delivered late neither reopens the envelope nor opens a closed sending.
    const late = message('recipient-delivered', envelopeId, { recipientId: second.id, signers: [{ recipientId: String(second.id), status: 'delivered' }], summary: { status: 'delivered' } });
    expect((await deliver(late)).body.outcome).toBe('unchanged');
    now = await detail(a.id);
    expect(now.envelopes.at(-1)!.status).toBe('voided');
    expect(kinds(now)).toEqual(['created', 'sent', 'opened', 'voided']);
  });

  it('mails the salesperson of a decline in DocuSign, with who declined, the reason and the link, as a decline in the portal does', async () => {
    const a = await created('DocuSign declined, told');
    const envelopeId = await sendToDocusign(a.id, { signers: [{ user_id: ids['dealer@demo.test'] }] });
    const [slot] = (await detail(a.id)).signers;
    const declined = message('recipient-declined', envelopeId, {
      recipientId: slot.id,
      signers: [{ recipientId: String(slot.id), email: 'dealer@demo.test', name: 'Dana Dealer', status: 'declined', declinedReason: 'Our finance director signs these.' }],
      summary: { status: 'declined' },
    });
    expect((await deliver(declined)).body.outcome).toBe('applied');
    expect((await deliver(declined)).body.outcome).toBe('unchanged');
    const subject = `DocuSign declined, told (A-${a.id}) was declined`;
    let mails = server.mail.messages.filter((m) => m.subject === subject);
    for (let i = 0; i < 200 && !mails.length; i++) {
      await sleep(50);
      mails = server.mail.messages.filter((m) => m.subject === subject);
    }
    await sleep(300);
    // The salesperson (who created it, admin@demo.test), once however often DocuSign delivers the message.
    expect(server.mail.messages.filter((m) => m.subject === subject).map((m) => m.to)).toEqual(['admin@demo.test']);
    expect(mails[0].text).toContain('Dana Dealer declined the order form');
    expect(mails[0].text).toContain('Reason: Our finance director signs these.');
    expect(mails[0].text).toContain(`/#/agreements/${a.id}/edit`);
    expect(await envelopeStatus(a.id)).toBe('declined');
  });

  it('voids the DocuSign envelope when staff void the agreement in the portal, with the reason (cut to DocuSign’s 200 characters)', async () => {
    const a = await created('DocuSign voided in the portal');
    const envelopeId = await sendToDocusign(a.id, { signers: [{ user_id: ids['dealer@demo.test'] }, { user_id: ids['finance@demo-motors.test'] }] });
    const reason = `The dealer asked for a second site first. ${'They will tell us which one. '.repeat(10)}`.trim();
    expect(reason.length).toBeGreaterThan(200);
    const r = await as('admin', 'POST', `/api/agreements/${a.id}/void`, { reason });
    expect(r.status).toBe(200);
    expect(r.body.stage).toBe('voided');
    expect(r.body.closed_reason).toBe(reason);
    expect(updates.filter((u) => u.envelopeId === envelopeId)).toEqual([
      { envelopeId, authorization: expect.stringMatching(/^Bearer token-/), body: { status: 'voided', voidedReason: reason.slice(0, 200) } },
    ]);
    expect(await envelopeStatus(a.id)).toBe('voided');
    // DocuSign's own envelope-voided message that follows changes nothing more.
    expect((await deliver(message('envelope-voided', envelopeId, { summary: { status: 'voided', voidedReason: reason.slice(0, 200) } }))).body.outcome).toBe('unchanged');
    expect(kinds(await detail(a.id))).toEqual(['created', 'sent', 'voided']);
  });

  it('leaves the agreement sent when DocuSign refuses to void its envelope (502 with DocuSign’s words)', async () => {
    const a = await created('DocuSign finished meanwhile');
    const envelopeId = await sendToDocusign(a.id, { signers: [{ user_id: ids['dealer@demo.test'] }] });
    finished.add(envelopeId);
    const r = await as('admin', 'POST', `/api/agreements/${a.id}/void`, { reason: 'Too late.' });
    expect(r.status).toBe(502);
    expect(r.body.message).toBe("DocuSign refused the envelope: Only envelopes in the 'Sent' or 'Delivered' states may be voided. (ENVELOPE_CANNOT_VOID_INVALID_STATE)");
    const now = await detail(a.id);
    expect(now.stage).toBe('sent');
    expect(kinds(now)).toEqual(['created', 'sent']);
    expect(now.envelopes.at(-1)!.status).toBe('sent');
  });
});
