import { validateRegisterStep2, type AccountCheck, type AccountError, type RegisterStep2Input } from '../../engine/accounts';
import type { TFunction } from 'i18next';

/** The distinct texts of an engine account check, in the user's language (keys live in `errors`). */
export function accountMessages(errors: readonly AccountError[], t: TFunction): string[] {
  return [...new Set(errors.map((e) => t(`errors:${e.key}`, { ...e.params, defaultValue: e.message })))];
}

/** The fields an engine account check flagged, for the inputs' error state. */
export function flaggedFields(errors: readonly AccountError[]): Set<string> {
  return new Set(errors.map((e) => e.field).filter((f): f is string => Boolean(f)));
}

/**
 * What is still wrong of what a submit reported, judged on the values as they are now: a reported
 * field stays flagged (with its current problem) while it is wrong and clears once it is right. A
 * problem the submit did not report waits for the next submit, so a field does not turn red while
 * the user is still typing into it for the first time.
 *
 * @example stillWrong([{ field: 'email', key: 'account.incomplete_fields', message: '' }], []) // []
 */
export function stillWrong(reported: readonly AccountError[], now: readonly AccountError[]): AccountError[] {
  const fields = flaggedFields(reported);
  const formKeys = new Set(reported.filter((e) => !e.field).map((e) => e.key));
  return now.filter((e) => (e.field ? fields.has(e.field) : formKeys.has(e.key)));
}

/**
 * Every field's own problems, each field checked beside values that pass. The engine's form checks
 * are staged (register step 2 reports the missing fields first and looks at lengths only once none
 * is missing), so a field's absence from one whole-form check does not make it right; checked on
 * its own, with `passing` for the others, it shows what is wrong with it alone.
 *
 * @example fieldByFieldErrors(validateRegisterStep2, { ...typed, name: 'Ana' }, PASSING) // [{ field: 'name', key: 'account.min_length', ... }]
 */
export function fieldByFieldErrors<I extends object>(check: (input: I) => AccountCheck<unknown>, input: I, passing: I): AccountError[] {
  return (Object.keys(passing) as Array<keyof I>).flatMap((field) =>
    check({ ...passing, [field]: input[field] }).errors.filter((e) => e.field === field),
  );
}

// Register step 2 values that pass every check: the background against which one field is judged.
const PASSING_STEP2 = { companyName: 'Company', name: 'Name', email: 'name@example.com', password: 'password', acceptTerms: true, makes: [1] };

/**
 * Register step 2's problems field by field, for the values as typed (makes count only when the
 * chosen type shows them).
 *
 * @example registerStep2Problems({ companyName: 'A', name: 'Ana', email: 'a@b.co', password: 'long-enough', acceptTerms: true, makes: [20], type: 1 })
 *   // [{ field: 'name', key: 'account.min_length', ... }]
 */
export function registerStep2Problems(input: RegisterStep2Input): AccountError[] {
  return fieldByFieldErrors(validateRegisterStep2, input, { ...PASSING_STEP2, type: input.type });
}
