// Stages born in the editor (issue 56, server/catalogue/README.md "Born stages"), on a real
// database with two app instances on it (as behind a balancer): staff create a "Finance" stage from
// nothing, give it a field, publish its version 1 (stored: it has no file), the other instance
// knows it at once, it is added to a config, a dealer reads and saves it (judged by its compiled
// validators), then version 2 and the upgrade. Refusals: bad, shipped and taken slugs, no English
// title, an unknown section, no permission; unpublished and unknown stages cannot be added.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueRow, EditableStage, PinnedVersion, Published, StageDraft, UpgradeAnswer, UpgradePlanAnswer } from '../../../contract/catalogue';
import type { NewStageAnswer } from '../../../contract/born-stages';
import type { StageCatalogue } from '../../../contract/configs';
import { hashPassword } from '../../../server/auth/auth.passwords';
import { configs, stageDrafts, stageVersions } from '../../../server/db/schema';
import { openTwoInstances, type TwoInstances } from '../../support/instances';
import { DEMO_PASSWORD, type TestServer } from '../../support/server';
import type { ConfigBody } from '../configs-helpers';
import { userWithRole } from '../roles-helpers';

type ErrorBody = { message: string; errors?: Array<{ detail: string; field?: string }> };
type Who = 'admin' | 'dealer' | 'manager';
type StageFile = { slug: string; title: string; section: string; order: number; requires: string[]; schema: { type: string; properties: Record<string, unknown>; required?: string[] }; labels?: unknown };

const SLUG = 'finance-options';
let two: TwoInstances;
const tokens: Partial<Record<Who, string>> = {};
let motors: ConfigBody;

async function as<T = Record<string, unknown>>(app: FastifyInstance, who: Who | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  const r = await app.inject({ method, url, headers: who ? { authorization: `Bearer ${tokens[who]}` } : {}, ...(body === undefined ? {} : { payload: body as Record<string, unknown> }) });
  return { status: r.statusCode, text: r.body, body: (r.body ? JSON.parse(r.body) : null) as T };
}
const newStage = (over: Record<string, unknown> = {}) => ({
  slug: SLUG,
  section: 'configurator:sections.finance',
  order: 355,
  audience: 'dealer',
  required: false,
  title: { 'en-GB': 'Finance options', 'fr-FR': 'Options de financement' },
  ...over,
});
const configPath = (c: ConfigBody) => `/api/companies/${c.company.guid}/configs/${c.guid}`;

beforeAll(async () => {
  two = await openTwoInstances();
  // A role made for the test that runs configs but may not edit the catalogue.
  const server = { database: two.database } as Pick<TestServer, 'database'> as TestServer;
  await userWithRole(server, 'manager@born.test', 'Born Config Manager', ['manage configs', 'view configs'], await hashPassword(DEMO_PASSWORD));
  tokens.admin = await two.tokenOf('admin@demo.test');
  tokens.dealer = await two.tokenOf('dealer@demo.test');
  tokens.manager = await two.tokenOf('manager@born.test');
  const list = await as<ConfigBody[]>(two.a, 'admin', 'GET', '/api/configs?sort=["id","ASC"]');
  const found = list.body.find((c) => c.name === 'Demo Motors website')!;
  motors = (await as<ConfigBody>(two.a, 'admin', 'GET', `/api/configs/${found.id}`)).body;
}, 120_000);
afterAll(() => two?.close());

describe('a stage born in the editor', () => {
  it('is refused with a bad, shipped or taken slug, without an English title or a known section, and to those without the permission', async () => {
    const a = two.a;
    const bad = await as<ErrorBody>(a, 'admin', 'POST', '/api/stage-catalogue', newStage({ slug: 'Finance Options!' }));
    expect(bad.status, bad.text).toBe(400);
    expect(bad.body.message).toBeTruthy();

    const shipped = await as<ErrorBody>(a, 'admin', 'POST', '/api/stage-catalogue', newStage({ slug: 'leasing' }));
    expect(shipped.status, shipped.text).toBe(409);
    expect(shipped.body).toMatchObject({ message: 'The portal already has a stage named "leasing": choose another name.', errors: [{ field: 'slug' }] });

    const untitled = await as<ErrorBody>(a, 'admin', 'POST', '/api/stage-catalogue', newStage({ title: { 'en-GB': '  ', 'fr-FR': 'Options' } }));
    expect(untitled.status, untitled.text).toBe(422);
    expect(untitled.body).toMatchObject({ message: 'Please give the stage an English title.', errors: [{ field: 'title/en-GB' }] });

    const section = await as<ErrorBody>(a, 'admin', 'POST', '/api/stage-catalogue', newStage({ section: 'configurator:sections.nowhere' }));
    expect(section.status, section.text).toBe(422);
    expect(section.body.message).toBe('Choose one of the sections the configurator has.');

    expect((await as(a, 'manager', 'POST', '/api/stage-catalogue', newStage())).status).toBe(403);
    expect((await as(a, 'dealer', 'POST', '/api/stage-catalogue', newStage())).status).toBe(403);
    expect((await as(a, null, 'POST', '/api/stage-catalogue', newStage())).status).toBe(401);
    // Nothing was made by the refusals.
    expect(await two.database.db.select().from(stageDrafts).where(eq(stageDrafts.slug, SLUG))).toEqual([]);
  });

  it('starts as a valid draft of a minimal file, known at once to the other instance', async () => {
    const made = await as<NewStageAnswer>(two.a, 'admin', 'POST', '/api/stage-catalogue', newStage());
    expect(made.status, made.text).toBe(201);
    expect(made.body).toEqual({ slug: SLUG, message: 'New stage created: add its fields, then publish it.' });

    const again = await as<ErrorBody>(two.a, 'admin', 'POST', '/api/stage-catalogue', newStage());
    expect(again.status, again.text).toBe(409);
    expect(again.body.message).toBe(`A stage named "${SLUG}" already exists: choose another name, or open that stage.`);

    // The other instance lists it beside the shipped stages, in its place, with no version yet.
    const list = await as<CatalogueRow[]>(two.b, 'admin', 'GET', '/api/stage-catalogue');
    expect(list.status, list.text).toBe(200);
    const row = list.body.find((r) => r.slug === SLUG);
    expect(row).toMatchObject({ title: `configurator:stages.${SLUG}.title`, audience: 'dealer', version: 0, versions: [], configs: 0, draft: { revision: 1 } });
    expect(list.body.find((r) => r.slug === 'leasing')?.version).toBe(1);

    const stage = await as<EditableStage>(two.b, 'admin', 'GET', `/api/stage-catalogue/${SLUG}`);
    expect(stage.status, stage.text).toBe(200);
    expect(stage.body).toMatchObject({ slug: SLUG, version: 0, versions: [] });
    const draft = stage.body.draft!;
    expect(draft.problems).toEqual([]);
    expect(draft.base_version).toBe(0);
    expect(draft.file).toMatchObject({ slug: SLUG, title: `configurator:stages.${SLUG}.title`, section: 'configurator:sections.finance', order: 355, requires: ['company-information'], audience: 'dealer', required: false, rules: [], checks: [], defaults: {}, uiSchema: {} });
    expect(draft.labels).toEqual({ 'en-GB': { [`stages.${SLUG}.title`]: 'Finance options' }, 'fr-FR': { [`stages.${SLUG}.title`]: 'Options de financement' } });
    // Dutch has no title yet: listed, not refused (it falls back to English).
    expect(draft.missing_translations).toContainEqual({ locale: 'nl-NL', key: `stages.${SLUG}.title` });
  });

  it('cannot be added to a config before it is published; an unknown stage never can', async () => {
    expect((await as(two.a, 'admin', 'POST', `/api/configs/${motors.guid}/stage/add/${SLUG}`, {})).status).toBe(404);
    expect((await as(two.a, 'admin', 'POST', `/api/configs/${motors.guid}/stage/add/no-such-stage`, {})).status).toBe(404);
    expect((await as(two.a, 'dealer', 'GET', `/api/stage-versions/${SLUG}/1`)).status).toBe(404);
  });

  it('is edited and published as version 1, stored in the database', async () => {
    const current = (await as<EditableStage>(two.a, 'admin', 'GET', `/api/stage-catalogue/${SLUG}`)).body.draft!;
    const file = JSON.parse(JSON.stringify(current.file)) as StageFile;
    file.schema.properties.provider = { type: 'string', title: 'configurator:fields.financeProvider', maxLength: 60 };
    file.schema.properties.deposit = { type: 'integer', title: 'configurator:fields.financeDeposit', minimum: 0, maximum: 100 };
    file.schema.required = ['provider'];
    const labels = {
      ...current.labels,
      'en-GB': { ...current.labels['en-GB'], 'fields.financeProvider': 'Finance provider', 'fields.financeDeposit': 'Deposit (%)' },
      'fr-FR': { ...current.labels['fr-FR'], 'fields.financeProvider': 'Organisme de financement', 'fields.financeDeposit': 'Acompte (%)' },
    };
    const saved = await as<StageDraft>(two.b, 'admin', 'PUT', `/api/stage-catalogue/${SLUG}/draft`, { file, labels, revision: current.revision });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.problems).toEqual([]);

    const published = await as<Published>(two.a, 'admin', 'POST', `/api/stage-catalogue/${SLUG}/publish`, { note: 'A new stage for finance', revision: saved.body.revision });
    expect(published.status, published.text).toBe(201);
    expect(published.body).toMatchObject({ slug: SLUG, version: 1, message: "Stage version 1 published. It is the stage's first version: add it to configs so dealers see it." });
    const rows = await two.database.db.select().from(stageVersions).where(eq(stageVersions.slug, SLUG));
    expect(rows.map((r) => r.version)).toEqual([1]);

    const stage = await as<EditableStage>(two.b, 'admin', 'GET', `/api/stage-catalogue/${SLUG}`);
    expect(stage.body).toMatchObject({ version: 1, draft: null, title: `configurator:stages.${SLUG}.title` });
    expect(stage.body.versions.map((v) => [v.version, v.note])).toEqual([[1, 'A new stage for finance']]);
    const one = await as(two.b, 'admin', 'GET', `/api/stage-catalogue/${SLUG}/versions/1`);
    expect(one.status, one.text).toBe(200);
    expect(one.body).toMatchObject({ version: 1, note: 'A new stage for finance', file: { slug: SLUG } });
  });

  it('is offered to staff by the other instance, added to a config on its version 1, and listed in its section', async () => {
    const offered = await as<StageCatalogue>(two.b, 'admin', 'GET', '/api/configs/stages');
    expect(offered.status, offered.text).toBe(200);
    const entry = offered.body.stages.find((s) => s.slug === SLUG);
    expect(entry).toMatchObject({ title: `configurator:stages.${SLUG}.title`, group: 'configurator:sections.finance', audience: 'dealer', order: 355, requires: ['company-information'] });
    expect(entry?.labels?.['fr-FR']).toMatchObject({ [`stages.${SLUG}.title`]: 'Options de financement' });

    const added = await as<ConfigBody>(two.b, 'admin', 'POST', `/api/configs/${motors.guid}/stage/add/${SLUG}`, {});
    expect(added.status, added.text).toBe(200);
    const [row] = await two.database.db.select({ pins: configs.stageVersions, stages: configs.stages }).from(configs).where(eq(configs.guid, motors.guid));
    expect(row.pins[SLUG]).toBe(1);
    expect(row.stages).toContain(SLUG);

    // The dealer's dashboard lists it in its section, on version 1.
    const seen = await as<ConfigBody>(two.a, 'dealer', 'GET', configPath(motors));
    expect(seen.status, seen.text).toBe(200);
    expect(seen.body.stages.find((s) => s.slug === SLUG)).toMatchObject({ group: 'configurator:sections.finance', version: 1, state: 'draft', open: true });
    motors = seen.body;

    // The dealer's page reads the version whole, and its validators by their address.
    const version = await as<PinnedVersion>(two.a, 'dealer', 'GET', `/api/stage-versions/${SLUG}/1`);
    expect(version.status, version.text).toBe(200);
    expect(version.body.key).toMatch(new RegExp(`^${SLUG}@1-[0-9a-f]{12}$`));
    expect(version.body.labels['en-GB']).toMatchObject({ 'fields.financeDeposit': 'Deposit (%)' });
    const js = await two.b.inject({ method: 'GET', url: `/api${version.body.validator}` });
    expect(js.statusCode).toBe(200);
    expect(js.body).toContain(`"stage:${version.body.key}"`);
  });

  it("judges the dealer's data with its validators: valid data is saved, invalid data is a 422 naming the field", async () => {
    const bad = await as<ErrorBody>(two.b, 'dealer', 'PUT', configPath(motors), { slug: SLUG, state: 'draft', version: motors.version, data: { provider: 'Acme Finance', deposit: 150 } });
    expect(bad.status, bad.text).toBe(422);
    expect(bad.body.errors).toContainEqual({ detail: expect.stringMatching(/Deposit \(%\)|100/), field: '/deposit' });

    const missing = await as<ErrorBody>(two.b, 'dealer', 'PUT', configPath(motors), { slug: SLUG, state: 'submitted', version: motors.version, data: { deposit: 10 } });
    expect(missing.status, missing.text).toBe(422);
    expect(missing.body.errors).toContainEqual(expect.objectContaining({ field: '/provider' }));

    const ok = await as<ConfigBody>(two.a, 'dealer', 'PUT', configPath(motors), { slug: SLUG, state: 'submitted', version: motors.version, data: { provider: 'Acme Finance', deposit: 10 } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.data[SLUG]).toEqual({ provider: 'Acme Finance', deposit: 10 });
    expect(ok.body.stages.find((s) => s.slug === SLUG)).toMatchObject({ state: 'submitted', done: true });
    motors = ok.body;

    // Its history lists the save (the dealer may see the stage).
    const history = await as<{ data: Array<{ changed_stages: string[] }> }>(two.b, 'dealer', 'GET', `${configPath(motors)}/history?stage=${SLUG}`);
    expect(history.status, history.text).toBe(200);
    expect(history.body.data[0].changed_stages).toContain(SLUG);
  });

  it('publishes version 2 and upgrades the config to it', async () => {
    const current = (await as<EditableStage>(two.a, 'admin', 'GET', `/api/stage-catalogue/${SLUG}`)).body;
    const file = JSON.parse(JSON.stringify(current.file)) as StageFile;
    file.schema.properties.term = { type: 'integer', title: 'configurator:fields.financeTerm', minimum: 12, maximum: 60 };
    const labels = { ...current.labels, 'en-GB': { ...current.labels['en-GB'], 'fields.financeTerm': 'Term (months)' } };
    const saved = await as<StageDraft>(two.a, 'admin', 'PUT', `/api/stage-catalogue/${SLUG}/draft`, { file, labels, revision: 0 });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.base_version).toBe(1);
    const published = await as<Published>(two.b, 'admin', 'POST', `/api/stage-catalogue/${SLUG}/publish`, { note: 'Adds the term', revision: saved.body.revision });
    expect(published.status, published.text).toBe(201);
    expect(published.body.version).toBe(2);

    const plan = await as<UpgradePlanAnswer>(two.a, 'admin', 'GET', `/api/stage-catalogue/${SLUG}/upgrade?to=2`);
    expect(plan.status, plan.text).toBe(200);
    expect(plan.body.configs.find((c) => c.guid === motors.guid)).toMatchObject({ from: 1, outcome: 'fits' });
    expect(plan.body.new_fields['1']).toEqual(['/term']);

    const up = await as<UpgradeAnswer>(two.b, 'admin', 'POST', `/api/stage-catalogue/${SLUG}/upgrade`, { version: 2, configs: [motors.id] });
    expect(up.status, up.text).toBe(200);
    expect(up.body.upgraded).toEqual([motors.id]);
    const seen = await as<ConfigBody>(two.a, 'dealer', 'GET', configPath(motors));
    expect(seen.body.stages.find((s) => s.slug === SLUG)).toMatchObject({ version: 2 });
    const rows = await two.database.db.select({ v: stageVersions.version }).from(stageVersions).where(and(eq(stageVersions.slug, SLUG)));
    expect(rows.map((r) => r.v).sort()).toEqual([1, 2]);

    // Back to version 1 (a rollback publishes it as 3), and the config may be moved down again: its pin is kept, never dropped.
    const down = await as<UpgradeAnswer>(two.a, 'admin', 'POST', `/api/stage-catalogue/${SLUG}/upgrade`, { version: 1, configs: [motors.id] });
    expect(down.status, down.text).toBe(200);
    const [row] = await two.database.db.select({ pins: configs.stageVersions }).from(configs).where(eq(configs.guid, motors.guid));
    expect(row.pins[SLUG]).toBe(1);
    const again = await as<ConfigBody>(two.b, 'dealer', 'GET', configPath(motors));
    expect(again.body.stages.find((s) => s.slug === SLUG)).toMatchObject({ version: 1 });
  });
});
