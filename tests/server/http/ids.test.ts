/**
 * The one reading of an id-or-guid path key (server/http/ids.ts), which every area uses: a numeric
 * id within a PostgreSQL integer, a guid in either case (answered in lower case), else nothing,
 * which the routes answer 404 (never a 500 from an integer the database cannot hold).
 */
import { describe, expect, it } from 'vitest';
import { MAX_ID, parseId, parseKey } from '../../../server/http/ids';

const GUID = '0b7c5a52-7f7e-4f4e-9a53-2d1c8e0f6a11';

describe('parseId', () => {
  it('reads 1 up to the largest PostgreSQL integer', () => {
    expect(parseId('1')).toBe(1);
    expect(parseId('42')).toBe(42);
    expect(parseId(String(MAX_ID))).toBe(2_147_483_647);
    // Ten digits, as any id past a billion has (companies and products once stopped at nine).
    expect(parseId('1000000000')).toBe(1_000_000_000);
  });

  it('names no row for 0, anything past the largest integer, or text that is not plain digits', () => {
    for (const text of ['0', '2147483648', '9999999999', '12345678901', '-1', '+1', '1.0', '4e2', ' 7', '7 ', '0x1f', '', 'abc']) {
      expect(parseId(text), text).toBeNull();
    }
  });
});

describe('parseKey', () => {
  it('tells a numeric id from a guid, and gives the guid in lower case', () => {
    expect(parseKey('7')).toEqual({ id: 7 });
    expect(parseKey(7)).toEqual({ id: 7 });
    expect(parseKey(GUID)).toEqual({ guid: GUID });
    expect(parseKey(GUID.toUpperCase())).toEqual({ guid: GUID });
  });

  it('is nothing for a slug, a broken guid or an id out of bounds', () => {
    for (const key of ['demo-motors', GUID.slice(1), `${GUID}0`, GUID.replaceAll('-', ''), '2147483648', '0']) {
      expect(parseKey(key), key).toBeNull();
    }
  });
});
