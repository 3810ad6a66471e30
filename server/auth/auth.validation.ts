import type { AccountCheck } from '../../engine/accounts';
import { BadRequest } from '../domain-errors';

/**
 * Turns a failed engine account check into the 400 of the error shape: the first message as
 * `message`, every problem in `errors` with its field (renamed to the payload's path).
 */
export function assertAccountCheck<T>(check: AccountCheck<T>, fieldPath: Record<string, string> = {}): T {
  if (check.ok) return check.values;
  throw new BadRequest(
    check.errors[0].message,
    check.errors.map((e) => ({ detail: e.message, ...(e.field ? { field: fieldPath[e.field] ?? e.field } : {}) })),
  );
}
