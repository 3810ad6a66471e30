import { describe, expect, it } from 'vitest';
import { validateForgotPassword, validateLogin } from '../../../engine/accounts';

const INCOMPLETE = 'Please make sure that all required fields are complete.';

describe('validateLogin', () => {
  it('accepts a valid email and password and trims them', () => {
    const r = validateLogin({ email: '  dealer@demo.test ', password: ' Demo-pass-2026 ', remember: true });
    expect(r).toEqual({ ok: true, values: { email: 'dealer@demo.test', password: 'Demo-pass-2026', remember: true }, errors: [] });
  });

  it('shows the incomplete-fields message for empty or invalid input', () => {
    const r = validateLogin({ email: '   ', password: '' });
    expect(r.ok).toBe(false);
    expect(r.errors.map((e) => [e.field, e.message])).toEqual([
      ['email', INCOMPLETE],
      ['password', INCOMPLETE],
    ]);
    expect(validateLogin({ email: 'not-an-email', password: 'x' }).errors).toEqual([
      { field: 'email', key: 'account.incomplete_fields', message: INCOMPLETE },
    ]);
  });

  it('treats non-strings as empty and remember as false unless true', () => {
    const r = validateLogin({ email: 42, password: null, remember: 'yes' });
    expect(r.values.remember).toBe(false);
    expect(r.errors).toHaveLength(2);
  });
});

describe('validateForgotPassword', () => {
  it('requires the email with the incomplete-fields message', () => {
    expect(validateForgotPassword({ email: ' ' }).errors[0].message).toBe(INCOMPLETE);
  });
  it('rejects an invalid email', () => {
    expect(validateForgotPassword({ email: 'nope' }).errors[0].message).toBe('Must be a valid email.');
  });
  it('accepts and trims a valid email', () => {
    expect(validateForgotPassword({ email: ' a@b.co ' })).toEqual({ ok: true, values: { email: 'a@b.co' }, errors: [] });
  });
});
