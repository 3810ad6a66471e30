import { PASSWORD_MAX, PASSWORD_MIN } from './constants';
import { accountError, result, type AccountCheck, type AccountError } from './messages';
import { trimmed } from './input';

export interface PasswordResetValues {
  token: string;
  email: string;
  password: string;
  passwordConfirmation: string;
}

/**
 * Password reset, checked in the spec's order, first failure only: token ('You do not have access
 * to do that.'), email ('Please fill in the email field.'), both passwords ('Please fill in both
 * password fields.'), equal ('Passwords do not match.'), then the minimum and maximum length.
 * @example validatePasswordReset({ token: 't', email: 'a@b.co', password: 'x', passwordConfirmation: 'y' })
 *   .errors[0].message // 'Passwords do not match.'
 */
export function validatePasswordReset(input: {
  token?: unknown;
  email?: unknown;
  password?: unknown;
  passwordConfirmation?: unknown;
}): AccountCheck<PasswordResetValues> {
  const values = {
    token: trimmed(input.token),
    email: trimmed(input.email),
    password: trimmed(input.password),
    passwordConfirmation: trimmed(input.passwordConfirmation),
  };
  if (!values.token) return result(values, [accountError('token', 'no_access')]);
  if (!values.email) return result(values, [accountError('email', 'email_required')]);
  const pw = checkNewPassword(values.password, values.passwordConfirmation);
  return result(values, pw ? [pw] : []);
}

/**
 * Setting a password from a new-user link: the reset checks without the email.
 * @example validatePasswordSet({ token: '', password: 'a', passwordConfirmation: 'a' }).errors[0].key // 'account.no_access'
 */
export function validatePasswordSet(input: {
  token?: unknown;
  password?: unknown;
  passwordConfirmation?: unknown;
}): AccountCheck<Omit<PasswordResetValues, 'email'>> {
  const values = {
    token: trimmed(input.token),
    password: trimmed(input.password),
    passwordConfirmation: trimmed(input.passwordConfirmation),
  };
  if (!values.token) return result(values, [accountError('token', 'no_access')]);
  const pw = checkNewPassword(values.password, values.passwordConfirmation);
  return result(values, pw ? [pw] : []);
}

function checkNewPassword(password: string, confirmation: string) {
  if (!password || !confirmation) return accountError('password', 'both_passwords');
  if (password !== confirmation) return accountError('passwordConfirmation', 'passwords_mismatch');
  return passwordLengthError(password);
}

/**
 * The length rule of a new password (at least 8, at most 255 characters), or null.
 * @example passwordLengthError('x'.repeat(256))?.message // 'Must have at most 255 characters.'
 */
export function passwordLengthError(password: string): AccountError | null {
  if (password.length < PASSWORD_MIN) return accountError('password', 'min_length', { length: PASSWORD_MIN });
  if (password.length > PASSWORD_MAX) return accountError('password', 'max_length', { length: PASSWORD_MAX });
  return null;
}
