// Stages born in the editor wherever a shipped stage is (issue 56, server/catalogue/README.md "Born
// stages"), on two app instances over one database (as behind a balancer): nothing is kept in a
// process, so each step runs on the other instance from the one that made the stage. A "Lender
// panel" stage (a list of lenders with ids) and an internal "Lender notes" stage are born and
// published; then:
// - its first publish says it is version 1, the first (no earlier version);
// - GET /configs/stages offers it, and a new version's texts, at once (nothing cached);
// - new configs start with it where "all stages" is the set, as shipped stages do;
// - comments anchor on its fields and rows; mentions and requests for changes name it by its
//   title in the reader's language (its version's labels);
// - the config's history lists its saves, hides the internal one from the dealer, and a config
//   that never had it answers an empty history, not a 404;
// - reminders of stages waiting list it by its title in the reader's language;
// - a product may name it once published.
import { and, desc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditableStage, Published, StageDraft } from '../../../contract/catalogue';
import type { StageCatalogue } from '../../../contract/configs';
import { mentionToken, type ChangeRequestAnswer, type ReviewThread } from '../../../contract/reviews';
import { sweepStageReminders } from '../../../server/configs/configs.reminders';
import { companies, mailOutbox, userNotifications, users } from '../../../server/db/schema';
import { openTwoInstances, type TwoInstances } from '../../support/instances';
import { companyInformation, type ConfigBody } from '../configs-helpers';

type ErrorBody = { message: string; errors?: Array<{ detail: string; field?: string }> };
type Who = 'admin' | 'pm' | 'dealer' | 'dealer2';
type StageFile = { schema: { type: string; properties: Record<string, unknown> }; defaults: Record<string, unknown>; audience: string };
type History = { data: Array<{ stage: string | null; action: string; changed_stages: string[] }>; total: number };

const PANEL = 'lender-panel';
const NOTES = 'lender-notes';
const UNPUBLISHED = 'lender-draft';
let two: TwoInstances;
const tokens: Partial<Record<Who, string>> = {};
const ids: Partial<Record<Who, number>> = {};

async function as<T = Record<string, unknown>>(app: FastifyInstance, who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  const r = await app.inject({ method, url, headers: { authorization: `Bearer ${tokens[who]}` }, ...(body === undefined ? {} : { payload: body as Record<string, unknown> }) });
  return { status: r.statusCode, text: r.body, headers: r.headers, body: (r.body ? JSON.parse(r.body) : null) as T };
}
const configPath = (c: ConfigBody) => `/api/companies/${c.company.guid}/configs/${c.guid}`;

/** Born on `a`, given its fields and texts, published on `b`: the answer of the publish. */
async function bear(slug: string, audience: 'dealer' | 'internal', titles: Record<string, string>, properties: Record<string, unknown>, labels: Record<string, Record<string, string>>) {
  const made = await as(two.a, 'admin', 'POST', '/api/stage-catalogue', { slug, section: 'configurator:sections.finance', order: 475, audience, required: audience === 'dealer', title: titles });
  expect(made.status, made.text).toBe(201);
  const draft = (await as<EditableStage>(two.b, 'admin', 'GET', `/api/stage-catalogue/${slug}`)).body.draft!;
  const file = JSON.parse(JSON.stringify(draft.file)) as StageFile;
  file.schema.properties = properties;
  const merged = Object.fromEntries(Object.entries(draft.labels).map(([locale, texts]) => [locale, { ...texts, ...(labels[locale] ?? {}) }]));
  const saved = await as<StageDraft>(two.a, 'admin', 'PUT', `/api/stage-catalogue/${slug}/draft`, { file, labels: merged, revision: draft.revision });
  expect(saved.status, saved.text).toBe(200);
  expect(saved.body.problems).toEqual([]);
  const published = await as<Published>(two.b, 'admin', 'POST', `/api/stage-catalogue/${slug}/publish`, { note: 'The lenders a dealer works with', revision: saved.body.revision });
  expect(published.status, published.text).toBe(201);
  return published.body;
}

let firstPublish: Published;
let harbour: ConfigBody;
let stock: ConfigBody;

beforeAll(async () => {
  two = await openTwoInstances();
  for (const [who, email] of [['admin', 'admin@demo.test'], ['pm', 'pm@demo.test'], ['dealer', 'dealer@demo.test'], ['dealer2', 'dealer2@demo.test']] as const) {
    tokens[who] = await two.tokenOf(email);
    ids[who] = (await two.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
  }
  firstPublish = await bear(
    PANEL,
    'dealer',
    { 'en-GB': 'Lender panel', 'fr-FR': 'Panel de prêteurs', 'nl-NL': 'Panel van kredietverstrekkers' },
    {
      lenders: {
        type: 'array',
        title: 'configurator:fields.bornLenders',
        items: {
          type: 'object',
          properties: { id: { type: 'string' }, name: { type: 'string', title: 'configurator:fields.bornLenderName', maxLength: 60 }, fca: { type: 'string', title: 'configurator:fields.bornLenderFca', maxLength: 20 } },
          required: ['name'],
          additionalProperties: false,
        },
      },
    },
    {
      'en-GB': { 'fields.bornLenders': 'Lenders', 'fields.bornLenderName': 'Lender', 'fields.bornLenderFca': 'FCA number' },
      'fr-FR': { 'fields.bornLenders': 'Prêteurs', 'fields.bornLenderName': 'Prêteur', 'fields.bornLenderFca': 'Numéro FCA' },
    },
  );
  await bear(NOTES, 'internal', { 'en-GB': 'Lender notes' }, { note: { type: 'string', title: 'configurator:fields.bornLenderNote', maxLength: 200 } }, { 'en-GB': { 'fields.bornLenderNote': 'Note' } });
  // Born, never published: no stage of any config yet.
  expect((await as(two.a, 'admin', 'POST', '/api/stage-catalogue', { slug: UNPUBLISHED, section: 'configurator:sections.finance', order: 476, audience: 'dealer', required: false, title: { 'en-GB': 'Draft only' } })).status).toBe(201);
}, 180_000);
afterAll(() => two?.close());

describe('the first publish of a born stage', () => {
  it('is version 1 and says so: the stage has no earlier version', () => {
    expect(firstPublish).toMatchObject({ slug: PANEL, version: 1, message: "Stage version 1 published. It is the stage's first version: add it to configs so dealers see it." });
  });

  it('a later publish is worded as a new version of an existing stage', async () => {
    const stage = (await as<EditableStage>(two.a, 'admin', 'GET', `/api/stage-catalogue/${NOTES}`)).body;
    const saved = await as<StageDraft>(two.b, 'admin', 'PUT', `/api/stage-catalogue/${NOTES}/draft`, { file: stage.file, labels: { ...stage.labels, 'fr-FR': { [`stages.${NOTES}.title`]: 'Notes sur les prêteurs' } }, revision: 0 });
    expect(saved.status, saved.text).toBe(200);
    const published = await as<Published>(two.a, 'admin', 'POST', `/api/stage-catalogue/${NOTES}/publish`, { note: 'French title', revision: saved.body.revision });
    expect(published.status, published.text).toBe(201);
    expect(published.body).toMatchObject({ version: 2, message: 'Stage version 2 published.' });
  });
});

describe('GET /configs/stages', () => {
  it('offers a stage the moment it is published, and its newest texts, on any instance: the answer is never kept', async () => {
    const before = await as<StageCatalogue>(two.b, 'admin', 'GET', '/api/configs/stages');
    expect(before.status, before.text).toBe(200);
    // Neither the browser nor a proxy may keep it: a publish must show on the next read.
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.body.stages.find((s) => s.slug === NOTES)?.labels?.['fr-FR']).toEqual({ [`stages.${NOTES}.title`]: 'Notes sur les prêteurs' });
    expect(before.body.stages.map((s) => s.slug)).not.toContain(UNPUBLISHED);

    // The dealer is offered the dealer stage, not the internal one.
    const dealer = await as<StageCatalogue>(two.a, 'dealer', 'GET', '/api/configs/stages');
    expect(dealer.body.stages.map((s) => s.slug)).toContain(PANEL);
    expect(dealer.body.stages.map((s) => s.slug)).not.toContain(NOTES);
  });
});

describe('new configs', () => {
  const create = async (app: FastifyInstance, company: string, config: Record<string, unknown>) => {
    const r = await as<ConfigBody>(app, 'admin', 'POST', `/api/companies/${company}/configs`, { config: { design_type: 'custom', ...config } });
    expect(r.status, r.text).toBe(201);
    return r.body;
  };

  it('start with published born stages where the set is every stage, as the shipped stages do whatever their flags; not in a named set', async () => {
    const motors = (await as<ConfigBody[]>(two.a, 'admin', 'GET', '/api/configs?sort=["id","ASC"]')).body.find((c) => c.name === 'Demo Motors website')!;
    const harbourCompany = (await as<ConfigBody[]>(two.a, 'admin', 'GET', '/api/configs?sort=["id","ASC"]')).body.find((c) => c.name === 'Harbour Cars website')!.company.guid;

    // No project type: every stage, the internal born one too (as the internal shipped stage is).
    harbour = await create(two.b, harbourCompany, { name: 'Harbour lenders', project_manager_id: ids.pm });
    const slugs = harbour.stages.map((s) => s.slug);
    expect(slugs).toEqual(expect.arrayContaining([PANEL, NOTES, 'internal-pages', 'setup']));
    expect(slugs).not.toContain(UNPUBLISHED);
    // In their place (both at 475, by slug: after leasing at 470, before the rate book at 480).
    expect(slugs.slice(slugs.indexOf('leasing'), slugs.indexOf('leasing') + 4)).toEqual(['leasing', NOTES, PANEL, 'rate-book']);
    expect(harbour.stages.find((s) => s.slug === PANEL)).toMatchObject({ audience: 'dealer', state: 'draft' });

    // A project type whose set is "all" minus some: it is in; a named set ("core" + stock's): it is not.
    const independent = await create(two.a, motors.company.guid, { name: 'Independent lenders', project_type: 'independent' });
    expect(independent.stages.map((s) => s.slug)).toContain(PANEL);
    expect(independent.stages.map((s) => s.slug)).not.toContain('divisions');
    stock = await create(two.a, motors.company.guid, { name: 'Stock only', project_type: 'stock' });
    expect(stock.stages.map((s) => s.slug)).not.toContain(PANEL);

    // GET /configs/stages says so in its stage sets, to staff and (without the internal one) to dealers.
    const staff = await as<StageCatalogue>(two.b, 'admin', 'GET', '/api/configs/stages');
    expect(staff.body.stage_sets.project_types['multi-franchise-dealer']).toEqual(expect.arrayContaining([PANEL, NOTES]));
    expect(staff.body.stage_sets.project_types.stock).not.toContain(PANEL);
    const dealer = await as<StageCatalogue>(two.b, 'dealer', 'GET', '/api/configs/stages');
    expect(dealer.body.stage_sets.project_types['multi-franchise-dealer']).toContain(PANEL);
    expect(dealer.body.stage_sets.project_types['multi-franchise-dealer']).not.toContain(NOTES);
  });

  it("are judged with the born stage's version: the French dealer saves its lenders", async () => {
    const company = await as<ConfigBody>(two.a, 'dealer2', 'PUT', configPath(harbour), { slug: 'company-information', data: companyInformation, state: 'draft', version: harbour.version });
    expect(company.status, company.text).toBe(200);
    const tooLong = await as<ErrorBody>(two.b, 'dealer2', 'PUT', configPath(harbour), { slug: PANEL, data: { lenders: [{ id: 'ln1', name: 'x'.repeat(61) }] }, state: 'draft', version: company.body.version });
    expect(tooLong.status, tooLong.text).toBe(422);
    expect(tooLong.body.errors).toContainEqual(expect.objectContaining({ field: '/lenders/0/name' }));
    const lenders = { lenders: [{ id: 'ln1', name: 'Acme Finance', fca: '123456' }, { id: 'ln2', name: 'Bolt Credit' }] };
    const saved = await as<ConfigBody>(two.b, 'dealer2', 'PUT', configPath(harbour), { slug: PANEL, data: lenders, state: 'submitted', version: company.body.version });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data[PANEL]).toEqual(lenders);
    harbour = saved.body;
  });
});

describe('comments on a born stage', () => {
  const threads = (app: FastifyInstance, who: Who, path = '', body?: unknown) => as<ReviewThread & ErrorBody>(app, who, body === undefined ? 'GET' : 'POST', `/api/configs/${harbour.id}/threads${path}`, body);

  it("anchor on its fields, also one its data does not hold yet, and follow the row they are on", async () => {
    const body = `${mentionToken({ id: ids.dealer2!, name: 'Hugo Harbour' })}, quel est le numéro FCA ?`;
    // Bolt Credit has no FCA number yet: the born stage's schema has the field.
    const r = await threads(two.b, 'pm', '', { stage: PANEL, pointer: '/lenders/1/fca', body });
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({ stage: PANEL, pointer: '/lenders/1/fca', orphaned: false });

    // A field the stage does not have, or a row nobody added, is refused in words.
    const nowhere = await threads(two.a, 'pm', '', { stage: PANEL, pointer: '/lenders/1/iban', body: 'IBAN?' });
    expect([nowhere.status, nowhere.body.errors?.[0]?.field]).toEqual([422, 'pointer']);
    expect((await threads(two.a, 'pm', '', { stage: PANEL, pointer: '/lenders/5/fca', body: 'Which?' })).status).toBe(422);

    // The row moves first: the thread follows it by its id (the born stage's list has ids).
    const moved = await as<ConfigBody>(two.a, 'admin', 'PUT', configPath(harbour), { slug: PANEL, data: { lenders: [{ id: 'ln2', name: 'Bolt Credit' }, { id: 'ln1', name: 'Acme Finance', fca: '123456' }] }, state: 'submitted', version: harbour.version });
    expect(moved.status, moved.text).toBe(200);
    harbour = moved.body;
    const listed = await as<ReviewThread[]>(two.b, 'dealer2', 'GET', `/api/configs/${harbour.id}/threads?stage=${PANEL}`);
    expect(listed.body.map((t) => t.pointer)).toEqual(['/lenders/0/fca']);
  });

  it("name the stage by its title in the reader's language: French for the French dealer, English for staff", async () => {
    const [note] = await two.database.db.select().from(userNotifications).where(and(eq(userNotifications.userId, ids.dealer2!), eq(userNotifications.event, 'mention'))).orderBy(desc(userNotifications.id)).limit(1);
    expect(note.body).toBe('Sur Panel de prêteurs : @Hugo Harbour, quel est le numéro FCA ?');
    expect(note.link).toBe(`/configurator/${harbour.id}/${PANEL}`);
    const [mail] = await two.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'dealer2@demo.test')).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail.text).toContain('sur Panel de prêteurs de Harbour lenders');

    // The dealer answers: staff (no company, UK English) hear of it with the English title.
    const [thread] = (await as<ReviewThread[]>(two.a, 'dealer2', 'GET', `/api/configs/${harbour.id}/threads?stage=${PANEL}`)).body;
    const reply = await as(two.b, 'dealer2', 'POST', `/api/configs/${harbour.id}/threads/${thread.id}/comments`, { body: 'FR123' });
    expect(reply.status, reply.text).toBe(201);
    const [told] = await two.database.db.select().from(userNotifications).where(and(eq(userNotifications.userId, ids.pm!), eq(userNotifications.event, 'reply'))).orderBy(desc(userNotifications.id)).limit(1);
    expect(told.title).toBe('Hugo Harbour replied on Lender panel of Harbour lenders');
  });

  it('a request for changes names it too, in French', async () => {
    const r = await as<ChangeRequestAnswer & ErrorBody>(two.a, 'pm', 'POST', `/api/configs/${harbour.id}/stages/${PANEL}/request-changes`, { message: 'Merci de compléter.' });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ stage: PANEL, state: 'draft' });
    const [note] = await two.database.db.select().from(userNotifications).where(and(eq(userNotifications.userId, ids.dealer2!), eq(userNotifications.event, 'changes_requested'))).orderBy(desc(userNotifications.id)).limit(1);
    expect(note.title).toBe('Modifications demandées sur Panel de prêteurs de Harbour lenders');
  });
});

describe("a config's history", () => {
  it("lists the born stage's saves; the internal born stage's only to staff", async () => {
    const c = (await as<ConfigBody>(two.a, 'admin', 'GET', `/api/configs/${harbour.id}`)).body;
    const notes = await as<ConfigBody>(two.b, 'admin', 'PUT', configPath(c), { slug: NOTES, data: { note: 'Prefers Acme' }, state: 'draft', version: c.version });
    expect(notes.status, notes.text).toBe(200);

    const panel = await as<History>(two.a, 'dealer2', 'GET', `${configPath(c)}/history?stage=${PANEL}`);
    expect(panel.status, panel.text).toBe(200);
    expect(panel.body.data.map((r) => r.action)).toEqual(['request_changes', 'save', 'save']);
    expect(panel.body.data.map((r) => r.stage)).toEqual([PANEL, PANEL, PANEL]);

    const dealerAll = await as<History>(two.b, 'dealer2', 'GET', `${configPath(c)}/history`);
    expect(dealerAll.body.data.map((r) => r.stage)).not.toContain(NOTES);
    const staffAll = await as<History>(two.b, 'admin', 'GET', `${configPath(c)}/history`);
    expect(staffAll.body.data[0]).toMatchObject({ stage: NOTES, changed_stages: [NOTES] });
    expect(staffAll.body.total).toBe(dealerAll.body.total + 1);
  });

  it('of a config that never had the born stage is empty for it, as for a shipped stage; an unpublished or unknown stage is a 404', async () => {
    const never = await as<History>(two.a, 'admin', 'GET', `${configPath(stock)}/history?stage=${PANEL}`);
    expect(never.status, never.text).toBe(200);
    expect(never.body).toMatchObject({ data: [], total: 0 });
    expect((await as(two.b, 'admin', 'GET', `${configPath(stock)}/history?stage=${UNPUBLISHED}`)).status).toBe(404);
    expect((await as(two.b, 'admin', 'GET', `${configPath(stock)}/history?stage=no-such-stage`)).status).toBe(404);
  });
});

describe('reminders of stages waiting', () => {
  it("list the born dealer stage by its French title, never the internal one", async () => {
    // Only Harbour reminds, as a company still filling its configs, three quiet days after its last save.
    await two.database.db.update(companies).set({ reminderDays: null });
    await two.database.db.update(companies).set({ reminderDays: 3, stage: 'configurator' }).where(eq(companies.id, harbour.company.id));
    const now = new Date(Date.now() + 30 * 86_400_000);
    // Both instances sweep at once: each person is reminded once.
    await Promise.all([sweepStageReminders(two.a, now), sweepStageReminders(two.b, now)]);
    const mails = await two.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, 'dealer2@demo.test'), like(mailOutbox.text, '%Harbour lenders%'), like(mailOutbox.subject, '%Harbour lenders%')));
    const reminders = mails.filter((m) => m.text.includes('\n- '));
    expect(reminders).toHaveLength(1);
    expect(reminders[0].text).toContain('\n- Panel de prêteurs\n');
    expect(reminders[0].text).not.toMatch(/lender-|Lender notes/);
  });
});

describe('products', () => {
  it('may name a published born stage; an unpublished one is refused as an unknown stage is', async () => {
    const ok = await as<{ stages: string[] }>(two.b, 'admin', 'POST', '/api/products', { name: 'Lender panel setup', stages: [PANEL, 'leasing'] });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.stages).toEqual([PANEL, 'leasing']);
    const draft = await as<ErrorBody>(two.a, 'admin', 'POST', '/api/products', { name: 'Not yet', stages: [PANEL, UNPUBLISHED] });
    expect(draft.status, draft.text).toBe(422);
    expect(draft.body).toMatchObject({ message: 'Please choose existing configurator stages.', errors: [{ field: 'stages' }] });
  });
});
