// The order form's subscription maths: one pure function that the form (live totals), the
// preview, the PDF and the server (the stored derived fields) all call, so they agree to the penny.
import { CHILDREN_WITH_OWN_COST, DESIGN_COSTS, PERIOD_OF } from './constants';
import { percentOf, toMajor, toMinor } from './money';
import type { CatalogueProduct, PricedLine, PricedSubscription, SiteCounts, Subscription, SubscriptionProduct, SubscriptionTotals } from './types';

/** The ids a bundle lists in `children` ("3, 7"); anything that is not an id is passed over. */
export function childIds(product: Pick<CatalogueProduct, 'children'>): number[] {
  const ids = (product.children ?? '').split(',').map((s) => Number(s.trim())).filter((n) => Number.isInteger(n) && n > 0);
  return [...new Set(ids)];
}

/** Per location: the company's locations up to the product's limit; per franchise: its franchises; at least one. */
function quantityOf(p: CatalogueProduct, counts: SiteCounts): number {
  if (p.per_location) return Math.max(1, Math.min(counts.locations, p.location_limit ?? Infinity));
  if (p.per_franchise) return Math.max(1, counts.franchises);
  return 1;
}

/**
 * One line. A product priced per stock covers `stock_limit` vehicles in its price and charges
 * `cost_per_stock` for each vehicle above it (every vehicle when it has no limit); for a usage
 * product (per lead, transaction, chat) the rate is the line and stock does not multiply it.
 */
function priceLine(p: CatalogueProduct, choice: SubscriptionProduct | undefined, sub: Subscription, counts: SiteCounts, includedIn: number | null): PricedLine {
  const period = PERIOD_OF[p.cost_type];
  const base = { productId: p.id, name: p.name, pricingType: p.cost_type, period, includedIn };
  if (includedIn !== null && !CHILDREN_WITH_OWN_COST.includes(p.id)) {
    return { ...base, included: true, quantity: 1, unitMinor: 0, extraStock: 0, stockLimit: 0, stockUnitMinor: 0, grossMinor: 0, discountPercent: 0, discountMinor: 0, netMinor: 0, setupFeeMinor: 0 };
  }
  const unitMinor = toMinor(p.editable && choice?.price != null ? choice.price : p.cost);
  const quantity = quantityOf(p, counts);
  const perStock = p.per_stock && p.cost_per_stock !== null && period !== 'usage';
  const extraStock = perStock ? Math.max(0, sub.stockCount - (p.stock_limit ?? 0)) : 0;
  const stockUnitMinor = perStock ? toMinor(p.cost_per_stock ?? 0) : 0;
  const grossMinor = unitMinor * quantity + extraStock * stockUnitMinor;
  const discountPercent = clampPercent(choice?.discount ?? p.discount);
  const discountMinor = percentOf(grossMinor, discountPercent);
  return {
    ...base,
    included: false,
    quantity,
    unitMinor,
    extraStock,
    stockLimit: perStock ? (p.stock_limit ?? 0) : 0,
    stockUnitMinor,
    grossMinor,
    discountPercent,
    discountMinor,
    netMinor: grossMinor - discountMinor,
    setupFeeMinor: p.fixed_setup_fee ? toMinor(p.fixed_setup_fee) : 0,
  };
}

const clampPercent = (pct: number) => Math.min(100, Math.max(0, Number.isFinite(pct) ? pct : 0));
const clampMoney = (major: number) => Math.max(0, toMinor(Number.isFinite(major) ? major : 0));

/**
 * The lines in catalogue order: each chosen product, and after it the products it bundles (INC, or
 * priced for the children that keep their own cost). A product both chosen and bundled in another
 * chosen product is bundled (the dealer never pays twice); an id not in the catalogue is passed over
 * (`checkSubscription` reports it).
 */
function linesOf(sub: Subscription, catalogue: readonly CatalogueProduct[], counts: SiteCounts): PricedLine[] {
  const byId = new Map(catalogue.map((p) => [p.id, p]));
  const choices = new Map(sub.products.map((c) => [c.product_id, c]));
  const order = (a: CatalogueProduct, b: CatalogueProduct) => a.order_column - b.order_column || a.id - b.id;
  const chosen = [...choices.keys()].map((id) => byId.get(id)).filter((p): p is CatalogueProduct => !!p).sort(order);
  // The bundles are the chosen products no other chosen product lists as a child (so the choice's
  // order does not matter, bundles do not nest, and a cycle in the catalogue hides nothing).
  const listedBy = (p: CatalogueProduct) => chosen.some((q) => q.id !== p.id && childIds(q).includes(p.id));
  const bundles = chosen.filter((p) => !listedBy(p));
  const bundledIn = new Map<number, number>();
  for (const p of bundles) {
    for (const child of childIds(p)) if (child !== p.id && byId.has(child) && !bundledIn.has(child) && !bundles.some((b) => b.id === child)) bundledIn.set(child, p.id);
  }
  const lines: PricedLine[] = [];
  for (const p of chosen) {
    if (bundledIn.has(p.id)) continue;
    lines.push(priceLine(p, choices.get(p.id), sub, counts, null));
    const children = childIds(p).map((id) => byId.get(id)).filter((c): c is CatalogueProduct => !!c && bundledIn.get(c.id) === p.id).sort(order);
    for (const c of children) lines.push(priceLine(c, choices.get(c.id), sub, counts, p.id));
  }
  return lines;
}

const sum = (lines: PricedLine[], period: string, pick: (l: PricedLine) => number) => lines.filter((l) => l.period === period).reduce((t, l) => t + pick(l), 0);

/**
 * Prices an agreement's subscription against the catalogue and the company's site counts. Pure and
 * total: out-of-range input is clamped here (never a negative total or a discount above its price)
 * and reported by `checkSubscription`, which the server runs before it stores anything.
 */
export function priceSubscription(sub: Subscription, catalogue: readonly CatalogueProduct[], counts: SiteCounts): PricedSubscription {
  const lines = linesOf(sub, catalogue, counts);
  const term = Math.max(1, Math.trunc(sub.term) || 1);
  const monthlyLinesMinor = sum(lines, 'month', (l) => l.netMinor);
  const monthlyDiscountMinor = percentOf(monthlyLinesMinor, clampPercent(sub.totalDiscountPercentage));
  const monthlyMinor = monthlyLinesMinor - monthlyDiscountMinor;
  const annualMinor = sum(lines, 'year', (l) => l.netMinor);
  const years = Math.ceil(term / 12);
  const oneOffMinor = sum(lines, 'once', (l) => l.netMinor);
  const setupFeesMinor = lines.reduce((t, l) => t + l.setupFeeMinor, 0);
  const designCostMinor = toMinor(DESIGN_COSTS[sub.designType ?? 'na'] ?? 0);
  const setupGrossMinor = clampMoney(sub.setUpPayment) + setupFeesMinor + oneOffMinor + designCostMinor;
  const setupDiscountMinor = Math.min(clampMoney(sub.setUpDiscount), setupGrossMinor);
  const setupMinor = setupGrossMinor - setupDiscountMinor;
  // Spread over the term, the set-up is a whole number of minor units a month and the first
  // month takes what does not divide, so the payments add up to the set-up exactly.
  const setupPerMonthMinor = sub.paySetUpPayment ? 0 : Math.floor(setupMinor / term);
  const setupFirstMonthExtraMinor = sub.paySetUpPayment ? 0 : setupMinor - setupPerMonthMinor * term;
  const totals: SubscriptionTotals = {
    monthlyLinesMinor,
    monthlyDiscountMinor,
    monthlyMinor,
    annualMinor,
    years,
    oneOffMinor,
    setupFeesMinor,
    designCostMinor,
    setupGrossMinor,
    setupDiscountMinor,
    setupMinor,
    setupPerMonthMinor,
    setupFirstMonthExtraMinor,
    monthlyContractValueMinor: monthlyMinor + setupPerMonthMinor,
    contractValueMinor: setupMinor + monthlyMinor * term + annualMinor * years,
  };
  return {
    lines,
    totals,
    derived: {
      contractValue: toMajor(totals.contractValueMinor),
      monthlyContractValue: toMajor(totals.monthlyContractValueMinor),
      designCost: toMajor(designCostMinor),
    },
  };
}

/**
 * The products a new agreement starts with: those flagged `add_by_default_in_agreement`, in
 * catalogue order, at their catalogue price and discount.
 */
export function defaultProducts(catalogue: readonly CatalogueProduct[]): SubscriptionProduct[] {
  return catalogue
    .filter((p) => p.add_by_default_in_agreement)
    .sort((a, b) => a.order_column - b.order_column || a.id - b.id)
    .map((p) => ({ product_id: p.id }));
}
