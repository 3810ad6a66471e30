// Issue 55 for agreements: a sending chooses a reminder and an expiry (422s for bad ones), an expired
// agreement cannot be signed (409) until staff send it again, the signer hears of a sending in the
// app and by mail as their preferences say, and the sweep reminds each signer once per sending (two
// app instances sweeping at once, real SMTP) and tells the salesperson once when one expired.
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgreementDetail, AgreementListItem } from '../../../contract/agreements';
import type { NotificationsPage } from '../../../contract/variations';
import { agreementEnvelopes, agreements, agreementSignatures, companies, mailOutbox, notificationPreferences, userNotifications, users } from '../../../server/db/schema';
import { openTwoInstances, type TwoInstances } from '../../support/instances';

type ErrorBody = { message: string; errors?: Array<{ detail: string; field?: string }> };
type Envelope = { id: number; recipient: string } & ErrorBody;
type Reply<T> = { status: number; body: T };

const DAY = 86_400_000;

let two: TwoInstances;
let a: FastifyInstance;
const tokens: Record<string, string> = {};
const userIds: Record<string, number> = {};
let motors = 0;
let harbour = 0;

async function api<T = AgreementDetail & ErrorBody>(who: string, method: string, url: string, payload?: unknown, app: FastifyInstance = a): Promise<Reply<T>> {
  const res = await app.inject({ method: method as 'GET', url: `/api${url}`, headers: { authorization: `Bearer ${tokens[who]}` }, payload: payload as object });
  return { status: res.statusCode, body: res.json() as T };
}

const apiGet = (id: number, who: string) => api(who, 'GET', `/agreements/${id}`);
const detail = async (id: number, who = 'admin') => (await apiGet(id, who)).body;
const row = async (id: number) => (await a.db.select().from(agreements).where(eq(agreements.id, id)))[0];

/** A new agreement of `companyId` (created by admin, its salesperson). */
async function created(name: string, companyId = motors): Promise<AgreementDetail> {
  const r = await api('admin', 'POST', '/agreements', { agreement: { name, company_id: companyId }, lang: companyId === harbour ? 'fr-FR' : 'en-GB' });
  expect(r.status).toBe(201);
  return r.body;
}

/** Sends through POST /docusign/envelopes/{id} (the app's way). */
const sendEnvelope = (id: number, body: Record<string, unknown>) => api<Envelope>('admin', 'POST', `/docusign/envelopes/${id}`, body);
/** Sends or changes through PUT /companies/{id}/agreements/{id}. */
const put = (ag: Pick<AgreementDetail, 'id' | 'company_id'>, body: Record<string, unknown>) => api('admin', 'PUT', `/companies/${ag.company_id}/agreements/${ag.id}`, { agreement: body });

/** The outbox's mails to `to` about agreement `id` (their text links to its page). */
async function mailsAbout(id: number, to: string) {
  return a.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, to), like(mailOutbox.text, `%/#/agreements/${id}/%`)));
}
const rowsWithKey = (prefix: string) => a.db.select().from(userNotifications).where(like(userNotifications.key, `${prefix}%`));

const sign = (id: number, shown: string, who = 'dealer') =>
  api(who, 'POST', `/agreements/${id}/sign`, { signer_name: 'Dana Dealer', signature: { kind: 'typed', text: 'Dana Dealer' }, accept: true, shown_sha256: shown });

async function setChannel(email: string, channel: 'none' | 'in_app' | 'mail' | 'digest') {
  await a.db.delete(notificationPreferences).where(and(eq(notificationPreferences.userId, userIds[email]), eq(notificationPreferences.kind, 'agreement_to_sign')));
  if (channel !== 'mail') await a.db.insert(notificationPreferences).values({ userId: userIds[email], kind: 'agreement_to_sign', channel });
}

beforeAll(async () => {
  two = await openTwoInstances();
  a = two.a;
  for (const u of await a.db.select({ id: users.id, email: users.email }).from(users)) userIds[u.email] = u.id;
  for (const [who, email] of Object.entries({ admin: 'admin@demo.test', dealer: 'dealer@demo.test', dealer2: 'dealer2@demo.test' })) tokens[who] = await two.tokenOf(email);
  const found = await a.db.select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.name, ['Demo Motors', 'Harbour Cars']));
  motors = found.find((c) => c.name === 'Demo Motors')!.id;
  harbour = found.find((c) => c.name === 'Harbour Cars')!.id;
}, 120_000);
afterAll(() => two?.close());

describe('sending with a reminder and an expiry', () => {
  it('takes the default reminder when none is given, or the days and expiry chosen; the detail and the list carry them', async () => {
    const plain = await created('Reminder defaults');
    expect((await sendEnvelope(plain.id, { recipient: 'buyer@outside.example' })).status).toBe(200);
    expect(await apiGet(plain.id, 'admin').then((r) => r.body)).toMatchObject({ stage: 'sent', remind_after_days: 3, expires_at: null, expired: false });

    const chosen = await created('Reminder chosen');
    const sent = await put(chosen, { stage: 'sent', remind_after_days: null, expires_at: '2099-12-12' });
    expect(sent.status).toBe(200);
    // A date is the end of that day (UTC): the agreement can be signed all through it.
    expect(sent.body).toMatchObject({ stage: 'sent', remind_after_days: null, expires_at: '2099-12-12T23:59:59.999Z', expired: false });
    const list = await api<AgreementListItem[]>('admin', 'GET', `/agreements?filter=${encodeURIComponent(JSON.stringify({ id: [chosen.id, plain.id] }))}`);
    expect(list.body.find((r) => r.id === chosen.id)).toMatchObject({ remind_after_days: null, expires_at: '2099-12-12T23:59:59.999Z', expired: false });
    expect(list.body.find((r) => r.id === plain.id)).toMatchObject({ remind_after_days: 3, expires_at: null, expired: false });
    // The dealer reads the same.
    expect((await apiGet(chosen.id, 'dealer')).body).toMatchObject({ expires_at: '2099-12-12T23:59:59.999Z', expired: false });

    const timed = await created('Reminder with a time');
    expect((await sendEnvelope(timed.id, { recipient: 'buyer@outside.example', remind_after_days: 14, expires_at: '2099-01-02T10:00:00+02:00' })).status).toBe(200);
    expect((await row(timed.id))).toMatchObject({ remindAfterDays: 14, expiresAt: new Date('2099-01-02T08:00:00Z') });
  });

  it('refuses a reminder of 0, 91 or 2.5 days and an expiry in the past or no date (422 at the field), and stores nothing', async () => {
    const ag = await created('Bad reminders');
    const envelopesBefore = (await a.db.select().from(agreementEnvelopes).where(eq(agreementEnvelopes.agreementId, ag.id))).length;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ remind_after_days: 0 }, 'remind_after_days', 'The reminder must be a whole number of days from 1 to 90, or none.'],
      [{ remind_after_days: 91 }, 'remind_after_days', 'The reminder must be a whole number of days from 1 to 90, or none.'],
      [{ remind_after_days: 2.5 }, 'remind_after_days', 'The reminder must be a whole number of days from 1 to 90, or none.'],
      [{ expires_at: '2020-01-01' }, 'expires_at', 'The expiry date must be in the future.'],
      [{ expires_at: new Date(Date.now() - 60_000).toISOString() }, 'expires_at', 'The expiry date must be in the future.'],
      [{ expires_at: 'next Tuesday' }, 'expires_at', 'The expiry date must be a valid date.'],
      [{ expires_at: '2099-02-30' }, 'expires_at', 'The expiry date must be a valid date.'],
    ];
    for (const [fields, field, message] of cases) {
      for (const r of [await sendEnvelope(ag.id, { recipient: 'buyer@outside.example', ...fields }), await put(ag, { stage: 'sent', ...fields })]) {
        expect([fields, r.status]).toEqual([fields, 422]);
        expect(r.body.errors).toContainEqual({ detail: message, field });
      }
    }
    // Not a number at all: the schema's 400.
    expect((await put(ag, { stage: 'sent', remind_after_days: 'three' })).status).toBe(400);
    // Only a sending takes them: on a created agreement a 422, on a sent one the lifecycle's 409 (recall it first).
    const early = await put(ag, { remind_after_days: 5 });
    expect(early.status).toBe(422);
    expect(early.body.errors).toContainEqual({ detail: 'The reminder and the expiry date are chosen when the agreement is sent.', field: 'remind_after_days' });
    expect(await row(ag.id)).toMatchObject({ stage: 'created', sentAt: null, remindAfterDays: null, expiresAt: null });
    expect((await a.db.select().from(agreementEnvelopes).where(eq(agreementEnvelopes.agreementId, ag.id))).length).toBe(envelopesBefore);
    expect((await put(ag, { stage: 'sent' })).status).toBe(200);
    expect((await put(ag, { expires_at: '2099-01-01' })).status).toBe(409);
  });
});

describe('an expired agreement', () => {
  it('cannot be signed (409, nothing stored); sent again it gets a new version, reminder and expiry, a new request, and can be signed', async () => {
    const ag = await created('Expires before signing');
    expect((await sendEnvelope(ag.id, { recipient: 'dealer@demo.test', expires_at: '2099-06-30' })).status).toBe(200);
    const shownBefore = (await apiGet(ag.id, 'dealer')).body.document_sha256!;
    // Time passes: the expiry is behind us.
    await a.db.update(agreements).set({ expiresAt: new Date('2026-01-10T23:59:59.999Z') }).where(eq(agreements.id, ag.id));
    const seen = (await apiGet(ag.id, 'dealer')).body;
    expect(seen).toMatchObject({ stage: 'sent', expired: true, expires_at: '2026-01-10T23:59:59.999Z' });
    const listed = await api<AgreementListItem[]>('admin', 'GET', `/agreements?filter=${encodeURIComponent(JSON.stringify({ id: [ag.id] }))}`);
    expect(listed.body[0]).toMatchObject({ expired: true });

    const refused = await sign(ag.id, shownBefore);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This agreement expired on 10/01/2026 and must be sent again.');
    expect(await row(ag.id)).toMatchObject({ stage: 'sent', signedAt: null });
    expect(await a.db.select().from(agreementSignatures).where(eq(agreementSignatures.agreementId, ag.id))).toEqual([]);
    // Sending it again while it has not expired stays refused; an expired one goes again.
    const before = await row(ag.id);
    const again = await put(ag, { stage: 'sent', remind_after_days: 5, expires_at: '2099-07-31' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ stage: 'sent', expired: false, remind_after_days: 5, expires_at: '2099-07-31T23:59:59.999Z' });
    const after = await row(ag.id);
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.sentAt!.getTime()).toBeGreaterThan(before.sentAt!.getTime());
    // Re-sent to the last envelope's recipient: a second envelope, a second request in the bell and by mail.
    expect(again.body.envelopes.map((e) => e.recipient)).toEqual(['dealer@demo.test', 'dealer@demo.test']);
    expect((await rowsWithKey(`agreement_to_sign:${ag.id}:`)).map((r) => r.key).sort()).toEqual([`agreement_to_sign:${ag.id}:${before.sentAt!.getTime()}`, `agreement_to_sign:${ag.id}:${after.sentAt!.getTime()}`].sort());
    expect(await mailsAbout(ag.id, 'dealer@demo.test')).toHaveLength(2);
    expect((await sendEnvelope(ag.id, { recipient: 'dealer@demo.test' })).status).toBe(409);

    // The hash the dealer read before no longer signs; the new one does.
    expect((await sign(ag.id, shownBefore)).status).toBe(409);
    const signed = await sign(ag.id, (await apiGet(ag.id, 'dealer')).body.document_sha256!);
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({ stage: 'signed', expired: false });
  });

  it('is sent again through POST /docusign/envelopes to the recipient it names', async () => {
    const ag = await created('Expired, sent again by envelope');
    expect((await sendEnvelope(ag.id, { recipient: 'buyer@outside.example', expires_at: '2099-06-30' })).status).toBe(200);
    await a.db.update(agreements).set({ expiresAt: sql`now() - interval '1 day'` }).where(eq(agreements.id, ag.id));
    const again = await sendEnvelope(ag.id, { recipient: 'dealer@demo.test', remind_after_days: null });
    expect(again.status).toBe(200);
    expect(await detail(ag.id)).toMatchObject({ stage: 'sent', expired: false, expires_at: null, remind_after_days: null });
    expect(await mailsAbout(ag.id, 'dealer@demo.test')).toHaveLength(1);
  });
});

describe('agreement_to_sign', () => {
  it('gives a dealer of the company a bell row linking to the agreement and the sign-request mail; an outside address the mail only', async () => {
    const ag = await created('Bell and mail');
    expect((await sendEnvelope(ag.id, { recipient: 'Dealer@Demo.test', expires_at: '2099-03-04' })).status).toBe(200);
    const sentAt = (await row(ag.id)).sentAt!.getTime();
    const [bell] = await rowsWithKey(`agreement_to_sign:${ag.id}:`);
    expect(bell).toMatchObject({ key: `agreement_to_sign:${ag.id}:${sentAt}`, event: 'agreement_to_sign', userId: userIds['dealer@demo.test'], recipient: `user:${userIds['dealer@demo.test']}`, link: `/agreements/${ag.id}/preview`, digestPending: false });
    expect(bell.title).toBe('An order form is waiting for your signature');
    expect(bell.body).toBe(`Bell and mail (A-${ag.id}): read it and sign it in the portal. It expires on 04/03/2099: after that it can no longer be signed.`);
    const inbox = (await api<NotificationsPage>('dealer', 'GET', '/notifications')).body;
    expect(inbox.data.find((n) => n.link === `/agreements/${ag.id}/preview`)).toMatchObject({ event: 'agreement_to_sign', read_at: null });
    expect(await mailsAbout(ag.id, 'dealer@demo.test')).toHaveLength(1);

    const outside = await created('Outside signer');
    expect((await sendEnvelope(outside.id, { recipient: 'signer@outside.example' })).status).toBe(200);
    expect(await rowsWithKey(`agreement_to_sign:${outside.id}:`)).toEqual([]);
    expect(await mailsAbout(outside.id, 'signer@outside.example')).toHaveLength(1);
  });

  it('follows the dealer’s channel: none is neither, in_app the bell only, digest the bell marked for the digest', async () => {
    try {
      await setChannel('dealer@demo.test', 'none');
      const none = await created('Channel none');
      expect((await sendEnvelope(none.id, { recipient: 'dealer@demo.test' })).status).toBe(200);
      expect(await rowsWithKey(`agreement_to_sign:${none.id}:`)).toEqual([]);
      expect(await mailsAbout(none.id, 'dealer@demo.test')).toEqual([]);

      await setChannel('dealer@demo.test', 'in_app');
      const inApp = await created('Channel in app');
      expect((await sendEnvelope(inApp.id, { recipient: 'dealer@demo.test' })).status).toBe(200);
      expect(await rowsWithKey(`agreement_to_sign:${inApp.id}:`)).toEqual([expect.objectContaining({ digestPending: false })]);
      expect(await mailsAbout(inApp.id, 'dealer@demo.test')).toEqual([]);

      await setChannel('dealer@demo.test', 'digest');
      const digest = await created('Channel digest');
      expect((await sendEnvelope(digest.id, { recipient: 'dealer@demo.test' })).status).toBe(200);
      expect(await rowsWithKey(`agreement_to_sign:${digest.id}:`)).toEqual([expect.objectContaining({ digestPending: true })]);
      expect(await mailsAbout(digest.id, 'dealer@demo.test')).toEqual([]);
    } finally {
      await setChannel('dealer@demo.test', 'mail');
    }
  });
});

describe('the sweep', () => {
  it('reminds each signer once across two instances sweeping at once, after the days and not before, never a signed, archived or expired one; in French for a French dealer; tells the salesperson once of an expiry', async () => {
    const DAYS = 30;
    const soon = new Date(Date.now() + 28 * DAY).toISOString();
    const dealer = await created('Sweep: dealer');
    const outside = await created('Sweep: outside');
    const french = await created('Sweep : concessionnaire', harbour);
    const signed = await created('Sweep: signed');
    const archived = await created('Sweep: archived');
    const expiring = await created('Sweep: expires');
    for (const [ag, recipient, extra] of [
      [dealer, 'dealer@demo.test', {}],
      [outside, 'buyer@outside.example', {}],
      [french, 'dealer2@demo.test', {}],
      [signed, 'dealer@demo.test', {}],
      [archived, 'dealer@demo.test', {}],
      [expiring, 'dealer@demo.test', { expires_at: soon }],
    ] as const) {
      expect((await sendEnvelope(ag.id, { recipient, remind_after_days: DAYS, ...extra })).status).toBe(200);
    }
    expect((await sign(signed.id, (await apiGet(signed.id, 'dealer')).body.document_sha256!)).status).toBe(200);
    expect((await api('admin', 'POST', `/agreements/${archived.id}/archive`)).status).toBe(200);
    const ids = [dealer, outside, french, signed, archived, expiring].map((ag) => ag.id);
    const sentAtOf = new Map((await a.db.select({ id: agreements.id, sentAt: agreements.sentAt }).from(agreements).where(inArray(agreements.id, ids))).map((r) => [r.id, r.sentAt!.getTime()]));
    const sentAts = [...sentAtOf.values()];
    const remindedRows = async () => (await rowsWithKey('agreement_reminder:')).filter((r) => ids.some((id) => r.key.startsWith(`agreement_reminder:${id}:`)));
    const expiredRows = async () => (await rowsWithKey('agreement_expired:')).filter((r) => ids.some((id) => r.key.startsWith(`agreement_expired:${id}:`)));

    // A day before: no reminder yet (the expiring one is past its expiry then: its salesperson hears of it).
    const early = new Date(Math.min(...sentAts) + (DAYS - 1) * DAY);
    await Promise.all([a.trackerSweep.run(early), two.b.trackerSweep.run(early)]);
    expect(await remindedRows()).toEqual([]);
    const told = await expiredRows();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ userId: userIds['admin@demo.test'], event: 'agreement_reminder', link: `/agreements/${expiring.id}/edit` });
    expect(told[0].title).toBe(`Order form expired unsigned: Sweep: expires (A-${expiring.id}) (Demo Motors)`);

    // The days passed: both instances at once, each signer once.
    const due = new Date(Math.max(...sentAts) + DAYS * DAY + 3_600_000);
    const [{ lastMail }] = await a.db.select({ lastMail: sql<number>`coalesce(max(${mailOutbox.id}), 0)` }).from(mailOutbox);
    const mailsSince = async () => (await a.db.select().from(mailOutbox).where(sql`${mailOutbox.id} > ${lastMail}`)).filter((m) => ids.some((id) => m.text.includes(`/#/agreements/${id}/`)));
    await Promise.all([a.trackerSweep.run(due), two.b.trackerSweep.run(due)]);
    const rows = await remindedRows();
    expect(rows.map((r) => r.recipient).sort()).toEqual([`email:buyer@outside.example`, `user:${userIds['dealer@demo.test']}`, `user:${userIds['dealer2@demo.test']}`].sort());
    expect(rows.map((r) => r.key).sort()).toEqual([dealer, outside, french].map((ag) => `agreement_reminder:${ag.id}:${sentAtOf.get(ag.id)}`).sort());
    expect(await expiredRows()).toHaveLength(1);
    // A sweep far ahead mails others too: until the outbox is empty.
    await two.deliver({ drain: true });
    const got = (to: string, id: number) => two.catcher.messages.filter((m) => m.to === to && m.text.includes(`/#/agreements/${id}/preview`) && /Reminder|Rappel/.test(m.subject));
    expect(got('dealer@demo.test', dealer.id)).toHaveLength(1);
    expect(got('dealer@demo.test', dealer.id)[0].text).toContain(`The order form Sweep: dealer (A-${dealer.id}) was sent to you on`);
    expect(got('dealer@demo.test', dealer.id)[0].text).toContain(`Read it and sign it here: http://portal.test/#/agreements/${dealer.id}/preview`);
    expect(got('buyer@outside.example', outside.id)).toHaveLength(1);
    const fr = got('dealer2@demo.test', french.id);
    expect(fr).toHaveLength(1);
    expect(fr[0].subject).toBe('Rappel : un bon de commande attend votre signature');
    expect(fr[0].text).toContain('Bonjour Hugo Harbour,');
    expect(fr[0].text).toContain(`Le bon de commande Sweep : concessionnaire (A-${french.id}) vous a été envoyé le`);
    for (const id of [signed.id, archived.id, expiring.id]) expect(two.catcher.messages.filter((m) => m.text.includes(`/#/agreements/${id}/preview`) && /Reminder/.test(m.subject))).toEqual([]);
    const expiryMail = two.catcher.messages.filter((m) => m.to === 'admin@demo.test' && m.subject.startsWith('Order form expired unsigned: Sweep: expires'));
    expect(expiryMail).toHaveLength(1);
    expect(expiryMail[0].text).toContain(`http://portal.test/#/agreements/${expiring.id}/edit`);
    // The three reminders (the expiry's notice went at the first sweep).
    expect(await mailsSince()).toHaveLength(3);

    // A later sweep (and a restarted instance): nothing again.
    const b = await two.restartSecond();
    const later = new Date(due.getTime() + DAY);
    await Promise.all([a.trackerSweep.run(later), b.trackerSweep.run(later)]);
    expect(await remindedRows()).toHaveLength(3);
    expect(await expiredRows()).toHaveLength(1);
    expect(await mailsSince()).toHaveLength(3);
  });
  it('reminds whoever’s turn it is (issue 57): the first of two signers in order, and the second once the first has signed', async () => {
    const ag = await created('Sweep: two in order');
    const sent = await sendEnvelope(ag.id, { signers: [{ user_id: userIds['dealer@demo.test'] }, { email: 'second.signer@demo-motors.test', name: 'Sam Second' }], remind_after_days: 2 });
    expect(sent.status).toBe(200);
    const [second] = await a.db.select({ id: users.id }).from(users).where(eq(users.email, 'second.signer@demo-motors.test'));
    const sentAt = (await row(ag.id)).sentAt!.getTime();
    const key = `agreement_reminder:${ag.id}:${sentAt}`;
    const reminded = async () => (await rowsWithKey(key)).map((r) => r.recipient).sort();

    const due = new Date(sentAt + 2 * DAY + 3_600_000);
    await a.trackerSweep.run(due);
    expect(await reminded()).toEqual([`user:${userIds['dealer@demo.test']}`]);

    expect((await sign(ag.id, (await apiGet(ag.id, 'dealer')).body.document_sha256!)).status).toBe(200);
    await a.trackerSweep.run(new Date(due.getTime() + 3_600_000));
    expect(await reminded()).toEqual([`user:${userIds['dealer@demo.test']}`, `user:${second.id}`].sort());
    expect(await mailsAbout(ag.id, 'second.signer@demo-motors.test')).toEqual(expect.arrayContaining([expect.objectContaining({ subject: 'Reminder: an order form is waiting for your signature' })]));
  });
});
