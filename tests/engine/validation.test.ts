import { customizeValidator } from '@rjsf/validator-ajv8';
import { describe, expect, it } from 'vitest';
import { ajvErrorsToFieldErrors, createAjv, extendAjv, getStage, normalisePostcode, validateStage, type FieldError } from '../../engine';
import { companyInformation, group } from './fixtures';

const ajv = createAjv();
const valid = (schema: object, data: unknown) => ajv.validate(schema, data);
const keys = (errors: FieldError[]) => errors.map((e) => `${e.path} ${e.key}`);
const info = (patch: Record<string, unknown>) => ({ companyInformation: { ...companyInformation.companyInformation, ...patch } });

describe('createAjv formats and keywords', () => {
  it('UK and French postcodes; GB counts as UK; the country comes from the data', () => {
    expect(valid({ type: 'string', format: 'postcode-uk' }, 'SW1A 1AA')).toBe(true);
    expect(valid({ type: 'string', format: 'postcode-uk' }, 'M1 1AE')).toBe(true);
    expect(valid({ type: 'string', format: 'postcode-uk' }, '75001')).toBe(false);
    expect(valid({ type: 'string', format: 'postcode-fr' }, '75001')).toBe(true);
    expect(valid({ type: 'string', format: 'postcode-fr' }, '7500')).toBe(false);
    const schema = { type: 'object', properties: { country: { type: 'string' }, postcode: { type: 'string', postcode: { $data: '1/country' } } } };
    expect(valid(schema, { country: 'GB', postcode: 'sw1a1aa' })).toBe(true);
    expect(valid(schema, { country: 'UK', postcode: '75001' })).toBe(false);
    expect(valid(schema, { country: 'FR', postcode: '75001' })).toBe(true);
    expect(valid(schema, { country: 'FR', postcode: 'SW1A 1AA' })).toBe(false);
    expect(valid(schema, { country: 'NL', postcode: '1012 AB' })).toBe(true);
  });

  it('UK postcodes are normalised to upper-case outcode, space, incode', () => {
    expect(normalisePostcode('sw1a1aa', 'GB')).toBe('SW1A 1AA');
    expect(normalisePostcode(' m1 1ae ', 'UK')).toBe('M1 1AE');
    expect(normalisePostcode('75001', 'FR')).toBe('75001');
    const { data, errors } = validateStage('company-information', info({ postcode: 'ls14ap' }), {});
    expect(errors).toEqual([]);
    expect((data.companyInformation as Record<string, unknown>).postcode).toBe('LS1 4AP');
    const locs = group({ franchises: 1, locations: 2, departments: 0, hours: 0 }).locations;
    (locs.locations as { postcode: string }[])[1].postcode = 'ls2 7ew';
    const v = validateStage('locations', locs, {});
    expect((v.data.locations as { postcode: string }[]).map((l) => l.postcode)).toEqual(['LS1 1AA', 'LS2 7EW']);
    expect(v.data.locations).not.toBe(locs.locations);
  });

  it('the other markets\' postcodes follow their post offices (issue 54): AU, BE, ZA four digits, NL four digits and two letters', () => {
    const schema = { type: 'object', properties: { country: { type: 'string' }, postcode: { type: 'string', postcode: { $data: '1/country' } } } };
    const ok = (country: string, postcode: string) => valid(schema, { country, postcode });
    // Australia: four digits, after the state as an address line writes it.
    expect([ok('AU', '2000'), ok('AU', 'NSW 2050'), ok('AU', 'vic 3006')]).toEqual([true, true, true]);
    expect([ok('AU', '200'), ok('AU', 'XYZ 2000'), ok('AU', 'SW1A 1AA')]).toEqual([false, false, false]);
    expect([ok('BE', '1070'), ok('BE', '10700'), ok('ZA', '0081'), ok('ZA', '81')]).toEqual([true, false, true, false]);
    expect([ok('NL', '1096 AJ'), ok('NL', '1096aj'), ok('NL', '1096'), ok('NL', 'AJ 1096')]).toEqual([true, true, false, false]);
    // A country outside the markets keeps any postcode.
    expect(ok('DE', '10115')).toBe(true);
    expect(normalisePostcode('1096aj', 'NL')).toBe('1096 AJ');
    expect(normalisePostcode('nsw 2050', 'AU')).toBe('NSW 2050');
    expect(normalisePostcode(' 1070 ', 'BE')).toBe('1070');
  });

  it('IPv4, http URL, email, numeric, gtZero, noTestValue, min/max length', () => {
    expect(valid({ format: 'ipv4' }, '192.168.0.1')).toBe(true);
    expect(valid({ format: 'ipv4' }, '300.1.1.1')).toBe(false);
    expect(valid({ format: 'http-url' }, 'https://dealer.co.uk/path')).toBe(true);
    expect(valid({ format: 'http-url' }, 'ftp://dealer.co.uk')).toBe(false);
    expect(valid({ format: 'email' }, 'a@b.co')).toBe(true);
    expect(valid({ format: 'email' }, 'a@')).toBe(false);
    expect(valid({ format: 'numeric' }, '12.5')).toBe(true);
    expect(valid({ format: 'numeric' }, '12a')).toBe(false);
    expect(valid({ gtZero: true }, 0.01)).toBe(true);
    expect(valid({ gtZero: true }, 0)).toBe(false);
    expect(valid({ gtZero: true }, '-3')).toBe(false);
    expect(valid({ noTestValue: true }, 'Demo Motors')).toBe(true);
    for (const v of ['test', 'Testing 123', 'asdf', 'test@test.com']) expect(valid({ noTestValue: true }, v), v).toBe(false);
    expect(valid({ minLength: 4, maxLength: 6 }, 'abc')).toBe(false);
    expect(valid({ minLength: 4, maxLength: 6 }, 'abcdefg')).toBe(false);
  });

  it('noDuplicate reports each repeated value at its item; requiredIf follows a JSON-logic condition', () => {
    const list = { type: 'array', noDuplicate: 'name' };
    expect(valid(list, [{ name: 'Ford' }, { name: 'Kia' }])).toBe(true);
    expect(ajv.validate(list, [{ name: 'Ford' }, { name: 'Kia' }, { name: ' ford ' }])).toBe(false);
    expect(ajv.errors?.[0].instancePath).toBe('/2/name');
    const day = getStage('opening-hours').schema.definitions!['opening-day'] as object;
    expect(valid(day, { dual: false, open: '09:00', close: '17:00' })).toBe(true);
    expect(ajv.validate(day, { dual: true, open: '09:00', close: '12:00' })).toBe(false);
    expect(ajvErrorsToFieldErrors(ajv.errors).map((e) => `${e.path} ${e.message}`)).toEqual([
      '/open2 The Open (second) field must be filled in',
      '/close2 The Close (second) field must be filled in',
    ]);
    expect(valid(day, { dual: false, open: '09:00' })).toBe(false); // close is required once open is filled
    expect(valid({ requiredIf: { vat: { '==': [{ var: 'country' }, 'GB'] } } }, { country: 'FR' })).toBe(true);
    expect(valid({ requiredIf: { vat: { '==': [{ var: 'country' }, 'GB'] } } }, { country: 'GB' })).toBe(false);
  });

  it('the same keywords work in the rjsf validator through extendAjv', () => {
    const validator = customizeValidator({ extenderFn: extendAjv });
    const schema = getStage('company-information').schema as object;
    const result = validator.validateFormData(info({ postcode: '75001', vatNumber: 'test' }), schema);
    expect(result.errors.map((e) => e.property).sort()).toEqual(['.companyInformation.postcode', '.companyInformation.vatNumber']);
  });
});

describe('messages (spec section 5, i18n)', () => {
  it('English texts with {{attribute}} and {{length}}', () => {
    const { errors } = validateStage('company-information', info({ name: '', postcode: 'XX', fcaRegNumber: '12a', icoNumber: 'x'.repeat(21), vatNumber: 'test' }), {});
    const byPath = Object.fromEntries(errors.map((e) => [e.path, e.message]));
    expect(byPath).toEqual({
      '/companyInformation/name': 'The Company name field must be filled in',
      '/companyInformation/postcode': 'must be a valid postcode',
      '/companyInformation/fcaRegNumber': 'must be a number',
      '/companyInformation/icoNumber': 'at most 20 characters',
      '/companyInformation/vatNumber': 'should not be a test value',
    });
    const short = validateStage('company-information', info({ name: 'A' }), {}).errors[0];
    expect(short).toMatchObject({ path: '/companyInformation/name', key: 'validation:field.minLength', params: { length: 2 }, message: 'must have a length of 2' });
    const dup = validateStage('franchises', { franchises: [{ id: 'a', name: 'Ford' }, { id: 'b', name: 'Ford' }] }, {}).errors;
    expect(dup).toEqual([{ path: '/franchises/1/name', key: 'validation:field.duplicate', params: { attribute: 'Franchise' }, message: 'No duplicate Franchise allowed' }]);
    const email = validateStage('key-contact', { keyContact: { name: 'Ann Lee', email: 'ann@', telephone: '0113 496 0000' } }, {}).errors;
    expect(email.map((e) => e.message)).toEqual(['must be a valid email']);
    const price = validateStage('extras', { extras: [{ name: 'Mats', price: 0 }] }, {}).errors;
    expect(price.map((e) => e.message)).toEqual(['must be greater than 0']);
  });

  it('French and Dutch', () => {
    const fr = validateStage('company-information', info({ name: '', postcode: 'XX' }), {}, { lng: 'fr-FR' }).errors;
    expect(fr.map((e) => e.message)).toEqual(['Le champ Nom de la société doit être renseigné', 'doit être un code postal valide']);
    const nl = validateStage('company-information', info({ name: '' }), {}, { lng: 'nl-BE' }).errors;
    expect(nl.map((e) => e.message)).toEqual(['Het veld Bedrijfsnaam moet worden ingevuld']);
  });

  it('a draft may be incomplete but not malformed', () => {
    const draft = validateStage('company-information', info({ name: '', postcode: 'XX' }), {}, { mode: 'draft' });
    expect(keys(draft.errors)).toEqual(['/companyInformation/postcode validation:field.postcode']);
  });
});

describe('warnings and cross-stage rules', () => {
  const nav = (n: number, children = 0) => ({
    structure: {
      items: Array.from({ length: n }, (_, i) => ({
        name: `Item ${i}`, slug: `item-${i}`, topNav: true,
        children: Array.from({ length: children }, (_, j) => ({ name: `Sub ${j}`, slug: `sub-${j}` })),
      })),
    },
  });

  it('primary navigation over 6 items is an error; navigation items over 4 warn without blocking', () => {
    const six = validateStage('global-navigation', nav(6, 4), {});
    expect([six.errors, six.warnings]).toEqual([[], []]);
    // Spec section 5: "Primary navigation: at most 6 items" is a limit, an error in drafts and submits
    // alike (as maxItems is); the children advice stays a warning.
    for (const mode of ['draft', 'submit'] as const) {
      const v = validateStage('global-navigation', nav(7, 5), {}, { mode });
      expect(v.errors).toEqual([expect.objectContaining({ path: '/structure/items', key: 'validation:rule.primaryNavigation', message: 'Primary navigation: at most 6 items. Take the rest out of the top navigation' })]);
      expect(v.warnings.map((w) => w.path)).toEqual(Array.from({ length: 7 }, (_, i) => `/structure/items/${i}/children`));
      expect(v.warnings[0].message).toBe('Navigation items: no more than 4 advised');
    }
    expect(validateStage('global-navigation', nav(7), {}, { lng: 'fr-FR' }).errors.map((e) => e.message)).toEqual(['Navigation principale : 6 éléments au maximum. Retirez les autres de la navigation principale']);
  });

  it('extras over 5 warn', () => {
    const extras = (n: number) => ({ extras: Array.from({ length: n }, (_, i) => ({ name: `Extra ${i}`, price: 10 })) });
    expect(validateStage('extras', extras(5), {}).warnings).toEqual([]);
    expect(validateStage('extras', extras(6), {}, { lng: 'fr-FR' }).warnings.map((w) => w.message)).toEqual(['Options : pas plus de 5 recommandées']);
  });

  it('an unrecognised third-party feed warns', () => {
    const v = validateStage('import-feeds', { importFeeds: [{ id: 'a', provider: 'AutoTrader', franchises: [] }, { id: 'b', provider: 'Bob’s Feeds', franchises: [] }] }, {});
    expect(v.errors).toEqual([]);
    expect(v.warnings).toEqual([{ path: '/importFeeds/1/provider', key: 'validation:warning.unrecognisedFeed', params: {}, message: 'This third-party feed is not one we recognise' }]);
  });

  it('every department needs a user receiving enquiries (when the users stage has data); blocks submit only', () => {
    const doc = group({ franchises: 1, locations: 1, departments: 3, hours: 0 });
    const deps = doc.departments;
    expect(validateStage('departments', deps, doc).errors).toEqual([]); // no users stage yet
    doc.users = { users: [{ id: 'u1', firstName: 'Ann', lastName: 'Lee', email: 'ann@demo.co.uk', role: 'M', departments: ['d0', 'd1'], receiveLeads: true },
      { id: 'u2', firstName: 'Bob', lastName: 'Ray', email: 'bob@demo.co.uk', role: 'E', departments: ['d2'], receiveLeads: false }] };
    const v = validateStage('departments', deps, doc);
    expect(v.errors).toEqual([{ path: '/departments/2', key: 'validation:rule.departmentUser', params: {}, message: 'Every department must have a user assigned to receive enquiries' }]);
    expect(validateStage('departments', deps, doc, { mode: 'draft' }).errors).toEqual([]);
  });
});

describe('labels behind shared shapes', () => {
  it('a duplicate location name names the location-name field of the location shape', () => {
    const locs = group({ franchises: 1, locations: 2, departments: 0, hours: 0 }).locations;
    (locs.locations as { name: string }[])[1].name = 'Site 0';
    expect(validateStage('locations', locs, {}).errors.map((e) => e.message)).toEqual(['No duplicate Location name allowed']);
  });
});
