// Notification preferences and the daily digest (issue 55, server/notifications/): each person's
// channel per kind of event, read with the defaults and changed kind by kind; what a mention or a
// reply then gives (nothing, the bell, the bell and a mail, or the bell and the next digest); the
// digest mailed from DIGEST_HOUR once per person and day over real SMTP, also when two app
// instances on one database sweep at the same moment, in the reader's language.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHANNELS, type NotificationPreferences } from '../../../contract/notifications';
import { mentionToken } from '../../../contract/reviews';
import { resolveConfig } from '../../../server/options';
import { configs, mailOutbox, notificationDigests, notificationPreferences, projects, userNotifications, users } from '../../../server/db/schema';
import { openTwoInstances, type TwoInstances } from '../../support/instances';

type Answer = NotificationPreferences & { message?: string; errors?: Array<{ detail: string; field?: string }> };

let two: TwoInstances;
let a: FastifyInstance;
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};
let motors: number;
let harbour: number;

// The digest's hour: 7 UTC, DIGEST_HOUR's default (not set here). "Today" is 15 June 2026 for the sweep.
const BEFORE_HOUR = new Date('2026-06-15T06:59:00Z');
const AT_HOUR = new Date('2026-06-15T07:00:00Z');
const LATER_TODAY = new Date('2026-06-15T18:00:00Z');
const TOMORROW = new Date('2026-06-16T07:05:00Z');

async function api<T = Answer>(method: 'GET' | 'PUT' | 'POST', url: string, token?: string, payload?: unknown): Promise<{ status: number; body: T }> {
  const res = await a.inject({ method, url, payload: payload as object, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.statusCode, body: res.json() as T };
}
const prefs = (who: string) => api('GET', '/api/notifications/preferences', tokens[who]);
const choose = (who: string, preferences: Record<string, string>) => api('PUT', '/api/notifications/preferences', tokens[who], { preferences });

/** Pat Project opens a thread on a stage of the config whose body mentions `who`; the comment's id. */
async function mention(configId: number, who: string, name: string, text: string): Promise<number> {
  const r = await api<{ comments: Array<{ id: number }> }>('POST', `/api/configs/${configId}/threads`, tokens.pm, { stage: 'company-information', body: `${mentionToken({ id: ids[who], name })} ${text}` });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.comments[0].id;
}
const rowOf = async (key: string, who: string) => (await a.db.select().from(userNotifications).where(and(eq(userNotifications.key, key), eq(userNotifications.userId, ids[who]))))[0];
const outboxTo = async (email: string) => a.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
const digestsTo = (to: string) => two.catcher.messages.filter((m) => m.to === to && /digest|récapitulatif/.test(m.subject));

beforeAll(async () => {
  // The sweep's other parts (the demo projects' due tasks) mail too: only this file's mails here.
  two = await openTwoInstances({ options: { logger: false }, prepare: (database) => database.db.delete(projects) });
  a = two.a;
  for (const u of await a.db.select({ id: users.id, email: users.email }).from(users)) ids[u.email.split('@')[0]] = u.id;
  for (const who of ['dealer', 'dealer2', 'pm']) tokens[who] = await two.tokenOf(`${who}@demo.test`);
  const byName = async (name: string) => (await a.db.select({ id: configs.id }).from(configs).where(eq(configs.name, name)))[0].id;
  motors = await byName('Demo Motors website');
  harbour = await byName('Harbour Cars website');
}, 120_000);
afterAll(() => two?.close());

describe('GET and PUT /notifications/preferences', () => {
  it('answers every kind with its default to someone who never chose', async () => {
    const r = await prefs('dealer');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ preferences: DEFAULT_CHANNELS });
  });

  it('changes the kinds given, keeps the others, and reads them back; a default stores no row', async () => {
    const r = await choose('dealer', { mention: 'digest', task_due: 'none' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ preferences: { ...DEFAULT_CHANNELS, mention: 'digest', task_due: 'none' }, message: 'Notification settings saved.' });
    expect((await prefs('dealer')).body.preferences).toEqual({ ...DEFAULT_CHANNELS, mention: 'digest', task_due: 'none' });

    // Back to the default: the row goes, the answer still names the channel.
    const back = await choose('dealer', { task_due: 'mail', reply: 'in_app' });
    expect(back.body.preferences).toEqual({ ...DEFAULT_CHANNELS, mention: 'digest' });
    const rows = await a.db.select({ kind: notificationPreferences.kind, channel: notificationPreferences.channel }).from(notificationPreferences).where(eq(notificationPreferences.userId, ids.dealer));
    expect(rows).toEqual([{ kind: 'mention', channel: 'digest' }]);
  });

  it("changes only the caller's own: another user keeps theirs, and no user can be named", async () => {
    expect((await choose('dealer2', { reply: 'none' })).status).toBe(200);
    expect((await prefs('dealer')).body.preferences.reply).toBe('in_app');
    expect((await prefs('dealer2')).body.preferences).toEqual({ ...DEFAULT_CHANNELS, reply: 'none' });
    const other = await api('PUT', '/api/notifications/preferences', tokens.dealer2, { user_id: ids.dealer, preferences: { mention: 'none' } });
    expect([other.status, other.body.errors?.[0].field]).toEqual([400, 'user_id']);
    expect((await prefs('dealer')).body.preferences.mention).toBe('digest');
    await choose('dealer2', { reply: 'in_app' });
  });

  it('refuses an unknown kind or channel (400 naming the field) and writes nothing of the request', async () => {
    const kind = await choose('dealer', { mention: 'none', bogus: 'mail' });
    expect(kind.status).toBe(400);
    expect(kind.body).toEqual({ message: 'preferences.bogus is not valid', errors: [{ detail: 'preferences.bogus is not valid', field: 'preferences.bogus' }] });
    const channel = await choose('dealer', { reply: 'mail', mention: 'sms' });
    expect(channel.status).toBe(400);
    expect(channel.body.errors).toEqual([{ detail: 'preferences.mention must be one of the listed values', field: 'preferences.mention' }]);
    expect((await api('PUT', '/api/notifications/preferences', tokens.dealer, {})).body.errors?.[0].field).toBe('preferences');
    expect((await prefs('dealer')).body.preferences).toEqual({ ...DEFAULT_CHANNELS, mention: 'digest' });
  });

  it('asks anyone signed out to sign in (401)', async () => {
    expect((await api('GET', '/api/notifications/preferences')).status).toBe(401);
    expect((await api('PUT', '/api/notifications/preferences', undefined, { preferences: { mention: 'none' } })).status).toBe(401);
  });
});

describe('what a mention gives, by the person\'s channel', () => {
  it('none: no row and no mail; in the app: a row and no mail', async () => {
    await choose('dealer', { mention: 'none' });
    const silent = await mention(motors, 'dealer', 'Dana Dealer', 'please check the VAT number.');
    expect(await rowOf(`mention:${silent}`, 'dealer')).toBeUndefined();
    expect(await outboxTo('dealer@demo.test')).toEqual([]);

    await choose('dealer', { mention: 'in_app' });
    const bell = await mention(motors, 'dealer', 'Dana Dealer', 'and the registration number.');
    expect(await rowOf(`mention:${bell}`, 'dealer')).toMatchObject({ event: 'mention', title: 'Pat Project mentioned you on Demo Motors website', digestPending: false, readAt: null });
    expect(await outboxTo('dealer@demo.test')).toEqual([]);
  });

  it('digest: a row and no mail, nothing before DIGEST_HOUR, then one digest per person across two instances sweeping at once, in each one\'s language', async () => {
    await choose('dealer', { mention: 'digest' });
    await choose('dealer2', { mention: 'digest' });
    const first = await mention(motors, 'dealer', 'Dana Dealer', 'the VAT number is missing.');
    const second = await mention(motors, 'dealer', 'Dana Dealer', 'and the postcode of York.');
    const french = await mention(harbour, 'dealer2', 'Hugo Harbour', 'merci de vérifier le SIRET.');
    for (const [key, who] of [[`mention:${first}`, 'dealer'], [`mention:${second}`, 'dealer'], [`mention:${french}`, 'dealer2']]) {
      expect(await rowOf(key, who), key).toMatchObject({ event: 'mention', digestPending: true });
    }
    expect(await outboxTo('dealer@demo.test')).toEqual([]);
    expect(await outboxTo('dealer2@demo.test')).toEqual([]);

    // 06:59 UTC: not yet, on either instance.
    const early = await Promise.all([a.trackerSweep.run(BEFORE_HOUR), two.b.trackerSweep.run(BEFORE_HOUR)]);
    expect(early.map((r) => r.digests)).toEqual([0, 0]);
    expect((await rowOf(`mention:${first}`, 'dealer')).digestPending).toBe(true);

    // 07:00: both instances at once; each person's digest is written once.
    const swept = await Promise.all([a.trackerSweep.run(AT_HOUR), two.b.trackerSweep.run(AT_HOUR)]);
    expect(swept[0].digests + swept[1].digests).toBe(2);
    await two.deliver();
    const [english] = digestsTo('dealer@demo.test');
    expect(digestsTo('dealer@demo.test')).toHaveLength(1);
    expect(english.subject).toBe('Your Launch Portal digest of 15/06/2026');
    expect(english.text).toContain('Hello Dana Dealer,');
    const link = `http://portal.test/#/configurator/${motors}/company-information`;
    // Each mention with its title, text and link, the newest last.
    const at = (s: string) => english.text.indexOf(s);
    expect(english.text).toContain(`Pat Project mentioned you on Demo Motors website\nOn Company information: @Dana Dealer the VAT number is missing.\nOpen it here: ${link}`);
    expect(at('the VAT number is missing.')).toBeLessThan(at('and the postcode of York.'));
    expect(english.text).toContain('Change them here: http://portal.test/#/notifications/preferences');
    expect(english.html).toContain(`<a href="${link}">Open</a>`);

    const [frenchMail] = digestsTo('dealer2@demo.test');
    expect(digestsTo('dealer2@demo.test')).toHaveLength(1);
    expect(frenchMail.subject).toBe('Votre récapitulatif du Launch Portal du 15/06/2026');
    expect(frenchMail.text).toContain('Bonjour Hugo Harbour,');
    expect(frenchMail.text).toContain('Pat Project vous a mentionné sur Harbour Cars website');
    expect(frenchMail.text).toContain('merci de vérifier le SIRET.');
    expect(frenchMail.text).toContain(`Ouvrez-le ici : http://portal.test/#/configurator/${harbour}/company-information`);

    expect((await rowOf(`mention:${first}`, 'dealer')).digestPending).toBe(false);
    expect(await a.db.select({ items: notificationDigests.items }).from(notificationDigests).where(eq(notificationDigests.userId, ids.dealer))).toEqual([{ items: 2 }]);
  });

  it('sends one digest a day: what comes after today\'s waits for tomorrow\'s', async () => {
    const late = await mention(motors, 'dealer', 'Dana Dealer', 'one more thing about the logo.');
    const again = await Promise.all([a.trackerSweep.run(LATER_TODAY), two.b.trackerSweep.run(LATER_TODAY)]);
    expect(again[0].digests + again[1].digests).toBe(0);
    expect((await rowOf(`mention:${late}`, 'dealer')).digestPending).toBe(true);

    const next = await Promise.all([a.trackerSweep.run(TOMORROW), two.b.trackerSweep.run(TOMORROW)]);
    expect(next[0].digests + next[1].digests).toBe(1);
    await two.deliver();
    const digests = digestsTo('dealer@demo.test');
    expect(digests.map((m) => m.subject)).toEqual(['Your Launch Portal digest of 15/06/2026', 'Your Launch Portal digest of 16/06/2026']);
    expect(digests[1].text).toContain('one more thing about the logo.');
    expect(digests[1].text).not.toContain('the VAT number is missing.');
  });
});

describe('a reply', () => {
  it('stays in the app by default, and is mailed to whoever chose mail for replies', async () => {
    const opened = await api<{ id: number; comments: Array<{ id: number }> }>('POST', `/api/configs/${motors}/threads`, tokens.dealer, { stage: 'company-information', body: 'Which address do you need?' });
    expect(opened.status).toBe(201);
    const reply = (text: string) => api<{ comments: Array<{ id: number }> }>('POST', `/api/configs/${motors}/threads/${opened.body.id}/comments`, tokens.pm, { body: text });
    const subject = 'Pat Project replied on Company information of Demo Motors website';

    const quiet = await reply('The registered one.');
    expect(await rowOf(`reply:${quiet.body.comments.at(-1)!.id}`, 'dealer')).toMatchObject({ event: 'reply', digestPending: false });
    expect((await outboxTo('dealer@demo.test')).filter((m) => m.subject === subject)).toEqual([]);

    await choose('dealer', { reply: 'mail' });
    const mailed = await reply('As on the VAT certificate.');
    expect(await rowOf(`reply:${mailed.body.comments.at(-1)!.id}`, 'dealer')).toMatchObject({ event: 'reply' });
    await two.deliver();
    const got = two.catcher.messages.filter((m) => m.to === 'dealer@demo.test' && m.subject === subject);
    expect(got).toHaveLength(1);
    expect(got[0].text).toContain('As on the VAT certificate.');
  });
});

describe('DIGEST_HOUR', () => {
  it('is 7 unless set, and a whole UTC hour from 0 to 23: anything else stops the start naming it', () => {
    expect(resolveConfig({ database: two.database }).digestHour).toBe(7);
    expect(resolveConfig({ database: two.database, digestHour: 0 }).digestHour).toBe(0);
    expect(resolveConfig({ database: two.database, digestHour: 23 }).digestHour).toBe(23);
    for (const bad of [24, -1, 7.5, Number.NaN]) expect(() => resolveConfig({ database: two.database, digestHour: bad }), String(bad)).toThrow('DIGEST_HOUR: give a whole hour from 0 to 23 (UTC)');
  });
});
