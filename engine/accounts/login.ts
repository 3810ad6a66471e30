import { accountError, result, type AccountCheck, type AccountError } from './messages';
import { isEmail, trimmed } from './input';

export interface LoginValues {
  email: string;
  password: string;
  remember: boolean;
}

/**
 * Sign-in form (spec section 5): email and password required, email valid, inputs trimmed; any
 * problem is the incomplete-fields message on the offending field.
 * @example validateLogin({ email: ' x ', password: '' }).errors[0].message
 *   // 'Please make sure that all required fields are complete.'
 */
export function validateLogin(input: { email?: unknown; password?: unknown; remember?: unknown }): AccountCheck<LoginValues> {
  const values = { email: trimmed(input.email), password: trimmed(input.password), remember: input.remember === true };
  const errors: AccountError[] = [];
  if (!values.email || !isEmail(values.email)) errors.push(accountError('email', 'incomplete_fields'));
  if (!values.password) errors.push(accountError('password', 'incomplete_fields'));
  return result(values, errors);
}

/**
 * Forgot-password form: the email is required (incomplete-fields message) and must be valid.
 * @example validateForgotPassword({ email: 'nope' }).errors[0].message // 'Must be a valid email.'
 */
export function validateForgotPassword(input: { email?: unknown }): AccountCheck<{ email: string }> {
  const values = { email: trimmed(input.email) };
  if (!values.email) return result(values, [accountError('email', 'incomplete_fields')]);
  if (!isEmail(values.email)) return result(values, [accountError('email', 'invalid_email')]);
  return result(values, []);
}
