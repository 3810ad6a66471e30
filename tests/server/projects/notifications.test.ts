// Notifications for real (server/projects/README.md, Notifications): two app instances on one
// database run the sweep at the same time, as behind a load balancer, and each due, overdue or done
// task mails the people its templates name once (real SMTP), and once more after a restart
// nothing; the in-app list shows them. Also: the templates' task types, inactive templates, the
// overdue window, projects put aside, the RAG the sweep recomputes, and the in-app list's calls.
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationsPage, NotificationsRead } from '../../../contract/variations';
import { companies, mailOutbox, projectStakeholders, projects, userNotifications, users } from '../../../server/db/schema';
import { notifyTaskDone } from '../../../server/projects/projects.notifications';
import { openTwoInstances, type TwoInstances } from '../../support/instances';
import { makeGroup, makeProject, makeTasks, onlyTemplates, stages } from './variations-helpers';

let two: TwoInstances;
let a: FastifyInstance;
const ids: Record<string, number> = {};

// A fixed clock: "today" is 15 June 2026 for the sweep.
const NOW = new Date('2026-06-15T09:00:00Z');
const TODAY = '2026-06-15';

const motorsId = async () => (await a.db.select({ id: companies.id }).from(companies).where(eq(companies.name, 'Demo Motors')))[0].id;
const outboxCount = async () => (await a.db.select().from(mailOutbox)).length;
const mailsTo = (to: string, subject: string) => two.catcher.messages.filter((m) => m.to === to && m.subject === subject);

beforeAll(async () => {
  // Only this file's projects: the demo's would be swept too.
  two = await openTwoInstances({ prepare: (database) => database.db.delete(projects) });
  a = two.a;
  for (const u of await a.db.select({ id: users.id, email: users.email }).from(users)) ids[u.email] = u.id;
}, 120_000);
afterAll(() => two?.close());

describe('the sweep', () => {
  it('mails a due task once across two instances running at once, and not again after a restart; it is in the in-app list', async () => {
    const db = a.db;
    const { open } = await stages(db);
    const project = await makeProject(db, await motorsId(), { name: 'Twin launch', pm: ids['pm@demo.test'], am: ids['am@demo.test'] });
    const { groupId } = await makeGroup(db, project.id);
    const [due] = await makeTasks(db, project.id, groupId, open, [{ name: 'Upload the logo', dueDate: TODAY, assigneeId: ids['dealer@demo.test'] }]);
    await db.insert(projectStakeholders).values({ projectId: project.id, name: 'Sam Agency', email: 'sam@agency.example' });
    await onlyTemplates(db, [{ event: 'task_due', recipients: ['assignee', 'project_manager', 'stakeholders'], subject: 'Due today: {task}', body: '{task} for {project} ({company}) is due on {due}: {link}' }]);

    const outboxBefore = await outboxCount();
    const [ra, rb] = await Promise.all([a.trackerSweep.run(NOW), two.b.trackerSweep.run(NOW)]);
    // Three people, each once, whichever instance got there first.
    expect(ra.notified + rb.notified).toBe(3);
    expect((await outboxCount()) - outboxBefore).toBe(3);
    await two.deliver();
    for (const to of ['dealer@demo.test', 'pm@demo.test', 'sam@agency.example']) {
      const got = mailsTo(to, 'Due today: Upload the logo');
      expect([to, got.length]).toEqual([to, 1]);
      expect(got[0].text).toContain(`Upload the logo for Twin launch (Demo Motors) is due on 15/06/2026: http://portal.test/#/tracker/${project.id}/profile`);
    }
    const rows = await db.select().from(userNotifications).where(eq(userNotifications.key, `task_due:${due.id}:${TODAY}`));
    expect(rows.map((r) => r.recipient).sort()).toEqual([`email:sam@agency.example`, `user:${ids['dealer@demo.test']}`, `user:${ids['pm@demo.test']}`].sort());

    // Both again, and a third instance after a "restart" of the second: nothing more.
    await Promise.all([a.trackerSweep.run(NOW), two.b.trackerSweep.run(NOW)]);
    const b = await two.restartSecond();
    expect((await b.trackerSweep.run(NOW)).notified).toBe(0);
    expect((await outboxCount()) - outboxBefore).toBe(3);
    await two.deliver();
    expect(mailsTo('pm@demo.test', 'Due today: Upload the logo')).toHaveLength(1);

    // The assignee sees it in the app (on either instance).
    const token = await two.tokenOf('dealer@demo.test', b);
    const inbox = (await b.inject({ method: 'GET', url: '/api/notifications', headers: { authorization: `Bearer ${token}` } })).json() as NotificationsPage;
    expect(inbox.unread).toBeGreaterThanOrEqual(1);
    expect(inbox.data[0]).toMatchObject({ event: 'task_due', title: 'Due today: Upload the logo', link: `/tracker/${project.id}/profile`, project_id: project.id, read_at: null });
  });

  it('announces overdue tasks within a week of their due date, by the template task type; skips projects put aside and inactive templates; recomputes the RAG', async () => {
    const db = a.db;
    const { open, done } = await stages(db);
    const company = Number(await motorsId());
    const project = await makeProject(db, company, { name: 'Late launch', pm: ids['pm@demo.test'], am: ids['am@demo.test'] });
    const design = await makeGroup(db, project.id, 'Design late');
    const build = await makeGroup(db, project.id, 'Build late');
    await makeTasks(db, project.id, design.groupId, open, [
      { name: 'Design yesterday', dueDate: '2026-06-14' },
      { name: 'Design long ago', dueDate: '2026-06-01' },
    ]);
    await makeTasks(db, project.id, build.groupId, open, [{ name: 'Build yesterday', dueDate: '2026-06-14', milestone: true }]);
    await makeTasks(db, project.id, build.groupId, done, [{ name: 'Build done late', dueDate: '2026-06-13' }]);
    const aside = await makeProject(db, company, { name: 'On hold launch', pm: ids['pm@demo.test'] });
    await db.update(projects).set({ status: 'on hold' }).where(eq(projects.id, aside.id));
    const asideGroup = await makeGroup(db, aside.id, 'Aside group');
    await makeTasks(db, aside.id, asideGroup.groupId, open, [{ name: 'Aside yesterday', dueDate: '2026-06-14' }]);
    await onlyTemplates(db, [
      { event: 'task_overdue', recipients: ['project_manager'], subject: 'Overdue: {task}', body: '{task} was due {due}.' },
      { event: 'task_overdue', recipients: ['account_manager'], subject: 'Design overdue: {task}', body: '{task}', taskTypeId: design.typeId },
      { event: 'task_overdue', recipients: ['account_manager'], subject: 'Never: {task}', body: '{task}', active: false },
    ]);
    expect((await db.select().from(projects).where(eq(projects.id, project.id)))[0].rag).toBe('green');

    const result = await a.trackerSweep.run(NOW);
    expect(result.recomputed).toBeGreaterThanOrEqual(1);
    await two.deliver();
    const subjects = (to: string) => two.catcher.messages.filter((m) => m.to === to && /overdue|Never/i.test(m.subject)).map((m) => m.subject).sort();
    expect(subjects('pm@demo.test')).toEqual(['Overdue: Build yesterday', 'Overdue: Design yesterday']);
    expect(subjects('am@demo.test')).toEqual(['Design overdue: Design yesterday']);
    expect(mailsTo('pm@demo.test', 'Overdue: Design yesterday')[0].text).toBe('Design yesterday was due 14/06/2026.');
    // An overdue milestone: red, by the sweep, since time alone made it late.
    expect((await db.select().from(projects).where(eq(projects.id, project.id)))[0].rag).toBe('red');
    expect((await a.trackerSweep.run(NOW)).notified).toBe(0);
  });

  it('notifyTaskDone mails whom task_done templates name, once per completion', async () => {
    const db = a.db;
    const { done } = await stages(db);
    const company = Number(await motorsId());
    const project = await makeProject(db, company, { name: 'Done launch', am: ids['am@demo.test'] });
    const { groupId } = await makeGroup(db, project.id, 'Done group');
    const [task] = await makeTasks(db, project.id, groupId, done, [{ name: 'Go-live checklist', dueDate: TODAY }]);
    await db.insert(projectStakeholders).values({ projectId: project.id, userId: ids['dealer2@demo.test'], name: 'Hugo Harbour' });
    await onlyTemplates(db, [{ event: 'task_done', recipients: ['account_manager', 'stakeholders'], subject: 'Done: {task}', body: '{task} on {project} is done.' }]);
    const completedAt = new Date('2026-06-15T10:00:00Z');
    await db.transaction((tx) => notifyTaskDone(a, tx, { projectId: project.id, taskId: task.id, completedAt }));
    await db.transaction((tx) => notifyTaskDone(a, tx, { projectId: project.id, taskId: task.id, completedAt }));
    await two.deliver();
    expect(mailsTo('am@demo.test', 'Done: Go-live checklist')).toHaveLength(1);
    expect(mailsTo('dealer2@demo.test', 'Done: Go-live checklist')).toHaveLength(1);
    // Done again later (after being reopened): a new occurrence.
    await db.transaction((tx) => notifyTaskDone(a, tx, { projectId: project.id, taskId: task.id, completedAt: new Date('2026-06-16T10:00:00Z') }));
    await two.deliver();
    expect(mailsTo('am@demo.test', 'Done: Go-live checklist')).toHaveLength(2);
  });
});

describe('in the reader\'s language (issue 55)', () => {
  it("mails and lists each person's words from the template's translations: a French dealer in French, an outside contact of a French company in French, staff in English", async () => {
    const db = a.db;
    const { done } = await stages(db);
    const harbour = (await db.select({ id: companies.id }).from(companies).where(eq(companies.name, 'Harbour Cars')))[0].id;
    const project = await makeProject(db, harbour, { name: 'Lancement Harbour', am: ids['am@demo.test'] });
    const { groupId } = await makeGroup(db, project.id, 'Groupe');
    const [task] = await makeTasks(db, project.id, groupId, done, [{ name: 'Mise en ligne', dueDate: TODAY }]);
    await db.insert(projectStakeholders).values([
      { projectId: project.id, userId: ids['dealer2@demo.test'], name: 'Hugo Harbour' },
      { projectId: project.id, email: 'comptable@harbour.example', name: 'Comptable' },
    ]);
    await onlyTemplates(db, [
      {
        event: 'task_done', recipients: ['account_manager', 'stakeholders'], subject: 'Done: {task}', body: '{task} on {project} is done.',
        translations: { 'fr-FR': { subject: 'Terminé : {task}', body: '{task} de {project} est terminé.' } },
      },
    ]);
    await db.transaction((tx) => notifyTaskDone(a, tx, { projectId: project.id, taskId: task.id, completedAt: new Date('2026-06-15T11:00:00Z') }));
    await two.deliver();
    expect(mailsTo('am@demo.test', 'Done: Mise en ligne')).toHaveLength(1);
    const french = mailsTo('dealer2@demo.test', 'Terminé : Mise en ligne');
    expect(french).toHaveLength(1);
    expect(french[0].text).toContain('Mise en ligne de Lancement Harbour est terminé.');
    expect(mailsTo('comptable@harbour.example', 'Terminé : Mise en ligne')).toHaveLength(1);
    // The bell says it in the same words as the mail.
    const listed = await db.select({ title: userNotifications.title }).from(userNotifications).where(and(eq(userNotifications.userId, ids['dealer2@demo.test']), eq(userNotifications.projectId, project.id)));
    expect(listed.map((r) => r.title)).toEqual(['Terminé : Mise en ligne']);
  });
});

describe('the sweep in batches', () => {
  it('goes through more due tasks than one batch holds, each once', async () => {
    const db = a.db;
    const { open } = await stages(db);
    const project = await makeProject(db, await motorsId(), { name: 'Big launch', pm: ids['pm@demo.test'] });
    const { groupId } = await makeGroup(db, project.id, 'Big group');
    const count = 450;
    await makeTasks(db, project.id, groupId, open, Array.from({ length: count }, (_, i) => ({ name: `Batch task ${i}`, dueDate: TODAY })));
    await onlyTemplates(db, [{ event: 'task_due', recipients: ['project_manager'], subject: 'Batch due: {task}', body: '{task}' }]);
    const [ra, rb] = await Promise.all([a.trackerSweep.run(NOW), two.b.trackerSweep.run(NOW)]);
    expect(ra.notified + rb.notified).toBe(count);
    const rows = await db.select({ key: userNotifications.key }).from(userNotifications).where(eq(userNotifications.projectId, project.id));
    expect(new Set(rows.map((r) => r.key)).size).toBe(count);
    const queued = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(sql`${mailOutbox.subject} LIKE 'Batch due: %'`);
    expect(queued).toHaveLength(count);
    // Not sent here (the catcher would take a while): out of the way of the next tests' mails.
    await db.update(mailOutbox).set({ status: 'sent' }).where(sql`${mailOutbox.subject} LIKE 'Batch due: %'`);
  });
});

describe('the timer', () => {
  // One task due today, one template; an app of its own with the given interval; the notification row within 5 s, or none.
  async function sweptOnItsOwn(name: string, trackerSweepSeconds: number) {
    const db = a.db;
    const { open } = await stages(db);
    const project = await makeProject(db, await motorsId(), { name, pm: ids['pm@demo.test'] });
    const { groupId } = await makeGroup(db, project.id, `${name} group`);
    const today = new Date().toISOString().slice(0, 10);
    const [task] = await makeTasks(db, project.id, groupId, open, [{ name: `${name} task`, dueDate: today }]);
    await onlyTemplates(db, [{ event: 'task_due', recipients: ['project_manager'], subject: 'Timed: {task}', body: '{task}' }]);
    const timed = await two.another({ trackerSweepSeconds });
    const key = `task_due:${task.id}:${today}`;
    const until = Date.now() + 5000;
    let rows: unknown[] = [];
    while (!rows.length && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      rows = await db.select().from(userNotifications).where(eq(userNotifications.key, key));
    }
    await timed.close();
    return rows;
  }

  it('runs the sweep every TRACKER_SWEEP_SECONDS on its own, and stops when the app closes', async () => {
    expect(await sweptOnItsOwn('Timed launch', 1)).toHaveLength(1);
  });

  it('runs the first pass within seconds of start, not one whole interval later (a restart announces what fell due meanwhile)', async () => {
    expect(await sweptOnItsOwn('Restarted launch', 3600)).toHaveLength(1);
  });
});

describe('GET /notifications', () => {
  it("lists the viewer's own, newest first, pages, marks one or all read; another's is a 404", async () => {
    const pm = { authorization: `Bearer ${await two.tokenOf('pm@demo.test')}` };
    const am = { authorization: `Bearer ${await two.tokenOf('am@demo.test')}` };
    const get = async (url: string, headers = pm) => a.inject({ method: 'GET', url, headers });
    const all = (await get('/api/notifications?per_page=100')).json() as NotificationsPage;
    expect(all.total).toBeGreaterThanOrEqual(3);
    expect(all.unread).toBe(all.total);
    const times = all.data.map((n) => n.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const own = await a.db.select().from(userNotifications).where(eq(userNotifications.userId, ids['pm@demo.test']));
    expect(all.total).toBe(own.length);
    expect(all.data).toHaveLength(Math.min(100, own.length));
    expect(own.map((n) => n.id)).toEqual(expect.arrayContaining(all.data.map((n) => n.id)));

    const page2 = (await get('/api/notifications?page=2&per_page=1')).json() as NotificationsPage;
    expect(page2.data).toHaveLength(1);
    expect(page2.data[0].id).toBe(all.data[1].id);

    const first = all.data[0].id;
    const read = await a.inject({ method: 'POST', url: `/api/notifications/${first}/read`, headers: pm });
    expect(read.statusCode).toBe(200);
    expect((read.json() as NotificationsRead).unread).toBe(all.total - 1);
    expect(((await get('/api/notifications?unread=true&per_page=100')).json() as NotificationsPage).data.map((n) => n.id)).not.toContain(first);
    // Someone else's: not found, and left unread.
    const amRow = (await a.db.select().from(userNotifications).where(eq(userNotifications.userId, ids['am@demo.test'])))[0];
    expect((await a.inject({ method: 'POST', url: `/api/notifications/${amRow.id}/read`, headers: pm })).statusCode).toBe(404);
    expect((await a.db.select().from(userNotifications).where(eq(userNotifications.id, amRow.id)))[0].readAt).toBeNull();

    const allRead = await a.inject({ method: 'POST', url: '/api/notifications/read', headers: pm });
    expect(allRead.json()).toEqual({ unread: 0, message: 'Notifications marked as read' });
    expect(((await get('/api/notifications', am)).json() as NotificationsPage).unread).toBeGreaterThan(0);
    expect(await a.db.select().from(userNotifications).where(and(eq(userNotifications.userId, ids['pm@demo.test']), sql`${userNotifications.readAt} IS NULL`))).toHaveLength(0);

    for (const bad of ['page=0', 'per_page=101', 'per_page=x', 'colour=red']) expect([bad, (await get(`/api/notifications?${bad}`)).statusCode]).toEqual([bad, 400]);
    expect((await a.inject({ method: 'POST', url: '/api/notifications/abc/read', headers: pm })).statusCode).toBe(404);
    expect((await a.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    expect((await a.inject({ method: 'POST', url: '/api/notifications/read' })).statusCode).toBe(401);
  });
});
