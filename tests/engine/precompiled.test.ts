/**
 * The browser runs under a strict CSP (no 'unsafe-eval'), where ajv cannot compile schemas. The
 * engine therefore validates with precompiled code generated from schemas/; these tests check that
 * the generated file is current and that the engine works with code generation switched off.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashForSchema, type RJSFSchema } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import { describe, expect, it } from 'vitest';
import { generateValidatorModules } from '../../engine/validation/build-validators';
import { ajvErrorsToFieldErrors, createAjv, getStage, sectionValidator, stageCatalogue, stageValidator } from '../../engine';
import { group } from './fixtures';

const root = join(__dirname, '../..');

describe('precompiled validators', () => {
  it('generated/ is up to date with schemas/ (else run: npx tsx engine/validation/build-validators.ts)', () => {
    const dir = join(root, 'engine/validation/generated');
    const files = generateValidatorModules();
    expect(readdirSync(dir).filter((name) => name.endsWith('.js')).sort()).toEqual(Object.keys(files).sort());
    const stale = Object.entries(files).filter(([name, text]) => readFileSync(join(dir, name), 'utf8') !== text).map(([name]) => name);
    expect(stale).toEqual([]);
  });

  it('give the same verdicts and errors as a freshly compiled schema', () => {
    const ajv = createAjv();
    const doc = group({ franchises: 2, locations: 3, departments: 4, hours: 2 });
    (doc.locations.locations as { postcode: string }[])[1].postcode = '75001';
    (doc.franchises.franchises as { name: string }[])[1].name = 'make 0';
    for (const slug of ['locations', 'franchises', 'departments', 'opening-hours']) {
      const fresh = ajv.compile(getStage(slug).schema as object);
      const pre = stageValidator(slug);
      expect(pre(doc[slug]), slug).toBe(fresh(doc[slug]));
      expect((pre.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`), slug).toEqual((fresh.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`));
    }
  });

  it('cover every section and list item of every stage', () => {
    for (const s of stageCatalogue) {
      for (const [prop, sub] of Object.entries(s.schema.properties ?? {})) {
        expect(sectionValidator(s.slug, prop), `${s.slug}/${prop}`).toBeTypeOf('function');
        if (typeof sub === 'object' && sub.type === 'array') expect(sectionValidator(s.slug, prop, true), `${s.slug}/${prop}[]`).toBeTypeOf('function');
      }
    }
    const item = sectionValidator('opening-hours', 'hours', true)!;
    expect(item({ id: 'h1', departments: [], days: { monday: { dual: true, open: '09:00', close: '12:00' } } })).toBe(false);
    expect(ajvErrorsToFieldErrors(item.errors).map((e) => e.path)).toEqual(['/days/monday/open2', '/days/monday/close2']);
  });

  it('serve rjsf as a precompiled form validator (what the Form uses under the CSP)', () => {
    const schema = getStage('company-information').schema as RJSFSchema;
    const validator = createPrecompiledValidator({ [hashForSchema(schema)]: stageValidator('company-information') }, schema);
    const data = { companyInformation: { name: 'Demo Motors', regAddress: { line1: '1 High St' }, postcode: '75001', country: 'GB', regNumber: '123' } };
    expect(validator.validateFormData(data, schema).errors.map((e) => e.property)).toEqual(['.companyInformation.postcode']);
    expect(validator.isValid(schema, { ...data, companyInformation: { ...data.companyInformation, postcode: 'M1 1AE' } }, schema)).toBe(true);
  });

  it('the engine validates, cascades and writes with code generation from strings disabled (as under the CSP)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'engine-csp-'));
    const script = join(dir, 'run.mts');
    writeFileSync(
      script,
      `import { stageCatalogue, stageDefaults, validateStage, updateStage, writeStage, configProgress, loadStageValidators } from ${JSON.stringify(join(root, 'engine/index.ts'))};
       let unloaded = 'compiled';
       try { validateStage('franchises', { franchises: [] }, {}); } catch (e) { unloaded = /loadStageValidators/.test(e.message) ? 'asked to load' : e.message; }
       await loadStageValidators();
       let n = 0;
       for (const s of stageCatalogue) { validateStage(s.slug, stageDefaults(s.slug), {}, { mode: 'draft' }); n++; }
       const bad = validateStage('company-information', { companyInformation: { name: 'test', postcode: 'sw1a1aa', country: 'GB' } }, {});
       const doc = updateStage({ franchises: { franchises: [{ id: 'a', name: 'A' }] }, locations: { locations: [{ id: 'l', name: 'L', franchises: [] }] } }, 'franchises', { franchises: [{ id: 'a', name: 'A' }] }).doc;
       const w = writeStage({ config: { version: 1, doc: {}, states: {} }, slug: 'franchises', data: { franchises: [] }, state: 'draft', permissions: ['edit configs'], baseVersion: 1 });
       try { new Function('return 1'); console.log('EVAL-ALLOWED'); } catch { console.log('EVAL-BLOCKED'); }
       console.log(JSON.stringify({ unloaded, n, bad: bad.errors.map((e) => e.key), normalised: bad.data.companyInformation.postcode, sole: doc.locations.locations[0].franchises, w: w.ok ? 'ok' : w.code, p: configProgress({ version: 1, doc: {}, states: {} }).total }));`,
    );
    const out = execFileSync(process.execPath, ['--disallow-code-generation-from-strings', '--import', 'tsx', script], { cwd: root, encoding: 'utf8' });
    expect(out).toContain('EVAL-BLOCKED');
    const result = JSON.parse(out.trim().split('\n').pop()!);
    expect(result).toEqual({
      // Under the CSP a stage not loaded yet cannot be compiled: the error says what to do.
      unloaded: 'asked to load',
      n: stageCatalogue.length,
      bad: ['validation:field.required', 'validation:field.required', 'validation:field.noTestValue'],
      normalised: 'SW1A 1AA',
      sole: ['a'],
      w: 'blocked',
      p: stageCatalogue.filter((s) => s.required).length,
    });
  });
});
