// Configs pinned to stage versions (issue 31, server/catalogue/README.md "Pinned configs" and
// "Upgrading configs") on a real server and database: a config keeps the version it started with,
// a new config gets the newest, the server judges each with its own version's compiled
// validators (served to browsers as a module by hash), and staff move configs to a later version
// after a dry run, through the stage write, with nothing dropped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PinnedVersion, Published, UpgradeAnswer, UpgradePlanAnswer } from '../../../contract/catalogue';
import { stageFiles } from '../../../engine';
import { call } from '../helpers';
import { companyInformation, configPath, newConfig, writeStages, type ConfigBody } from '../configs-helpers';
import { adminWorld, type AdminWorld, type ErrorBody, type Who } from '../adminconfigs/adminconfigs-helpers';

let w: AdminWorld;
beforeAll(async () => {
  w = await adminWorld();
}, 120_000);
afterAll(async () => {
  await w?.close();
});

type StageFile = { slug: string; schema: { properties: Record<string, Record<string, unknown>>; required?: string[] }; defaults: Record<string, unknown> };
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** Key contact with a required "best time to call" of at most `max` characters. */
function keyContactWithTime(max: number): StageFile {
  const file = clone(stageFiles['key-contact']) as StageFile;
  file.schema.properties.preferredContactTime = { type: 'string', title: 'configurator:fields.preferredContactTime', maxLength: max };
  file.schema.required = [...(file.schema.required ?? []), 'preferredContactTime'];
  return file;
}

async function publish(file: StageFile, note: string): Promise<Published> {
  const stage = await w.as<{ draft: { revision: number } | null }>('admin', 'GET', '/api/stage-catalogue/key-contact');
  const saved = await w.as<{ revision: number; problems: unknown[]; validator: string | null; validator_key: string | null }>('admin', 'PUT', '/api/stage-catalogue/key-contact/draft', {
    file,
    labels: { 'en-GB': { 'fields.preferredContactTime': 'Best time to call' }, 'fr-FR': { 'fields.preferredContactTime': 'Meilleur moment pour appeler' } },
    revision: stage.body.draft?.revision ?? 0,
  });
  expect(saved.status, saved.text).toBe(200);
  expect(saved.body.problems).toEqual([]);
  // A draft that could be published comes with its validators, for the editor's preview.
  expect(saved.body.validator_key).toMatch(/^key-contact@draft-[0-9a-f]{12}$/);
  const module = await call(w.server, 'GET', `/api${saved.body.validator}`);
  expect(module.status).toBe(200);
  expect(module.text).toContain(`"stage:${saved.body.validator_key}"`);
  const r = await w.as<Published>('admin', 'POST', '/api/stage-catalogue/key-contact/publish', { note, revision: saved.body.revision });
  expect(r.status, r.text).toBe(201);
  return r.body;
}

const contact = { name: 'Jo Bloggs', email: 'jo@example.test', telephone: '01234 567890', mobile: '', position: 'Dealer principal' };
const stageOf = (c: ConfigBody, slug: string) => c.stages.find((s) => s.slug === slug) as (ConfigBody['stages'][number] & { version: number }) | undefined;
const read = async (who: Who, c: ConfigBody) => (await w.as<ConfigBody>(who, 'GET', configPath(c))).body;

describe('configs pinned to stage versions', () => {
  let v2: Published;
  let fresh: ConfigBody;
  /** Started before version 2, its key contact submitted. */
  let older: ConfigBody;

  beforeAll(async () => {
    older = await newConfig(w.server, await w.token('admin'), w.motors.company.guid, 'Started on version 1');
    older = await writeStages(w.server, await w.token('dealer'), older, [
      { slug: 'company-information', data: companyInformation, state: 'draft' },
      { slug: 'key-contact', data: { keyContact: contact }, state: 'submitted' },
    ]);
    v2 = await publish(keyContactWithTime(40), 'Ask for the best time to call');
  });

  it('compiles the version as it is published and serves its validators as a module any page may import', async () => {
    expect(v2.version).toBe(2);
    expect(v2.validator).toMatch(/^\/stage-validators\/[0-9a-f]{32}\.js$/);
    // No sign-in: a module import carries no bearer token (the hash is the secret-free address).
    const js = await call(w.server, 'GET', `/api${v2.validator}`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(js.headers.get('cache-control')).toContain('immutable');
    expect(js.text).toMatch(/^\/\/ Validators of a configurator stage version/);
    expect(js.text).toMatch(/"stage:key-contact@2-[0-9a-f]{12}"/);
    expect((await call(w.server, 'GET', `/api/stage-validators/${'0'.repeat(32)}.js`)).status).toBe(404);

    // A dealer's page reads the version whole: its file, texts and validators.
    const version = await w.as<PinnedVersion>('dealer', 'GET', '/api/stage-versions/key-contact/2');
    expect(version.status, version.text).toBe(200);
    expect(version.body.key).toMatch(/^key-contact@2-[0-9a-f]{12}$/);
    expect(js.text).toContain(`"stage:${version.body.key}"`);
    expect(version.body).toMatchObject({ slug: 'key-contact', version: 2, validator: v2.validator, labels: { 'fr-FR': { 'fields.preferredContactTime': 'Meilleur moment pour appeler' } } });
    expect((version.body.file as StageFile).schema.properties.preferredContactTime).toMatchObject({ maxLength: 40 });
    expect((await w.as('anonymous', 'GET', '/api/stage-versions/key-contact/2')).status).toBe(401);
    expect((await w.as('dealer', 'GET', '/api/stage-versions/key-contact/9')).status).toBe(404);
    expect((await w.as('dealer', 'GET', '/api/stage-versions/key-contact/1')).status).toBe(404);
  });

  it('keeps a config on the version it started with: the new field is refused there, not stored', async () => {
    const before = await read('admin', older);
    expect(stageOf(before, 'key-contact')?.version).toBe(1);
    expect(stageOf(await read('dealer', w.motors), 'key-contact')?.version).toBe(1);
    const r = await w.as<ErrorBody>('admin', 'PUT', configPath(before), {
      slug: 'key-contact', state: 'submitted', version: before.version, data: { keyContact: contact, preferredContactTime: 'Mornings' },
    });
    expect(r.status, r.text).toBe(422);
    expect((await read('admin', older)).version).toBe(before.version);
  });

  it('starts a new config on the newest version, and judges its data with that version', async () => {
    const token = await w.token('admin');
    fresh = await newConfig(w.server, token, w.motors.company.guid, 'Pinned to version 2');
    expect(stageOf(fresh, 'key-contact')?.version).toBe(2);
    expect(stageOf(fresh, 'franchises')?.version).toBe(1);
    fresh = await writeStages(w.server, await w.token('dealer'), fresh, [{ slug: 'company-information', data: companyInformation, state: 'draft' }]);

    const tooLong = await w.as<ErrorBody>('dealer', 'PUT', configPath(fresh), {
      slug: 'key-contact', state: 'draft', version: fresh.version, data: { keyContact: contact, preferredContactTime: 'x'.repeat(41) },
    });
    expect(tooLong.status, tooLong.text).toBe(422);
    // The version's own text names the field.
    expect(tooLong.body.errors).toContainEqual({ detail: expect.stringMatching(/Best time to call|40/), field: '/preferredContactTime' });

    const ok = await w.as<ConfigBody>('dealer', 'PUT', configPath(fresh), {
      slug: 'key-contact', state: 'draft', version: fresh.version, data: { keyContact: contact, preferredContactTime: 'Mornings' },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.data['key-contact']).toMatchObject({ preferredContactTime: 'Mornings' });
    fresh = ok.body;
  });

  it('counts the configs on each version', async () => {
    const rows = (await w.as<Array<{ slug: string; versions: Array<{ version: number; configs: number }>; configs: number }>>('admin', 'GET', '/api/stage-catalogue')).body;
    const row = rows.find((r) => r.slug === 'key-contact')!;
    expect(row.versions.find((v) => v.version === 2)?.configs).toBe(1);
    expect(row.versions.find((v) => v.version === 1)?.configs).toBe(row.configs - 1);
  });

  it('dry-runs an upgrade per config without writing anything, then upgrades through the stage write', async () => {
    const before = await read('admin', older);
    const motors = await read('admin', w.motors);
    const plan = await w.as<UpgradePlanAnswer>('admin', 'GET', '/api/stage-catalogue/key-contact/upgrade?to=2');
    expect(plan.status, plan.text).toBe(200);
    expect(plan.body.new_fields['1']).toEqual(['/preferredContactTime']);
    expect(plan.body.removed_fields['1']).toEqual([]);
    expect(plan.body.configs.some((c) => c.id === fresh.id)).toBe(false);
    // Submitted without the new required value: the stage would go back to the dealer as a draft.
    expect(plan.body.configs.find((c) => c.id === before.id)).toMatchObject({ from: 1, state: 'submitted', outcome: 'needs_input', name: 'Started on version 1', company: { name: 'Demo Motors' } });
    // Completed stages must be re-submitted, never returned to a draft: not upgraded until the value is there.
    const completed = plan.body.configs.find((c) => c.id === motors.id)!;
    expect(completed).toMatchObject({ from: 1, state: 'completed', outcome: 'invalid' });
    expect(completed.errors).toContainEqual({ detail: 'The Best time to call field must be filled in', field: '/preferredContactTime' });
    expect((await read('admin', older)).version).toBe(before.version);

    const up = await w.as<UpgradeAnswer>('admin', 'POST', '/api/stage-catalogue/key-contact/upgrade', { version: 2, configs: [before.id, motors.id] });
    expect(up.status, up.text).toBe(200);
    expect(up.body).toMatchObject({ upgraded: [before.id], refused: [{ id: motors.id }], message: '1 config(s) moved to version 2.' });
    expect(stageOf(await read('admin', w.motors), 'key-contact')?.version).toBe(1);
    const after = await read('admin', older);
    expect(stageOf(after, 'key-contact')).toMatchObject({ version: 2, state: 'draft' });
    expect(after.version).toBe(before.version + 1);
    // Its data is kept as it was.
    expect(after.data['key-contact']?.keyContact).toEqual(before.data['key-contact']?.keyContact);
    const history = await w.as<{ data: Array<{ action: string; stage: string; source: string | null }> }>('admin', 'GET', `${configPath(after)}/history?stage=key-contact`);
    expect(history.body.data[0]).toMatchObject({ action: 'upgrade', stage: 'key-contact', source: '2' });

    // Now the dealer fills the new field, judged by version 2, and submits.
    const filled = await w.as<ConfigBody>('dealer', 'PUT', configPath(after), {
      slug: 'key-contact', state: 'submitted', version: after.version, data: { ...after.data['key-contact'], preferredContactTime: 'Afternoons' },
    });
    expect(filled.status, filled.text).toBe(200);
  });

  it('refuses to upgrade a config whose data the new version would not accept, and says why', async () => {
    await publish(keyContactWithTime(5), 'Shorter answers');
    const plan = await w.as<UpgradePlanAnswer>('admin', 'GET', '/api/stage-catalogue/key-contact/upgrade?to=3');
    const row = plan.body.configs.find((c) => c.id === fresh.id)!;
    expect(row).toMatchObject({ from: 2, outcome: 'invalid' });
    expect(row.errors).toContainEqual(expect.objectContaining({ field: '/preferredContactTime' }));
    const up = await w.as<ErrorBody>('admin', 'POST', '/api/stage-catalogue/key-contact/upgrade', { version: 3, configs: [fresh.id] });
    expect(up.status, up.text).toBe(422);
    expect(up.body.errors?.[0]).toMatchObject({ field: '/preferredContactTime' });
    const still = await read('admin', fresh);
    expect(stageOf(still, 'key-contact')?.version).toBe(2);
    expect(still.data['key-contact']).toMatchObject({ preferredContactTime: 'Mornings' });
  });

  it('checks a file without saving it, for the editor as staff type', async () => {
    const broken = keyContactWithTime(40);
    (broken as unknown as { rules: unknown[] }).rules = [{ id: 'x', description: 'x', target: '/key-contact/nowhere', logic: { var: 'value' } }];
    const r = await w.as<{ problems: Array<{ detail: string; field?: string }>; missing_translations: unknown[] }>('admin', 'POST', '/api/stage-catalogue/key-contact/check', { file: broken, labels: {} });
    expect(r.status, r.text).toBe(200);
    expect(r.body.problems.map((p) => p.field)).toContain('/rules/0/target');
    expect(r.body.missing_translations.length).toBeGreaterThan(0);
    const stage = await w.as<{ draft: { revision: number } | null }>('admin', 'GET', '/api/stage-catalogue/key-contact');
    expect(stage.body.draft).toBeNull();
    expect((await w.as('dealer', 'POST', '/api/stage-catalogue/key-contact/check', { file: broken })).status).toBe(403);
  });

  it('lets only catalogue editors dry-run and upgrade', async () => {
    for (const who of ['dealer', 'pm', 'manager'] as Who[]) {
      expect((await w.as(who, 'GET', '/api/stage-catalogue/key-contact/upgrade?to=2')).status, who).toBe(403);
      expect((await w.as(who, 'POST', '/api/stage-catalogue/key-contact/upgrade', { version: 2, configs: [fresh.id] })).status, who).toBe(403);
    }
    expect((await w.as('anonymous', 'GET', '/api/stage-catalogue/key-contact/upgrade?to=2')).status).toBe(401);
    expect((await w.as('admin', 'GET', '/api/stage-catalogue/key-contact/upgrade?to=9')).status).toBe(404);
  });
});
