import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mentionToken, type ChangeRequestAnswer, type ReviewPerson, type ReviewThread } from '../../../contract/reviews';
import { hashPassword } from '../../../server/auth/auth.passwords';
import { configComments, mailOutbox, userNotifications, users } from '../../../server/db/schema';
import type { TestServer } from '../../support/server';
import { companyInformation, configPath, franchises, location, withDemoServer, writeStages, type ConfigBody, type Demo, type ErrorBody } from '../configs-helpers';
import { call, DEMO_PASSWORD, login } from '../helpers';
import { userWithRole } from '../roles-helpers';

// Review threads on a config's fields (issue 55, server/reviews/): threads, replies, the edit window,
// deleting one's own, resolving, rows followed as they move, mentions with their notification and
// French mail, requests for changes, and tenancy.
let server: TestServer;
let d: Demo;
withDemoServer((s) => ({ server, d } = s));

type Thread = ReviewThread & { message?: string };
let config: ConfigBody;
let ids: Record<'pm' | 'dealer' | 'dealer2', number>;
const db = () => server.database.db;

const api = <T = Thread & ErrorBody>(token: string | undefined, method: string, path: string, body?: unknown) =>
  call<T>(server, method, `/api/configs/${config.id}${path}`, { token, body });
const newThread = (token: string, body: { stage: string; pointer?: string; body: string }) => api(token, 'POST', '/threads', body);
const locations = (...rows: Array<[string, string]>) => ({ locations: rows.map(([id, name]) => location(id, name, [])) });
const current = async () => (await call<ConfigBody>(server, 'GET', `/api/configs/${config.id}`, { token: d.tokens.admin })).body;

beforeAll(async () => {
  const byEmail = async (email: string) => (await db().select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
  ids = { pm: await byEmail('pm@demo.test'), dealer: await byEmail('dealer@demo.test'), dealer2: await byEmail('dealer2@demo.test') };
  // A Harbour Cars (French) config managed by Pat Project, its locations submitted by Hugo Harbour.
  const created = await call<ConfigBody>(server, 'POST', `/api/companies/${d.harbour.company.guid}/configs`, {
    token: d.tokens.admin,
    body: { config: { name: 'Harbour review', design_type: 'custom', project_manager_id: ids.pm } },
  });
  expect(created.status, created.text).toBe(201);
  config = await writeStages(server, d.tokens.dealer2, created.body, [
    { slug: 'company-information', data: companyInformation, state: 'draft' },
    { slug: 'franchises', data: franchises('Kia'), state: 'draft' },
    { slug: 'locations', data: locations(['l1', 'Leeds'], ['l2', 'York'], ['l3', 'Hull']), state: 'submitted' },
  ]);
});

describe('threads', () => {
  it('opens a thread on a field and one on the stage, and lists and counts them', async () => {
    const field = await newThread(d.tokens.pm, { stage: 'locations', pointer: '/locations/1/postcode', body: '  Is this **postcode** right?  ' });
    expect(field.status, field.text).toBe(201);
    expect(field.body).toMatchObject({ config_id: config.id, stage: 'locations', pointer: '/locations/1/postcode', orphaned: false, status: 'open', resolved_by: null, resolved_at: null, message: 'Comment added.' });
    expect(field.body.created_by).toMatchObject({ id: ids.pm, name: 'Pat Project' });
    const [first] = field.body.comments;
    expect(first).toMatchObject({ body: 'Is this **postcode** right?', deleted: false, edited_at: null, author: { id: ids.pm, name: 'Pat Project' } });
    expect(Date.parse(first.editable_until) - Date.parse(first.created_at)).toBe(10 * 60_000);

    const stage = await newThread(d.tokens.pm, { stage: 'locations', body: 'Three sites: is that all?' });
    expect([stage.status, stage.body.pointer, stage.body.orphaned]).toEqual([201, '', false]);

    const list = await api<Thread[]>(d.tokens.dealer2, 'GET', '/threads?stage=locations');
    expect(list.status).toBe(200);
    expect(list.body.map((t) => t.pointer)).toEqual(['/locations/1/postcode', '']);
    expect((await api<Thread[]>(d.tokens.dealer2, 'GET', '/threads?stage=franchises')).body).toEqual([]);
    expect((await api(d.tokens.dealer2, 'GET', '/threads/counts')).body).toEqual({ locations: 2 });
  });

  it('refuses a pointer outside the stage\'s data, a stage not the config\'s and an empty or long body, in words (422)', async () => {
    for (const pointer of ['/locations/9/postcode', '/locations/0/nope', 'locations', '/locations/01/name', '/locations/0/~2']) {
      const r = await newThread(d.tokens.pm, { stage: 'locations', pointer, body: 'x' });
      expect([r.status, r.body.errors], pointer).toEqual([422, [{ detail: "This field is not in the stage's data.", field: 'pointer' }]]);
    }
    const stage = await newThread(d.tokens.pm, { stage: 'no-such-stage', body: 'x' });
    expect([stage.status, stage.body.errors?.[0].field]).toEqual([422, 'stage']);
    const empty = await newThread(d.tokens.pm, { stage: 'locations', body: ' \n\t ' });
    expect([empty.status, empty.body]).toEqual([422, { message: 'Please write a comment.', errors: [{ detail: 'Please write a comment.', field: 'body' }] }]);
    const long = await newThread(d.tokens.pm, { stage: 'locations', body: 'é'.repeat(5001) });
    expect([long.status, long.body.errors?.[0]]).toEqual([422, { detail: 'A comment may be at most 5000 characters.', field: 'body' }]);
    expect((await newThread(d.tokens.pm, { stage: 'locations', body: 'é'.repeat(5000) })).status).toBe(201);
  });

  it('takes replies; resolving needs review configs; a reply opens a resolved thread again', async () => {
    const [thread] = (await api<Thread[]>(d.tokens.pm, 'GET', '/threads?stage=locations')).body;
    const answer = await api(d.tokens.dealer2, 'POST', `/threads/${thread.id}/comments`, { body: 'Yes, LS1 1AA is right.' });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body.comments.map((c) => c.author?.name)).toEqual(['Pat Project', 'Hugo Harbour']);
    // The thread's opener hears of the reply in the app.
    const [heard] = await db().select().from(userNotifications).where(and(eq(userNotifications.userId, ids.pm), eq(userNotifications.event, 'reply'), eq(userNotifications.key, `reply:${answer.body.comments[1].id}`)));
    expect(heard).toMatchObject({ link: `/configurator/${config.id}/locations`, body: 'Yes, LS1 1AA is right.' });

    expect((await api(d.tokens.dealer2, 'POST', `/threads/${thread.id}/resolve`)).status).toBe(403);
    const resolved = await api(d.tokens.pm, 'POST', `/threads/${thread.id}/resolve`);
    expect(resolved.body).toMatchObject({ status: 'resolved', resolved_by: { id: ids.pm }, message: 'Thread resolved.' });
    expect((await api<Thread[]>(d.tokens.pm, 'GET', '/threads?status=resolved')).body.map((t) => t.id)).toEqual([thread.id]);
    expect((await api(d.tokens.pm, 'GET', '/threads/counts')).body).toEqual({ locations: 2 });

    const again = await api(d.tokens.dealer2, 'POST', `/threads/${thread.id}/comments`, { body: 'One more thing.' });
    expect([again.status, again.body.status, again.body.resolved_at]).toEqual([201, 'open', null]);
    await api(d.tokens.pm, 'POST', `/threads/${thread.id}/resolve`);
    const reopened = await api(d.tokens.pm, 'POST', `/threads/${thread.id}/reopen`);
    expect([reopened.status, reopened.body.status, reopened.body.message]).toEqual([200, 'open', 'Thread reopened.']);
    expect((await api(d.tokens.pm, 'POST', '/threads/999999/resolve')).status).toBe(404);
  });

  it('lets the author edit their comment within the window only, and not another\'s', async () => {
    const t = await newThread(d.tokens.dealer2, { stage: 'locations', pointer: '/locations/0/name', body: 'Typo' });
    const comment = t.body.comments[0];
    const edited = await api(d.tokens.dealer2, 'PUT', `/comments/${comment.id}`, { body: 'Typo fixed' });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.comments[0]).toMatchObject({ body: 'Typo fixed', deleted: false });
    expect(edited.body.comments[0].edited_at).not.toBeNull();
    const other = await api(d.tokens.pm, 'PUT', `/comments/${comment.id}`, { body: 'Mine now' });
    expect([other.status, other.body.message]).toEqual([403, 'You can only change your own comments.']);
    // Eleven minutes later.
    await db().update(configComments).set({ createdAt: sql`now() - interval '11 minutes'` }).where(eq(configComments.id, comment.id));
    const late = await api(d.tokens.dealer2, 'PUT', `/comments/${comment.id}`, { body: 'Too late' });
    expect([late.status, late.body]).toEqual([409, { message: 'A comment can only be edited within 10 minutes of writing it.', errors: [{ detail: 'A comment can only be edited within 10 minutes of writing it.' }] }]);
    expect((await api(d.tokens.dealer2, 'PUT', '/comments/999999', { body: 'x' })).status).toBe(404);
  });

  it('deletes one\'s own comment only, keeping its place with the body cleared', async () => {
    const t = await newThread(d.tokens.dealer2, { stage: 'locations', body: 'Ignore me' });
    const comment = t.body.comments[0];
    expect((await api(d.tokens.pm, 'DELETE', `/comments/${comment.id}`)).status).toBe(403);
    const gone = await api(d.tokens.dealer2, 'DELETE', `/comments/${comment.id}`);
    expect(gone.status, gone.text).toBe(200);
    expect(gone.body.comments).toEqual([expect.objectContaining({ id: comment.id, body: '', deleted: true })]);
    const edit = await api(d.tokens.dealer2, 'PUT', `/comments/${comment.id}`, { body: 'Back' });
    expect([edit.status, edit.body.message]).toEqual([409, 'This comment was deleted.']);
  });
});

describe('a thread on a list row', () => {
  it('follows its row when rows are reordered, and is orphaned when the row is removed', async () => {
    const t = await newThread(d.tokens.pm, { stage: 'locations', pointer: '/locations/2/postcode', body: 'Hull postcode?' });
    expect(t.body.pointer).toBe('/locations/2/postcode');
    const find = async () => (await api<Thread[]>(d.tokens.pm, 'GET', '/threads?stage=locations')).body.find((x) => x.id === t.body.id)!;

    // Staff may amend a submitted stage: Hull moves to the top.
    await writeStages(server, d.tokens.pm, await current(), [{ slug: 'locations', data: locations(['l3', 'Hull'], ['l1', 'Leeds'], ['l2', 'York']), state: 'submitted' }]);
    expect(await find()).toMatchObject({ pointer: '/locations/0/postcode', orphaned: false });

    await writeStages(server, d.tokens.pm, await current(), [{ slug: 'locations', data: locations(['l1', 'Leeds'], ['l2', 'York']), state: 'submitted' }]);
    expect(await find()).toMatchObject({ pointer: '/locations/2/postcode', orphaned: true });
    await writeStages(server, d.tokens.pm, await current(), [{ slug: 'locations', data: locations(['l1', 'Leeds'], ['l2', 'York'], ['l3', 'Hull']), state: 'submitted' }]);
  });
});

describe('mentions', () => {
  it('lists the people who can see the config', async () => {
    const r = await api<ReviewPerson[]>(d.tokens.pm, 'GET', '/mentionable');
    expect(r.status).toBe(200);
    const names = r.body.map((p) => p.name);
    expect(names).toContain('Hugo Harbour');
    expect(names).toContain('Pat Project');
    expect(names).not.toContain('Dana Dealer');
    expect(r.body.find((p) => p.name === 'Hugo Harbour')).toEqual({ id: ids.dealer2, name: 'Hugo Harbour', avatar: null });
  });

  it('refuses a mention of someone who cannot see the config', async () => {
    const r = await newThread(d.tokens.pm, { stage: 'locations', body: `Ask ${mentionToken({ id: ids.dealer, name: 'Dana Dealer' })}` });
    expect([r.status, r.body.errors]).toEqual([422, [{ detail: 'You can only mention people who can see this config.', field: 'body' }]]);
  });

  it('notifies a French dealer in the app and by mail in French', async () => {
    const body = `${mentionToken({ id: ids.dealer2, name: 'Hugo Harbour' })}, merci de vérifier le code postal.`;
    const r = await newThread(d.tokens.pm, { stage: 'locations', pointer: '/locations/0/postcode', body });
    expect(r.status, r.text).toBe(201);
    expect(r.body.comments[0].body).toBe(body);
    const [note] = await db().select().from(userNotifications).where(and(eq(userNotifications.userId, ids.dealer2), eq(userNotifications.key, `mention:${r.body.comments[0].id}`)));
    expect(note).toMatchObject({ event: 'mention', title: 'Pat Project vous a mentionné sur Harbour review', link: `/configurator/${config.id}/locations` });
    expect(note.body).toMatch(/^Sur .+ : @Hugo Harbour, merci de vérifier le code postal\.$/);
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, 'dealer2@demo.test')).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail.subject).toBe('Pat Project vous a mentionné sur Harbour review');
    expect(mail.text).toContain('Bonjour Hugo Harbour,');
    expect(mail.text).toContain('@Hugo Harbour, merci de vérifier le code postal.');
    expect(mail.text).toContain(`/#/configurator/${config.id}/locations`);
    // The bell lists it.
    const bell = await call<{ data: Array<{ event: string; title: string }> }>(server, 'GET', '/api/notifications', { token: d.tokens.dealer2 });
    expect(bell.status).toBe(200);
    expect(bell.body.data.map((n) => n.event)).toContain('mention');

    // An edit that keeps the mention does not notify again.
    await api(d.tokens.pm, 'PUT', `/comments/${r.body.comments[0].id}`, { body: `${body} Merci !` });
    expect(await db().select().from(userNotifications).where(eq(userNotifications.key, `mention:${r.body.comments[0].id}`))).toHaveLength(1);
  });
});

describe('request changes', () => {
  const request = (token: string, slug: string, body?: unknown) => api<ChangeRequestAnswer & ErrorBody>(token, 'POST', `/stages/${slug}/request-changes`, body);

  it('is refused to a dealer (403) and for a stage that is not submitted (409)', async () => {
    expect((await request(d.tokens.dealer2, 'locations', {})).status).toBe(403);
    const draft = await request(d.tokens.pm, 'franchises', {});
    expect([draft.status, draft.body.message]).toEqual([409, 'Changes can only be requested on a submitted stage.']);
    expect((await request(d.tokens.pm, 'no-such-stage', {})).status).toBe(404);
  });

  it('sends a submitted stage back as a draft, recorded in history with its message, and tells the dealer', async () => {
    const before = await current();
    const open = (await api<Thread[]>(d.tokens.pm, 'GET', '/threads?stage=locations&status=open')).body.map((t) => t.id);
    const r = await request(d.tokens.pm, 'locations', { message: 'Please fix the postcodes.' });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ stage: 'locations', state: 'draft', version: before.version + 1, open_threads: open, message: 'Changes requested: the stage is back with the dealer as a draft.' });
    expect((await current()).stages.find((s) => s.slug === 'locations')?.state).toBe('draft');

    const history = await call<{ data: Array<Record<string, unknown>> }>(server, 'GET', `${configPath(config)}/history?stage=locations`, { token: d.tokens.dealer2 });
    expect(history.body.data[0]).toMatchObject({ action: 'request_changes', user: { id: ids.pm, name: 'Pat Project' }, old_state: 'submitted', new_state: 'draft', message: 'Please fix the postcodes.', source: null });

    const [note] = await db().select().from(userNotifications).where(and(eq(userNotifications.userId, ids.dealer2), eq(userNotifications.event, 'changes_requested')));
    expect(note).toMatchObject({ body: 'Message de Pat Project : Please fix the postcodes.', link: `/configurator/${config.id}/locations` });
    expect(note.title).toMatch(/^Modifications demandées sur .+ de Harbour review$/);
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, 'dealer2@demo.test')).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail.subject).toBe(note.title);
    expect(mail.text).toContain('Message de Pat Project : Please fix the postcodes.');
    expect(mail.text).toContain(`/#/configurator/${config.id}/locations`);

    // A draft now: asking again is refused.
    expect((await request(d.tokens.pm, 'locations', {})).status).toBe(409);
  });
});

describe('tenancy and permissions', () => {
  it('hides another company\'s config (404) and asks anonymous callers to sign in (401)', async () => {
    const [thread] = (await api<Thread[]>(d.tokens.pm, 'GET', '/threads')).body;
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/threads'], ['GET', '/threads/counts'], ['GET', '/mentionable'],
      ['POST', '/threads', { stage: 'locations', body: 'x' }],
      ['POST', `/threads/${thread.id}/comments`, { body: 'x' }],
      ['PUT', `/comments/${thread.comments[0].id}`, { body: 'x' }],
      ['DELETE', `/comments/${thread.comments[0].id}`],
    ];
    for (const [method, path, body] of calls) {
      expect((await api(d.tokens.dealer, method, path, body)).status, `${method} ${path}`).toBe(404);
      expect((await api(undefined, method, path, body)).status, `${method} ${path}`).toBe(401);
    }
  });

  it('a role with view configs only reads; with comment configs it may comment', async () => {
    const hash = await hashPassword(DEMO_PASSWORD);
    await userWithRole(server, 'viewer@reviews.test', 'Review Viewer', ['view configs'], hash, 'Harbour Cars');
    await userWithRole(server, 'commenter@reviews.test', 'Review Commenter', ['view configs', 'comment configs'], hash, 'Harbour Cars');
    const viewer = (await login(server, 'viewer@reviews.test')).token;
    const commenter = (await login(server, 'commenter@reviews.test')).token;
    expect((await api(viewer, 'GET', '/threads')).status).toBe(200);
    expect((await newThread(viewer, { stage: 'locations', body: 'May I?' })).status).toBe(403);
    const r = await newThread(commenter, { stage: 'locations', body: 'I may.' });
    expect([r.status, r.body.created_by?.name]).toEqual([201, 'Review Commenter']);
    expect((await api(commenter, 'POST', `/threads/${r.body.id}/resolve`)).status).toBe(403);
    // 'comment configs' or 'review configs' without the right to read configs writes nothing.
    await userWithRole(server, 'blind@reviews.test', 'Review Blind', ['comment configs', 'review configs'], hash, 'Harbour Cars');
    const blind = (await login(server, 'blind@reviews.test')).token;
    expect((await newThread(blind, { stage: 'locations', body: 'Unseen?' })).status).toBe(403);
    expect((await api(blind, 'POST', `/threads/${r.body.id}/comments`, { body: 'Unseen?' })).status).toBe(403);
    expect((await api(blind, 'POST', `/threads/${r.body.id}/resolve`)).status).toBe(403);
    expect((await call(server, 'POST', `/api/configs/${config.id}/stages/locations/request-changes`, { token: blind, body: {} })).status).toBe(403);
  });
});

describe('a field left empty', () => {
  it('may be pointed at when the schema has it, but not past a row that does not exist', async () => {
    // What a reviewer asks for most: "please give the second line", on a field the data does not hold yet.
    const blank = await newThread(d.tokens.pm, { stage: 'locations', pointer: '/locations/0/address/line2', body: 'Please give the second line.' });
    expect([blank.status, blank.body.pointer, blank.body.orphaned]).toEqual([201, '/locations/0/address/line2', false]);
    const noRow = await newThread(d.tokens.pm, { stage: 'locations', pointer: '/locations/7/address/line2', body: 'x' });
    expect([noRow.status, noRow.body.errors?.[0].field]).toEqual([422, 'pointer']);
  });
});
