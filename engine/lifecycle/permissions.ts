/** The permission names (spec section 6) the configurator lifecycle checks. */
export const EDIT_CONFIGS = 'edit configs';
export const MANAGE_CONFIGS = 'manage configs';

/** True when any of `held` is in `needed`. @example hasAny(['edit configs'], ['edit configs']) // true */
export function hasAny(held: readonly string[], needed: readonly string[]): boolean {
  return held.some((p) => needed.includes(p));
}
