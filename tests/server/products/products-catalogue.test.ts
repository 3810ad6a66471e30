import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server';
import { call, login } from '../helpers';

interface Product {
  id: number;
  name: string;
  cost: number;
  currency: string;
  terms: Array<{ slug: string; taxonomy: string }>;
}

let server: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startTestServer({ demo: true });
  for (const [who, email] of Object.entries({ dealer: 'dealer@demo.test', dealer2: 'dealer2@demo.test', pm: 'pm@demo.test', admin: 'admin@demo.test' })) {
    tokens[who] = (await login(server, email)).token;
  }
});
afterAll(async () => {
  await server?.close();
});

const list = async (who: string) => {
  const r = await call<Product[]>(server, 'GET', `/api/products?range=${encodeURIComponent('[0,999]')}`, { token: tokens[who] });
  expect(r.status).toBe(200);
  return r.body;
};
const slugs = (p: Product, taxonomy: string) => p.terms.filter((t) => t.taxonomy === taxonomy).map((t) => t.slug);

describe('GET /products: the catalogue that applies to the reader (issue 26)', () => {
  it('gives staff every product, each priced in its regions\' currency', async () => {
    const all = await list('admin');
    expect(all).toHaveLength(40);
    expect(await list('pm')).toHaveLength(40);
    expect(all.find((p) => p.name === 'Domain Registration')!.currency).toBe('GBP');
    // Sold in several currencies' markets: quoted in the default, GBP (spec section 9).
    expect(all.find((p) => p.name === 'Dealer Website Platform')!.currency).toBe('GBP');
  });

  it('gives a dealer only the products of their company\'s region and dealer type, in their currency', async () => {
    // Demo Motors: UK, Franchised Dealer.
    const uk = await list('dealer');
    expect(uk.length).toBeGreaterThan(0);
    expect(uk.length).toBeLessThan(40);
    for (const p of uk) {
      expect(slugs(p, 'region'), p.name).toContain('uk');
      expect(slugs(p, 'type'), p.name).toContain('franchised-dealer');
      expect(p.currency).toBe('GBP');
    }
    expect(uk.map((p) => p.name)).not.toContain('Leasing Website');
    expect(uk.map((p) => p.name)).not.toContain('Manufacturer Dealer Locator');

    // Harbour Cars: France, Independent: euros, and no UK-only or franchise-only products.
    const fr = await list('dealer2');
    expect(fr.length).toBeGreaterThan(0);
    for (const p of fr) {
      expect(slugs(p, 'region'), p.name).toContain('fr');
      expect(slugs(p, 'type'), p.name).toContain('independent');
      expect(p.currency).toBe('EUR');
    }
    const names = fr.map((p) => p.name);
    expect(names).not.toContain('Domain Registration');
    expect(names).not.toContain('Manufacturer-Approved Template');
  });

  it("keeps a dealer's catalogue in memory (a repeated read costs no query), and a change of the company's terms shows on the next read", async () => {
    const before = await list('dealer2');
    if (process.env.TEST_DB !== 'postgres') {
      // Every statement of the server passes through its one PGlite client: record them. The mail
      // worker polls its outbox every 100 ms in tests and may land inside the read on a busy machine.
      const client = (server.app.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
      const query = client.query;
      const statements: string[] = [];
      client.query = (...args: unknown[]) => {
        const text = String(args[0]);
        if (!text.includes('mail_outbox')) statements.push(text);
        return query.apply(client, args);
      };
      try {
        await list('dealer2');
      } finally {
        client.query = query;
      }
      expect(statements).toEqual([]);
    }
    const harbour = (await call<Array<{ id: number; name: string }>>(server, 'GET', `/api/companies?filter=${encodeURIComponent('{"q":"Harbour Cars"}')}`, { token: tokens.admin })).body.find((c) => c.name === 'Harbour Cars')!;
    const regionTo = async (region: number) => expect((await call(server, 'PUT', `/api/companies/${harbour.id}`, { token: tokens.admin, body: { terms: { region: [region] } } })).status).toBe(200);
    await regionTo(7); // France -> United Kingdom
    try {
      const after = await list('dealer2');
      expect(after.map((p) => p.name)).not.toEqual(before.map((p) => p.name));
      for (const p of after) {
        expect(slugs(p, 'region'), p.name).toContain('uk');
        expect(p.currency).toBe('GBP');
      }
    } finally {
      await regionTo(10);
    }
  });

  it('does not let a dealer open another market\'s product by its id', async () => {
    const leasing = (await list('admin')).find((p) => p.name === 'Leasing Website')!;
    expect((await call(server, 'GET', `/api/products/${leasing.id}`, { token: tokens.dealer })).status).toBe(404);
    expect((await call(server, 'GET', `/api/products/${leasing.id}`, { token: tokens.admin })).status).toBe(200);
  });
});

describe('products priced in spec section 3\'s dollars and złoty (issue 54): the currency follows the region', () => {
  interface Term { id: number; slug: string }
  interface Agreement {
    id: number;
    currency: string;
    pricing: { currency: string; catalogue: Array<{ id: number }> };
    subscription: { products: Array<{ product_id: number }>; monthlyContractValue: number };
  }
  const as = <T>(who: string, method: string, path: string, body?: unknown) => call<T>(server, method, path, { token: tokens[who], body });

  it('prices a product of the USA region in USD and of a Polish region in PLN; a Polish dealer sees PLN in the list and on the agreement', async () => {
    // USA: the seeded (hidden) region, term 13.
    const usd = await as<Product>('admin', 'POST', '/api/products', { name: 'US Inventory Sync', cost: 99, cost_type: 'per month', terms: { region: [13], type: [6] } });
    expect(usd.status).toBe(201);
    expect(usd.body.currency).toBe('USD');

    // Poland has no seeded region: an administrator makes one in Categories, slug "pl".
    const pl = await as<Term>('admin', 'POST', '/api/taxonomies/region/terms', { name: 'PL' });
    expect(pl.status).toBe(201);
    expect(pl.body.slug).toBe('pl');
    const pln = await as<Product>('admin', 'POST', '/api/products', {
      name: 'Polish Stock Feed', cost: 450, cost_type: 'per month', add_by_default_in_agreement: true, terms: { region: [pl.body.id], type: [6] },
    });
    expect(pln.status).toBe(201);
    expect(pln.body.currency).toBe('PLN');
    const staffList = await list('admin');
    expect(staffList.find((p) => p.id === pln.body.id)!.currency).toBe('PLN');
    expect(staffList.find((p) => p.id === usd.body.id)!.currency).toBe('USD');

    // Harbour Cars (an independent dealer, France) moves to Poland: its catalogue and its order form are in złoty.
    const harbour = (await as<Array<{ id: number; name: string }>>('admin', 'GET', `/api/companies?filter=${encodeURIComponent('{"q":"Harbour Cars"}')}`)).body.find((c) => c.name === 'Harbour Cars')!;
    const regionTo = async (region: number) => expect((await as('admin', 'PUT', `/api/companies/${harbour.id}`, { terms: { region: [region] } })).status).toBe(200);
    await regionTo(pl.body.id);
    try {
      const polish = await list('dealer2');
      expect(polish.map((p) => p.name)).toEqual(['Polish Stock Feed']);
      expect(polish[0]).toMatchObject({ cost: 450, currency: 'PLN' });

      const created = await as<Agreement>('admin', 'POST', '/api/agreements', { agreement: { name: 'Harbour Cars Poland', company_id: harbour.id, type: 'new' }, lang: 'en-GB' });
      expect(created.status).toBe(201);
      expect(created.body.currency).toBe('PLN');
      expect(created.body.pricing.currency).toBe('PLN');
      expect(created.body.pricing.catalogue.map((p) => p.id)).toEqual([pln.body.id]);
      expect(created.body.subscription.products.map((p) => p.product_id)).toEqual([pln.body.id]);
      expect(created.body.subscription.monthlyContractValue).toBeGreaterThanOrEqual(450);
      // The list's totals carry the agreement's currency.
      const rows = (await as<Array<{ id: number; currency: string; monthly_contract_value: number }>>('admin', 'GET', `/api/companies/${harbour.id}/agreements`)).body;
      expect(rows.find((a) => a.id === created.body.id)).toMatchObject({ currency: 'PLN', monthly_contract_value: created.body.subscription.monthlyContractValue });
    } finally {
      await regionTo(10);
    }
  });
});
