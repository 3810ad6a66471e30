/**
 * The renderer's validation must run under the app's CSP (no 'unsafe-eval'): rjsf's Form validator
 * and the while-typing section validation use only the engine's precompiled validators. Here in
 * Node with code generation from strings disabled (what the CSP does to ajv.compile); the browser
 * proof is tests/e2e/stage-form-csp.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { defaultEngine, formValidator, getStageUi, validateSection } from '../../../engine/react/engineAdapter';
import { engineForSchema } from '../../../engine/react/devEngine';
import { dealerGroup } from '../../../stories/support/dealerGroup';

const root = join(__dirname, '../../..');

describe('renderer validation without eval', () => {
  it('validates sections and serves rjsf a Form validator with code generation from strings disabled', () => {
    const dir = mkdtempSync(join(tmpdir(), 'renderer-csp-'));
    const script = join(dir, 'run.mts');
    writeFileSync(
      script,
      `import { defaultEngine, getStageUi } from ${JSON.stringify(join(root, 'engine/react/engineAdapter.ts'))};
       import { loadStageValidators } from ${JSON.stringify(join(root, 'engine/index.ts'))};
       await loadStageValidators(['franchises', 'opening-hours']); // as the stage page does
       const report = (f) => { try { return f(); } catch (e) { return 'THREW ' + e.message; } };
       const { schema } = getStageUi('franchises');
       const translated = JSON.parse(JSON.stringify(schema).replaceAll('configurator:fields.franchiseName', 'Franchise'));
       const validator = report(() => defaultEngine.formValidator('franchises', translated));
       const data = { franchises: [{ id: 'f0001', name: 'test' }] };
       const out = {
         form: report(() => validator.validateFormData(data, translated).errors.map((e) => e.property + ' ' + e.name)),
         valid: report(() => validator.isValid(translated, { franchises: [{ id: 'f0001', name: 'Kia' }] }, translated)),
         section: report(() => defaultEngine.validateSection('franchises', data, ['franchises', 0]).errors.map((e) => e.path + ' ' + e.key)),
         hours: report(() => defaultEngine.validateSection('opening-hours', { hours: [{ id: 'h1', name: 'x', departments: [], days: { monday: { open: '25:00' } } }] }, ['hours', 0]).errors.map((e) => e.path)),
         stage: report(() => defaultEngine.validateStage('franchises', data, {}, { mode: 'submit' }).errors.map((e) => e.key)),
       };
       try { new Function('return 1'); console.log('EVAL-ALLOWED'); } catch { console.log('EVAL-BLOCKED'); }
       console.log(JSON.stringify(out));`,
    );
    const out = execFileSync(process.execPath, ['--disallow-code-generation-from-strings', '--import', 'tsx', script], { cwd: root, encoding: 'utf8' });
    expect(out).toContain('EVAL-BLOCKED');
    expect(JSON.parse(out.trim().split('\n').pop()!)).toEqual({
      form: ['.franchises.0.name noTestValue'],
      valid: true,
      section: ['/franchises/0/name validation:field.noTestValue'],
      hours: ['/hours/0/days/monday/open'],
      stage: ['validation:field.noTestValue'],
    });
  });

  it('gives one Form validator per schema object, keyed by the schema the Form renders', () => {
    const { schema } = getStageUi('locations');
    const translated: RJSFSchema = { ...schema, title: 'Locations' };
    expect(formValidator('locations', translated)).toBe(formValidator('locations', translated));
    expect(formValidator('locations', schema)).not.toBe(formValidator('locations', translated));
    expect(defaultEngine.formValidator).toBe(formValidator);
    expect(() => formValidator('no-such-stage', schema)).toThrow(/no-such-stage/);
  });

  it('validates only the edited item while typing; values not filled in are not errors yet (as in a draft save)', () => {
    const doc = dealerGroup({ locations: 2 });
    const data = structuredClone(doc.locations) as { locations: Record<string, unknown>[] };
    data.locations[0].postcode = 'nonsense';
    data.locations[1].postcode = 'also bad';
    data.locations[0].name = '';
    const { errors } = validateSection('locations', data, ['locations', 0, 'postcode']);
    expect(errors.map((e) => `${e.path} ${e.key}`)).toEqual(['/locations/0/postcode validation:field.postcode']);
    // The label behind the shape's $ref comes from the stage's translations, not the property name.
    expect(errors[0].params.attribute).toBe('Postcode');
    data.locations[0].postcode = 'LS1 4AP';
    expect(validateSection('locations', data, ['locations', 0]).errors).toEqual([]);
  });

  it('keeps the compiling engine out of the renderer entry the app imports', async () => {
    const entry = await import('../../../engine/react');
    expect('engineForSchema' in entry).toBe(false);
    // The dev engine (Node, Storybook) still validates any schema with the real ajv.
    const schema: RJSFSchema = { type: 'object', properties: { email: { type: 'string', format: 'email' } }, required: ['email'] };
    const engine = engineForSchema(schema);
    expect(engine.validateStage('story', {}, {}, { mode: 'submit' }).errors.map((e) => e.key)).toEqual(['validation:field.required']);
    expect(engine.validateSection!('story', { email: 'nope' }, ['email']).errors.map((e) => e.key)).toEqual(['validation:field.email']);
  });
});
