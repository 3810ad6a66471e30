// Issue 57, the demo's agreement in turns and "whose turn is it" as the lists answer it: the seeded
// "Demo Motors aftersales pages" went to Dana Dealer, then Fran Finch (finance@demo.test, the
// company's second demo user), then admin@demo.test as countersigner; Dana's signature is a real
// one (pdfsig verifies it), the trail and the turn say so, and a newcomer finishes the flow in the
// portal: Fran signs, the admin countersigns, pdfsig lists the three signatures valid in order.
// Beside it `your_turn` (list rows, the detail, `filter.your_turn`), which the dashboard's card
// reads: only the signer whose turn it is, or any user of the company for a sending that named no
// signers.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgreementListItem, VerifyDocumentAnswer } from '../../../contract/agreements';
import { hashPassword } from '../../../server/auth/auth.passwords';
import { companyUsers, userNotifications, userRoles, users } from '../../../server/db/schema';
import { hasPoppler } from '../../support/poppler';
import { DEMO_PASSWORD } from '../../support/server';
import { login } from '../helpers';
import { agreementsWorld, MOTORS_SENT, type AgreementDetail, type AgreementsWorld, type ErrorBody, type Who } from './agreements-helpers';

const SEEDED = 'Demo Motors aftersales pages';
let w: AgreementsWorld;
let motors = 0;
let dir = '';
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};

type Answer = AgreementDetail & ErrorBody;

async function as<T = Answer>(who: string, method: string, path: string, body?: unknown) {
  if (who in w.tokens) return w.as<T>(who as Who, method, path, body);
  const res = await fetch(`${w.server.url}${path}`, { method, headers: { authorization: `Bearer ${tokens[who]}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as T };
}
const detail = async (id: number, who = 'am') => (await as(who, 'GET', `/api/agreements/${id}`)).body;
const statuses = (a: AgreementDetail) => a.signers.map((s) => `${s.role}:${s.status}`);
const kinds = (a: AgreementDetail) => a.events.map((e) => e.kind);
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const sign = (who: string, a: AgreementDetail, name: string) =>
  as(who, 'POST', `/api/agreements/${a.id}/sign`, { signer_name: name, signature: { kind: 'typed', text: name }, accept: true, shown_sha256: a.document_sha256 });

/** The names of the company's sent agreements that are `who`'s to sign now (the dashboard card's read). */
async function waitingFor(who: string): Promise<string[]> {
  const filter = encodeURIComponent(JSON.stringify({ stage: 'sent', archived: false, your_turn: true }));
  const r = await as<AgreementListItem[]>(who, 'GET', `/api/companies/${motors}/agreements?filter=${filter}&sort=${encodeURIComponent('["name","ASC"]')}`);
  expect(r.status).toBe(200);
  return r.body.map((a) => a.name);
}

function run(tool: 'pdfsig' | 'pdftotext', bytes: Buffer): string {
  const file = join(dir, `doc-${Date.now()}-${Math.random()}.pdf`);
  writeFileSync(file, bytes);
  try {
    return execFileSync(tool, tool === 'pdftotext' ? [file, '-'] : [file], { encoding: 'utf8' });
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? '');
  }
}

beforeAll(async () => {
  w = await agreementsWorld();
  dir = mkdtempSync(join(tmpdir(), 'demo-turns-'));
  motors = await w.companyId('Demo Motors');
  const db = w.server.database.db;
  // A user of Demo Motors who is no signer of the seeded sending.
  const [bystander] = await db.insert(users).values({ email: 'bystander@demo-motors.test', name: 'Bob Bystander', passwordHash: await hashPassword(DEMO_PASSWORD) }).returning({ id: users.id });
  await db.insert(companyUsers).values({ companyId: motors, userId: bystander.id });
  await db.insert(userRoles).values({ userId: bystander.id, roleId: 1 });
  for (const u of await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, ['dealer@demo.test', 'finance@demo.test', 'admin@demo.test', 'bystander@demo-motors.test']))) ids[u.email] = u.id;
  // The seeded second user signs in with the demo password like the others.
  tokens.finance = (await login(w.server, 'finance@demo.test')).token;
  tokens.bystander = (await login(w.server, 'bystander@demo-motors.test')).token;
}, 120_000);
afterAll(async () => {
  await w?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the seeded agreement in turns', () => {
  it('was sent to Dana Dealer, then Fran Finch, then the admin as countersigner; Dana signed, so it is Fran’s turn since then', async () => {
    const seeded = await w.seeded(SEEDED);
    const a = await detail(seeded.id);
    expect(a.stage).toBe('sent');
    expect(a.routing).toBe('sequential');
    expect(a.signers.map((s) => [s.name, s.email, s.role, s.status, s.user_id])).toEqual([
      ['Dana Dealer', 'dealer@demo.test', 'signer', 'signed', ids['dealer@demo.test']],
      ['Fran Finch', 'finance@demo.test', 'signer', 'current', ids['finance@demo.test']],
      ['Alex Admin', 'admin@demo.test', 'countersigner', 'waiting', ids['admin@demo.test']],
    ]);
    expect(a.turn).toEqual({ signer_ids: [a.signers[1].id], since: a.signers[0].signed_at });
    expect(kinds(a)).toEqual(['created', 'sent', 'opened', 'signed']);
    expect(a.events.map((e) => e.name)).toEqual(['Andy Account', 'Andy Account', 'Dana Dealer', 'Dana Dealer']);
    // The hash sent is the one the next signer confirms (the document did not change since), and
    // the hash after Dana's signature is the PDF's as served now.
    expect(a.events[1].document_sha256).toBe(a.document_sha256);
    expect(a.signers[0].signed_sha256).toBe(a.events[3].document_sha256);
    const pdf = await w.pdf('am', seeded.id);
    expect(pdf.status).toBe(200);
    expect(sha(pdf.bytes)).toBe(a.signers[0].signed_sha256);
    if (hasPoppler) {
      const report = run('pdfsig', pdf.bytes);
      expect(report.match(/Signature is Valid\./g)).toHaveLength(1);
      expect(report).toContain('Signature Field Name: signer-1');
    }
    // Fran's bell says it waits for her, unread; the company's companion account is in the company.
    const bell = await w.server.database.db.select().from(userNotifications).where(eq(userNotifications.userId, ids['finance@demo.test']));
    expect(bell.map((n) => [n.event, n.link, n.readAt])).toEqual([['agreement_to_sign', `/agreements/${seeded.id}/preview`, null]]);
  });

  it('says whose turn it is: Fran’s, in the list and the detail; the open slot of the other sending is any company user’s', async () => {
    const seeded = await w.seeded(SEEDED);
    expect(await waitingFor('finance')).toEqual([SEEDED, MOTORS_SENT]);
    // Dana signed her turn: only the sending that named nobody waits for her.
    expect(await waitingFor('dealer')).toEqual([MOTORS_SENT]);
    // A user of the company who is no signer of it.
    expect(await waitingFor('bystander')).toEqual([MOTORS_SENT]);
    expect((await detail(seeded.id, 'finance')).your_turn).toBe(true);
    expect((await detail(seeded.id, 'dealer')).your_turn).toBe(false);
    expect((await detail(seeded.id, 'bystander')).your_turn).toBe(false);
    // The countersigner's turn has not come.
    expect((await detail(seeded.id, 'admin')).your_turn).toBe(false);
    const all = await as<AgreementListItem[]>('dealer', 'GET', `/api/companies/${motors}/agreements`);
    expect(Object.fromEntries(all.body.map((r) => [r.name, r.your_turn]))).toMatchObject({ [SEEDED]: false, [MOTORS_SENT]: true, 'Demo Motors used car add-ons': false });
    expect((await as('dealer', 'GET', `/api/agreements?filter=${encodeURIComponent('{"your_turn":"maybe"}')}`)).status).toBe(400);
  });

  it('is finished in the portal: Dana cannot sign twice, Fran signs, the admin countersigns, and pdfsig lists three valid signatures in order', async () => {
    const seeded = await w.seeded(SEEDED);
    let a = await detail(seeded.id, 'finance');
    expect((await sign('dealer', a, 'Dana Dealer')).status).toBe(409);
    expect((await as('dealer2', 'GET', `/api/agreements/${seeded.id}`)).status).toBe(404);
    const signed = await sign('finance', a, 'Fran Finch');
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(statuses(signed.body)).toEqual(['signer:signed', 'signer:signed', 'countersigner:current']);
    expect(await waitingFor('finance')).toEqual([MOTORS_SENT]);
    // Now the countersigner's, who is staff: the all-companies list says so.
    const staff = await as<AgreementListItem[]>('admin', 'GET', `/api/agreements?filter=${encodeURIComponent('{"your_turn":true}')}`);
    expect(staff.body.map((r) => r.name)).toEqual([SEEDED]);

    a = await detail(seeded.id, 'admin');
    const countersigned = await sign('admin', a, 'Alex Admin');
    expect(countersigned.status, JSON.stringify(countersigned.body)).toBe(200);
    expect(countersigned.body.stage).toBe('signed');
    expect(countersigned.body.your_turn).toBe(false);
    expect(kinds(countersigned.body)).toEqual(['created', 'sent', 'opened', 'signed', 'opened', 'signed', 'opened', 'countersigned']);
    const download = await w.pdf('dealer', seeded.id);
    expect(download.status, download.bytes.toString('utf8', 0, 200)).toBe(200);
    const pdf = download.bytes;
    if (hasPoppler) {
      const report = run('pdfsig', pdf);
      expect(report.match(/Signature is Valid\./g)).toHaveLength(3);
      expect([...report.matchAll(/Signature Field Name: (\S+)/g)].map((m) => m[1])).toEqual(['signer-1', 'signer-2', 'countersigner']);
      const text = run('pdftotext', pdf);
      for (const words of ['Dana Dealer', 'Fran Finch', 'Alex Admin', 'finance@demo.test', '192.0.2.11']) expect(text).toContain(words);
    }
    const verified = await fetch(`${w.server.url}/api/verify-document`, { method: 'POST', headers: { 'content-type': 'application/pdf' }, body: new Uint8Array(pdf) });
    expect(((await verified.json()) as VerifyDocumentAnswer)).toMatchObject({ issued: true, final: true, agreement_guid: a.guid });
  });
});

describe('your_turn of a sending in order', () => {
  it('is the first signer’s, not the second’s whose turn has not come, nor a company user’s who is no signer', async () => {
    const created = await as('admin', 'POST', '/api/agreements', { agreement: { name: 'Two in order', company_id: motors }, lang: 'en-GB' });
    expect(created.status).toBe(201);
    const sent = await as('admin', 'POST', `/api/docusign/envelopes/${created.body.id}`, { signers: [{ user_id: ids['bystander@demo-motors.test'] }, { user_id: ids['finance@demo.test'] }] });
    expect(sent.status).toBe(200);
    expect((await waitingFor('bystander')).includes('Two in order')).toBe(true);
    expect((await waitingFor('finance')).includes('Two in order')).toBe(false);
    expect((await waitingFor('dealer')).includes('Two in order')).toBe(false);
    const a = await detail(created.body.id, 'bystander');
    expect((await sign('bystander', a, 'Bob Bystander')).status).toBe(200);
    expect((await waitingFor('bystander')).includes('Two in order')).toBe(false);
    expect((await waitingFor('finance')).includes('Two in order')).toBe(true);
  });
});
