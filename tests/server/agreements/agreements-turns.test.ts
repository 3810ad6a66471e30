// Issue 57, the server flow: an agreement's signers in order (or in parallel) and the provider's
// countersignature, each signature appended to the same PDF (pdfsig lists them all, valid, in
// order), the turns and their mails (real SMTP), decline and void with their reasons, copying to a
// new draft, who may sign (403 for a user of the company who is no signer, 404 for another
// company's, 409 out of turn), the append-only trail, and the anonymous verify route.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VerifyDocumentAnswer } from '../../../contract/agreements';
import { hashPassword } from '../../../server/auth/auth.passwords';
import { agreementEvents, companyUsers, permissions, rolePermissions, roles, userRoles, users } from '../../../server/db/schema';
import { hasPoppler } from '../../support/poppler';
import { DEMO_PASSWORD } from '../../support/server';
import { login, sleep } from '../helpers';
import { agreementsWorld, type AgreementDetail, type AgreementsWorld, type ErrorBody, type Who } from './agreements-helpers';

let w: AgreementsWorld;
let motors = 0;
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};
let dir = '';

type Answer = AgreementDetail & ErrorBody;

/** A call as a named person: the world's (admin, dealer, ...) or one made here. */
async function as<T = Answer>(who: string, method: string, path: string, body?: unknown) {
  if (who in w.tokens || who === 'anonymous') return w.as<T>(who as Who, method, path, body);
  const res = await fetch(`${w.server.url}${path}`, { method, headers: { authorization: `Bearer ${tokens[who]}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as T };
}

/** A user of Demo Motors with the Client role (a second director, a bystander). */
async function dealerUser(email: string, name: string, hash: string) {
  const db = w.server.database.db;
  const [user] = await db.insert(users).values({ email, name, passwordHash: hash }).returning({ id: users.id });
  await db.insert(companyUsers).values({ companyId: motors, userId: user.id });
  await db.insert(userRoles).values({ userId: user.id, roleId: 1 });
  ids[email] = user.id;
  return user.id;
}

/** Staff with a role of their own holding exactly `granted`. */
async function staffUser(email: string, roleName: string, granted: string[], hash: string) {
  const db = w.server.database.db;
  const [role] = await db.insert(roles).values({ name: roleName }).returning({ id: roles.id });
  const found = await db.select().from(permissions).where(inArray(permissions.name, granted));
  await db.insert(rolePermissions).values(found.map((p) => ({ roleId: role.id, permissionId: p.id })));
  const [user] = await db.insert(users).values({ email, name: roleName, passwordHash: hash }).returning({ id: users.id });
  await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  ids[email] = user.id;
}

async function created(name: string): Promise<AgreementDetail> {
  const r = await as('admin', 'POST', '/api/agreements', { agreement: { name, company_id: motors }, lang: 'en-GB' });
  expect(r.status).toBe(201);
  return r.body;
}

const send = (id: number, body: Record<string, unknown>) => as<ErrorBody & { recipient: string }>('admin', 'POST', `/api/docusign/envelopes/${id}`, body);
const detail = async (id: number, who = 'admin') => (await as(who, 'GET', `/api/agreements/${id}`)).body;
const sign = (who: string, id: number, shown: string, name = 'Signing Person') =>
  as(who, 'POST', `/api/agreements/${id}/sign`, { signer_name: name, signature: { kind: 'typed', text: name }, accept: true, shown_sha256: shown });

/** Mails the catcher received over SMTP for `to` whose subject contains `subject`, waiting up to 10 s for the first. */
async function mailsTo(to: string, subject: string, atLeast = 1) {
  for (let i = 0; i < 200; i++) {
    const found = w.server.mail.messages.filter((m) => m.to === to.toLowerCase() && m.subject.includes(subject));
    if (found.length >= atLeast) return found;
    await sleep(50);
  }
  return w.server.mail.messages.filter((m) => m.to === to.toLowerCase() && m.subject.includes(subject));
}

const statuses = (a: AgreementDetail) => a.signers.map((s) => `${s.role}:${s.status}`);
const kinds = (a: AgreementDetail) => a.events.map((e) => e.kind);

async function verify(bytes: Buffer, type = 'application/pdf') {
  const res = await fetch(`${w.server.url}/api/verify-document`, { method: 'POST', headers: { 'content-type': type }, body: new Uint8Array(bytes) });
  return { status: res.status, body: (await res.json()) as VerifyDocumentAnswer & ErrorBody };
}

function pdfsig(bytes: Buffer): string {
  const file = join(dir, `sig-${Date.now()}-${Math.random()}.pdf`);
  writeFileSync(file, bytes);
  try {
    return execFileSync('pdfsig', [file], { encoding: 'utf8' });
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? '');
  }
}

beforeAll(async () => {
  w = await agreementsWorld();
  dir = mkdtempSync(join(tmpdir(), 'agreement-turns-'));
  motors = await w.companyId('Demo Motors');
  const hash = await hashPassword(DEMO_PASSWORD);
  await dealerUser('finance@demo-motors.test', 'Fiona Finance', hash);
  await dealerUser('bystander@demo-motors.test', 'Bob Bystander', hash);
  await staffUser('counter@provider.test', 'Countersigner', ['view agreements', 'view companies', 'countersign agreements'], hash);
  for (const u of await w.server.database.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, ['dealer@demo.test', 'dealer2@demo.test', 'writer@agreements.test', 'admin@demo.test']))) ids[u.email] = u.id;
  for (const [who, email] of Object.entries({ finance: 'finance@demo-motors.test', bystander: 'bystander@demo-motors.test', counter: 'counter@provider.test' })) tokens[who] = (await login(w.server, email)).token;
}, 120_000);
afterAll(async () => {
  await w?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('two dealer signers in order, then the countersigner', () => {
  it('takes turns, mails each signer at their turn, appends three signatures pdfsig verifies in order, and the verify route knows the final PDF', async () => {
    const a = await created('Three signatures');
    const sent = await send(a.id, {
      signers: [{ user_id: ids['dealer@demo.test'] }, { email: 'new.director@demo-motors.test', name: 'Nina Newcomer' }],
      countersigner_id: ids['counter@provider.test'],
      routing: 'sequential',
    });
    expect(sent.status).toBe(200);
    expect(sent.body.recipient).toBe('dealer@demo.test');

    // The invited signer is a new user of the company with the Client role, mailed the set-password link.
    const [invited] = await w.server.database.db.select().from(users).where(eq(users.email, 'new.director@demo-motors.test'));
    expect(invited).toMatchObject({ name: 'Nina Newcomer', status: 'active' });
    expect(await w.server.database.db.select().from(companyUsers).where(eq(companyUsers.userId, invited.id))).toEqual([expect.objectContaining({ companyId: motors })]);
    expect((await w.server.database.db.select().from(userRoles).where(eq(userRoles.userId, invited.id))).map((r) => r.roleId)).toEqual([1]);
    expect((await mailsTo(invited.email, ''))[0].text).toContain('/#/password/set/');
    await w.server.database.db.update(users).set({ passwordHash: await hashPassword(DEMO_PASSWORD) }).where(eq(users.id, invited.id));
    tokens.nina = (await login(w.server, invited.email)).token;

    const now = await detail(a.id);
    expect(now.stage).toBe('sent');
    expect(now.routing).toBe('sequential');
    expect(statuses(now)).toEqual(['signer:current', 'signer:waiting', 'countersigner:waiting']);
    expect(now.signers.map((s) => s.user_id)).toEqual([ids['dealer@demo.test'], invited.id, ids['counter@provider.test']]);
    expect(now.turn).toEqual({ signer_ids: [now.signers[0].id], since: expect.any(String) });
    expect(kinds(now)).toEqual(['created', 'sent']);
    expect(now.events[1].document_sha256).toBe(now.document_sha256);
    const shown = now.document_sha256!;
    // Only the first signer is told now.
    expect((await mailsTo('dealer@demo.test', 'waiting for your signature')).length).toBeGreaterThanOrEqual(1);
    expect(w.server.mail.messages.filter((m) => m.to === invited.email && m.subject.includes('waiting for your signature'))).toEqual([]);

    // Out of turn: 409; a user of the company who is no signer: 403; another company's dealer: 404.
    expect((await sign('nina', a.id, shown)).status).toBe(409);
    expect((await sign('bystander', a.id, shown)).status).toBe(403);
    expect((await sign('dealer2', a.id, shown)).status).toBe(404);
    expect((await sign('counter', a.id, shown)).status).toBe(409);
    expect((await sign('admin', a.id, shown)).status).toBe(403);

    // The first signer opens it (their `opened` event, once), then signs.
    await as('dealer', 'GET', `/api/agreements/${a.id}`);
    await as('dealer', 'GET', `/api/agreements/${a.id}`);
    const first = await sign('dealer', a.id, shown, 'Dana Dealer');
    expect(first.status).toBe(200);
    expect(first.body.stage).toBe('sent');
    expect(statuses(first.body)).toEqual(['signer:signed', 'signer:current', 'countersigner:waiting']);
    expect(kinds(first.body)).toEqual(['created', 'sent', 'opened', 'signed']);
    expect(first.body.events[2]).toMatchObject({ user_id: ids['dealer@demo.test'], ip: expect.any(String) });
    expect((await sign('dealer', a.id, shown)).status).toBe(409);
    expect((await mailsTo(invited.email, 'waiting for your signature')).length).toBe(1);

    const second = await sign('nina', a.id, shown, 'Nina Newcomer');
    expect(second.status).toBe(200);
    expect(statuses(second.body)).toEqual(['signer:signed', 'signer:signed', 'countersigner:current']);
    expect((await mailsTo('counter@provider.test', 'waiting for your signature')).length).toBe(1);

    const last = await sign('counter', a.id, shown, 'Cora Counter');
    expect(last.status).toBe(200);
    expect(last.body.stage).toBe('signed');
    expect(last.body.turn).toBeNull();
    expect(statuses(last.body)).toEqual(['signer:signed', 'signer:signed', 'countersigner:signed']);
    expect(kinds(last.body)).toEqual(['created', 'sent', 'opened', 'signed', 'signed', 'countersigned']);
    // Each signature's PDF hash is in the trail and on its signer.
    expect(last.body.signers.map((s) => s.signed_sha256)).toEqual(last.body.events.filter((e) => e.kind === 'signed' || e.kind === 'countersigned').map((e) => e.document_sha256));

    const pdf = (await w.pdf('dealer', a.id)).bytes;
    const finalSha = last.body.signers[2].signed_sha256;
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(finalSha);
    if (hasPoppler) {
      const report = pdfsig(pdf);
      expect(report.match(/Signature is Valid\./g)).toHaveLength(3);
      // In signing order; only the last covers the whole file (the certificate of completion included).
      expect([...report.matchAll(/Signature Field Name: (.*)/g)].map((m) => m[1].trim())).toEqual(['signer-1', 'signer-2', 'countersigner']);
      expect(report.match(/Total document signed/g)).toHaveLength(1);
      expect(report.trimEnd().endsWith('Certificate issuer is unknown.') && report.lastIndexOf('Total document signed') > report.lastIndexOf('Signature #3')).toBe(true);
      const file = join(dir, 'final.pdf');
      writeFileSync(file, pdf);
      const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
      for (const who of ['Dana Dealer', 'Nina Newcomer', 'Cora Counter', 'dealer@demo.test', 'counter@provider.test']) expect(text).toContain(who);
    }

    // Verify: the final PDF is the portal's and final; one changed byte is not the portal's; garbage is no PDF.
    const ok = await verify(pdf);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ issued: true, agreement_guid: a.guid, final: true, sha256: finalSha });
    expect(ok.body.signatures.map((s) => [s.name, s.intact, s.by_portal])).toEqual([['Dana Dealer', true, true], ['Nina Newcomer', true, true], ['Cora Counter', true, true]]);
    expect(Object.keys(ok.body).sort()).toEqual(['agreement_guid', 'final', 'issued', 'sha256', 'signatures']);
    const changed = Buffer.from(pdf);
    const at = changed.length - 40;
    changed[at] = changed[at] === 0x41 ? 0x42 : 0x41;
    const broken = await verify(changed);
    expect(broken.status).toBe(200);
    expect(broken.body).toMatchObject({ issued: false, agreement_guid: null, final: false });
    const middle = Buffer.from(pdf);
    middle[2000] ^= 0x01;
    expect((await verify(middle)).body).toMatchObject({ issued: false, agreement_guid: null, final: false });
    const garbage = await verify(Buffer.from('not a pdf at all'));
    expect(garbage.status).toBe(422);
    expect(garbage.body.errors?.[0]).toMatchObject({ field: 'body' });
    // An earlier version (after the first signature) is the portal's, and not the final one.
    const [firstVersion] = await w.server.database.db.execute<{ signed_pdf: Buffer }>(sql`SELECT signed_pdf FROM agreement_signatures WHERE agreement_id = ${a.id} ORDER BY signed_at LIMIT 1`).then((r) => (r as unknown as { rows: Array<{ signed_pdf: Buffer }> }).rows);
    expect((await verify(Buffer.from(firstVersion.signed_pdf))).body).toMatchObject({ issued: true, agreement_guid: a.guid, final: false });
  });
});

describe('a parallel pair', () => {
  it('opens both turns at once; either signs first; the last signature makes it signed', async () => {
    const a = await created('Parallel pair');
    expect((await send(a.id, { signers: [{ user_id: ids['dealer@demo.test'] }, { user_id: ids['finance@demo-motors.test'] }], routing: 'parallel' })).status).toBe(200);
    const now = await detail(a.id);
    expect(statuses(now)).toEqual(['signer:current', 'signer:current']);
    expect(now.turn?.signer_ids).toEqual(now.signers.map((s) => s.id));
    expect((await mailsTo('finance@demo-motors.test', 'waiting for your signature')).length).toBe(1);
    const second = await sign('finance', a.id, now.document_sha256!, 'Fiona Finance');
    expect(second.status).toBe(200);
    expect(statuses(second.body)).toEqual(['signer:current', 'signer:signed']);
    const first = await sign('dealer', a.id, now.document_sha256!, 'Dana Dealer');
    expect(first.body.stage).toBe('signed');
    if (hasPoppler) expect(pdfsig((await w.pdf('admin', a.id)).bytes).match(/Signature is Valid\./g)).toHaveLength(2);
  });
});

describe('decline, void and copy', () => {
  it('a current signer declines with a reason: back to staff (declined, the reason), the salesperson mailed; copied to a new draft', async () => {
    const a = await created('To be declined');
    expect((await send(a.id, { signers: [{ user_id: ids['dealer@demo.test'] }, { user_id: ids['finance@demo-motors.test'] }] })).status).toBe(200);
    expect((await as('finance', 'POST', `/api/agreements/${a.id}/decline`, { reason: 'Not my turn yet' })).status).toBe(409);
    expect((await as('bystander', 'POST', `/api/agreements/${a.id}/decline`, { reason: 'Nope' })).status).toBe(403);
    const blank = await as('dealer', 'POST', `/api/agreements/${a.id}/decline`, { reason: '   ' });
    expect(blank.status).toBe(422);
    expect(blank.body.errors?.[0]).toMatchObject({ field: 'reason', detail: 'Please give a reason.' });
    const long = await as('dealer', 'POST', `/api/agreements/${a.id}/decline`, { reason: 'x'.repeat(1001) });
    expect(long.status).toBe(422);
    expect(long.body.errors?.[0]).toMatchObject({ field: 'reason', detail: 'The reason must be at most 1000 characters.' });

    const declined = await as('dealer', 'POST', `/api/agreements/${a.id}/decline`, { reason: 'The term should be 24 months.' });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ stage: 'declined', closed_reason: 'The term should be 24 months.', turn: null });
    expect(statuses(declined.body)).toEqual(['signer:declined', 'signer:waiting']);
    expect(declined.body.events.at(-1)).toMatchObject({ kind: 'declined', reason: 'The term should be 24 months.', user_id: ids['dealer@demo.test'] });
    const [notice] = await mailsTo('admin@demo.test', 'was declined');
    expect(notice.text).toContain('The term should be 24 months.');
    // Staff see it with the reason; it takes no signature, no edit, no new sending.
    expect((await detail(a.id, 'am')).closed_reason).toBe('The term should be 24 months.');
    expect((await sign('finance', a.id, 'a'.repeat(64))).status).toBe(409);
    expect((await as('admin', 'PUT', `/api/companies/${motors}/agreements/${a.id}`, { agreement: { message: 'changed' } })).status).toBe(409);

    const copy = await as('admin', 'POST', `/api/agreements/${a.id}/copy`);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ stage: 'created', name: a.name, copied_from_id: a.id, company_id: motors, signers: [] });
    expect(copy.body.guid).not.toBe(a.guid);
    expect(copy.body.subscription.products).toEqual(a.subscription.products);
    expect(kinds(copy.body)).toEqual(['created']);
    expect((await as('admin', 'POST', `/api/agreements/${copy.body.id}/copy`)).status).toBe(409);
    expect((await as('dealer', 'POST', `/api/agreements/${a.id}/copy`)).status).toBe(403);
  });

  it('staff void a sent agreement with a reason: every signer is mailed; it can be copied; the dealer may not void', async () => {
    const a = await created('To be voided');
    expect((await send(a.id, { signers: [{ user_id: ids['dealer@demo.test'] }, { user_id: ids['finance@demo-motors.test'] }], countersigner_id: ids['counter@provider.test'] })).status).toBe(200);
    expect((await as('dealer', 'POST', `/api/agreements/${a.id}/void`, { reason: 'Mine' })).status).toBe(403);
    expect((await as('admin', 'POST', `/api/agreements/${a.id}/void`, { reason: '' })).status).toBe(422);
    const voided = await as('admin', 'POST', `/api/agreements/${a.id}/void`, { reason: 'Prices change on 1 January.' });
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ stage: 'voided', closed_reason: 'Prices change on 1 January.' });
    expect(voided.body.events.at(-1)).toMatchObject({ kind: 'voided', reason: 'Prices change on 1 January.', user_id: ids['admin@demo.test'] });
    for (const to of ['dealer@demo.test', 'finance@demo-motors.test', 'counter@provider.test']) {
      const [mail] = await mailsTo(to, 'Order form withdrawn');
      expect(mail.text).toContain('Prices change on 1 January.');
    }
    expect((await as('admin', 'POST', `/api/agreements/${a.id}/void`, { reason: 'Again' })).status).toBe(409);
    expect((await as('admin', 'POST', `/api/agreements/${a.id}/archive`)).status).toBe(200);
    expect((await as('admin', 'POST', `/api/agreements/${a.id}/copy`)).status).toBe(201);
  });
});

describe('in the signer\'s language', () => {
  it('mails a French dealer their turn and the void in French', async () => {
    const harbour = await w.companyId('Harbour Cars');
    const a = (await as('admin', 'POST', '/api/agreements', { agreement: { name: 'Vitrine 2027', company_id: harbour }, lang: 'fr-FR' })).body;
    expect((await send(a.id, { signers: [{ user_id: ids['dealer2@demo.test'] }] })).status).toBe(200);
    expect((await mailsTo('dealer2@demo.test', 'Un bon de commande attend votre signature')).length).toBeGreaterThanOrEqual(1);
    expect((await as('admin', 'POST', `/api/agreements/${a.id}/void`, { reason: 'Nouveaux tarifs.' })).status).toBe(200);
    const [voided] = await mailsTo('dealer2@demo.test', 'Bon de commande retiré');
    expect(voided.text).toContain('Motif : Nouveaux tarifs.');
  });
});

describe('who may be chosen', () => {
  it('refuses a signer of another company and a countersigner without the permission (422 at the field); signers only with a sending', async () => {
    const a = await created('Wrong signers');
    const outsider = await send(a.id, { signers: [{ user_id: ids['dealer2@demo.test'] }] });
    expect(outsider.status).toBe(422);
    expect(outsider.body.errors?.[0]).toMatchObject({ field: 'signers.0.user_id', detail: "Each signer must be a user of the agreement's company." });
    const byAddress = await send(a.id, { signers: [{ email: 'dealer2@demo.test', name: 'Hugo' }] });
    expect(byAddress.status).toBe(422);
    expect(byAddress.body.errors?.[0]).toMatchObject({ field: 'signers.0.email' });
    const counter = await send(a.id, { signers: [{ user_id: ids['dealer@demo.test'] }], countersigner_id: ids['writer@agreements.test'] });
    expect(counter.status).toBe(422);
    expect(counter.body.errors?.[0]).toMatchObject({ field: 'countersigner_id', detail: 'The countersigner must be a member of staff who may countersign agreements.' });
    const twice = await send(a.id, { signers: [{ user_id: ids['dealer@demo.test'] }, { email: 'dealer@demo.test', name: 'Dana' }] });
    expect(twice.status).toBe(422);
    // Nothing was sent by the refusals.
    expect((await detail(a.id)).stage).toBe('created');
    const notSending = await as('admin', 'PUT', `/api/companies/${motors}/agreements/${a.id}`, { agreement: { message: 'Hello', signers: [{ user_id: ids['dealer@demo.test'] }] } });
    expect(notSending.status).toBe(422);
    expect(notSending.body.errors?.[0]).toMatchObject({ field: 'signers' });
    // A PUT send takes them too.
    const put = await as('admin', 'PUT', `/api/companies/${motors}/agreements/${a.id}`, { agreement: { stage: 'sent', signers: [{ user_id: ids['finance@demo-motors.test'] }] } });
    expect(put.status).toBe(200);
    expect(put.body.signers.map((s) => [s.user_id, s.status])).toEqual([[ids['finance@demo-motors.test'], 'current']]);
  });

  it('keeps the sending of before: no signers, one open slot any user of the company signs; a recall after a signature is refused', async () => {
    const a = await created('Open slot');
    expect((await send(a.id, { recipient: 'buyer@outside.example' })).status).toBe(200);
    const now = await detail(a.id);
    expect(now.signers).toEqual([expect.objectContaining({ user_id: null, email: 'buyer@outside.example', status: 'current', role: 'signer' })]);
    const signed = await sign('bystander', a.id, now.document_sha256!);
    expect(signed.status).toBe(200);
    expect(signed.body.stage).toBe('signed');
    expect(signed.body.signers[0].user_id).toBe(ids['bystander@demo-motors.test']);

    const b = await created('Partly signed');
    expect((await send(b.id, { signers: [{ user_id: ids['dealer@demo.test'] }, { user_id: ids['finance@demo-motors.test'] }] })).status).toBe(200);
    expect((await sign('dealer', b.id, (await detail(b.id)).document_sha256!)).status).toBe(200);
    const recall = await as('admin', 'PUT', `/api/companies/${motors}/agreements/${b.id}`, { agreement: { stage: 'created' } });
    expect(recall.status).toBe(409);
    expect(recall.body.message).toBe('Someone has already signed this agreement: void it and copy it to change it.');
  });
});

describe('sending again once expired', () => {
  it('goes to the same signers, countersigner and routing when none are named', async () => {
    const a = await created('Expires with signers');
    expect((await send(a.id, { signers: [{ user_id: ids['finance@demo-motors.test'] }, { user_id: ids['dealer@demo.test'] }], countersigner_id: ids['counter@provider.test'], routing: 'parallel' })).status).toBe(200);
    await w.server.database.db.execute(sql`UPDATE agreements SET expires_at = now() - interval '1 minute' WHERE id = ${a.id}`);
    const again = await as('admin', 'PUT', `/api/companies/${motors}/agreements/${a.id}`, { agreement: { stage: 'sent' } });
    expect(again.status).toBe(200);
    expect(again.body.expired).toBe(false);
    expect(again.body.routing).toBe('parallel');
    expect(again.body.signers.map((s) => [s.user_id, s.role, s.status])).toEqual([
      [ids['finance@demo-motors.test'], 'signer', 'current'],
      [ids['dealer@demo.test'], 'signer', 'current'],
      [ids['counter@provider.test'], 'countersigner', 'waiting'],
    ]);
    expect(kinds(again.body).filter((k) => k === 'sent')).toHaveLength(2);
  });
});

describe('the trail', () => {
  it('cannot be changed: the database refuses UPDATE, DELETE and TRUNCATE of agreement_events', async () => {
    const db = w.server.database.db;
    const [event] = await db.select().from(agreementEvents).limit(1);
    expect(event).toBeDefined();
    // drizzle wraps the database's error: its words are the cause's.
    const refusal = async (attempt: Promise<unknown>) => {
      try {
        await attempt;
        return 'accepted';
      } catch (error) {
        return String((error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message);
      }
    };
    expect(await refusal(db.update(agreementEvents).set({ reason: 'rewritten' }).where(eq(agreementEvents.id, event.id)))).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(db.delete(agreementEvents).where(eq(agreementEvents.id, event.id)))).toMatch(/append-only: DELETE refused/);
    expect(await refusal(db.execute(sql`TRUNCATE agreement_events`))).toMatch(/append-only: TRUNCATE refused/);
    const [still] = await db.select().from(agreementEvents).where(eq(agreementEvents.id, event.id));
    expect(still).toEqual(event);
  });

  it('is shown to the company\'s users and to staff, with the seeded agreements\' history', async () => {
    const seeded = await w.seeded('Demo Motors website launch');
    const dealer = await detail(seeded.id, 'dealer');
    expect(kinds(dealer).slice(0, 2)).toEqual(['created', 'sent']);
    expect(dealer.signers).toEqual([expect.objectContaining({ user_id: null, status: 'current' })]);
    expect(kinds(await detail(seeded.id, 'am')).slice(0, 2)).toEqual(['created', 'sent']);
    expect((await as('dealer2', 'GET', `/api/agreements/${seeded.id}`)).status).toBe(404);
  });
});

// Last in the file: it uses up this address's verify budget.
describe('the verify route is rationed', () => {
  it('answers 429 past 30 documents from one address in 15 minutes, anonymous or not', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40 && !statuses.includes(429); i++) statuses.push((await verify(Buffer.from(`%PDF-1.7 garbage ${i}`))).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.length).toBeLessThanOrEqual(31);
    expect(new Set(statuses.slice(0, -1))).toEqual(new Set([422]));
  });
});
