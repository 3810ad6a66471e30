import { NAME_MAX, USERNAME_MIN } from './constants';
import { accountError, result, type AccountCheck, type AccountError } from './messages';
import { isEmail, toId, toIds, trimmed } from './input';
import { passwordLengthError } from './password';
import { makesHidden } from './regions';

export interface RegisterStep1Values {
  region: number | null;
  type: number | null;
}

/**
 * Registration step 1: region and type required, else the incomplete-fields message.
 * @example validateRegisterStep1({ region: 7, type: null }).errors // [{ field: 'type', ... }]
 */
export function validateRegisterStep1(input: { region?: unknown; type?: unknown }): AccountCheck<RegisterStep1Values> {
  const values = { region: toId(input.region), type: toId(input.type) };
  const errors: AccountError[] = [];
  if (values.region === null) errors.push(accountError('region', 'incomplete_fields'));
  if (values.type === null) errors.push(accountError('type', 'incomplete_fields'));
  return result(values, errors);
}

export interface RegisterStep2Input {
  companyName?: unknown;
  name?: unknown;
  email?: unknown;
  password?: unknown;
  /** Defaults to true in the form; must be true. */
  acceptTerms?: unknown;
  makes?: unknown;
  /** The type chosen in step 1 (makes are not required for Independent, id 6). */
  type?: unknown;
}

export interface RegisterStep2Values {
  companyName: string;
  name: string;
  email: string;
  password: string;
  acceptTerms: boolean;
  makes: number[];
}

/**
 * Registration step 2, checked in stages: (1) company name, user name, email, password and makes
 * (unless type 6) required -> incomplete-fields message on each missing field; (2) terms accepted;
 * (3) company name <= 255, name 4-255, email valid, password 8-255. Values trimmed; makes of type 6
 * are dropped.
 * @example validateRegisterStep2({ companyName: 'A', name: 'Dana', email: 'd@x.io', password: 'short', acceptTerms: true, type: 6 })
 *   .errors[0].message // 'Must be at least 8 characters long'
 */
export function validateRegisterStep2(input: RegisterStep2Input): AccountCheck<RegisterStep2Values> {
  const hideMakes = makesHidden(toId(input.type));
  const values: RegisterStep2Values = {
    companyName: trimmed(input.companyName),
    name: trimmed(input.name),
    email: trimmed(input.email),
    password: trimmed(input.password),
    acceptTerms: input.acceptTerms === true,
    makes: hideMakes ? [] : toIds(input.makes),
  };
  const missing: AccountError[] = [];
  for (const field of ['companyName', 'name', 'email', 'password'] as const) {
    if (!values[field]) missing.push(accountError(field, 'incomplete_fields'));
  }
  if (!hideMakes && values.makes.length === 0) missing.push(accountError('makes', 'incomplete_fields'));
  if (missing.length) return result(values, missing);

  if (!values.acceptTerms) return result(values, [accountError('acceptTerms', 'accept_terms')]);

  const errors: AccountError[] = [];
  if (values.companyName.length > NAME_MAX) errors.push(accountError('companyName', 'max_length', { length: NAME_MAX }));
  if (values.name.length < USERNAME_MIN) errors.push(accountError('name', 'min_length', { length: USERNAME_MIN }));
  if (values.name.length > NAME_MAX) errors.push(accountError('name', 'max_length', { length: NAME_MAX }));
  if (!isEmail(values.email)) errors.push(accountError('email', 'invalid_email'));
  const pw = passwordLengthError(values.password);
  if (pw) errors.push(pw);
  return result(values, errors);
}

/**
 * Both steps at once (what the server checks): step 1's errors first, then step 2's.
 * @example validateRegistration({ region: 7, type: 6, companyName: 'A', name: 'Dana', email: 'd@x.io', password: 'long-enough', acceptTerms: true }).ok // true
 */
export function validateRegistration(
  input: RegisterStep2Input & { region?: unknown },
): AccountCheck<RegisterStep1Values & RegisterStep2Values> {
  const step1 = validateRegisterStep1(input);
  const step2 = validateRegisterStep2(input);
  const values = { ...step1.values, ...step2.values };
  return result(values, step1.ok ? step2.errors : step1.errors);
}
