import type { Permission } from '../../contract/permissions';

/** The permission names (spec section 6, contract/permissions.ts) the configurator lifecycle checks. */
export const EDIT_CONFIGS = 'edit configs' satisfies Permission;
export const MANAGE_CONFIGS = 'manage configs' satisfies Permission;

/** True when any of `held` is in `needed`. @example hasAny(['edit configs'], ['edit configs']) // true */
export function hasAny(held: readonly string[], needed: readonly string[]): boolean {
  return held.some((p) => needed.includes(p));
}
