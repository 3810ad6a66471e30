import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productTerms, userRoles, users } from '../../../server/db/schema';
import { DEMO_PRODUCTS } from '../../../server/db/seed-products';
import { hashPassword } from '../../../server/auth/auth.passwords';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../../support/server';
import { call, login, type Reply } from '../helpers';

type Product = {
  id: number; guid: string; name: string; description: string | null; cost: number; cost_type: string; cost_notes: string | null;
  discount: number; addition: boolean; conditions: string | null; editable: boolean; location_limit: number | null; stock_limit: number | null;
  per_stock: boolean; cost_per_stock: number | null; per_location: boolean; per_franchise: boolean; fixed_setup_fee: number | null;
  stages: string[]; order_column: number; terms: Array<{ id: number; name: string; slug: string; taxonomy: string }>;
  children: string; parent: number | null; add_by_default_in_agreement: boolean; message?: string;
};
type ErrorBody = { message: string; errors?: Array<{ detail: string; field?: string }> };

// One server for the file. Dealer (Client role: view products), developer (no product permission),
// account manager (view products only) and admin (create products).
let server: TestServer;
const tokens: Record<'dealer' | 'developer' | 'am' | 'admin', string> = {} as never;
type Who = keyof typeof tokens | 'anonymous';
const as = <T = Product>(who: Who, method: string, path: string, body?: unknown): Promise<Reply<T>> =>
  call<T>(server, method, path, { token: who === 'anonymous' ? undefined : tokens[who], body });
const list = (who: Who, query: Record<string, unknown> = {}) => {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  return as<Product[]>(who, 'GET', `/api/products?${search}`);
};
const db = () => server.database.db;
const productCount = async () => (await db().select({ n: count() }).from(products))[0].n;
/** Names in stored order, and the positions as stored (always 1..N). */
const storedOrder = async () => db().select({ id: products.id, name: products.name, pos: products.orderColumn }).from(products).orderBy(asc(products.orderColumn), asc(products.id));
const expectContiguous = async () => {
  const rows = await storedOrder();
  expect(rows.map((r) => r.pos)).toEqual(rows.map((_, i) => i + 1));
  return rows;
};
const byName = async (name: string) => (await db().select().from(products).where(eq(products.name, name)))[0];

beforeAll(async () => {
  server = await startTestServer();
  const [dev] = await db().insert(users).values({ email: 'dev@demo.test', name: 'Devi Developer', passwordHash: await hashPassword(DEMO_PASSWORD) }).returning();
  await db().insert(userRoles).values({ userId: dev.id, roleId: 5 });
  const emails = { dealer: 'dealer@demo.test', developer: 'dev@demo.test', am: 'am@demo.test', admin: 'admin@demo.test' } as const;
  for (const [who, email] of Object.entries(emails)) tokens[who as keyof typeof tokens] = (await login(server, email)).token;
});
afterAll(async () => {
  await server?.close();
});

describe('demo products', () => {
  it('seeds 40 products in order with region and type terms, bundles and add-ons', async () => {
    expect(DEMO_PRODUCTS).toHaveLength(40);
    const rows = await expectContiguous();
    expect(rows.map((r) => r.name)).toEqual(DEMO_PRODUCTS.map((p) => p.name));
    const all = (await list('admin', { range: [0, 99] })).body;
    const platform = all.find((p) => p.name === 'Dealer Website Platform')!;
    const children = platform.children.split(',').map(Number);
    expect(children.map((id) => all.find((p) => p.id === id)!.name)).toEqual(['Managed Hosting & SSL', 'CMS Training Session', 'Extended Validation Certificate']);
    expect(all.find((p) => p.name === 'Managed Hosting & SSL')!.parent).toBe(platform.id);
    expect(all.every((p) => p.terms.some((t) => t.taxonomy === 'region') && p.terms.some((t) => t.taxonomy === 'type'))).toBe(true);
    expect(new Set(all.map((p) => p.cost_type)).size).toBe(6);
  });
});

describe('GET /api/products', () => {
  it('pages by position with Content-Range, every section-3 field and the terms', async () => {
    const r = await list('admin', { sort: ['order_column', 'ASC'], range: [0, 9], filter: {} });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-range')).toBe('products 0-9/40');
    expect(r.headers.get('access-control-expose-headers')).toMatch(/content-range/i);
    expect(r.body.map((p) => p.order_column)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const first = r.body[0];
    for (const field of ['id', 'guid', 'name', 'description', 'cost', 'cost_type', 'cost_notes', 'discount', 'addition', 'conditions', 'editable', 'location_limit', 'stock_limit', 'per_stock', 'cost_per_stock', 'per_location', 'per_franchise', 'fixed_setup_fee', 'stages', 'order_column', 'terms', 'children', 'parent', 'add_by_default_in_agreement']) {
      expect(first).toHaveProperty(field);
    }
    expect(first).toMatchObject({ name: 'Dealer Website Platform', cost: 495, cost_type: 'per month', fixed_setup_fee: 3000, per_location: true, location_limit: 3 });
    expect(first.terms).toContainEqual({ id: 7, name: 'UK', names: {}, slug: 'uk', taxonomy: 'region' });
    const next = await list('admin', { range: [10, 19] });
    expect(next.headers.get('content-range')).toBe('products 10-19/40');
    expect(next.body[0].order_column).toBe(11);
    const byCost = await list('admin', { sort: ['cost', 'DESC'], range: [0, 0] });
    expect(byCost.body[0].name).toBe('Custom Website Design');
  });

  it('filters by q, id, region, type and parent; the spec form takes term ids or slugs', async () => {
    const q = await list('admin', { filter: { q: 'seo' }, range: [0, 99] });
    expect(q.body.map((p) => p.name)).toEqual(['SEO Essentials', 'SEO Growth Package', 'Local SEO per Site']);
    const leasing = await list('admin', { filter: { type: 4 } });
    expect(leasing.body.map((p) => p.name)).toEqual(['Leasing Website', 'Rate Book Import']);
    const ukLeasing = await list('admin', { filter: { type: [4], region: [7, 12] } });
    expect(ukLeasing.body).toHaveLength(2);
    const za = await list('admin', { filter: { region: 12 }, range: [0, 99] });
    expect(za.body.every((p) => p.terms.some((t) => t.id === 12))).toBe(true);
    expect(za.body.map((p) => p.name)).not.toContain('Domain Registration');
    const platform = (await byName('Dealer Website Platform'))!;
    const addOns = await list('admin', { filter: { parent: platform.id }, range: [0, 99] });
    expect(addOns.body.map((p) => p.name)).toEqual(['Managed Hosting & SSL', 'CMS Training Session', 'Extended Validation Certificate', 'Accessibility Toolbar']);
    const ids = await list('admin', { filter: { id: [platform.id] } });
    expect(ids.body.map((p) => p.name)).toEqual(['Dealer Website Platform']);

    // The spec's call: GET /products?region=...&type=... with terms included, by position (as staff:
    // a dealer's list is their own company's catalogue, products-catalogue.test.ts).
    const spec = await as<Product[]>('am', 'GET', '/api/products?region=uk&type=4&include=terms');
    expect(spec.status).toBe(200);
    expect(spec.body.map((p) => p.name)).toEqual(['Leasing Website', 'Rate Book Import']);
    expect((await as<Product[]>('am', 'GET', '/api/products?region=8&type=leasing-company')).body).toEqual([]);
    expect((await as<Product[]>('am', 'GET', '/api/products?region=atlantis')).body).toEqual([]);
  });

  it.each([
    [{ sort: '["secret","ASC"]' }, 'sort'],
    [{ range: '[0,5000]' }, 'range'],
    [{ filter: '{"q":' }, 'filter'],
    [{ filter: '{"colour":"red"}' }, 'filter.colour'],
    [{ filter: '{"region":"UK"}' }, 'filter.region'],
    [{ filter: '{"parent":[1,2]}' }, 'filter.parent'],
  ])('refuses a bad list query %j with 400 naming %s', async (query, field) => {
    const r = await as<ErrorBody>('admin', 'GET', `/api/products?${new URLSearchParams(query as Record<string, string>)}`);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('The sort, range or filter of the list is not valid.');
    expect(r.body.errors?.[0].field).toBe(field);
  });

  it('reads for view products (dealers, account managers) and create products; 403 without; 401 anonymous', async () => {
    for (const who of ['dealer', 'am', 'admin'] as const) {
      expect((await list(who)).status).toBe(200);
      const one = await as(who, 'GET', '/api/products/1');
      expect(one.status).toBe(200);
    }
    const denied = await list('developer');
    expect(denied.status).toBe(403);
    expect((denied.body as unknown as ErrorBody).message).toBe('No Access.');
    expect((await as('developer', 'GET', '/api/products/1')).status).toBe(403);
    const anonymous = await list('anonymous');
    expect(anonymous.status).toBe(401);
    expect((await as('anonymous', 'GET', '/api/products/1')).status).toBe(401);
  });

  it('gets one product by id or guid; unknown is 404', async () => {
    const row = (await byName('Live Chat'))!;
    const byId = await as('dealer', 'GET', `/api/products/${row.id}`);
    expect(byId.body).toMatchObject({ name: 'Live Chat', cost: 2.95, cost_type: 'per chat' });
    expect((await as('dealer', 'GET', `/api/products/${row.guid}`)).body.id).toBe(row.id);
    expect((await as('admin', 'GET', '/api/products/999999')).status).toBe(404);
    expect((await as<ErrorBody>('admin', 'GET', '/api/products/nonsense')).body.message).toBe('Page Not Found.');
  });
});

describe('writes', () => {
  it('creates from the spec body {product, terms} at the end of the list', async () => {
    const before = await productCount();
    const platform = (await byName('Dealer Website Platform'))!;
    const chat = (await byName('Live Chat'))!;
    const r = await as('admin', 'POST', '/api/products', {
      product: {
        name: '  Video Chat Appraisals ', description: 'Live video walkarounds booked from the vehicle page.', cost: 24.999, cost_type: 'per month',
        cost_notes: 'Per sales executive', discount: 12.5, addition: true, editable: true, location_limit: 4, stock_limit: 500, per_stock: true,
        cost_per_stock: 0.2, per_location: true, per_franchise: false, fixed_setup_fee: 150, stages: ['integrations', 'software'],
        children: `${chat.id}`, parent: platform.id, add_by_default_in_agreement: true, conditions: '12 month minimum',
      },
      terms: [7, 10, 1],
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      message: 'Product Created', name: 'Video Chat Appraisals', cost: 25, discount: 12.5, order_column: before + 1, children: `${chat.id}`,
      parent: platform.id, stages: ['integrations', 'software'], addition: true, editable: true, location_limit: 4, stock_limit: 500,
      per_stock: true, cost_per_stock: 0.2, per_location: true, fixed_setup_fee: 150, add_by_default_in_agreement: true,
    });
    expect(r.body.terms.map((t) => t.id).sort((a, b) => a - b)).toEqual([1, 7, 10]);
    expect(await productCount()).toBe(before + 1);
    await expectContiguous();
  });

  it('creates from a flat react-admin body with terms by taxonomy and children as a list', async () => {
    const seo = (await byName('SEO Essentials'))!;
    const r = await as('admin', 'POST', '/api/products', { name: 'Showroom Screens', cost: 60, cost_type: 'per site', children: [seo.id], terms: { region: [8], type: [2] } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: 'Showroom Screens', children: `${seo.id}`, discount: 0, addition: false, parent: null, stages: [] });
    expect(r.body.terms.map((t) => t.slug)).toEqual(['multi-franchise-dealer', 'au']);
  });

  it('updates by guid (the fields sent) and by id; terms are replaced when sent', async () => {
    const row = (await byName('Showroom Screens'))!;
    const r = await as('admin', 'PUT', `/api/products/${row.guid}`, { product: { cost: 65, description: 'Stock and offers on showroom screens.' }, terms: [7] });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ message: 'Product Updated', name: 'Showroom Screens', cost: 65, cost_type: 'per site', description: 'Stock and offers on showroom screens.' });
    expect(r.body.terms.map((t) => t.id)).toEqual([7]);
    const flat = await as('admin', 'PUT', `/api/products/${row.id}`, { discount: 5, children: '' });
    expect(flat.body).toMatchObject({ discount: 5, children: '', cost: 65 });
    expect(flat.body.terms.map((t) => t.id)).toEqual([7]);
    expect((await as('admin', 'PUT', '/api/products/999999', { cost: 1 })).status).toBe(404);
  });

  it.each([
    ['a missing name', { cost: 1 }, 422, 'The name field must be filled in', 'name'],
    ['a blank name', { name: '   ' }, 422, 'The name field must be filled in', 'name'],
    ['a name of NUL characters', { name: '\u0000\u0000' }, 400, 'The text contains a character that cannot be stored (a NUL character or an unpaired surrogate).', 'name'],
    ['a negative cost', { name: 'X', cost: -1 }, 400, 'cost must be at least 0', 'cost'],
    ['a discount over 100', { name: 'X', discount: 101 }, 400, null, 'discount'],
    ['a text cost', { name: 'X', cost: 'free' }, 400, null, 'cost'],
    ['an unknown pricing type', { name: 'X', cost_type: 'per hour' }, 400, null, 'cost_type'],
    ['an unknown field', { name: 'X', colour: 'red' }, 400, null, 'colour'],
    ['an unknown child', { name: 'X', children: '999999' }, 422, 'Child products must be other existing products.', 'children'],
    ['children that are not ids', { name: 'X', children: '1;2' }, 400, null, 'children'],
    ['an unknown parent', { name: 'X', parent: 999999 }, 422, 'The parent must be another existing product.', 'parent'],
    ['an unknown stage', { name: 'X', stages: ['moon-landing'] }, 422, 'Please choose existing configurator stages.', 'stages'],
    ['a make as a term', { name: 'X', terms: [23] }, 422, 'Please choose a valid region and type.', 'terms'],
    ['an unknown taxonomy', { name: 'X', terms: { make: [23] } }, 400, null, 'terms.make'],
  ])('refuses %s and writes nothing', async (_label, body, status, message, field) => {
    const before = await productCount();
    const r = await as<ErrorBody>('admin', 'POST', '/api/products', body);
    expect(r.status).toBe(status);
    if (message) expect(r.body.message).toBe(message);
    expect(r.body.errors?.[0].field).toBe(field);
    expect(await productCount()).toBe(before);
  });

  it('refuses NUL characters (PostgreSQL cannot hold them) in text and searches with a 400, never a 500', async () => {
    const r = await as('admin', 'POST', '/api/products', { name: 'Nul\u0000 Feed', description: 'a\u0000b', terms: [7] });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ errors: [{ field: 'name' }] });
    const found = await list('admin', { filter: { q: 'nul\u0000' } });
    expect(found.status).toBe(400);
  });

  it('refuses a product as its own child or parent, and changes nothing', async () => {
    const row = (await byName('Showroom Screens'))!;
    const child = await as<ErrorBody>('admin', 'PUT', `/api/products/${row.id}`, { cost: 1, children: `${row.id}` });
    expect(child.status).toBe(422);
    expect(child.body.message).toBe('Child products must be other existing products.');
    const parent = await as<ErrorBody>('admin', 'PUT', `/api/products/${row.guid}`, { cost: 1, parent: row.id });
    expect(parent.status).toBe(422);
    expect(parent.body.message).toBe('The parent must be another existing product.');
    expect((await byName('Showroom Screens'))!.cost).toBe('65.00');
  });

  it('lets only create products write: dealer and account manager 403, anonymous 401, nothing written', async () => {
    const row = (await byName('Live Chat'))!;
    const before = await productCount();
    for (const who of ['dealer', 'am', 'developer', 'anonymous'] as const) {
      const expected = who === 'anonymous' ? 401 : 403;
      expect((await as(who, 'POST', '/api/products', { name: 'Sneaky' })).status).toBe(expected);
      expect((await as(who, 'PUT', `/api/products/${row.guid}`, { cost: 0 })).status).toBe(expected);
      expect((await as(who, 'DELETE', `/api/products/${row.id}`)).status).toBe(expected);
      expect((await as(who, 'POST', `/api/products/${row.id}/sort`, { to: 1 })).status).toBe(expected);
      expect((await as(who, 'POST', '/api/products/swap', { productId1: row.id, productId2: 1 })).status).toBe(expected);
    }
    expect(await productCount()).toBe(before);
    expect((await byName('Live Chat'))!).toMatchObject({ cost: '2.95', orderColumn: row.orderColumn });
  });
});

describe('order', () => {
  it('moves a product to a position, shifting the ones between, both ways', async () => {
    const before = await storedOrder();
    const mover = before[4];
    const r = await as('admin', 'POST', `/api/products/${mover.id}/sort`, { to: 2 });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: mover.id, order_column: 2 });
    const up = await expectContiguous();
    expect(up.map((p) => p.id)).toEqual([before[0].id, mover.id, before[1].id, before[2].id, before[3].id, ...before.slice(5).map((p) => p.id)]);
    // Down to the last place, by guid.
    const last = await as('admin', 'POST', `/api/products/${(await byName(mover.name))!.guid}/sort`, { to: before.length });
    expect(last.body.order_column).toBe(before.length);
    const down = await expectContiguous();
    expect(down.map((p) => p.id)).toEqual([...before.filter((p) => p.id !== mover.id).map((p) => p.id), mover.id]);
    // The list answers in the new order.
    const shown = await list('am', { range: [0, 99] });
    expect(shown.body.map((p) => p.id)).toEqual(down.map((p) => p.id));
    // Back where it was.
    await as('admin', 'POST', `/api/products/${mover.id}/sort`, { to: 5 });
    expect((await expectContiguous()).map((p) => p.id)).toEqual(before.map((p) => p.id));
  });

  it("says 'Value must be more than 0' and 'Value cannot be more than N', and moves nothing", async () => {
    const before = await storedOrder();
    const id = before[3].id;
    for (const to of [0, -3]) {
      const r = await as<ErrorBody>('admin', 'POST', `/api/products/${id}/sort`, { to });
      expect(r.status).toBe(422);
      expect(r.body.message).toBe('Value must be more than 0');
      expect(r.body.errors?.[0].field).toBe('to');
    }
    const over = await as<ErrorBody>('admin', 'POST', `/api/products/${id}/sort`, { to: before.length + 1 });
    expect(over.status).toBe(422);
    expect(over.body.message).toBe(`Value cannot be more than ${before.length}`);
    expect((await as<ErrorBody>('admin', 'POST', `/api/products/${id}/sort`, { to: 'top' })).status).toBe(400);
    expect((await as<ErrorBody>('admin', 'POST', `/api/products/${id}/sort`, {})).status).toBe(400);
    expect((await as<ErrorBody>('admin', 'POST', '/api/products/999999/sort', { to: 1 })).status).toBe(404);
    expect(await storedOrder()).toEqual(before);
  });

  it('swaps two products; an unknown one is 404 and nothing moves', async () => {
    const before = await storedOrder();
    const [a, b] = [before[0], before[9]];
    const r = await as<Product[]>('admin', 'POST', '/api/products/swap', { productId1: a.id, productId2: b.id });
    expect(r.status).toBe(200);
    expect(r.body.map((p) => [p.id, p.order_column])).toEqual([[a.id, 10], [b.id, 1]]);
    const after = await expectContiguous();
    expect(after[0].id).toBe(b.id);
    expect(after[9].id).toBe(a.id);
    const unknown = await as<ErrorBody>('admin', 'POST', '/api/products/swap', { productId1: a.id, productId2: 999999 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors?.[0].field).toBe('productId2');
    expect((await as<ErrorBody>('admin', 'POST', '/api/products/swap', { productId1: a.id })).status).toBe(400);
    expect(await storedOrder()).toEqual(after);
    await as('admin', 'POST', '/api/products/swap', { productId1: a.id, productId2: b.id });
    expect(await storedOrder()).toEqual(before);
  });

  it('keeps positions 1..N when many moves run at once', async () => {
    const rows = await storedOrder();
    await Promise.all(rows.slice(0, 12).map((p, i) => as('admin', 'POST', `/api/products/${p.id}/sort`, { to: ((i * 7) % rows.length) + 1 })));
    const after = await expectContiguous();
    expect(new Set(after.map((p) => p.id)).size).toBe(rows.length);
  });
});

describe('DELETE /api/products/{id}', () => {
  it("says 'Product Removed', closes the gap and leaves other products' children and parent", async () => {
    const chat = (await byName('Live Chat'))!;
    const video = (await byName('Video Chat Appraisals'))!;
    const chatbot = (await byName('Out-of-Hours Chatbot'))!;
    // Another product bundles Live Chat with another one.
    const seo = (await byName('SEO Essentials'))!;
    await as('admin', 'PUT', `/api/products/${video.id}`, { children: `${seo.id},${chat.id}` });
    const before = await productCount();
    const r = await as<{ id: number; name: string; message: string }>('admin', 'DELETE', `/api/products/${chat.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: chat.id, name: 'Live Chat', message: 'Product Removed' });
    expect(await productCount()).toBe(before - 1);
    await expectContiguous();
    expect((await byName('Video Chat Appraisals'))!.children).toBe(`${seo.id}`);
    expect((await byName('Out-of-Hours Chatbot'))!.parent).toBeNull();
    expect(chatbot.parent).toBe(chat.id);
    expect(await db().select().from(productTerms).where(eq(productTerms.productId, chat.id))).toEqual([]);
    expect((await as('admin', 'DELETE', `/api/products/${chat.id}`)).status).toBe(404);
    expect((await as('admin', 'GET', `/api/products/${chat.id}`)).status).toBe(404);
  });
});
