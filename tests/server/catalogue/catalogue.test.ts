// The stage catalogue staff edit (issue 31, server/catalogue/README.md) on a real server and
// database: the built-in files as version 1, a shared draft guarded by its revision, publish with
// a note (the texts a locale lacks listed first), refusals with the file's pointers, rollback, the
// diff, immutable versions, and who may call it (roles made for the test and the demo roles).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueRow, EditableStage, Published, StageDiff, StageDraft, StageVersion } from '../../../contract/catalogue';
import { stageFiles } from '../../../engine';
import { configs, stageVersions } from '../../../server/db/schema';
import { adminWorld, EVERYONE, type AdminWorld, type ErrorBody, type Who } from '../adminconfigs/adminconfigs-helpers';

let w: AdminWorld;
beforeAll(async () => {
  w = await adminWorld();
}, 120_000);
afterAll(async () => {
  await w?.close();
});

const EDIT: Who[] = ['admin', 'layouts', 'harbourLayouts'];
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
type StageFile = { slug: string; schema: { properties: Record<string, unknown> }; uiSchema: Record<string, unknown>; rules: Array<Record<string, unknown>> };
const builtIn = (slug: string) => clone(stageFiles[slug]) as StageFile;

/** The key contact stage with one more field, titled by a new text. */
function withNoteField() {
  const file = builtIn('key-contact');
  file.schema.properties.preferredContactTime = { type: 'string', title: 'configurator:fields.preferredContactTime', maxLength: 100 };
  return file;
}

describe('the catalogue', () => {
  it('lists every stage at version 1 with the configs that have it', async () => {
    const r = await w.as<CatalogueRow[]>('admin', 'GET', '/api/stage-catalogue');
    expect(r.status).toBe(200);
    expect(r.body.map((s) => s.slug).sort()).toEqual(Object.keys(stageFiles).sort());
    const [{ n }] = await w.server.database.db.select({ n: sql<number>`count(*)::int` }).from(configs).where(sql`'franchises' = ANY(${configs.stages})`);
    const franchises = r.body.find((s) => s.slug === 'franchises')!;
    expect(franchises).toMatchObject({ version: 1, configs: n, draft: null, versions: [{ version: 1, configs: n }] });
    expect(n).toBeGreaterThan(0);
  });

  it("drafts, lists the texts a locale lacks, publishes with a note, and shows the versions, one whole and the diff", async () => {
    const file = withNoteField();
    const saved = await w.as<StageDraft & { message: string }>('admin', 'PUT', '/api/stage-catalogue/key-contact/draft', {
      file,
      labels: { 'en-GB': { 'fields.preferredContactTime': 'Best time to call' }, 'fr-FR': { 'fields.preferredContactTime': 'Meilleur moment pour appeler' } },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ revision: 1, base_version: 1, problems: [], message: 'Draft saved.' });
    // English and French are given; the other five locales lack the new text (and only it).
    const missing = saved.body.missing_translations;
    expect(missing.every((x) => x.key === 'fields.preferredContactTime')).toBe(true);
    expect(missing.map((x) => x.locale).sort()).toEqual(['en-AU', 'en-ZA', 'fr-BE', 'nl-BE', 'nl-NL']);

    const listed = (await w.as<CatalogueRow[]>('admin', 'GET', '/api/stage-catalogue')).body.find((s) => s.slug === 'key-contact')!;
    expect(listed.draft).toMatchObject({ revision: 1, updated_by: { name: expect.any(String) } });

    const published = await w.as<Published>('admin', 'POST', '/api/stage-catalogue/key-contact/publish', { note: 'Best time to call the key contact', revision: 1 });
    expect(published.status, published.text).toBe(201);
    expect(published.body).toMatchObject({ slug: 'key-contact', version: 2, message: 'Stage version 2 published.' });
    expect(published.body.hash).toMatch(/^[0-9a-f]{64}$/);

    const stage = (await w.as<EditableStage>('admin', 'GET', '/api/stage-catalogue/key-contact')).body;
    expect(stage).toMatchObject({ version: 2, draft: null });
    expect((stage.file as StageFile).schema.properties.preferredContactTime).toBeDefined();
    expect(stage.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(stage.versions[0]).toMatchObject({ note: 'Best time to call the key contact', published_by: { name: expect.any(String) }, rolled_back_to: null });
    expect(stage.versions[1]).toMatchObject({ version: 1, published_at: null, published_by: null });

    const two = (await w.as<StageVersion>('admin', 'GET', '/api/stage-catalogue/key-contact/versions/2')).body;
    expect(two.file).toEqual(file);
    expect(two.labels['fr-FR']).toEqual({ 'fields.preferredContactTime': 'Meilleur moment pour appeler' });
    const one = (await w.as<StageVersion>('admin', 'GET', '/api/stage-catalogue/key-contact/versions/1')).body;
    expect(one.file).toEqual(builtIn('key-contact'));

    const d = (await w.as<StageDiff>('admin', 'GET', '/api/stage-catalogue/key-contact/diff?from=1&to=2')).body;
    expect(d.changes).toContainEqual({ op: 'add', path: '/file/schema/properties/preferredContactTime', new: file.schema.properties.preferredContactTime });
    expect(d.changes).toContainEqual(expect.objectContaining({ op: 'add', path: '/labels/fr-FR' }));
    expect((await w.as('admin', 'GET', '/api/stage-catalogue/key-contact/versions/9')).status).toBe(404);
  });

  it('two editors on one draft: the second save or publish from an older revision is a 409 and changes nothing', async () => {
    const first = await w.as<StageDraft>('admin', 'PUT', '/api/stage-catalogue/franchises/draft', { file: builtIn('franchises') });
    expect(first.status).toBe(200);
    // A second "new draft" while one exists.
    const again = await w.as<ErrorBody>('layouts', 'PUT', '/api/stage-catalogue/franchises/draft', { file: builtIn('franchises') });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Someone else saved this draft since you opened it: reload it to see their changes.');
    const moved = await w.as<StageDraft>('layouts', 'PUT', '/api/stage-catalogue/franchises/draft', { file: builtIn('franchises'), revision: 1 });
    expect(moved.body.revision).toBe(2);
    expect((await w.as('admin', 'PUT', '/api/stage-catalogue/franchises/draft', { file: builtIn('franchises'), revision: 1 })).status).toBe(409);
    expect((await w.as('admin', 'POST', '/api/stage-catalogue/franchises/publish', { note: 'Old revision', revision: 1 })).status).toBe(409);
    expect((await w.as('admin', 'DELETE', '/api/stage-catalogue/franchises/draft?revision=1')).status).toBe(409);
    expect((await w.as('admin', 'DELETE', '/api/stage-catalogue/franchises/draft?revision=2')).status).toBe(200);
    expect((await w.as('admin', 'POST', '/api/stage-catalogue/franchises/publish', { note: 'No draft', revision: 2 })).status).toBe(404);
    expect((await w.as<EditableStage>('admin', 'GET', '/api/stage-catalogue/franchises')).body).toMatchObject({ version: 1, draft: null });
  });

  describe('a file that would break configs is saved as a draft but refused at publish, with its pointer', () => {
    const refusals: Array<[string, (f: StageFile) => unknown, RegExp]> = [
      ['a rule target the schema does not define', (f) => ({ ...f, rules: [{ id: 'x.bad', description: 'Writes nowhere', target: '/locations/locations/0/nowhere', logic: { var: 'value' } }] }), /\/rules\/0/],
      ['a catastrophic regex', (f) => ({ ...f, schema: { ...f.schema, properties: { ...f.schema.properties, code: { type: 'string', pattern: '^(a+)+$' } } } }), /pattern/],
      ['defaults that do not validate', (f) => ({ ...f, defaults: { locations: 'not a list' } }), /\/defaults/],
    ];
    it.each(refusals)('%s', async (_name, breakIt, message) => {
      const file = breakIt(builtIn('locations'));
      const draft = await w.as<StageDraft>('admin', 'PUT', '/api/stage-catalogue/locations/draft', { file });
      expect(draft.status, draft.text.slice(0, 300)).toBe(200);
      expect(draft.body.problems.length).toBeGreaterThan(0);
      const r = await w.as<ErrorBody>('admin', 'POST', '/api/stage-catalogue/locations/publish', { note: 'Broken', revision: draft.body.revision });
      expect(r.status).toBe(422);
      expect(r.body.message).toBe('This stage cannot be published: correct the problems listed.');
      expect(r.body.errors!.some((e) => message.test(e.detail))).toBe(true);
      expect(r.body.errors!.every((e) => e.field === undefined || e.field.startsWith('/'))).toBe(true);
      expect((await w.as('admin', 'DELETE', `/api/stage-catalogue/locations/draft?revision=${draft.body.revision}`)).status).toBe(200);
    });

    it('a schema nested 10,000 deep never reaches the checks: the request is refused at the door (400), nothing saved', async () => {
      // Written as text: JSON.stringify itself would overflow the test's stack.
      const deep = `${'{"type":"object","properties":{"x":'.repeat(10_000)}{"type":"string"}${'}}'.repeat(10_000)}`;
      const res = await fetch(`${w.server.url}/api/stage-catalogue/locations/draft`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${(await w.token('admin'))}` },
        body: `{"file":{"slug":"locations","schema":${deep}}}`,
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).message).toMatch(/nested|deep/i);
      expect((await w.as<EditableStage>('admin', 'GET', '/api/stage-catalogue/locations')).body.draft).toBeNull();
    });

    it('a changed slug and an empty note', async () => {
      const draft = await w.as<StageDraft>('admin', 'PUT', '/api/stage-catalogue/domains/draft', { file: { ...builtIn('domains'), slug: 'domains-2' } });
      const noNote = await w.as<ErrorBody>('admin', 'POST', '/api/stage-catalogue/domains/publish', { note: '  ', revision: draft.body.revision });
      expect(noNote.status).toBe(422);
      expect(noNote.body.errors).toEqual([{ detail: 'Please say what changed in a note.', field: 'note' }]);
      const slug = await w.as<ErrorBody>('admin', 'POST', '/api/stage-catalogue/domains/publish', { note: 'Rename', revision: draft.body.revision });
      expect(slug.status).toBe(422);
      expect(slug.body.errors).toEqual([{ detail: 'A stage\'s name (slug) cannot change: it must stay "domains".', field: '/slug' }]);
      expect((await w.as<EditableStage>('admin', 'GET', '/api/stage-catalogue/domains')).body.version).toBe(1);
    });
  });

  it('rolls back by publishing an older version as the next one; a published version never changes', async () => {
    const r = await w.as<Published>('admin', 'POST', '/api/stage-catalogue/key-contact/rollback', { version: 1, note: 'Back to the shipped stage' });
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({ version: 3, message: 'Version 1 published again as version 3.' });
    const three = (await w.as<StageVersion>('admin', 'GET', '/api/stage-catalogue/key-contact/versions/3')).body;
    expect(three).toMatchObject({ rolled_back_to: 1, file: builtIn('key-contact') });
    const db = w.server.database.db;
    await expect(db.update(stageVersions).set({ note: 'rewritten' }).where(eq(stageVersions.slug, 'key-contact'))).rejects.toThrow();
    expect((await w.as<StageVersion>('admin', 'GET', '/api/stage-catalogue/key-contact/versions/2')).body.note).toBe('Best time to call the key contact');
  });

  it('refuses what it cannot take with a 4xx naming it', async () => {
    expect((await w.as('admin', 'GET', '/api/stage-catalogue/no-such-stage')).status).toBe(404);
    expect((await w.as('admin', 'PUT', '/api/stage-catalogue/no-such-stage/draft', { file: {} })).status).toBe(404);
    const locale = await w.as<ErrorBody>('admin', 'PUT', '/api/stage-catalogue/setup/draft', { file: builtIn('setup'), labels: { 'de-DE': { 'fields.x': 'X' } } });
    expect(locale.status).toBe(400);
    expect((await w.as('admin', 'PUT', '/api/stage-catalogue/setup/draft', { file: builtIn('setup'), extra: true })).status).toBe(400);
    expect((await w.as('admin', 'POST', '/api/stage-catalogue/setup/rollback', { version: 7, note: 'x' })).status).toBe(404);
  });
});

describe("who may edit stages: 'edit admin configs' only, for any role holding it", () => {
  it.each(EVERYONE)('%s', async (who) => {
    const expected = (ok: number) => (who === 'anonymous' ? 401 : EDIT.includes(who) ? ok : 403);
    expect((await w.as(who, 'GET', '/api/stage-catalogue')).status).toBe(expected(200));
    expect((await w.as(who, 'GET', '/api/stage-catalogue/extras')).status).toBe(expected(200));
    expect((await w.as(who, 'GET', '/api/stage-catalogue/extras/versions/1')).status).toBe(expected(200));
    const draft = await w.as<StageDraft>(who, 'PUT', '/api/stage-catalogue/extras/draft', { file: builtIn('extras') });
    expect(draft.status).toBe(expected(200));
    if (draft.status === 200) expect((await w.as(who, 'DELETE', `/api/stage-catalogue/extras/draft?revision=${draft.body.revision}`)).status).toBe(200);
    expect((await w.as(who, 'POST', '/api/stage-catalogue/extras/rollback', { version: 1, note: `By ${who}` })).status).toBe(expected(201));
  });
});
