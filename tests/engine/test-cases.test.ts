// Stage test cases (engine/stages/test-cases.ts): every shipped case passes, and a case fails with
// the problem that says why when the outcome, the messages or the data after the cascade differ.
import { describe, expect, it } from 'vitest';
import { catalogueWith, instantiateValidators, registerStageValidators, runTestCases, stageDefinitionFromFile, stageFiles, stageValidatorModule, type StageTestCase, type ValidatorModule } from '../../engine';

const franchises = { franchises: [{ id: 'fa', name: 'Audi' }, { id: 'fb', name: 'BMW' }] };
const strip: StageTestCase = {
  id: 'strip',
  name: 'A removed franchise leaves the location',
  mode: 'draft',
  doc: { franchises },
  data: { locations: [{ id: 'la', name: 'Leeds', franchises: ['fa', 'fx'] }] },
  expect: { valid: true },
  after: { locations: { locations: [{ id: 'la', name: 'Leeds', franchises: ['fa'] }] } },
};

describe('shipped test cases', () => {
  const withTests = Object.entries(stageFiles).filter(([, f]) => Array.isArray((f as { tests?: unknown[] }).tests));

  it('cover the stages with cascade rules and some submit checks', () => {
    const slugs = withTests.map(([slug]) => slug);
    for (const slug of ['locations', 'franchises', 'buying-online', 'users', 'departments', 'domains', 'confirmation']) expect(slugs).toContain(slug);
  });

  it.each(withTests)('%s: every case passes', (slug, file) => {
    const results = runTestCases({ slug }, (file as { tests: StageTestCase[] }).tests);
    expect(results.filter((r) => !r.passed)).toEqual([]);
  });
});

describe('runTestCases', () => {
  it('passes a case whose outcome and data after the cascade are as expected', () => {
    expect(runTestCases({ slug: 'locations' }, [strip])).toEqual([{ id: 'strip', name: strip.name, passed: true, problems: [] }]);
  });

  it('fails "valid" with the errors the engine gave', () => {
    const [r] = runTestCases({ slug: 'locations' }, [{ ...strip, mode: 'submit' }]);
    expect(r.passed).toBe(false);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0].kind).toBe('valid');
    expect(r.problems[0].actual).toContainEqual({ path: '/locations/0/postcode', key: 'validation:field.required' });
  });

  it('fails "messages" when the messages differ, and passes when they match in any order', () => {
    const data = { domains: [{ id: 'a', domain: 'a.co.uk', action: 'existing', primary: true }, { id: 'b', domain: 'b.co.uk', action: 'existing', primary: true }] };
    const wrong: StageTestCase = { id: 'two', name: 'Two primaries', mode: 'draft', data, expect: { messages: [{ path: '/domains', key: 'validation:rule.onePrimaryDomain' }] } };
    // Draft mode skips the submit-only check: the expected message is missing.
    const [r] = runTestCases({ slug: 'domains' }, [wrong]);
    expect(r.problems).toEqual([{ kind: 'messages', expected: [{ path: '/domains', key: 'validation:rule.onePrimaryDomain' }], actual: [] }]);
    const registration = (stageFiles.domains as { tests: StageTestCase[] }).tests[0].data.registration;
    const [ok] = runTestCases({ slug: 'domains' }, [{ ...wrong, mode: 'submit', data: { ...data, registration } }]);
    expect(ok.passed).toBe(true);
  });

  it('fails "after" with the data the cascade left', () => {
    const [r] = runTestCases({ slug: 'locations' }, [{ ...strip, after: { locations: { locations: [{ id: 'la', name: 'Leeds', franchises: ['fa', 'fx'] }] } } }]);
    expect(r.problems).toEqual([
      {
        kind: 'after',
        expected: { locations: { locations: [{ id: 'la', name: 'Leeds', franchises: ['fa', 'fx'] }] } },
        actual: { locations: { locations: [{ id: 'la', name: 'Leeds', franchises: ['fa'] }] } },
      },
    ]);
  });

  it('judges with the catalogue given: a franchises version that renames its list fails the locations case', async () => {
    const file = structuredClone(stageFiles.franchises) as Record<string, unknown> & { schema: { properties: Record<string, unknown>; required: string[] }; defaults: Record<string, unknown> };
    file.schema.properties = { brands: file.schema.properties.franchises };
    file.schema.required = ['brands'];
    file.defaults = { brands: [] };
    const definition = stageDefinitionFromFile(file, { version: 2, key: 'franchises@2-tests' });
    const text = stageValidatorModule(definition);
    registerStageValidators(instantiateValidators((await import(`data:text/javascript;base64,${Buffer.from(text).toString('base64')}`)) as ValidatorModule));
    const [r] = runTestCases({ slug: 'locations', catalogue: catalogueWith([definition]) }, [strip]);
    expect(r.problems).toEqual([{ kind: 'doc', expected: { stage: 'franchises', messages: [] }, actual: { stage: 'franchises', messages: [{ path: '/franchises', key: 'validation:field.invalid' }] } }]);
    // The same case passes with the shipped catalogue.
    expect(runTestCases({ slug: 'locations' }, [strip])[0].passed).toBe(true);
  });

  it('reports data of another stage that no longer fits it', () => {
    const [r] = runTestCases({ slug: 'locations' }, [{ ...strip, doc: { franchises: { brands: [] } } }]);
    expect(r.problems[0]).toEqual({ kind: 'doc', expected: { stage: 'franchises', messages: [] }, actual: { stage: 'franchises', messages: [{ path: '/brands', key: 'validation:field.invalid' }] } });
  });

  it('never freezes or changes the file it reads', () => {
    const c = structuredClone(strip);
    runTestCases({ slug: 'locations' }, [c]);
    expect(Object.isFrozen(c.data)).toBe(false);
    expect(c).toEqual(strip);
  });
});
