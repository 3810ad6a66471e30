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

// Region UK (7), type Franchised Dealer (1), make Audi (22): the spec's payload, nothing more.
const body = (email: string, extra: Record<string, unknown> = {}) => ({
  user: { name: 'Dana Newdealer', email, password: 'long-enough-1', primary: 1 },
  company: { name: 'Consent Motors', lang: 'en' },
  terms: [7, 1, 22],
  ...extra,
});

describe('POST /api/register: the spec\'s payload, consent never overridden', () => {
  it('registers the spec\'s payload as written (user, company, terms)', async () => {
    const r = await call<{ access_token?: string }>(server, 'POST', '/api/register', { body: body('spec@consent.test') });
    expect(r.status).toBe(201);
    expect(r.body.access_token).toBeTruthy();
  });

  it('registers when the client also says the terms were accepted', async () => {
    const r = await call(server, 'POST', '/api/register', { body: body('agreed@consent.test', { accept_terms: true }) });
    expect(r.status).toBe(201);
  });

  it('refuses a client that says the terms were not accepted, in the spec\'s words', async () => {
    for (const [said, message] of [
      [false, 'Please check the terms and conditions'],
      // Not a boolean: refused as such (a JSON body is taken as sent, never converted to false).
      [null, 'accept_terms has the wrong type of value'],
      ['false', 'accept_terms has the wrong type of value'],
    ] as const) {
      const r = await call<{ message: string; errors: Array<{ field: string; detail: string }> }>(server, 'POST', '/api/register', {
        body: body(`declined-${String(said)}@consent.test`, { accept_terms: said }),
      });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(message);
      expect(r.body.errors).toContainEqual(expect.objectContaining({ field: 'accept_terms' }));
    }
  });
});
