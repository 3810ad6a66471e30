// A field's own error messages in the structured editor's model (issue 56): the key in the field's
// uiSchema (`ui:options.messages`), the words per locale in the labels; inputs frozen, no-op edits
// give back their input, and what the model writes lints clean.
import { describe, expect, it } from 'vitest';
import { lintStageFile } from '../../../../../engine';
import { setSchemaKey } from '../../../../../src/config-admin/fields/model/edits';
import { checksOf, clearMessage, messageKey, messagesOf, setMessage } from '../../../../../src/config-admin/fields/model/messages';
import { EditError, ITEMS } from '../../../../../src/config-admin/fields/model/types';
import { at, bytes, draftOf, frozen } from './helpers';

const VAT = ['companyInformation', 'vatNumber'];
const VAT_KEY = 'configurator:messages.company-information.companyInformation.vatNumber.pattern';

/** Company information whose VAT number has a pattern (frozen). */
const withPattern = () => frozen(setSchemaKey(draftOf('company-information'), VAT, 'pattern', '^GB[0-9]{9}$'));

describe('messageKey', () => {
  it('names the key after the stage, the path (items left out) and the check', () => {
    expect(messageKey('company-information', VAT, 'pattern')).toBe(VAT_KEY);
    expect(messageKey('franchises', ['franchises', ITEMS, 'name'], 'maxLength')).toBe('configurator:messages.franchises.franchises.name.maxLength');
  });
});

describe('checksOf', () => {
  it("lists the checks a field has: required from its object, its pattern, format, postcode and limits", () => {
    const d = withPattern();
    expect(checksOf(d, VAT)).toEqual(['pattern', 'maxLength']);
    expect(checksOf(d, ['companyInformation', 'postcode'])).toEqual(['required', 'postcode', 'maxLength']);
    expect(checksOf(d, ['companyInformation', 'fcaRegNumber'])).toEqual(['format', 'maxLength']);
    expect(checksOf(draftOf('franchises'), ['franchises', ITEMS, 'name'])).toEqual(['required', 'minLength', 'maxLength']);
    // A list of at least one is required; the list's items are no field.
    expect(checksOf(draftOf('franchises'), ['franchises'])).toEqual(['required', 'minItems']);
    expect(checksOf(draftOf('franchises'), ['franchises', ITEMS])).toEqual([]);
  });
});

describe('setMessage and clearMessage', () => {
  it('writes the key into the uiSchema and the words into the locale, without changing the input', () => {
    const d = withPattern();
    const before = bytes(d);
    const fr = setMessage(d, VAT, 'pattern', 'fr-FR', 'Saisissez GB suivi de 9 chiffres');
    expect(bytes(d)).toBe(before);
    expect(at(fr.file, 'uiSchema', 'companyInformation', 'vatNumber', 'ui:options', 'messages')).toEqual({ pattern: VAT_KEY });
    expect(fr.labels).toEqual({ 'fr-FR': { 'messages.company-information.companyInformation.vatNumber.pattern': 'Saisissez GB suivi de 9 chiffres' } });
    expect(messagesOf(fr, VAT)).toEqual({ pattern: VAT_KEY });
    // The other options of the field's uiSchema stay (postcode keeps `capitalise`).
    const postcode = setMessage(fr, ['companyInformation', 'postcode'], 'postcode', 'en-GB', 'Enter a UK postcode');
    expect(at(postcode.file, 'uiSchema', 'companyInformation', 'postcode', 'ui:options')).toEqual({
      capitalise: true,
      messages: { postcode: 'configurator:messages.company-information.companyInformation.postcode.postcode' },
    });
    expect(lintStageFile(postcode.file, 'company-information.json')).toEqual([]);
  });

  it('adds a second locale to the same key; the same words again give back the draft', () => {
    const fr = frozen(setMessage(withPattern(), VAT, 'pattern', 'fr-FR', 'Saisissez GB suivi de 9 chiffres'));
    const en = setMessage(fr, VAT, 'pattern', 'en-GB', 'Enter GB followed by 9 digits');
    expect(en.file).toBe(fr.file);
    expect(Object.keys(en.labels).sort()).toEqual(['en-GB', 'fr-FR']);
    expect(setMessage(fr, VAT, 'pattern', 'fr-FR', 'Saisissez GB suivi de 9 chiffres')).toBe(fr);
    // Emptying a locale's words keeps the key (others may have words).
    const emptied = setMessage(fr, VAT, 'pattern', 'fr-FR', '');
    expect(emptied.labels).toEqual({});
    expect(messagesOf(emptied, VAT)).toEqual({ pattern: VAT_KEY });
  });

  it('empty words for a message not written change nothing', () => {
    const d = withPattern();
    expect(setMessage(d, VAT, 'pattern', 'fr-FR', '')).toBe(d);
  });

  it('keeps a key the file already names for the check', () => {
    const d = frozen(setMessage(withPattern(), VAT, 'pattern', 'en-GB', 'x'));
    const renamed = frozen({ ...d, file: JSON.parse(JSON.stringify(d.file).replace(VAT_KEY, 'configurator:messages.company-information.vat')) as unknown });
    const out = setMessage(renamed, VAT, 'pattern', 'fr-FR', 'y');
    expect(out.labels['fr-FR']).toEqual({ 'messages.company-information.vat': 'y' });
  });

  it('refuses a check the field does not have', () => {
    expect(() => setMessage(withPattern(), VAT, 'minimum', 'en-GB', 'x')).toThrow(EditError);
    expect(() => setMessage(draftOf('company-information'), VAT, 'pattern', 'en-GB', 'x')).toThrow(EditError);
  });

  it("clearMessage goes back to the portal's message: key and words gone, the file as it was", () => {
    const d = withPattern();
    const two = frozen(setMessage(setMessage(d, VAT, 'pattern', 'fr-FR', 'a'), VAT, 'pattern', 'en-GB', 'b'));
    const cleared = clearMessage(two, VAT, 'pattern');
    expect(bytes(cleared)).toBe(bytes(d));
    expect(cleared.labels).toEqual({});
    expect(clearMessage(d, VAT, 'pattern')).toBe(d);
  });

  it("clears a message left behind by a removed check (the linter's error), and the file lints clean again", () => {
    const d = frozen(setMessage(withPattern(), VAT, 'pattern', 'en-GB', 'b'));
    const noPattern = frozen(setSchemaKey(d, VAT, 'pattern', undefined));
    expect(lintStageFile(noPattern.file, 'company-information.json')).toHaveLength(1);
    expect(lintStageFile(clearMessage(noPattern, VAT, 'pattern').file, 'company-information.json')).toEqual([]);
  });

  it("a list item's field gets its key under the list's items", () => {
    const d = draftOf('franchises');
    const out = setMessage(d, ['franchises', ITEMS, 'name'], 'maxLength', 'en-GB', 'A franchise name has at most 100 characters');
    expect(at(out.file, 'uiSchema', 'franchises', 'items', 'name', 'ui:options', 'messages')).toEqual({ maxLength: 'configurator:messages.franchises.franchises.name.maxLength' });
    expect(at(out.file, 'uiSchema', 'franchises', 'items', 'id')).toEqual({ 'ui:widget': 'hidden' });
    expect(lintStageFile(out.file, 'franchises.json')).toEqual([]);
  });
});
