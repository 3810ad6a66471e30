import { describe, expect, it } from 'vitest';
import { priceSubscription } from '../../../engine/agreements';
import { bundledIds, changesOf, draftOf, fieldPathsOf, isChanged, numberOf, setChoice, toggleProduct } from '../../../src/agreements/draft';
import { groupProducts } from '../../../src/agreements/productGroups';
import { demoAgreement, demoCatalogue } from '../../../stories/agreements/demoAgreement';

describe('the order form draft', () => {
  it('saves what staff edit and leaves the derived values to the server', () => {
    const draft = { ...draftOf(demoAgreement), notes: '   ' };
    const body = changesOf(draft);
    expect(body.subscription).not.toHaveProperty('contractValue');
    expect(body.subscription).not.toHaveProperty('monthlyContractValue');
    expect(body.subscription?.products).toEqual(demoAgreement.subscription.products);
    // A blank note is no note.
    expect(body.notes).toBeNull();
    expect(body.message).toBe(demoAgreement.message);
  });

  it('is unchanged until a field changes, and changed after', () => {
    const stored = draftOf(demoAgreement);
    expect(isChanged(draftOf(demoAgreement), stored)).toBe(false);
    expect(isChanged({ ...stored, subscription: toggleProduct(stored.subscription, 51, true) }, stored)).toBe(true);
  });

  it('ticks and unticks a product, and keeps its own price and discount while ticked', () => {
    const sub = demoAgreement.subscription;
    const added = toggleProduct(sub, 51, true);
    expect(added.products.map((p) => p.product_id)).toContain(51);
    expect(toggleProduct(added, 51, true)).toBe(added);
    const priced = setChoice(added, 50, { price: 300, discount: 5 });
    expect(priced.products.find((p) => p.product_id === 50)).toEqual({ product_id: 50, price: 300, discount: 5 });
    expect(toggleProduct(priced, 51, false).products.map((p) => p.product_id)).not.toContain(51);
  });

  it('shows the children of a chosen bundle as included, and the totals change when a product is ticked', () => {
    const bundled = bundledIds(demoAgreement.subscription, demoCatalogue);
    expect([...bundled.keys()].sort((a, b) => a - b)).toEqual([2, 3, 12]);
    expect(bundled.get(2)).toBe(1);
    const counts = demoAgreement.pricing.counts;
    const before = priceSubscription(demoAgreement.subscription, demoCatalogue, counts).totals.setupMinor;
    const after = priceSubscription(toggleProduct(demoAgreement.subscription, 51, true), demoCatalogue, counts).totals.setupMinor;
    // The launch photography day (850, once) goes on the set-up.
    expect(after - before).toBe(85_000);
  });

  it('reads numbers as readers type them', () => {
    expect(numberOf('12,5')).toBe(12.5);
    expect(numberOf('')).toBe(0);
    expect(numberOf('abc')).toBeNaN();
  });

  it('puts the server field errors under the form field paths', () => {
    expect(fieldPathsOf({ '/subscription/term': 'too short', 'agreement.company_details.name': 'required', notes: 'long' })).toEqual({
      'subscription.term': 'too short',
      'company_details.name': 'required',
      notes: 'long',
    });
  });
});

describe('the product picker groups', () => {
  it('groups by category in catalogue order, products without one last', () => {
    const groups = groupProducts([...demoCatalogue, { ...demoCatalogue[0], id: 99, name: 'Loose item', category: null, order_column: 0 }]);
    expect(groups.map((g) => g.category)).toEqual(['Website', 'Aftersales', 'Stock', 'Leads', 'Marketing', null]);
    expect(groups[0].products.map((p) => p.id)).toEqual([1, 2, 3, 20]);
  });
});

describe('live totals', () => {
  it('prices 40 products in well under 5 ms a change', () => {
    const catalogue = Array.from({ length: 40 }, (_, i) => ({ ...demoCatalogue[i % demoCatalogue.length], id: 1000 + i, order_column: i, children: null }));
    const sub = { ...demoAgreement.subscription, products: catalogue.map((p) => ({ product_id: p.id })) };
    for (let i = 0; i < 50; i++) priceSubscription(sub, catalogue, { locations: 3, franchises: 2 });
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const start = performance.now();
      priceSubscription({ ...sub, stockCount: i }, catalogue, { locations: 3, franchises: 2 });
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    expect(times[100]).toBeLessThan(5);
  });
});
