import { describe, expect, it } from 'vitest';
import { companyFormRecord, toCompanyBody } from '../../../src/companies/CompanyForm';
import { usableFilter } from '../../../src/companies/CompanyLogoInput';

describe('companies resource helpers', () => {
  it('sends only the writable fields of a loaded record, as the server accepts them', () => {
    const record = {
      id: 7, guid: 'g', name: 'Garage du Lac', users: [{ id: 1 }], taxonomies: [{ id: 1 }], users_count: 1, created_at: 'x', message: 'Company Updated',
      vat_number: '', address: { line1: '12 avenue de Genève', line2: '', line3: 'Annecy' },
      meta: [{ meta_key: 'logo', meta_value: '/logo.png' }, { meta_key: ' ', meta_value: 'dropped' }],
      terms: { type: [1], region: '10', make: ['22', 29], partner: '' },
    };
    expect(toCompanyBody(record)).toEqual({
      name: 'Garage du Lac',
      vat_number: null,
      address: { line1: '12 avenue de Genève', line2: null, line3: 'Annecy' },
      meta: [{ meta_key: 'logo', meta_value: '/logo.png' }],
      terms: { type: [1], region: [10], make: [22, 29], partner: [] },
    });
  });

  it('edits the logo as its own input and sends it back as meta logo (the guid), or not at all once removed', () => {
    const guid = '0b7c5a52-7f7e-4f4e-9a53-2d1c8e0f6a11';
    const loaded = { id: 7, name: 'A', meta: [{ meta_key: 'logo', meta_value: guid }, { meta_key: 'brand', meta_value: 'red' }], logo: { guid, url: '/f', thumbnail_url: '/t' } };
    const form = companyFormRecord(loaded)!;
    expect(form).toMatchObject({ logo: guid, meta: [{ meta_key: 'brand', meta_value: 'red' }] });
    expect(toCompanyBody(form).meta).toEqual([{ meta_key: 'brand', meta_value: 'red' }, { meta_key: 'logo', meta_value: guid }]);
    expect(toCompanyBody({ ...form, logo: null }).meta).toEqual([{ meta_key: 'brand', meta_value: 'red' }]);
    // A logo whose file is gone (no logo object) is not carried into the form, so a save clears it.
    expect(companyFormRecord({ ...loaded, logo: null })).toMatchObject({ logo: null, meta: [{ meta_key: 'brand' }] });
    // A logo row typed into the other pairs gives way to the logo input.
    expect(toCompanyBody({ meta: [{ meta_key: 'logo', meta_value: 'typed' }], logo: guid }).meta).toEqual([{ meta_key: 'logo', meta_value: guid }]);
  });

  it("asks the media library for the files a company may use: its own and the shared ones, or the shared ones for a new company", () => {
    expect(usableFilter(7)).toEqual({ mime: 'image', usable_by: 7 });
    expect(usableFilter(undefined)).toEqual({ mime: 'image', usable_by: 'new' });
  });
});
