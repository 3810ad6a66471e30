// Issue 56: the draft's answers carry its test cases' results (`test_results`), run in the worker
// thread as a publish runs them: the save, the live check and the GET of the editable stage; a
// failing case says what differed (messages expected and got, pointers after the cascade), another
// stage's case that reads this one is listed too, and a draft with problems runs none (null).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckAnswer, EditableStage, StageDraft } from '../../../contract/catalogue';
import { stageFiles } from '../../../engine';
import { adminWorld, type AdminWorld } from '../adminconfigs/adminconfigs-helpers';

let w: AdminWorld;
beforeAll(async () => {
  w = await adminWorld();
}, 120_000);
afterAll(async () => {
  await w?.close();
});

type TestCase = { id: string; name: string; mode?: string; data: Record<string, unknown>; doc?: Record<string, unknown>; expect: unknown; after?: Record<string, unknown> };
type StageFile = { slug: string; schema: { properties: Record<string, unknown>; required?: string[] }; defaults: Record<string, unknown>; tests?: TestCase[] };
const builtIn = (slug: string) => JSON.parse(JSON.stringify(stageFiles[slug])) as StageFile;

/** A locations case whose `after` expects a franchise the cascade strips. */
const wrongAfter: TestCase = {
  id: 'keeps-too-much',
  name: 'Expects a removed franchise kept',
  mode: 'draft',
  doc: { franchises: { franchises: [{ id: 'fa', name: 'Audi' }] } },
  data: { locations: [{ id: 'la', name: 'Leeds', franchises: ['fa', 'fx'] }] },
  expect: { valid: true },
  after: { locations: { locations: [{ id: 'la', name: 'Leeds', franchises: ['fa', 'fx'] }] } },
};

async function save(slug: string, file: unknown) {
  const stage = await w.as<EditableStage>('admin', 'GET', `/api/stage-catalogue/${slug}`);
  const saved = await w.as<StageDraft>('admin', 'PUT', `/api/stage-catalogue/${slug}/draft`, { file, labels: {}, revision: stage.body.draft?.revision ?? 0 });
  expect(saved.status, saved.text).toBe(200);
  return saved.body;
}

describe("the draft's test results", () => {
  it('the save lists every case of the stage with passed, and what differed for a failing one', async () => {
    const file = builtIn('locations');
    file.tests = [...file.tests!, wrongAfter];
    const draft = await save('locations', file);
    const own = draft.test_results!.filter((r) => r.stage === 'locations');
    expect(own.map((r) => [r.id, r.passed])).toEqual([
      ['strip-removed-franchise', true],
      ['sole-franchise', true],
      ['keeps-too-much', false],
    ]);
    expect(own[2]).toEqual({
      stage: 'locations',
      id: 'keeps-too-much',
      name: 'Expects a removed franchise kept',
      passed: false,
      differences: [{ kind: 'after', stage: 'locations', paths: ['/locations/0/franchises/1'] }],
    });
    // The other stages' cases run too (a draft reaches them through its schema, rules and checks).
    expect(draft.test_results!.some((r) => r.stage === 'franchises')).toBe(true);

    // The GET of the editable stage carries the same results with the draft.
    const stage = await w.as<EditableStage>('admin', 'GET', '/api/stage-catalogue/locations');
    expect(stage.status, stage.text).toBe(200);
    expect(stage.body.draft!.test_results).toEqual(draft.test_results);
  });

  it('the live check names the messages expected and those the engine gave, nothing saved', async () => {
    const file = builtIn('domains');
    file.tests![0].expect = { messages: [{ path: '/domains', key: 'validation:rule.defaultMethod' }] };
    const r = await w.as<CheckAnswer>('admin', 'POST', '/api/stage-catalogue/domains/check', { file, labels: {} });
    expect(r.status, r.text).toBe(200);
    const first = r.body.test_results!.find((t) => t.stage === 'domains' && t.id === 'one-primary');
    expect(first).toEqual({
      stage: 'domains',
      id: 'one-primary',
      name: 'Two primary domains are refused on submit',
      passed: false,
      differences: [{ kind: 'messages', expected: [{ path: '/domains', key: 'validation:rule.defaultMethod' }], got: [{ path: '/domains', key: 'validation:rule.onePrimaryDomain' }] }],
    });
    const stage = await w.as<EditableStage>('admin', 'GET', '/api/stage-catalogue/domains');
    expect(stage.body.draft).toBeNull();
  });

  it("lists another stage's case that reads this stage when the draft breaks it", async () => {
    // The franchises list renamed: the locations cases' data of franchises no longer fits.
    const file = builtIn('franchises');
    file.schema.properties = { brands: file.schema.properties.franchises };
    file.schema.required = ['brands'];
    file.defaults = { brands: [] };
    file.tests = [];
    const r = await w.as<CheckAnswer>('admin', 'POST', '/api/stage-catalogue/franchises/check', { file, labels: {} });
    expect(r.status, r.text).toBe(200);
    const broken = r.body.test_results!.find((t) => t.stage === 'locations' && t.id === 'strip-removed-franchise')!;
    expect(broken.passed).toBe(false);
    expect(broken.differences).toContainEqual({ kind: 'doc', stage: 'franchises', got: expect.arrayContaining([expect.objectContaining({ path: '/franchises' })]) });
  });

  it('runs no case while the draft has problems (null), and the check needs the permission', async () => {
    const file = builtIn('locations');
    file.schema.properties = { locations: { type: 'nope' } };
    const r = await w.as<CheckAnswer>('admin', 'POST', '/api/stage-catalogue/locations/check', { file, labels: {} });
    expect(r.status, r.text).toBe(200);
    expect(r.body.problems.length).toBeGreaterThan(0);
    expect(r.body.test_results).toBeNull();
    expect((await w.as('dealer', 'POST', '/api/stage-catalogue/locations/check', { file })).status).toBe(403);
  });
});
