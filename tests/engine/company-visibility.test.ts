/**
 * `$company` in `visibleIf` (engine/stages/visibility.ts): a field shown for UK companies only is
 * hidden for a French one (not shown, never required), and for no company at all (region null).
 * The company is an argument of every call, never part of a cache: the same frozen data judged for
 * two companies gives two verdicts. requiredIf, rules and checks may not read it (lintStageFile).
 */
import { describe, expect, it } from 'vitest';
import {
  COMPANY_REGIONS,
  EDIT_CONFIGS,
  catalogueWith,
  getStage,
  hiddenFields,
  hiddenPaths,
  instantiateValidators,
  lintStageFile,
  registerStageValidators,
  runTestCases,
  stageDefinitionFromFile,
  stageFiles,
  stageValidatorModule,
  validateStage,
  withCatalogue,
  withoutHidden,
  writeStage,
  type StageTestCase,
  type ValidatorModule,
} from '../../engine';
import metaSchema from '../../schemas/stage.meta.schema.json';
import { companyInformation } from './fixtures';

type Obj = Record<string, unknown>;
type StageFile = Obj & { slug: string; schema: Obj & { properties: Obj; required?: string[] }; defaults: Obj; rules: Obj[]; checks: Obj[] };
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const UK_ONLY = { '==': [{ var: '$company.region' }, 'uk'] };

/** Key contact with a required "FCA contact", shown (so required) for UK companies only. */
function ukOnlyFile(): StageFile {
  const file = clone(stageFiles['key-contact']) as StageFile;
  file.schema.properties.fcaContact = { type: 'string', title: 'configurator:fields.fcaContact', minLength: 1 };
  file.schema.required = [...(file.schema.required ?? []), 'fcaContact'];
  file.schema.visibleIf = { fcaContact: UK_ONLY };
  file.defaults = { ...file.defaults, fcaContact: '' };
  return file;
}

const definition = stageDefinitionFromFile(ukOnlyFile(), { version: 2, key: 'key-contact@2-company-region' });
const catalogue = catalogueWith([definition]);
let registered: Promise<void> | null = null;
/** Evaluates the draft's validators as the server does (a data: import) and registers them. */
const register = () =>
  (registered ??= (async () => {
    const text = stageValidatorModule(definition);
    registerStageValidators(instantiateValidators((await import(`data:text/javascript;base64,${Buffer.from(text).toString('base64')}`)) as ValidatorModule));
  })());

const contact = { name: 'Jo Bloggs', email: 'jo@example.test', telephone: '01234 567890', mobile: '', position: 'Owner' };
const keys = (r: { errors: { path: string; key: string }[] }) => r.errors.map((e) => `${e.path} ${e.key}`);
const UK = { region: 'uk' };
const FR = { region: 'fr' };

describe('$company.region in visibleIf', () => {
  it('hides a UK-only field for a French company and for no company, and shows it for a UK one', () => {
    const schema = definition.schema as Obj;
    const data = { keyContact: contact, fcaContact: 'x' };
    expect(hiddenFields(schema, data, undefined, UK)).toEqual([]);
    expect(hiddenFields(schema, data, undefined, FR)).toEqual(['fcaContact']);
    expect(hiddenPaths(schema, data)).toEqual(['/fcaContact']);
    expect(hiddenPaths(schema, data, { region: null })).toEqual(['/fcaContact']);
    expect(hiddenPaths(schema, data, UK)).toEqual([]);
    expect(withoutHidden(schema, data, FR)).toEqual({ keyContact: contact });
    expect(withoutHidden(schema, data, UK)).toBe(data);
    // A hidden field the data lacks is named too (validation drops its "required"), with nothing to remove.
    const lacking = { keyContact: contact };
    expect(hiddenPaths(schema, lacking, FR)).toEqual(['/fcaContact']);
    expect(withoutHidden(schema, lacking, FR)).toBe(lacking);
  });

  it('requires the field for a UK company only; the same frozen data judged for both (no cache crosses companies)', async () => {
    await register();
    const data = Object.freeze({ keyContact: Object.freeze({ ...contact }), fcaContact: '' });
    const doc = Object.freeze({ 'company-information': companyInformation, 'key-contact': data });
    withCatalogue(catalogue, () => {
      expect(keys(validateStage('key-contact', data, doc, { company: UK }))).toEqual(['/fcaContact validation:field.required']);
      expect(keys(validateStage('key-contact', data, doc, { company: FR }))).toEqual([]);
      expect(keys(validateStage('key-contact', data, doc))).toEqual([]);
      // Again, in the other order: remembered results are the company's own.
      expect(keys(validateStage('key-contact', data, doc, { company: UK }))).toEqual(['/fcaContact validation:field.required']);
      // Hidden and absent: not required either (a required-by-schema field the data lacks).
      expect(keys(validateStage('key-contact', { keyContact: contact }, doc, { company: FR }))).toEqual([]);
      expect(keys(validateStage('key-contact', { keyContact: contact }, doc, { company: UK }))).toEqual(['/fcaContact validation:field.required']);
      // A field's format is not judged while hidden either.
      expect(keys(validateStage('key-contact', { keyContact: contact, fcaContact: 5 }, doc, { company: FR }))).toEqual([]);
    });
  });

  it('writeStage judges for the company it is given (its `context`)', async () => {
    await register();
    const config = { version: 1, doc: { 'company-information': companyInformation }, states: { 'company-information': 'submitted' as const }, catalogue };
    const submit = (context?: { region: string }) =>
      writeStage({ config, slug: 'key-contact', data: { keyContact: contact, fcaContact: '' }, state: 'submitted', permissions: [EDIT_CONFIGS], baseVersion: 1, context });
    const uk = submit(UK);
    expect(uk.ok).toBe(false);
    if (!uk.ok) expect(keys(uk)).toEqual(['/fcaContact validation:field.required']);
    expect(submit(FR).ok).toBe(true);
    expect(submit().ok).toBe(true);
    // A hidden field is still stored as sent (as any hidden field).
    const fr = submit(FR);
    if (fr.ok) expect(fr.config.doc['key-contact']).toMatchObject({ fcaContact: '' });
  });

  it('runs a test case for the company it names', async () => {
    await register();
    const doc = { 'company-information': companyInformation };
    const cases: StageTestCase[] = [
      { id: 'uk', name: 'A UK company must name its FCA contact', company: UK, doc, data: { keyContact: contact, fcaContact: '' }, expect: { messages: [{ path: '/fcaContact', key: 'validation:field.required' }] } },
      { id: 'fr', name: 'A French company has no FCA contact to name', company: FR, doc, data: { keyContact: contact, fcaContact: '' }, expect: { valid: true } },
      { id: 'none', name: 'Without a company the field is hidden', doc, data: { keyContact: contact, fcaContact: '' }, expect: { valid: true } },
    ];
    expect(runTestCases({ slug: 'key-contact', catalogue }, cases).map((r) => [r.id, r.passed, r.problems])).toEqual([
      ['uk', true, []],
      ['fr', true, []],
      ['none', true, []],
    ]);
    // The shipped catalogue's key contact has no such field: the field is unknown there.
    expect(withCatalogue(catalogue, () => getStage('key-contact').version)).toBe(2);
  });
});

describe('linting $company', () => {
  const lint = (file: unknown) => lintStageFile(file, 'key-contact.json');

  it('accepts $company.region in a visibleIf, and a test case naming a company', () => {
    const file = ukOnlyFile();
    file.tests = [{ id: 'uk', name: 'UK', company: { region: 'uk' }, data: { keyContact: contact, fcaContact: 'x' }, expect: { valid: true } }];
    expect(lint(file)).toEqual([]);
  });

  it('refuses any other fact of the company in a visibleIf', () => {
    const file = ukOnlyFile();
    file.schema.visibleIf = { fcaContact: { '==': [{ var: '$company.name' }, 'Demo'] } };
    expect(lint(file)).toEqual([`key-contact.json: /schema/visibleIf/fcaContact/==/0/var reads "$company.name": a visibleIf knows only the company's region ($company.region)`]);
    file.schema.visibleIf = { fcaContact: { var: '$company' } };
    expect(lint(file).join('\n')).toMatch(/reads "\$company": a visibleIf knows only the company's region/);
  });

  it('refuses $company in requiredIf, rules and checks', () => {
    const file = ukOnlyFile();
    file.schema.requiredIf = { fcaContact: UK_ONLY };
    file.rules = [{ id: 'key-contact.copy-region', description: 'Copies the region', target: '/key-contact/keyContact/position', logic: { var: ['$company.region', ''] } }];
    file.checks = [{ id: 'key-contact.uk-check', description: 'UK only', path: '/fcaContact', key: 'validation:field.required', level: 'error', logic: UK_ONLY }];
    const problems = lint(file);
    expect(problems.filter((p) => !p.includes('only a visibleIf may read the company'))).toEqual([]);
    expect(problems.filter((p) => p.includes('only a visibleIf may read the company'))).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/\/schema\/requiredIf\/fcaContact\/==\/0\/var reads "\$company.region": only a visibleIf may read the company/);
    expect(problems.join('\n')).toMatch(/\/rules\/0\/logic\/var reads "\$company.region"/);
    expect(problems.join('\n')).toMatch(/\/checks\/0\/logic\/==\/0\/var reads "\$company.region"/);
  });

  it('keeps a test case strict: a known region, nothing else', () => {
    const file = ukOnlyFile();
    file.tests = [{ id: 'x', name: 'X', company: { region: 'de' }, data: {}, expect: { valid: true } }];
    expect(lint(file).join('\n')).toMatch(/\/tests\/0\/company\/region must be one of/);
    file.tests = [{ id: 'x', name: 'X', company: { region: 'uk', name: 'Demo' }, data: {}, expect: { valid: true } }];
    expect(lint(file).join('\n')).toMatch(/\/tests\/0\/company: unknown property "name"/);
  });

  it('lists in the meta-schema the regions a company may have', () => {
    const region = (metaSchema.definitions.testCase.properties as unknown as { company: { properties: { region: { enum: string[] } } } }).company.properties.region;
    expect(region.enum).toEqual([...COMPANY_REGIONS]);
  });
});
