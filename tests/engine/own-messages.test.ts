/**
 * A field's own error messages (issue 56, engine/validation/own-messages.ts): a field whose uiSchema
 * names a message for a check gets that message wherever the engine reports the check (validateStage
 * as the server runs it, validateSection as the form runs it while typing), in the reader's
 * locale, else en-GB's words, else the generic message. The linter refuses what could never show.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addConfiguratorTexts,
  catalogueWith,
  instantiateValidators,
  lintStageFile,
  loadEngineLocales,
  registerStageValidators,
  stageDefinitionFromFile,
  stageFiles,
  stageValidatorModule,
  validateStage,
  withCatalogue,
  type StageDefinition,
  type ValidatorModule,
} from '../../engine';
import { createRendererI18n } from '../../engine/react';
import { validateSection } from '../../engine/react/engineAdapter';
import { errorText } from '../../engine/react/errors';
import { companyInformation } from './fixtures';

type Obj = Record<string, unknown>;
type StageFile = Obj & { slug: string; schema: Obj & { properties: Record<string, Obj> }; uiSchema: Record<string, Obj> };
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

const VAT_KEY = 'messages.company-information.companyInformation.vatNumber.pattern';
const NAME_KEY = 'messages.franchises.franchises.name.pattern';
const VAT_EN = 'Enter the VAT number as GB followed by 9 digits';
const VAT_FR = 'Saisissez le numéro de TVA : GB suivi de 9 chiffres';

/** Company information whose VAT number has a pattern and its own message for it. */
function companyFile(): StageFile {
  const file = clone(stageFiles['company-information']) as StageFile;
  const info = file.schema.properties.companyInformation as { properties: Record<string, Obj> };
  info.properties.vatNumber = { ...info.properties.vatNumber, pattern: '^GB[0-9]{9}$' };
  const ui = file.uiSchema.companyInformation;
  // maxLength names a key nobody gave words: the generic message stands.
  ui.vatNumber = { 'ui:options': { messages: { pattern: `configurator:${VAT_KEY}`, maxLength: 'configurator:messages.company-information.companyInformation.vatNumber.maxLength' } } };
  return file;
}

/** Franchises whose item name must start with a capital, with its own message (a list item's field). */
function franchisesFile(): StageFile {
  const file = clone(stageFiles.franchises) as StageFile;
  const items = (file.schema.properties.franchises as { items: { properties: Record<string, Obj> } }).items;
  items.properties.name = { ...items.properties.name, pattern: '^[A-Z]' };
  const list = file.uiSchema.franchises as { items: Record<string, Obj> };
  list.items.name = { 'ui:options': { messages: { pattern: `configurator:${NAME_KEY}` } } };
  return file;
}

const company = stageDefinitionFromFile(companyFile(), { version: 2, key: 'company-information@2-own-messages' });
const franchises = stageDefinitionFromFile(franchisesFile(), { version: 2, key: 'franchises@2-own-messages' });
const catalogue = catalogueWith([company, franchises]);

async function register(definition: StageDefinition) {
  const text = stageValidatorModule(definition);
  registerStageValidators(instantiateValidators((await import(`data:text/javascript;base64,${Buffer.from(text).toString('base64')}`)) as ValidatorModule));
}

beforeAll(async () => {
  await Promise.all([register(company), register(franchises), loadEngineLocales(['fr-FR', 'nl-NL'])]);
  // As the server adds a published version's labels (catalogue.versions.ts); nl-NL has no words.
  addConfiguratorTexts({
    'en-GB': { [VAT_KEY]: VAT_EN, [NAME_KEY]: '{{attribute}} starts with a capital letter' },
    'fr-FR': { [VAT_KEY]: VAT_FR },
  });
});

const badVat = () => ({ companyInformation: { ...clone(companyInformation.companyInformation), vatNumber: 'FR123' } });
const at = <E extends { path: string }>(errors: E[], path: string) => errors.filter((e) => e.path === path);

describe("a field's own messages", () => {
  it('replaces the generic pattern message in en-GB and fr-FR, keeping the generic key', () => {
    const en = withCatalogue(catalogue, () => validateStage('company-information', badVat(), {}, { lng: 'en-GB' }));
    const fr = withCatalogue(catalogue, () => validateStage('company-information', badVat(), {}, { lng: 'fr-FR' }));
    expect(at(en.errors, '/companyInformation/vatNumber')).toEqual([
      expect.objectContaining({ key: 'validation:field.pattern', ownKey: `configurator:${VAT_KEY}`, message: VAT_EN }),
    ]);
    expect(at(fr.errors, '/companyInformation/vatNumber').map((e) => e.message)).toEqual([VAT_FR]);
  });

  it("falls back to en-GB's words in a locale without its own", () => {
    const nl = withCatalogue(catalogue, () => validateStage('company-information', badVat(), {}, { lng: 'nl-NL' }));
    expect(at(nl.errors, '/companyInformation/vatNumber').map((e) => e.message)).toEqual([VAT_EN]);
  });

  it('keeps the generic message for checks without an own message, and for a key with no words anywhere', () => {
    const data = badVat();
    data.companyInformation.postcode = 'NOT A POSTCODE';
    data.companyInformation.vatNumber = `GB${'1'.repeat(30)}`; // too long: maxLength's key has no text
    const r = withCatalogue(catalogue, () => validateStage('company-information', data, {}, { lng: 'en-GB' }));
    // The shipped stage has no own messages: its words are the generic ones.
    const generic = validateStage('company-information', data, {}, { lng: 'en-GB' }).errors;
    const messageOf = (errors: typeof generic, path: string, key: string) => errors.find((e) => e.path === path && e.key === key)?.message;
    expect(messageOf(r.errors, '/companyInformation/postcode', 'validation:field.postcode')).toBe(messageOf(generic, '/companyInformation/postcode', 'validation:field.postcode'));
    const long = messageOf(r.errors, '/companyInformation/vatNumber', 'validation:field.maxLength');
    expect(long).toBe(messageOf(generic, '/companyInformation/vatNumber', 'validation:field.maxLength'));
    expect(long).toContain('20');
  });

  it('the shipped stage (no own messages) answers as before', () => {
    const data = badVat();
    data.companyInformation.postcode = '';
    const r = validateStage('company-information', data, {}, { lng: 'en-GB' });
    expect(r.errors.every((e) => e.ownKey === undefined)).toBe(true);
  });

  it("gives a list item's field its own message, in the full save and while typing", () => {
    const data = { franchises: [{ id: 'aaaaa', name: 'Ford' }, { id: 'bbbbb', name: 'kia' }] };
    const saved = withCatalogue(catalogue, () => validateStage('franchises', data, {}, { lng: 'en-GB' }));
    expect(at(saved.errors, '/franchises/1/name').map((e) => e.message)).toEqual([expect.stringMatching(/starts with a capital letter$/)]);
    const typed = withCatalogue(catalogue, () => validateSection('franchises', data, ['franchises', 1]));
    expect(typed.errors).toEqual([expect.objectContaining({ path: '/franchises/1/name', ownKey: `configurator:${NAME_KEY}`, message: expect.stringMatching(/starts with a capital letter$/) })]);
  });
});

describe('the form: own messages in its own language', () => {
  it("shows the form's words for the own key (a published version's labels live there), else the generic message in the form's language", () => {
    const i18n = createRendererI18n('fr-FR');
    // As the app adds a version's labels (src/i18n/stageVersionTexts.ts).
    i18n.addResource('fr-FR', 'configurator', VAT_KEY, VAT_FR);
    const e = { path: '/companyInformation/vatNumber', key: 'validation:field.pattern', ownKey: `configurator:${VAT_KEY}`, params: { attribute: 'VAT' }, message: 'is not in the expected format' };
    expect(errorText(e, i18n.t)).toBe(VAT_FR);
    // No words for the own key, or none: the generic message, in the form's language too (the
    // browser's engine made it in English).
    const generic = i18n.t('validation:field.pattern', { attribute: 'VAT' });
    expect(generic).not.toBe(e.message);
    expect(errorText({ ...e, ownKey: 'configurator:messages.company-information.none.pattern' }, i18n.t)).toBe(generic);
    expect(errorText({ ...e, ownKey: undefined }, i18n.t)).toBe(generic);
    // A message the browser's checks made names its field again by the field's French label.
    const required = { path: '/companyInformation/postcode', key: 'validation:field.required', params: { attribute: 'Postcode' }, message: 'The Postcode field must be filled in', field: { prop: 'postcode', title: 'configurator:fields.postcode' } };
    expect(errorText(required, i18n.t)).toBe(i18n.t('validation:field.required', { attribute: i18n.t('configurator:fields.postcode') }));
    expect(errorText(required, i18n.t)).not.toContain('Postcode');
    // A key the form's texts lack stays as the engine said it.
    expect(errorText({ ...e, key: 'validation:field.noSuchCheck', ownKey: undefined }, i18n.t)).toBe(e.message);
    // Another locale without words: en-GB's (i18next's fallback), as on the server.
    const nl = createRendererI18n('nl-NL');
    nl.addResource('en-GB', 'configurator', VAT_KEY, VAT_EN);
    expect(errorText(e, nl.t)).toBe(VAT_EN);
  });
});

describe('lint of own messages', () => {
  const withMessages = (messages: unknown, field = 'vatNumber') => {
    const file = companyFile();
    file.uiSchema.companyInformation[field] = { 'ui:options': { messages } };
    return lintStageFile(file, 'company-information.json');
  };
  const where = '/uiSchema/companyInformation/vatNumber/ui:options/messages';

  it('accepts messages of checks the field has, on list items too', () => {
    expect(lintStageFile(companyFile(), 'company-information.json')).toEqual([]);
    expect(lintStageFile(franchisesFile(), 'franchises.json')).toEqual([]);
    // required: regNumber is in the object's required list.
    expect(withMessages({ required: 'configurator:messages.company-information.companyInformation.regNumber.required' }, 'regNumber')).toEqual([]);
  });

  it('refuses a messages value that is not an object', () => {
    expect(withMessages('configurator:messages.company-information.x')).toEqual([`company-information.json: ${where} must be an object naming checks (required, pattern, format, postcode, minLength, maxLength, minimum, maximum, minItems, maxItems), each with a text key`]);
  });

  it('refuses a check that cannot have its own message', () => {
    expect(withMessages({ enum: 'configurator:messages.company-information.a.enum' })).toEqual([
      `company-information.json: ${where}/enum: "enum" is not a check a field may have its own message for (required, pattern, format, postcode, minLength, maxLength, minimum, maximum, minItems, maxItems)`,
    ]);
  });

  it("refuses plain words and another stage's keys", () => {
    for (const value of ['Enter GB and 9 digits', 'configurator:messages.franchises.x.pattern', 'configurator:fields.vatNumber', 12]) {
      expect(withMessages({ pattern: value })).toEqual([
        `company-information.json: ${where}/pattern must be a text key starting "configurator:messages.company-information." (letters, digits, dots, dashes; the words per locale go in the labels)`,
      ]);
    }
  });

  it('refuses a message for a check the field does not have, and on a field the schema lacks', () => {
    expect(withMessages({ minimum: 'configurator:messages.company-information.a.minimum' })).toEqual([
      `company-information.json: ${where}/minimum: the field has no minimum check, so this message would never show (remove it, or give the field the check)`,
    ]);
    expect(withMessages({ required: 'configurator:messages.company-information.a.required' })).toHaveLength(1); // vatNumber is optional
    expect(withMessages({ pattern: 'configurator:messages.company-information.a.pattern' }, 'nickname')).toEqual([
      'company-information.json: /uiSchema/companyInformation/nickname/ui:options/messages: the schema has no field here, so these messages would never show',
    ]);
  });
});
