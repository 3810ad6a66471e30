import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server';
import { call, refreshCookie } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ demo: true });
});
afterAll(async () => {
  await server?.close();
});

const INCOMPLETE = 'Please make sure that all required fields are complete.';
let n = 0;
const payload = (over: { user?: object; company?: object; terms?: number[]; accept_terms?: boolean } = {}) => ({
  user: { name: 'Dana Newdealer', email: `new${++n}@dealer.test`, password: 'long-enough-1', primary: 1, ...over.user },
  company: { name: 'New Motors', lang: 'en', ...over.company },
  // region UK (7), type Franchised Dealer (1), makes Audi (22) and BMW (23)
  terms: over.terms ?? [7, 1, 22, 23],
  accept_terms: over.accept_terms ?? true,
});

describe('GET /api/terms', () => {
  it('lists the regions with their taxonomy, USA included for the client to hide', async () => {
    const r = await call<Array<{ id: number; name: string; slug: string; taxonomy: { slug: string } }>>(server, 'GET', '/api/terms?taxonomy=region');
    expect(r.status).toBe(200);
    expect(r.body.map((t) => [t.id, t.slug])).toEqual([[7, 'uk'], [8, 'au'], [9, 'be'], [10, 'fr'], [11, 'nl'], [12, 'za'], [13, 'usa']]);
    expect(r.body.every((t) => t.taxonomy.slug === 'region')).toBe(true);
  });

  it('has company types 1-6 with 6 = Independent, 20+ makes from id 20 and partners from 60', async () => {
    const types = (await call<Array<{ id: number; name: string }>>(server, 'GET', '/api/terms?taxonomy=type')).body;
    expect(types.map((t) => t.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(types[5].name).toBe('Independent');
    const makes = (await call<Array<{ id: number }>>(server, 'GET', '/api/terms?taxonomy=make')).body;
    expect(makes.length).toBeGreaterThanOrEqual(20);
    expect(makes[0].id).toBe(20);
    const partners = (await call<Array<{ id: number }>>(server, 'GET', '/api/terms?taxonomy=partner')).body;
    expect(partners[0].id).toBe(60);
  });
});

describe('POST /api/register', () => {
  it('creates the company and primary user (role 1), signs them in, and sets the language from the region', async () => {
    const body = payload({ terms: [10, 1, 22], company: { name: '  Garage du Port ', lang: 'en' } });
    const r = await call<{ access_token: string; expires_in: number }>(server, 'POST', '/api/register', { body });
    expect(r.status).toBe(201);
    expect(Object.keys(r.body).sort()).toEqual(['access_token', 'expires_in']);
    expect(refreshCookie(r)).toBeTruthy();
    const me = await call<{
      user: { email: string; primary: boolean; roles: Array<{ id: number }> };
      company: { name: string; lang: string; stage: string; status: string; taxonomies: Array<{ term: { id: number } }>; users: Array<{ primary: boolean }> };
    }>(server, 'GET', '/api/users/current', { token: r.body.access_token });
    expect(me.body.user.email).toBe(body.user.email);
    expect(me.body.user.primary).toBe(true);
    expect(me.body.user.roles.map((x) => x.id)).toEqual([1]);
    expect(me.body.company).toMatchObject({ name: 'Garage du Port', lang: 'fr', stage: 'configurator', status: 'active' });
    expect(me.body.company.taxonomies.map((t) => t.term.id).sort((a, b) => a - b)).toEqual([1, 10, 22]);
  });

  it('does not need makes for the Independent type (6)', async () => {
    const r = await call(server, 'POST', '/api/register', { body: payload({ terms: [7, 6] }) });
    expect(r.status).toBe(201);
  });

  it('reports missing fields with the incomplete-fields message', async () => {
    const r = await call<{ message: string; errors: Array<{ detail: string; field: string }> }>(server, 'POST', '/api/register', {
      body: payload({ user: { name: '  ', password: '' }, company: { name: '' } }),
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(INCOMPLETE);
    expect(r.body.errors.map((e) => e.field)).toEqual(['company.name', 'user.name', 'user.password']);
  });

  it('requires region and type, and makes unless Independent', async () => {
    for (const terms of [[1, 22], [7, 22], [7, 1]]) {
      const r = await call<{ message: string }>(server, 'POST', '/api/register', { body: payload({ terms }) });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(INCOMPLETE);
    }
  });

  it('requires the terms and conditions', async () => {
    const r = await call<{ message: string }>(server, 'POST', '/api/register', { body: payload({ accept_terms: false }) });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Please check the terms and conditions');
  });

  it('checks name length, email format and password length', async () => {
    const short = await call<{ message: string }>(server, 'POST', '/api/register', { body: payload({ user: { name: 'Dan' } }) });
    expect(short.body.message).toBe('Must be at least 4 characters long');
    const email = await call<{ message: string }>(server, 'POST', '/api/register', { body: payload({ user: { email: 'nope@' } }) });
    expect(email.body.message).toBe('Must be a valid email.');
    const pw = await call<{ message: string; errors: Array<{ field: string }> }>(server, 'POST', '/api/register', { body: payload({ user: { password: 'seven77' } }) });
    expect(pw.status).toBe(400);
    expect(pw.body.message).toBe('Must be at least 8 characters long');
    expect(pw.body.errors[0].field).toBe('user.password');
  });

  it('refuses names and passwords over 255 characters with the max-length message, and accepts 255', async () => {
    const long = 'N'.repeat(256);
    const cases: Array<[ReturnType<typeof payload>, string]> = [
      [payload({ user: { name: long } }), 'user.name'],
      [payload({ company: { name: long } }), 'company.name'],
      [payload({ user: { password: 'p'.repeat(256) } }), 'user.password'],
    ];
    for (const [body, field] of cases) {
      const r = await call<{ message: string; errors: Array<{ detail: string; field: string }> }>(server, 'POST', '/api/register', { body });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('Must have at most 255 characters.');
      expect(r.body.errors).toEqual([{ detail: 'Must have at most 255 characters.', field }]);
    }
    // A megabyte of name is the same 400, not a 500.
    const huge = await call<{ message: string }>(server, 'POST', '/api/register', { body: payload({ user: { name: 'N'.repeat(1_000_000) } }) });
    expect(huge.status).toBe(400);
    expect(huge.body.message).toBe('Must have at most 255 characters.');
    // The limit counts after trimming, and 255 itself is fine.
    const atLimit = await call(server, 'POST', '/api/register', {
      body: payload({ user: { name: ` ${'N'.repeat(255)} `, password: 'p'.repeat(255) }, company: { name: 'C'.repeat(255) } }),
    });
    expect(atLimit.status).toBe(201);
  });

  it('refuses a used email (any case)', async () => {
    const r = await call<{ message: string }>(server, 'POST', '/api/register', { body: payload({ user: { email: 'Dealer@Demo.test' } }) });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('The email has already been taken.');
  });

  it('refuses the hidden USA region and unknown or foreign terms', async () => {
    for (const terms of [[13, 1, 22], [7, 1, 22, 9999], [7, 8, 1, 22], [7, 1, 22, 60]]) {
      const r = await call<{ message: string }>(server, 'POST', '/api/register', { body: payload({ terms }) });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('Please choose a valid region, type and makes.');
    }
  });

  it('rejects a body of the wrong shape with 400, not 500', async () => {
    const r = await call<{ message: string }>(server, 'POST', '/api/register', { body: { user: 'x', company: [], terms: 'all' } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBeTruthy();
  });
});
