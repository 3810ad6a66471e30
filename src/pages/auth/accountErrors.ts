import type { AccountError } from '../../../engine/accounts';
import type { TFunction } from 'i18next';

/** The distinct texts of an engine account check, in the user's language (keys live in `errors`). */
export function accountMessages(errors: AccountError[], t: TFunction): string[] {
  return [...new Set(errors.map((e) => t(`errors:${e.key}`, { ...e.params, defaultValue: e.message })))];
}

/** The fields an engine account check flagged, for the inputs' error state. */
export function flaggedFields(errors: AccountError[]): Set<string> {
  return new Set(errors.map((e) => e.field).filter((f): f is string => Boolean(f)));
}
