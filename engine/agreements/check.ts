// What the server refuses in a subscription before it stores anything (and the form shows beside
// each field): the same limits the maths clamps to, each in the validation texts of spec section 5.
import { fieldError } from '../validation/messages';
import type { FieldError } from '../types';
import { MAX_PRICE, MAX_STOCK_COUNT, MAX_TERM_MONTHS, MIN_TERM_MONTHS, DESIGN_COSTS } from './constants';
import { priceSubscription } from './price';
import { toMajor } from './money';
import type { CatalogueProduct, SiteCounts, Subscription } from './types';

interface CheckOptions {
  lng?: string;
}

/**
 * Every problem of a subscription, each at its field's path (`/term`, `/products/2/price`), with
 * the engine's translated message. Empty when the subscription may be stored.
 */
export function checkSubscription(sub: Subscription, catalogue: readonly CatalogueProduct[], counts: SiteCounts, opts: CheckOptions = {}): FieldError[] {
  const errors: FieldError[] = [];
  const err = (path: string, key: string, params: Record<string, unknown> = {}) => errors.push(fieldError(path, key, params, opts));
  const range = (path: string, value: number, min: number, max: number, integer = false) => {
    if (typeof value !== 'number' || !Number.isFinite(value) || (integer && !Number.isInteger(value))) err(path, 'validation:field.numeric');
    else if (value < min) err(path, 'validation:field.minimum', { limit: min });
    else if (value > max) err(path, 'validation:field.maximum', { limit: max });
  };
  range('/term', sub.term, MIN_TERM_MONTHS, MAX_TERM_MONTHS, true);
  range('/totalDiscountPercentage', sub.totalDiscountPercentage, 0, 100);
  range('/setUpPayment', sub.setUpPayment, 0, MAX_PRICE);
  range('/stockCount', sub.stockCount, 0, MAX_STOCK_COUNT, true);
  if (sub.designType !== null && !(sub.designType in DESIGN_COSTS)) err('/designType', 'validation:field.enum');

  const byId = new Map(catalogue.map((p) => [p.id, p]));
  const seen = new Set<number>();
  sub.products.forEach((choice, i) => {
    const product = byId.get(choice.product_id);
    if (!product) return err(`/products/${i}/product_id`, 'validation:field.invalid');
    if (seen.has(choice.product_id)) err(`/products/${i}/product_id`, 'validation:field.uniqueItems');
    seen.add(choice.product_id);
    if (choice.price != null) {
      // A new price on a product the catalogue fixes would be dropped by the maths: refuse it.
      if (!product.editable) err(`/products/${i}/price`, 'validation:field.invalid');
      else range(`/products/${i}/price`, choice.price, 0, MAX_PRICE);
    }
    if (choice.discount != null) range(`/products/${i}/discount`, choice.discount, 0, 100);
  });

  // The set-up discount may not exceed the set-up it comes off (checked once the rest is valid).
  if (errors.length === 0) {
    const { totals } = priceSubscription({ ...sub, setUpDiscount: 0 }, catalogue, counts);
    range('/setUpDiscount', sub.setUpDiscount, 0, toMajor(totals.setupGrossMinor));
  } else if (typeof sub.setUpDiscount !== 'number' || !(sub.setUpDiscount >= 0)) {
    range('/setUpDiscount', sub.setUpDiscount, 0, MAX_PRICE);
  }
  return errors;
}
