// The public GET /terms (spec section 7: "includes taxonomy, filter on taxonomy (eq)"): the plain
// `taxonomy`, and the spec's `include` and `filter`, each checked (a malformed one is a 400, never ignored).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server';
import { call } from '../helpers';

type Term = { id: number; name: string; slug: string; taxonomy: { id: number; name: string; slug: string } };
type ErrorBody = { message: string; errors?: Array<{ detail: string; field?: string }> };

let server: TestServer;
const terms = <T = Term[]>(query: string) => call<T>(server, 'GET', `/api/terms?${query}`);
const filter = (value: unknown) => `filter=${encodeURIComponent(JSON.stringify(value))}`;
const REGIONS = [[7, 'uk'], [8, 'au'], [9, 'be'], [10, 'fr'], [11, 'nl'], [12, 'za'], [13, 'usa']];
const pairs = (r: { body: Term[] }) => r.body.map((t) => [t.id, t.slug]);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/terms with the spec include and filter', () => {
  it('filters on the taxonomy by filter={"taxonomy":slug} and {"taxonomy":{"eq":slug}}, with include=taxonomy', async () => {
    for (const query of [filter({ taxonomy: 'region' }), filter({ taxonomy: { eq: 'region' } }), `include=taxonomy&${filter({ taxonomy: { eq: 'region' } })}`]) {
      const r = await terms(query);
      expect(r.status, query).toBe(200);
      expect(pairs(r), query).toEqual(REGIONS);
      expect(r.body.every((t) => t.taxonomy.slug === 'region' && t.taxonomy.name === 'Region' && Number.isInteger(t.taxonomy.id)), query).toBe(true);
    }
    const all = await terms('include=taxonomy');
    expect(all.status).toBe(200);
    expect(new Set(all.body.map((t) => t.taxonomy.slug))).toEqual(new Set(['type', 'region', 'make', 'partner']));
  });

  it('takes the plain taxonomy and the filter together as two conditions', async () => {
    expect(pairs(await terms(`taxonomy=region&${filter({ taxonomy: 'region' })}`))).toEqual(REGIONS);
    const both = await terms(`taxonomy=make&${filter({ taxonomy: 'region' })}`);
    expect([both.status, both.body]).toEqual([200, []]);
    expect((await terms(filter({ taxonomy: 'colour' }))).body).toEqual([]);
  });

  it.each([
    ['filter=not-json', 'filter'],
    [filter(['taxonomy', 'region']), 'filter'],
    [filter({ taxonomy_id: 3 }), 'filter.taxonomy_id'],
    [filter({ taxonomy: 3 }), 'filter.taxonomy'],
    [filter({ taxonomy: 'not a slug' }), 'filter.taxonomy'],
    [filter({ taxonomy: { like: 'reg' } }), 'filter.taxonomy'],
    [filter({ taxonomy: { eq: 'region', ne: 'make' } }), 'filter.taxonomy'],
    [filter({ taxonomy: ['region', 'make'] }), 'filter.taxonomy'],
  ])('refuses the filter %s with a 400 naming %s', async (query, field) => {
    const r = await terms<ErrorBody>(query);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: 'The sort, range or filter of the list is not valid.', errors: [{ detail: 'The sort, range or filter of the list is not valid.', field }] });
  });

  it.each([
    ['include=company', 'include.0'],
    ['include=taxonomy&include=terms', 'include.1'],
    ['include=', 'include.0'],
  ])('refuses the include %s with a 400', async (query, field) => {
    const r = await terms<ErrorBody>(query);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(r.body.errors?.[0].detail);
    expect(r.body.errors?.[0].field).toBe(field);
  });

  it('refuses a parameter it does not know (a bracketed filter would otherwise answer every term)', async () => {
    const r = await terms<ErrorBody>('filter[taxonomy]=region');
    expect(r.status).toBe(400);
    expect(r.body.errors?.[0].field).toBe('filter[taxonomy]');
  });
});
