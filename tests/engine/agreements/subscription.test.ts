// The order form's subscription maths (engine/agreements): the figures a salesperson quotes and a
// dealer signs. Worked examples first, then properties over random catalogues and choices.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  agreementTransition,
  checkSubscription,
  ForbiddenAgreementTransitionError,
  IllegalAgreementTransitionError,
  defaultProducts,
  percentOf,
  priceSubscription,
  SUBSCRIPTION_DEFAULTS,
  toMinor,
  type CatalogueProduct,
  type PricingType,
  type Subscription,
} from '../../../engine/agreements';

const product = (id: number, fields: Partial<CatalogueProduct> = {}): CatalogueProduct => ({
  id,
  name: `Product ${id}`,
  cost: 0,
  cost_type: 'per month',
  discount: 0,
  addition: false,
  editable: false,
  location_limit: null,
  stock_limit: null,
  per_stock: false,
  cost_per_stock: null,
  per_location: false,
  per_franchise: false,
  fixed_setup_fee: null,
  children: null,
  parent: null,
  add_by_default_in_agreement: false,
  order_column: id,
  ...fields,
});

const subscription = (products: Subscription['products'], fields: Partial<Subscription> = {}): Subscription => ({ ...SUBSCRIPTION_DEFAULTS, products, ...fields });
const counts = { locations: 2, franchises: 3 };

// A small catalogue shaped like the demo one: a platform bundling hosting (INC) and product 12
// (a child that keeps its own cost), a stock feed, a per-franchise template, a yearly item, a
// one-off design and a usage-priced finance application.
const CATALOGUE: CatalogueProduct[] = [
  product(1, { name: 'Platform', cost: 495, per_location: true, location_limit: 3, fixed_setup_fee: 1000, children: '2, 12', add_by_default_in_agreement: true }),
  product(2, { name: 'Hosting', cost: 50 }),
  product(12, { name: 'Live chat', cost: 30, cost_type: 'per month' }),
  product(3, { name: 'Stock feed', cost: 75, per_stock: true, stock_limit: 250, cost_per_stock: 0.35, add_by_default_in_agreement: true, order_column: 0 }),
  product(4, { name: 'Template', cost: 95, per_franchise: true, discount: 10 }),
  product(5, { name: 'EV certificate', cost: 120, cost_type: 'per annum' }),
  product(6, { name: 'Design', cost: 4500, cost_type: 'per site', editable: true }),
  product(7, { name: 'Finance application', cost: 4.5, cost_type: 'per lead' }),
];

describe('subscription defaults (spec section 9)', () => {
  it('starts at 36 months, a 3000 set-up and no discounts, with the default products in catalogue order', () => {
    expect(SUBSCRIPTION_DEFAULTS).toMatchObject({ term: 36, setUpPayment: 3000, totalDiscountPercentage: 0, setUpDiscount: 0 });
    expect(defaultProducts(CATALOGUE)).toEqual([{ product_id: 3 }, { product_id: 1 }]);
  });
});

describe('priceSubscription: worked example', () => {
  const priced = priceSubscription(
    subscription([{ product_id: 1 }, { product_id: 3 }, { product_id: 4, discount: 20 }, { product_id: 5 }, { product_id: 6, price: 3999.99 }, { product_id: 7 }], {
      stockCount: 300,
      totalDiscountPercentage: 5,
      setUpDiscount: 500,
      designType: 'custom',
    }),
    CATALOGUE,
    counts,
  );
  const line = (id: number) => priced.lines.find((l) => l.productId === id)!;

  it('bundles children as INC except the children that keep their own cost', () => {
    expect(line(2)).toMatchObject({ included: true, includedIn: 1, netMinor: 0 });
    expect(line(12)).toMatchObject({ included: false, includedIn: 1, netMinor: 3000 });
    expect(priced.lines.map((l) => l.productId)).toEqual([3, 1, 2, 12, 4, 5, 6, 7]);
  });

  it('multiplies per location (up to the limit), per franchise and stock above the limit', () => {
    expect(line(1)).toMatchObject({ quantity: 2, grossMinor: 99000, setupFeeMinor: 100000 });
    expect(line(3)).toMatchObject({ extraStock: 50, grossMinor: 7500 + 50 * 35 });
    // The agreement's 20 % replaces the catalogue's 10 %.
    expect(line(4)).toMatchObject({ quantity: 3, grossMinor: 28500, discountPercent: 20, discountMinor: 5700, netMinor: 22800 });
    expect(line(6)).toMatchObject({ unitMinor: 399999, period: 'once' });
    expect(line(7)).toMatchObject({ period: 'usage', netMinor: 450 });
  });

  it('totals the monthly, yearly, one-off and set-up parts exactly', () => {
    const monthlyLines = 99000 + 3000 + 9250 + 22800;
    const monthlyDiscount = percentOf(monthlyLines, 5);
    const setup = 300000 + 100000 + 399999 + 450000 - 50000;
    expect(priced.totals).toMatchObject({
      monthlyLinesMinor: monthlyLines,
      monthlyDiscountMinor: monthlyDiscount,
      monthlyMinor: monthlyLines - monthlyDiscount,
      annualMinor: 12000,
      years: 3,
      designCostMinor: 450000,
      setupMinor: setup,
      monthlyContractValueMinor: monthlyLines - monthlyDiscount,
      contractValueMinor: setup + (monthlyLines - monthlyDiscount) * 36 + 12000 * 3,
    });
    expect(priced.derived.contractValue).toBe(priced.totals.contractValueMinor / 100);
  });

  it('spreads an unpaid set-up over the term to the penny', () => {
    const spread = priceSubscription(subscription([{ product_id: 1 }], { paySetUpPayment: false, term: 36, setUpPayment: 1000.01 }), CATALOGUE, counts);
    const { setupMinor, setupPerMonthMinor, setupFirstMonthExtraMinor, monthlyMinor, monthlyContractValueMinor } = spread.totals;
    expect(setupPerMonthMinor * 36 + setupFirstMonthExtraMinor).toBe(setupMinor);
    expect(monthlyContractValueMinor).toBe(monthlyMinor + setupPerMonthMinor);
  });

  it('never charges twice for a product chosen and also bundled, whatever the order of the choice', () => {
    const a = priceSubscription(subscription([{ product_id: 2 }, { product_id: 1 }]), CATALOGUE, counts);
    const b = priceSubscription(subscription([{ product_id: 1 }, { product_id: 2 }]), CATALOGUE, counts);
    expect(a.lines.filter((l) => l.productId === 2)).toEqual([expect.objectContaining({ included: true })]);
    expect(a.totals).toEqual(b.totals);
  });
});

describe('checkSubscription: what the server refuses', () => {
  const paths = (sub: Subscription) => checkSubscription(sub, CATALOGUE, counts).map((e) => `${e.path} ${e.message}`);
  it('accepts the defaults', () => expect(paths(subscription(defaultProducts(CATALOGUE)))).toEqual([]));
  it('refuses a term under 24 months, discounts out of range, a new price on a fixed product, unknown or repeated products', () => {
    expect(paths(subscription([{ product_id: 1, price: 10 }, { product_id: 99 }, { product_id: 4, discount: 101 }, { product_id: 4 }], { term: 12, totalDiscountPercentage: -1 }))).toEqual([
      '/term must be at least 24',
      '/totalDiscountPercentage must be at least 0',
      '/products/0/price is not valid',
      '/products/1/product_id is not valid',
      '/products/2/discount must be at most 100',
      '/products/3/product_id must not contain the same value twice',
    ]);
  });
  it('refuses a set-up discount above the set-up it comes off', () => {
    // Set-up: 3000 + the platform's 1000 fee.
    expect(paths(subscription([{ product_id: 1 }], { setUpDiscount: 4000.01 }))).toEqual(['/setUpDiscount must be at most 4000']);
    expect(paths(subscription([{ product_id: 1 }], { setUpDiscount: 4000 }))).toEqual([]);
  });
});

// Random catalogues and choices: the invariants a contract must keep whatever is typed.
const PRICING: PricingType[] = ['per month', 'per lead', 'per site', 'per transaction', 'per annum', 'per chat'];
const pennies = fc.integer({ min: 0, max: 2_000_000 }).map((n) => n / 100);
const arbCatalogue = fc
  .array(
    fc.record({
      cost: pennies,
      cost_type: fc.constantFrom(...PRICING),
      discount: fc.integer({ min: 0, max: 200 }).map((n) => n / 2),
      editable: fc.boolean(),
      per_location: fc.boolean(),
      per_franchise: fc.boolean(),
      per_stock: fc.boolean(),
      location_limit: fc.option(fc.integer({ min: 1, max: 10 })),
      stock_limit: fc.option(fc.integer({ min: 0, max: 500 })),
      cost_per_stock: fc.option(pennies),
      fixed_setup_fee: fc.option(pennies),
      children: fc.option(fc.array(fc.integer({ min: 1, max: 70 }), { maxLength: 4 }).map((ids) => ids.join(','))),
    }),
    { minLength: 1, maxLength: 40 },
  )
  .map((rows) => rows.map((row, i) => product([1, 12, 60, 61, 64][i] ?? i + 2, row)));

const arbCase = arbCatalogue.chain((catalogue) =>
  fc.record({
    catalogue: fc.constant(catalogue),
    sub: fc.record({
      term: fc.integer({ min: 24, max: 120 }),
      totalDiscountPercentage: fc.integer({ min: 0, max: 200 }).map((n) => n / 2),
      setUpPayment: pennies,
      setUpDiscount: pennies,
      paySetUpPayment: fc.boolean(),
      projectType: fc.constant(null),
      designType: fc.constantFrom('template', 'custom', 'franchise', 'na', null),
      stockCount: fc.integer({ min: 0, max: 2000 }),
      products: fc.uniqueArray(
        fc.record({ product_id: fc.constantFrom(...catalogue.map((p) => p.id)), price: fc.option(pennies), discount: fc.option(fc.integer({ min: 0, max: 200 }).map((n) => n / 2)) }),
        { selector: (c) => c.product_id, maxLength: 40 },
      ),
    }),
    counts: fc.record({ locations: fc.integer({ min: 0, max: 40 }), franchises: fc.integer({ min: 0, max: 15 }) }),
  }),
);

describe('subscription properties', () => {
  it('every amount is a whole number of minor units and never negative', () => {
    fc.assert(
      fc.property(arbCase, ({ catalogue, sub, counts: c }) => {
        const { lines, totals } = priceSubscription(sub as Subscription, catalogue, c);
        for (const value of [...Object.values(totals), ...lines.flatMap((l) => [l.grossMinor, l.discountMinor, l.netMinor, l.setupFeeMinor])]) {
          expect(Number.isSafeInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a discount never exceeds its price, and the totals are the sums of their parts', () => {
    fc.assert(
      fc.property(arbCase, ({ catalogue, sub, counts: c }) => {
        const { lines, totals: t } = priceSubscription(sub as Subscription, catalogue, c);
        for (const l of lines) expect(l.discountMinor).toBeLessThanOrEqual(l.grossMinor);
        expect(t.monthlyDiscountMinor).toBeLessThanOrEqual(t.monthlyLinesMinor);
        expect(t.setupDiscountMinor).toBeLessThanOrEqual(t.setupGrossMinor);
        const net = (period: string) => lines.filter((l) => l.period === period).reduce((s, l) => s + l.netMinor, 0);
        expect(t.monthlyLinesMinor).toBe(net('month'));
        expect(t.contractValueMinor).toBe(t.setupMinor + t.monthlyMinor * sub.term + t.annualMinor * Math.ceil(sub.term / 12));
        // Spread or paid up front, the term's payments add up to the same contract.
        expect(t.setupPerMonthMinor * sub.term + t.setupFirstMonthExtraMinor).toBe(sub.paySetUpPayment ? 0 : t.setupMinor);
      }),
      { numRuns: 300 },
    );
  });

  it('each chosen product appears once, and an INC line costs nothing', () => {
    fc.assert(
      fc.property(arbCase, ({ catalogue, sub, counts: c }) => {
        const { lines } = priceSubscription(sub as Subscription, catalogue, c);
        const ids = lines.map((l) => l.productId);
        expect(new Set(ids).size).toBe(ids.length);
        for (const choice of sub.products) expect(ids).toContain(choice.product_id);
        for (const l of lines.filter((x) => x.included)) expect([l.netMinor, l.setupFeeMinor]).toEqual([0, 0]);
      }),
      { numRuns: 300 },
    );
  });

  it('the stored derived fields read back as the same minor units (no floating-point drift)', () => {
    fc.assert(
      fc.property(arbCase, ({ catalogue, sub, counts: c }) => {
        const { derived, totals } = priceSubscription(sub as Subscription, catalogue, c);
        expect(toMinor(derived.contractValue)).toBe(totals.contractValueMinor);
        expect(toMinor(derived.monthlyContractValue)).toBe(totals.monthlyContractValueMinor);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the agreement lifecycle table (spec section 4)', () => {
  const staff = ['edit agreements', 'view agreements'];
  const dealer = ['view agreements'];
  it('lets staff send and recall, and only the dealer of the company sign what was sent', () => {
    expect(agreementTransition({ from: 'created', action: 'send', permissions: staff, ownCompany: false }).to).toBe('sent');
    expect(agreementTransition({ from: 'sent', action: 'recall', permissions: staff, ownCompany: false }).to).toBe('created');
    expect(agreementTransition({ from: 'sent', action: 'sign', permissions: dealer, ownCompany: true }).to).toBe('signed');
    expect(() => agreementTransition({ from: 'sent', action: 'sign', permissions: staff, ownCompany: false })).toThrow(ForbiddenAgreementTransitionError);
    expect(() => agreementTransition({ from: 'created', action: 'send', permissions: dealer, ownCompany: true })).toThrow(ForbiddenAgreementTransitionError);
  });
  it('refuses every change to a signed agreement, and edits to a sent one, with a reason a person can act on', () => {
    for (const action of ['edit', 'send', 'recall', 'sign'] as const) {
      expect(() => agreementTransition({ from: 'signed', action, permissions: staff, ownCompany: true })).toThrow('This agreement is signed and can no longer be changed.');
    }
    expect(() => agreementTransition({ from: 'sent', action: 'edit', permissions: staff, ownCompany: false })).toThrow(IllegalAgreementTransitionError);
    expect(() => agreementTransition({ from: 'created', action: 'sign', permissions: dealer, ownCompany: true })).toThrow(IllegalAgreementTransitionError);
    expect(agreementTransition({ from: 'signed', action: 'archive', permissions: staff, ownCompany: false }).to).toBe('signed');
  });
});
