import errors from '../../locales/en-GB/errors.json';

/** i18n namespace of the account message keys (`errors:account.*`). */
export const ACCOUNT_NAMESPACE = 'errors';

type AccountKey = keyof typeof errors.account;

/** One problem with an account form: which field (null = the whole form), i18n key, English text. */
export interface AccountError {
  field: string | null;
  /** Key in the `errors` namespace, e.g. `account.min_length`. */
  key: string;
  /** The spec's English words, interpolated. */
  message: string;
  params?: Record<string, string | number>;
}

/** Result of an account check: trimmed values, and errors (empty when ok). */
export interface AccountCheck<T> {
  ok: boolean;
  values: T;
  errors: AccountError[];
}

/**
 * Builds an AccountError from the en-GB catalogue.
 * @example accountError('password', 'min_length', { length: 8 }).message // 'Must be at least 8 characters long'
 */
export function accountError(field: string | null, name: AccountKey, params?: Record<string, string | number>): AccountError {
  const template: string = errors.account[name];
  const message = params ? template.replace(/\{\{\s*(\w+)\s*\}\}/g, (w, p: string) => (p in params ? String(params[p]) : w)) : template;
  return { field, key: `account.${name}`, message, ...(params ? { params } : {}) };
}

export function result<T>(values: T, errors: AccountError[]): AccountCheck<T> {
  return { ok: errors.length === 0, values, errors };
}
