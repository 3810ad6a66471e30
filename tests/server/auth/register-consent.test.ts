import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server';
import { call } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ demo: true });
});
afterAll(async () => {
  await server?.close();
});

// Region UK (7), type Franchised Dealer (1), make Audi (22).
const body = (email: string, consent: Record<string, unknown>) => ({
  user: { name: 'Dana Newdealer', email, password: 'long-enough-1', primary: 1 },
  company: { name: 'Consent Motors', lang: 'en' },
  terms: [7, 1, 22],
  ...consent,
});

describe('POST /api/register: consent is given, never assumed', () => {
  it('refuses a registration that does not say the terms were accepted, in the spec\'s words', async () => {
    const r = await call<{ message: string; errors: Array<{ field: string; detail: string }> }>(server, 'POST', '/api/register', { body: body('silent@consent.test', {}) });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Please check the terms and conditions');
    expect(r.body.errors).toContainEqual(expect.objectContaining({ field: 'accept_terms' }));
  });

  it('registers once the terms are accepted', async () => {
    const r = await call(server, 'POST', '/api/register', { body: body('agreed@consent.test', { accept_terms: true }) });
    expect(r.status).toBeLessThan(300);
  });
});
