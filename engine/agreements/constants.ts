// The order form's business constants (spec section 9) and the decisions where the spec gives none
// (see README.md beside this file for why each one is what it is).
import type { DesignType, Period, PricingType, Subscription } from './types';

/** Spec section 9: term 36 months, set-up payment 3000, discounts 0. */
export const SUBSCRIPTION_DEFAULTS: Omit<Subscription, 'products'> = {
  term: 36,
  totalDiscountPercentage: 0,
  setUpDiscount: 0,
  setUpPayment: 3000,
  paySetUpPayment: true,
  projectType: null,
  designType: null,
  stockCount: 0,
};

/** Spec section 9: "minimum 24 month subscription". Ten years is the longest term we write. */
export const MIN_TERM_MONTHS = 24;
export const MAX_TERM_MONTHS = 120;
/** Upper bounds that keep every sum far inside exact integer arithmetic. */
export const MAX_PRICE = 1_000_000;
export const MAX_STOCK_COUNT = 100_000;

/** Spec section 9: child products 12, 60, 61 and 64 keep their own cost; other children are INC. */
export const CHILDREN_WITH_OWN_COST: readonly number[] = [12, 60, 61, 64];

/** When each pricing type is paid; `usage` is billed as it happens and is not in the totals. */
export const PERIOD_OF: Record<PricingType, Period> = {
  'per month': 'month',
  'per annum': 'year',
  'per site': 'once',
  'per lead': 'usage',
  'per transaction': 'usage',
  'per chat': 'usage',
};

/**
 * The design fee by design type (major units, in the agreement's currency): a template or a
 * manufacturer's franchise design is part of the platform's monthly price; a custom design is
 * the price list's design fee.
 */
export const DESIGN_COSTS: Record<DesignType, number> = { template: 0, franchise: 0, na: 0, custom: 4500 };
