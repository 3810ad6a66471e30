import { describe, expect, it } from 'vitest';
import { localiseServerText } from '../../../src/i18n/serverText';

const calls: Array<[string, Record<string, string> | undefined]> = [];
const t = (key: string, params?: Record<string, string>) => {
  calls.push([key, params]);
  return `<${key}${params && Object.keys(params).length ? ' ' + JSON.stringify(params) : ''}>`;
};

describe('localiseServerText', () => {
  it('finds the catalogue entry of an English server text', () => {
    expect(localiseServerText('That email does not exist.', t)).toBe('<errors:email_not_found>');
    expect(localiseServerText('Passwords do not match.', t)).toBe('<errors:account.passwords_mismatch>');
  });

  it('recovers the parameters of interpolated texts', () => {
    expect(localiseServerText('Too many attempts. Please try again in 5 minutes.', t)).toBe('<errors:too_many_attempts {"minutes":"5"}>');
    expect(localiseServerText('Must be at least 8 characters long', t)).toBe('<errors:account.min_length {"length":"8"}>');
  });

  it('knows the stage write refusals of locked rows (the engine\'s words, issue 54)', () => {
    expect(localiseServerText('This row is locked by our team: it cannot be changed, removed or moved.', t)).toBe('<errors:configs.row_locked>');
    expect(localiseServerText('Only our team can lock or unlock a row.', t)).toBe('<errors:configs.row_lock>');
  });

  it('leaves texts it does not know alone', () => {
    expect(localiseServerText('Something only the server knows.', t)).toBe('Something only the server knows.');
  });
});
