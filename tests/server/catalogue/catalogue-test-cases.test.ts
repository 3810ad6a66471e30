// Issue 56: stage test cases must pass before a version is published, on a real server and
// database: a draft with a failing case is refused (422 naming it) and nothing is published; fixed,
// it is; a franchises change that breaks the locations cascade's case is refused; the upgrade's dry
// run shows the cases' results.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Published, StageDraft, UpgradePlanAnswer } from '../../../contract/catalogue';
import { stageFiles } from '../../../engine';
import { stageVersions } from '../../../server/db/schema';
import { adminWorld, type AdminWorld, type ErrorBody } from '../adminconfigs/adminconfigs-helpers';

let w: AdminWorld;
beforeAll(async () => {
  w = await adminWorld();
}, 120_000);
afterAll(async () => {
  await w?.close();
});

type TestCase = { id: string; name: string; mode?: string; data: Record<string, unknown>; doc?: Record<string, unknown>; expect: unknown; after?: Record<string, unknown> };
type StageFile = { slug: string; description?: string; schema: { properties: Record<string, unknown>; required?: string[] }; defaults: Record<string, unknown>; tests?: TestCase[] };
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const builtIn = (slug: string) => clone(stageFiles[slug]) as StageFile;

/** A case of the locations stage: a removed franchise leaves the location (`kept`: what the case expects it keeps). */
const stripCase = (kept: string[]): TestCase => ({
  id: 'strip-two',
  name: 'Two removed franchises leave the location',
  mode: 'draft',
  doc: { franchises: { franchises: [{ id: 'fa', name: 'Audi' }] } },
  data: { locations: [{ id: 'la', name: 'Leeds', franchises: ['fa', 'fx', 'fy'] }] },
  expect: { valid: true },
  after: { locations: { locations: [{ id: 'la', name: 'Leeds', franchises: kept }] } },
});

async function saveDraft(slug: string, file: unknown) {
  const stage = await w.as<{ draft: { revision: number } | null }>('admin', 'GET', `/api/stage-catalogue/${slug}`);
  const saved = await w.as<StageDraft>('admin', 'PUT', `/api/stage-catalogue/${slug}/draft`, { file, labels: {}, revision: stage.body.draft?.revision ?? 0 });
  expect(saved.status, saved.text).toBe(200);
  return saved.body;
}

const versionsOf = async (slug: string) => (await w.server.database.db.select({ v: stageVersions.version }).from(stageVersions).where(eq(stageVersions.slug, slug))).map((r) => r.v);

describe('test cases before publish', () => {
  it('refuses a draft whose case fails, naming the case, and publishes nothing; fixed, it is published', async () => {
    const file = builtIn('locations');
    file.tests = [...file.tests!, stripCase(['fa', 'fy'])];
    const draft = await saveDraft('locations', file);
    // The draft keeps its cases as sent (the JSON editor's path).
    expect((draft.file as StageFile).tests).toEqual(file.tests);
    expect(draft.problems).toEqual([]);

    const refused = await w.as<ErrorBody>('admin', 'POST', '/api/stage-catalogue/locations/publish', { note: 'Another case', revision: draft.revision });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body.message).toBe('This stage cannot be published: 1 test case(s) fail.');
    expect(refused.body.errors).toEqual([
      {
        field: '/tests/2',
        detail: 'Test case "Two removed franchises leave the location" (locations, strip-two) fails: the data of locations after the cascade differs at /locations/0/franchises/1',
      },
    ]);
    expect(await versionsOf('locations')).toEqual([]);

    file.tests[2] = stripCase(['fa']);
    const fixed = await saveDraft('locations', file);
    const published = await w.as<Published>('admin', 'POST', '/api/stage-catalogue/locations/publish', { note: 'Another case', revision: fixed.revision });
    expect(published.status, published.text).toBe(201);
    expect(await versionsOf('locations')).toEqual([2]);
  });

  it('names the messages a case expected and those the engine gave', async () => {
    const file = builtIn('domains');
    file.tests![0].expect = { messages: [{ path: '/domains', key: 'validation:rule.defaultMethod' }] };
    const draft = await saveDraft('domains', file);
    const refused = await w.as<ErrorBody>('admin', 'POST', '/api/stage-catalogue/domains/publish', { note: 'Wrong message', revision: draft.revision });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body.errors).toEqual([
      { field: '/tests/0', detail: expect.stringContaining('expected validation:rule.defaultMethod /domains, got validation:rule.onePrimaryDomain /domains') },
    ]);
    expect(await versionsOf('domains')).toEqual([]);
  });

  it("refuses a franchises change that breaks the locations cascade's case", async () => {
    // The list is renamed: the locations cases' franchises data no longer fits, and the rule reading
    // doc.franchises.franchises would strip every franchise from every location.
    const file = builtIn('franchises');
    file.schema.properties = { brands: file.schema.properties.franchises };
    file.schema.required = ['brands'];
    file.defaults = { brands: [] };
    file.tests = [];
    const draft = await saveDraft('franchises', file);
    expect(draft.problems).toEqual([]);
    const refused = await w.as<ErrorBody>('admin', 'POST', '/api/stage-catalogue/franchises/publish', { note: 'Brands', revision: draft.revision });
    expect(refused.status, refused.text).toBe(422);
    const details = refused.body.errors!.map((e) => e.detail);
    expect(details).toContainEqual(expect.stringMatching(/^Test case ".+" \(locations, strip-removed-franchise\) fails: its data of franchises no longer fits that stage: validation:field\.invalid \/franchises/));
    // Another stage's case points at no field of this file.
    expect(refused.body.errors!.every((e) => e.field === undefined)).toBe(true);
    expect(await versionsOf('franchises')).toEqual([]);
  });

  it("the upgrade's dry run shows the planned version's cases and the other stages'", async () => {
    const r = await w.as<UpgradePlanAnswer>('admin', 'GET', '/api/stage-catalogue/locations/upgrade?to=2');
    expect(r.status, r.text).toBe(200);
    const tests = r.body.tests!;
    expect(tests.filter((t) => t.stage === 'locations').map((t) => [t.id, t.passed])).toEqual([
      ['strip-removed-franchise', true],
      ['sole-franchise', true],
      ['strip-two', true],
    ]);
    expect(tests.find((t) => t.stage === 'franchises' && t.id === 'removal-strips-locations')).toMatchObject({ passed: true, problems: [] });
  });
});
