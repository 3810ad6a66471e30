import { describe, expect, it } from 'vitest';
import { toCompanyBody } from '../../../../src/resources/companies/CompanyForm';
import { csvCell } from '../../../../src/resources/companies/CompanyList';

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

  it('quotes CSV cells that need it and defuses spreadsheet formulas', () => {
    expect(csvCell('Garage "du" Lac')).toBe('"Garage ""du"" Lac"');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(null)).toBe('');
    expect(csvCell(3)).toBe('3');
  });
});
