import { describe, expect, it } from 'vitest';
import { csvCell, defuse, defuseDeep, toCsv } from '../../../src/data/csv';

describe('CSV export (src/data/csv.ts)', () => {
  // Moved from tests/src/resources/companies/companyBody.test.ts with the helper.
  it('quotes CSV cells that need it and defuses spreadsheet formulas', () => {
    expect(csvCell('Garage "du" Lac')).toBe('"Garage ""du"" Lac"');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(null)).toBe('');
    expect(csvCell(3)).toBe('3');
  });

  it('defuses every cell a spreadsheet reads as a formula: = + - @ tab and carriage return (OWASP)', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(defuse(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
    expect(csvCell(-5)).toBe("'-5");
    expect(defuse('a=1')).toBe('a=1');
  });

  it('writes a header of the first row and CRLF lines; the fallback header when empty', () => {
    expect(toCsv([{ id: 1, name: 'A; B' }, { id: 2, name: null }], ['id'])).toBe('id,name\r\n1,"A; B"\r\n2,');
    expect(toCsv([], ['position', 'id', 'name'])).toBe('position,id,name');
  });

  it("defuses every text of a record for react-admin's default exporter, keeping its shape", () => {
    expect(defuseDeep({ id: 3, name: '=1+1', active: true, roles: [{ id: 1, name: '@x' }], company: null })).toEqual({
      id: 3, name: "'=1+1", active: true, roles: [{ id: 1, name: "'@x" }], company: null,
    });
  });
});
