import { describe, expect, it } from 'vitest';
import { validatePasswordReset, validatePasswordSet } from '../../../engine/accounts';

const full = { token: 'abc', email: 'a@b.co', password: 'new-password', passwordConfirmation: 'new-password' };
const first = (input: Partial<typeof full>) => validatePasswordReset({ ...full, ...input }).errors.map((e) => e.message);

describe('validatePasswordReset (spec order, first failure only)', () => {
  it('1. token', () => {
    expect(first({ token: '', email: '', password: '' })).toEqual(['You do not have access to do that.']);
  });
  it('2. email', () => {
    expect(first({ email: ' ', password: '' })).toEqual(['Please fill in the email field.']);
  });
  it('3. both password fields', () => {
    expect(first({ passwordConfirmation: '' })).toEqual(['Please fill in both password fields.']);
    expect(first({ password: '', passwordConfirmation: 'x' })).toEqual(['Please fill in both password fields.']);
  });
  it('4. passwords equal', () => {
    expect(first({ passwordConfirmation: 'other-password' })).toEqual(['Passwords do not match.']);
  });
  it('then the minimum length', () => {
    expect(first({ password: 'short', passwordConfirmation: 'short' })).toEqual(['Must be at least 8 characters long']);
  });
  it('passes and trims', () => {
    const r = validatePasswordReset({ ...full, email: ' a@b.co ' });
    expect(r.ok).toBe(true);
    expect(r.values.email).toBe('a@b.co');
  });
});

describe('validatePasswordSet', () => {
  it('needs a token, then matching passwords of at least 8', () => {
    expect(validatePasswordSet({ token: '', password: 'x', passwordConfirmation: 'x' }).errors[0].message).toBe('You do not have access to do that.');
    expect(validatePasswordSet({ token: 't', password: 'abcdefgh', passwordConfirmation: 'abcdefgx' }).errors[0].message).toBe('Passwords do not match.');
    expect(validatePasswordSet({ token: 't', password: 'abcdefgh', passwordConfirmation: 'abcdefgh' }).ok).toBe(true);
  });
});
