// A data word's text per locale (issue 54, contract/names.ts) on taxonomy terms (the app's
// categories): a term takes `names` where it is created and edited, refuses what is not a portal
// locale's text with a 422 on `names` or `names.<locale>` (writing nothing), and `{}` clears them.
// Every answer that carries a term carries its names: the categories screens, the public GET /terms,
// and the terms inside a company's, a product's and a showcase post's answer.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalNames } from '../../../contract/names';
import type { Post } from '../../../contract/posts';
import { companies, posts, postTerms, products, productTerms } from '../../../server/db/schema';
import { startTestServer, type TestServer } from '../../support/server';
import { call, login, type Reply } from '../helpers';
import { expectRefused, LONGEST_NAMES, REFUSED_NAMES, SENT_NAMES, STORED_NAMES } from '../local-names-cases';

type Term = { id: number; name: string; names: LocalNames; slug: string; message?: string };
type PublicTerm = Term & { taxonomy: { slug: string } };
type CompanyTerm = { taxonomy: string; term: { id: number; name: string; names: LocalNames } };

let server: TestServer;
let admin: string;
const as = <T = Term>(method: string, path: string, body?: unknown): Promise<Reply<T>> => call<T>(server, method, path, { token: admin, body });
/** The demo's region UK (fixed id, server/db/seed-data.ts). */
const UK = 7;

beforeAll(async () => {
  server = await startTestServer();
  admin = (await login(server, 'admin@demo.test')).token;
});
afterAll(async () => {
  await server?.close();
});

let serial = 0;
const unique = (word: string) => `${word} ${++serial}`;
const termOf = async (taxonomy: string, id: number) => (await as('GET', `/api/taxonomies/${taxonomy}/terms/${id}`)).body;
const publicTerms = async (taxonomy: string) => (await call<PublicTerm[]>(server, 'GET', `/api/terms?taxonomy=${taxonomy}`)).body;

describe('a term', () => {
  it('is created with names, read back on the categories screens and the public list, replaced whole and cleared by {}', async () => {
    const made = await as('POST', '/api/taxonomies/make/terms', { name: 'Lancia', names: SENT_NAMES });
    expect(made.status).toBe(201);
    expect(made.body.names).toEqual(STORED_NAMES);
    expect((await termOf('make', made.body.id)).names).toEqual(STORED_NAMES);
    const listed = (await as<Term[]>('GET', `/api/taxonomies/make/terms?filter=${encodeURIComponent(JSON.stringify({ id: [made.body.id] }))}`)).body;
    expect(listed.map((t) => t.names)).toEqual([STORED_NAMES]);
    expect((await publicTerms('make')).find((t) => t.id === made.body.id)).toMatchObject({ name: 'Lancia', names: STORED_NAMES, taxonomy: { slug: 'make' } });

    // A write without names keeps them (the slug stays too); one with names replaces the set.
    const renamed = await as('PUT', `/api/taxonomies/make/terms/${made.body.id}`, { name: 'Lancia Motors' });
    expect([renamed.body.names, renamed.body.slug]).toEqual([STORED_NAMES, 'lancia']);
    const replaced = await as('PUT', `/api/taxonomies/make/terms/${made.body.id}`, { names: LONGEST_NAMES });
    expect([replaced.status, replaced.body.name, replaced.body.names]).toEqual([200, 'Lancia Motors', LONGEST_NAMES]);
    const cleared = await as('PUT', `/api/taxonomies/make/terms/${made.body.id}`, { names: {} });
    expect([cleared.status, cleared.body.names]).toEqual([200, {}]);
    expect((await publicTerms('make')).find((t) => t.id === made.body.id)!.names).toEqual({});
  });

  it('answers {} when it has none: every demo term on GET /terms', async () => {
    const all = (await call<PublicTerm[]>(server, 'GET', '/api/terms')).body;
    expect(all.length).toBeGreaterThan(20);
    expect(all.filter((t) => t.id < 100).every((t) => JSON.stringify(t.names) === '{}')).toBe(true);
  });

  it.each(REFUSED_NAMES)('refuses %s with a 422 on the field, writing nothing', async (_what, names, field, detail) => {
    const name = unique('Refused make');
    const created = await as('POST', '/api/taxonomies/make/terms', { name, names });
    expectRefused(created.status, created.body, `names${field}`, detail);
    expect((await publicTerms('make')).some((t) => t.name === name)).toBe(false);

    const kept = (await as('POST', '/api/taxonomies/make/terms', { name: unique('Kept make'), names: { 'fr-FR': 'Gardée' } })).body;
    const updated = await as('PUT', `/api/taxonomies/make/terms/${kept.id}`, { name: 'Renamed too', slug: 'renamed-too', names });
    expectRefused(updated.status, updated.body, `names${field}`, detail);
    expect(await termOf('make', kept.id)).toMatchObject({ name: kept.name, slug: kept.slug, names: { 'fr-FR': 'Gardée' } });
  });
});

describe('the answers a term is part of', () => {
  const UK_NAMES = { 'fr-FR': 'Royaume-Uni', 'fr-BE': 'Royaume-Uni', 'nl-NL': 'Verenigd Koninkrijk', 'nl-BE': 'Verenigd Koninkrijk' };

  beforeAll(async () => {
    const r = await as('PUT', `/api/taxonomies/region/terms/${UK}`, { names: UK_NAMES });
    expect([r.status, r.body.name, r.body.names]).toEqual([200, 'UK', UK_NAMES]);
  });

  it("carry its names: a company's taxonomies, one by one and in the list", async () => {
    const [motors] = await server.database.db.select({ id: companies.id, guid: companies.guid }).from(companies).where(eq(companies.name, 'Demo Motors'));
    const company = (await as<{ taxonomies: CompanyTerm[] }>('GET', `/api/companies/${motors.guid}`)).body;
    expect(company.taxonomies.find((t) => t.taxonomy === 'region')!.term).toMatchObject({ id: UK, name: 'UK', names: UK_NAMES });
    // Every other term of it: {} (the answer always carries names).
    expect(company.taxonomies.every((t) => t.term.names !== undefined)).toBe(true);
    const page = (await as<Array<{ id: number; taxonomies: CompanyTerm[] }>>('GET', `/api/companies?filter=${encodeURIComponent(JSON.stringify({ id: [motors.id] }))}`)).body;
    expect(page.find((c) => c.id === motors.id)!.taxonomies.find((t) => t.term.id === UK)!.term.names).toEqual(UK_NAMES);
  });

  it("carry its names: a product's terms and a showcase post's taxonomies", async () => {
    const db = server.database.db;
    const [product] = await db.select({ id: products.id }).from(products).orderBy(asc(products.id)).limit(1);
    const [post] = await db.select({ id: posts.id }).from(posts).orderBy(asc(posts.id)).limit(1);
    await db.insert(productTerms).values({ productId: product.id, termId: UK }).onConflictDoNothing();
    await db.insert(postTerms).values({ postId: post.id, termId: UK }).onConflictDoNothing();
    const p = (await as<{ terms: Array<{ id: number; names: LocalNames }> }>('GET', `/api/products/${product.id}`)).body;
    expect(p.terms.find((t) => t.id === UK)!.names).toEqual(UK_NAMES);
    const s = (await as<Post>('GET', `/api/posts/${post.id}`)).body;
    expect(s.taxonomies.find((t) => t.id === UK)).toMatchObject({ name: 'UK', names: UK_NAMES, taxonomy: 'region' });
  });
});
