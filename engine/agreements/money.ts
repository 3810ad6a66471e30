// Exact money for order forms: every amount is an integer number of minor units (pence, cents),
// so a sum never drifts and the form, the preview, the PDF and the server agree to the penny.

/** Minor units per major unit: every currency of the portal (GBP, AUD, EUR, ZAR, USD, PLN) has 100. */
export const MINOR_PER_MAJOR = 100;

/**
 * A price as the catalogue and the forms give it (pounds, euros: at most two decimals) in minor
 * units. Rounds to the nearest minor unit, so `0.35` is 35 whatever its binary spelling.
 * @example toMinor(495) // 49500; toMinor(0.35) // 35
 */
export function toMinor(major: number): number {
  if (!Number.isFinite(major)) throw new RangeError(`not a price: ${major}`);
  return Math.round(major * MINOR_PER_MAJOR);
}

/** Minor units back to a major amount (for the API's decimal fields and Intl.NumberFormat). */
export const toMajor = (minor: number): number => minor / MINOR_PER_MAJOR;

/**
 * A percentage in basis points (hundredths of a percent): discounts move in steps of 0.5 %, and a
 * whole number of basis points keeps the arithmetic in integers.
 * @example basisPoints(12.5) // 1250
 */
export const basisPoints = (percent: number): number => Math.round(percent * 100);

/**
 * `percent` % of `minor`, rounded half up to a whole minor unit, in integers only. Never more
 * than `minor` for a percentage of at most 100, never negative for a non-negative amount.
 * @example percentOf(9500, 12.5) // 1188 (11.875 rounded half up)
 */
export function percentOf(minor: number, percent: number): number {
  return Math.floor((minor * basisPoints(percent) + 5000) / 10000);
}
