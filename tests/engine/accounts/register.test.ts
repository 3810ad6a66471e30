import { describe, expect, it } from 'vitest';
import {
  INDEPENDENT_TYPE_ID, isHiddenRegion, languageForRegion, makesHidden, validateRegisterStep1, validateRegisterStep2,
  validateRegistration, visibleRegions,
} from '../../../engine/accounts';

const INCOMPLETE = 'Please make sure that all required fields are complete.';
const good = { companyName: ' Demo Motors ', name: ' Dana ', email: ' dana@demo.test ', password: 'long-enough', acceptTerms: true, makes: [20, '21'], type: 1 };

describe('registration step 1', () => {
  it('requires region and type', () => {
    const r = validateRegisterStep1({ region: '', type: undefined });
    expect(r.errors.map((e) => [e.field, e.message])).toEqual([
      ['region', INCOMPLETE],
      ['type', INCOMPLETE],
    ]);
  });
  it('accepts ids as numbers or numeric strings', () => {
    expect(validateRegisterStep1({ region: '7', type: 6 })).toEqual({ ok: true, values: { region: 7, type: 6 }, errors: [] });
  });
  it('hides the USA regions and maps region to language', () => {
    const regions = [{ id: 7, slug: 'uk' }, { id: 10, slug: 'fr' }, { id: 13, slug: 'usa' }, { id: 14, slug: 'US' }, { id: 15, slug: 'USA' }];
    expect(visibleRegions(regions).map((r) => r.id)).toEqual([7, 10]);
    expect(isHiddenRegion('usa')).toBe(true);
    expect(isHiddenRegion('uk')).toBe(false);
    // One rule with the app's region choices (contract/regions.ts): usa or us, in any case.
    expect(['us', 'Us', 'Usa', 'uSA'].map(isHiddenRegion)).toEqual([true, true, true, true]);
    expect([null, undefined, '', 'usa-east', 'aus'].map(isHiddenRegion)).toEqual([false, false, false, false, false]);
    expect(languageForRegion('fr')).toBe('fr');
    expect(languageForRegion('FR')).toBe('fr');
    expect(languageForRegion('uk')).toBe('en');
    expect(languageForRegion('nl')).toBe('en');
    expect(languageForRegion(null)).toBe('en');
  });
});

describe('registration step 2', () => {
  it('accepts complete input and trims the values', () => {
    const r = validateRegisterStep2(good);
    expect(r.ok).toBe(true);
    expect(r.values).toEqual({ companyName: 'Demo Motors', name: 'Dana', email: 'dana@demo.test', password: 'long-enough', acceptTerms: true, makes: [20, 21] });
  });

  it('reports each missing required field with the incomplete-fields message', () => {
    const r = validateRegisterStep2({ ...good, companyName: '  ', password: '', makes: [] });
    expect(r.errors.map((e) => [e.field, e.message])).toEqual([
      ['companyName', INCOMPLETE],
      ['password', INCOMPLETE],
      ['makes', INCOMPLETE],
    ]);
  });

  it('does not require makes for the Independent type (6) and drops any sent', () => {
    const r = validateRegisterStep2({ ...good, type: INDEPENDENT_TYPE_ID, makes: [20] });
    expect(r.ok).toBe(true);
    expect(r.values.makes).toEqual([]);
    expect(makesHidden(6)).toBe(true);
    expect(makesHidden(1)).toBe(false);
  });

  it('requires the terms checkbox', () => {
    expect(validateRegisterStep2({ ...good, acceptTerms: false }).errors).toEqual([
      { field: 'acceptTerms', key: 'account.accept_terms', message: 'Please check the terms and conditions' },
    ]);
  });

  it('checks name length, email and password length', () => {
    const r = validateRegisterStep2({ ...good, name: 'Dan', email: 'dana@', password: 'seven77' });
    expect(r.errors.map((e) => [e.field, e.message])).toEqual([
      ['name', 'Must be at least 4 characters long'],
      ['email', 'Must be a valid email.'],
      ['password', 'Must be at least 8 characters long'],
    ]);
    expect(r.errors[0].params).toEqual({ length: 4 });
  });

  it('counts length after trimming', () => {
    expect(validateRegisterStep2({ ...good, name: '  Dan  ' }).errors[0].field).toBe('name');
  });
});

describe('validateRegistration', () => {
  it('reports step 1 before step 2', () => {
    const r = validateRegistration({ ...good, region: null, acceptTerms: false });
    expect(r.errors.map((e) => e.field)).toEqual(['region']);
  });
  it('passes complete input', () => {
    expect(validateRegistration({ ...good, region: 7 }).ok).toBe(true);
  });
});
