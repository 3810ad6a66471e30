// Reminders of untouched stages (issue 55, server/configs/configs.reminders.ts): a config nothing
// was saved on for its company's reminder_days, with stages still waiting for the dealer, reminds
// every active user of the company once (two app instances sweeping at once, real SMTP), as each
// person's channel says, in their language, naming the stages and linking to the next one; again
// only after another save and another quiet period. The sweep runs at a fixed `now`; the configs'
// last saves are set with SQL.
import { and, eq, gt, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../server/auth/auth.passwords';
import { sweepStageReminders } from '../../../server/configs/configs.reminders';
import { companies, companyUsers, configMeta, configRevisions, configs, mailOutbox, notificationPreferences, userNotifications, userRoles, users } from '../../../server/db/schema';
import { openTwoInstances, type TwoInstances } from '../../support/instances';
import { DEMO_PASSWORD } from '../../support/server';

let two: TwoInstances;
let a: FastifyInstance;
let adminToken = '';
let passwordHash = '';

const NOW = new Date('2026-03-16T08:00:00Z');
const DAY = 86_400_000;
const daysAfter = (from: Date, days: number) => new Date(from.getTime() + days * DAY);
const daysAgo = (days: number) => daysAfter(NOW, -days);

const mailsTo = (to: string) => two.catcher.messages.filter((m) => m.to === to);
const queuedTo = async (to: string) => a.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

async function api<T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = adminToken) {
  const res = await a.inject({ method, url: `/api${url}`, payload: payload as object, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.json() as T };
}

type Company = { id: number; guid: string; reminder_days: number | null };

/** A company made by staff through the API (reminder_days left out: the default). */
async function makeCompany(name: string, fields: Record<string, unknown> = {}): Promise<Company> {
  const res = await api<Company>('POST', '/companies', { name, stage: 'configurator', lang: 'en', ...fields });
  expect(res.status).toBe(201);
  return res.body;
}

/** An active dealer of the company (role Client); `channel` their choice for stages_waiting, if any. */
async function makeUser(companyId: number, email: string, name: string, opts: { channel?: 'in_app' | 'mail' | 'digest' | 'none'; status?: string } = {}) {
  const [user] = await a.db.insert(users).values({ email, name, passwordHash, status: opts.status ?? 'active' }).returning({ id: users.id });
  await a.db.insert(userRoles).values({ userId: user.id, roleId: 1 });
  await a.db.insert(companyUsers).values({ companyId, userId: user.id });
  if (opts.channel) await a.db.insert(notificationPreferences).values({ userId: user.id, kind: 'stages_waiting', channel: opts.channel });
  return user.id;
}

/**
 * A config with these stages enabled (in this order: the mail lists them in the catalogue's), the
 * states given (the others drafts), created `created` and last saved `saved` (a revision; none: never).
 */
async function makeConfig(companyId: number, name: string, opts: { stages: string[]; states?: Record<string, 'submitted' | 'completed' | 'draft'>; saved?: Date | null; created?: Date; status?: 'active' | 'archived' }) {
  const [config] = await a.db
    .insert(configs)
    .values({ name, companyId, designType: 'template', stages: opts.stages, version: 3, createdAt: opts.created ?? daysAgo(60), status: opts.status ?? 'active' })
    .returning({ id: configs.id, version: configs.version });
  const states = Object.entries(opts.states ?? {});
  if (states.length) await a.db.insert(configMeta).values(states.map(([slug, state]) => ({ configId: config.id, metaKey: `stage_state_${slug}`, metaValue: state })));
  if (opts.saved) await a.db.insert(configRevisions).values({ configId: config.id, version: 3, stage: opts.stages[0], action: 'save', createdAt: opts.saved });
  return config;
}

const remindersOf = (configId: number) => a.db.select().from(userNotifications).where(like(userNotifications.key, `stages_waiting:${configId}:%`));

/** The usual config: company information submitted, key contact completed, franchises and locations waiting, an internal stage (staff only). */
const USUAL = {
  stages: ['locations', 'internal-pages', 'company-information', 'franchises', 'key-contact'],
  states: { 'company-information': 'submitted', 'key-contact': 'completed' } as const,
};

beforeAll(async () => {
  // Only this file's companies remind: the demo's configs would be swept too.
  two = await openTwoInstances({ prepare: (database) => database.db.update(companies).set({ reminderDays: null }) });
  a = two.a;
  adminToken = await two.tokenOf('admin@demo.test');
  passwordHash = await hashPassword(DEMO_PASSWORD);
}, 120_000);
afterAll(() => two?.close());

describe('the stage reminders sweep', () => {
  it('reminds each active user of the company once across two instances at once, as their channel says, and not again', async () => {
    const company = await makeCompany('Quiet Motors');
    expect(company.reminder_days).toBe(7);
    const mail = await makeUser(company.id, 'quiet.mail@reminders.test', 'Mia Mail');
    const inApp = await makeUser(company.id, 'quiet.app@reminders.test', 'Ian App', { channel: 'in_app' });
    await makeUser(company.id, 'quiet.none@reminders.test', 'Nora None', { channel: 'none' });
    await makeUser(company.id, 'quiet.off@reminders.test', 'Olly Off', { status: 'disabled' });
    const config = await makeConfig(company.id, 'Quiet website', { ...USUAL, saved: daysAgo(8) });

    await Promise.all([a.trackerSweep.run(NOW), two.b.trackerSweep.run(NOW)]);
    const rows = await remindersOf(config.id);
    expect(rows.map((r) => r.recipient).sort()).toEqual([`user:${mail}`, `user:${inApp}`].sort());
    for (const row of rows) {
      expect(row).toMatchObject({ event: 'stages_waiting', key: `stages_waiting:${config.id}:3`, link: `/configurator/${config.id}/franchises`, digestPending: false, projectId: null });
      expect(row.title).toBe('Stages of Quiet website are waiting for you');
      expect(row.body).toBe('Nothing saved since 08/03/2026. Still to do: Franchises, Locations');
    }
    // A mail for the one whose channel is mail; nothing at all for 'none' or a disabled user.
    expect(await queuedTo('quiet.mail@reminders.test')).toHaveLength(1);
    for (const to of ['quiet.app@reminders.test', 'quiet.none@reminders.test', 'quiet.off@reminders.test']) expect([to, (await queuedTo(to)).length]).toEqual([to, 0]);

    await two.deliver();
    const [got] = mailsTo('quiet.mail@reminders.test');
    expect(got.subject).toBe('Stages of Quiet website are waiting for you');
    expect(got.text).toContain('Hello Mia Mail,');
    expect(got.text).toContain('Nothing has been saved on Quiet website since 08/03/2026, and these stages are still waiting for you:\n\n- Franchises\n- Locations\n\nCarry on with Franchises here: ' + `http://portal.test/#/configurator/${config.id}/franchises`);
    // Done stages and staff-only ones are not named.
    for (const left of ['Company information', 'Key contact', 'Internal pages']) expect(got.text).not.toContain(left);
    expect(got.html).toContain('<ul><li>Franchises</li><li>Locations</li></ul>');
    expect(got.html).toContain(`<a href="http://portal.test/#/configurator/${config.id}/franchises">Open the stage</a>`);

    // Both again, and a third instance after a restart of the second: nothing more.
    await Promise.all([a.trackerSweep.run(NOW), two.b.trackerSweep.run(NOW)]);
    const b = await two.restartSecond();
    await b.trackerSweep.run(daysAfter(NOW, 1));
    expect(await sweepStageReminders(a, daysAfter(NOW, 2))).toBe(0);
    expect(await remindersOf(config.id)).toHaveLength(2);
    expect(await queuedTo('quiet.mail@reminders.test')).toHaveLength(1);
    await two.deliver();
    expect(mailsTo('quiet.mail@reminders.test')).toHaveLength(1);

    // The bell lists it for the in-app person.
    const token = await two.tokenOf('quiet.app@reminders.test');
    const inbox = await api<{ data: Array<{ event: string; title: string; link: string }> }>('GET', '/notifications', undefined, token);
    expect(inbox.body.data[0]).toMatchObject({ event: 'stages_waiting', title: 'Stages of Quiet website are waiting for you', link: `/configurator/${config.id}/franchises` });
  });

  it('waits for the company\'s number of days: not before, then once they have passed (a config never saved counts from its creation)', async () => {
    const company = await makeCompany('Patient Motors', { reminder_days: 3 });
    expect(company.reminder_days).toBe(3);
    await makeUser(company.id, 'patient@reminders.test', 'Pat Patient');
    const saved = await makeConfig(company.id, 'Patient website', { ...USUAL, saved: daysAgo(2) });
    const neverSaved = await makeConfig(company.id, 'Patient second website', { ...USUAL, created: daysAgo(2) });
    await a.trackerSweep.run(NOW);
    expect(await remindersOf(saved.id)).toHaveLength(0);
    expect(await remindersOf(neverSaved.id)).toHaveLength(0);
    // 3 days after the save exactly: due.
    await a.trackerSweep.run(daysAfter(NOW, 1));
    expect(await remindersOf(saved.id)).toHaveLength(1);
    expect(await remindersOf(neverSaved.id)).toHaveLength(1);
  });

  it('reminds nobody when the company turned reminders off, nor of archived configs, showcase companies or configs whose every stage is done', async () => {
    const off = await makeCompany('Silent Motors', { reminder_days: null });
    expect(off.reminder_days).toBeNull();
    await makeUser(off.id, 'silent@reminders.test', 'Sid Silent');
    const silent = await makeConfig(off.id, 'Silent website', { ...USUAL, saved: daysAgo(80) });

    const live = await makeCompany('Live Motors', { stage: 'showcase' });
    await makeUser(live.id, 'live@reminders.test', 'Liv Live');
    const showcase = await makeConfig(live.id, 'Live website', { ...USUAL, saved: daysAgo(30) });

    const busy = await makeCompany('Done Motors');
    await makeUser(busy.id, 'done@reminders.test', 'Don Done');
    // Every stage a dealer sees is submitted or completed: the internal one is staff's.
    const done = await makeConfig(busy.id, 'Done website', {
      ...USUAL,
      states: { 'company-information': 'completed', 'key-contact': 'submitted', franchises: 'submitted', locations: 'completed', 'internal-pages': 'draft' },
      saved: daysAgo(30),
    });
    const archived = await makeConfig(busy.id, 'Archived website', { ...USUAL, saved: daysAgo(30), status: 'archived' });

    await a.trackerSweep.run(NOW);
    for (const config of [silent, showcase, done, archived]) expect([config.id, (await remindersOf(config.id)).length]).toEqual([config.id, 0]);
    for (const to of ['silent@reminders.test', 'live@reminders.test', 'done@reminders.test']) expect([to, (await queuedTo(to)).length]).toEqual([to, 0]);

    // Staff turn them on: the next pass reminds.
    expect((await api<Company>('PUT', `/companies/${off.guid}`, { reminder_days: 30 })).body.reminder_days).toBe(30);
    await a.trackerSweep.run(NOW);
    expect(await remindersOf(silent.id)).toHaveLength(1);
  });

  it('reminds again only after another save and another quiet period, of the stages still waiting then', async () => {
    const company = await makeCompany('Again Motors');
    const dealer = await makeUser(company.id, 'again@reminders.test', 'Ada Again');
    const config = await makeConfig(company.id, 'Again website', { stages: ['setup', ...USUAL.stages], states: USUAL.states, saved: daysAgo(10) });
    await a.trackerSweep.run(NOW);
    expect((await remindersOf(config.id)).map((r) => r.link)).toEqual([`/configurator/${config.id}/setup`]);

    // The dealer submits the setup stage (through the API), a day later.
    const token = await two.tokenOf('again@reminders.test');
    const saved = await api<{ version: number }>('PUT', `/companies/${company.guid}/configs/${config.id}`, { slug: 'setup', data: { setup: { lenders: ['Northern Bank'], contact: { name: 'Ada Again', email: 'ada@again-motors.example', telephone: '0113 496 0002' } } }, state: 'submitted', version: 3 }, token);
    expect(saved.status).toBe(200);
    await a.db.update(configRevisions).set({ createdAt: daysAfter(NOW, 1) }).where(and(eq(configRevisions.configId, config.id), gt(configRevisions.version, 3)));

    await a.trackerSweep.run(daysAfter(NOW, 5));
    expect(await remindersOf(config.id)).toHaveLength(1);
    await a.trackerSweep.run(daysAfter(NOW, 8));
    const rows = await remindersOf(config.id);
    expect(rows).toHaveLength(2);
    const again = rows.find((r) => r.key === `stages_waiting:${config.id}:${saved.body.version}`)!;
    expect(again).toMatchObject({ userId: dealer, link: `/configurator/${config.id}/franchises`, body: 'Nothing saved since 17/03/2026. Still to do: Franchises, Locations' });
    await two.deliver();
    const mails = mailsTo('again@reminders.test');
    expect(mails).toHaveLength(2);
    expect(mails[0].text).toContain('- Setup\n- Franchises\n- Locations');
    expect(mails[1].text).not.toContain('Setup');
  });

  it("writes to a French company's dealer in French", async () => {
    const company = await makeCompany('Garage du Port', { lang: 'fr' });
    await makeUser(company.id, 'port@reminders.test', 'Paul Port');
    const config = await makeConfig(company.id, 'Site du Port', { ...USUAL, saved: daysAgo(9) });
    await a.trackerSweep.run(NOW);
    const [row] = await remindersOf(config.id);
    expect(row).toMatchObject({ title: 'Des étapes de Site du Port vous attendent', body: "Rien d'enregistré depuis le 07/03/2026. Reste à faire : Marques, Sites" });
    await two.deliver();
    const [got] = mailsTo('port@reminders.test');
    expect(got.subject).toBe('Des étapes de Site du Port vous attendent');
    expect(got.text).toContain(`- Marques\n- Sites\n\nReprenez avec Marques ici : http://portal.test/#/configurator/${config.id}/franchises`);
    expect(got.html).toContain('>Ouvrir l&#39;étape</a>');
  });

  it('keeps a digest reader\'s reminder for the digest: the bell row marked, no mail now', async () => {
    const company = await makeCompany('Digest Motors');
    const reader = await makeUser(company.id, 'digest@reminders.test', 'Di Digest', { channel: 'digest' });
    const config = await makeConfig(company.id, 'Digest website', { ...USUAL, saved: daysAgo(8) });
    // Only the reminders: the digest's own sweep would send it on at once.
    await sweepStageReminders(a, NOW);
    const rows = await a.db.select().from(userNotifications).where(and(eq(userNotifications.userId, reader), sql`${userNotifications.key} LIKE ${`stages_waiting:${config.id}:%`}`));
    expect(rows.map((r) => r.digestPending)).toEqual([true]);
    expect(await queuedTo('digest@reminders.test')).toHaveLength(0);
  });
});
