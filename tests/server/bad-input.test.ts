import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAjv } from '../../engine';
import { schemaErrorDetail } from '../../server/http/errors';
import { startTestServer, type TestServer } from '../support/server';
import { call, DEMO_PASSWORD } from './helpers';

// Input a form would never send: each must be a 4xx with the error shape, never a 500 or a hang.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const INCOMPLETE = 'Please make sure that all required fields are complete.';

describe('bad input', () => {
  it('NUL characters (PostgreSQL text cannot hold them) are a 400 naming the field, not a 500 (tests/server/unstorable-input.test.ts)', async () => {
    const refused = (field: string) => {
      const message = 'The text contains a character that cannot be stored (a NUL character or an unpaired surrogate).';
      return { message, errors: [{ detail: message, field }] };
    };
    const login = await call(server, 'POST', '/api/login', { body: { email: 'dealer\u0000@demo.test', password: DEMO_PASSWORD } });
    expect([login.status, login.body]).toEqual([400, refused('email')]);
    const forgot = await call(server, 'POST', '/api/password/email', { body: { email: 'nobody\u0000@demo.test' } });
    expect([forgot.status, forgot.body]).toEqual([400, refused('email')]);
    const reset = await call(server, 'POST', '/api/password/reset', {
      body: { token: 't\u0000', email: 'x@y.io', password: 'long-enough', password_confirmation: 'long-enough' },
    });
    expect([reset.status, reset.body]).toEqual([400, refused('token')]);
    const register = await call(server, 'POST', '/api/register', {
      body: { user: { name: 'Nul Dealer', email: 'nul@dealer.test', password: 'long-enough-1', primary: 1 }, company: { name: 'Nul\u0000 Motors' }, terms: [7, 6], accept_terms: true },
    });
    expect([register.status, register.body]).toEqual([400, refused('company.name')]);
  });

  it('a taxonomy that is not a slug is a 400', async () => {
    const r = await call<{ message: string }>(server, 'GET', '/api/terms?taxonomy=not%20a%20slug');
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: 'taxonomy is not in the expected format', errors: [{ detail: 'taxonomy is not in the expected format', field: 'taxonomy' }] });
    // A NUL is refused before the schema runs, in its own words.
    expect((await call<{ message: string }>(server, 'GET', '/api/terms?taxonomy=%00')).body.message).toMatch(/^The text contains a character that cannot be stored/);
  });

  it('term ids beyond a database integer are unknown terms', async () => {
    for (const big of [3_000_000_000, 1e20]) {
      const r = await call(server, 'POST', '/api/register', {
        body: { user: { name: 'Big Dealer', email: `big${big}@dealer.test`, password: 'long-enough-1', primary: 1 }, company: { name: 'Big' }, terms: [7, 6, big], accept_terms: true },
      });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ message: 'Please choose a valid region, type and makes.' });
    }
  });

  it('an overlong email is refused at once (the pattern would backtrack for minutes)', async () => {
    const email = `x@${'.'.repeat(200_000)}@`;
    const login = await call(server, 'POST', '/api/login', { body: { email, password: 'x' } });
    expect(login.status).toBe(400);
    expect(login.body).toMatchObject({ message: INCOMPLETE });
    const forgot = await call(server, 'POST', '/api/password/email', { body: { email: `${'a'.repeat(250)}@b.io` } });
    expect(forgot.status).toBe(400);
    expect(forgot.body).toMatchObject({ message: 'Must be a valid email.' });
  });

  it('a malformed URL is a 400 in the error shape', async () => {
    const r = await call(server, 'GET', '/api/password/set/%E0%A4%A');
    expect(r.status).toBe(400);
    expect(Object.keys(r.body)).toEqual(['message']);
  });

  it('no body, or a body of another type, is a 400', async () => {
    const none = await call(server, 'POST', '/api/login');
    expect(none.status).toBe(400);
    const text = await fetch(`${server.url}/api/login`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hi' });
    expect(text.status).toBe(400);
    const form = await fetch(`${server.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'email=a' });
    expect(form.status).toBe(415);
  });
});

type ErrorBody = { message: string; errors: Array<{ detail: string; field?: string }> };

describe('route-schema errors are in the spec\'s words, not ajv\'s English', () => {
  it('a value of the wrong type names the field', async () => {
    const r = await call<ErrorBody>(server, 'POST', '/api/login', { body: { email: 'dealer@demo.test', password: { guess: 1 } } });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: 'password has the wrong type of value', errors: [{ detail: 'password has the wrong type of value', field: 'password' }] });
    const ids = await call<ErrorBody>(server, 'POST', '/api/register', {
      body: { user: { name: 'Type Dealer', email: 'type@dealer.test', password: 'long-enough-1' }, company: { name: 'T' }, terms: [7, 'six'], accept_terms: true },
    });
    expect(ids.status).toBe(400);
    expect(ids.body.errors).toEqual([{ detail: 'terms.1 must be a number', field: 'terms.1' }]);
    const none = await call<ErrorBody>(server, 'POST', '/api/login');
    expect(none.body.message).toBe('body has the wrong type of value');
  });

  it('a missing required part is "This field is required." with the field named', async () => {
    const r = await call<ErrorBody>(server, 'POST', '/api/register', { body: { company: { name: 'No User Motors' }, terms: [7, 6] } });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: 'This field is required.', errors: [{ detail: 'This field is required.', field: 'user' }] });
  });

  it('a too-long query value gets the max-length message', async () => {
    const r = await call<ErrorBody>(server, 'GET', `/api/terms?taxonomy=${'a'.repeat(65)}`);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: 'Must have at most 64 characters.', errors: [{ detail: 'Must have at most 64 characters.', field: 'taxonomy' }] });
  });

  it('maps the other keywords of the engine\'s ajv (email format, min length, enum, unknown property)', () => {
    const ajv = createAjv({ allErrors: true, verbose: false });
    const validate = ajv.compile({
      type: 'object',
      required: ['email'],
      additionalProperties: false,
      properties: { email: { type: 'string', format: 'email' }, code: { type: 'string', minLength: 3 }, kind: { enum: ['a', 'b'] } },
    });
    validate({ email: 'nope', code: 'x', kind: 'c', extra: 1 });
    expect((validate.errors ?? []).map((e) => schemaErrorDetail(e, 'body'))).toEqual([
      { detail: 'extra is not valid', field: 'extra' },
      { detail: 'Must be a valid email.', field: 'email' },
      { detail: 'Must be at least 3 characters long', field: 'code' },
      { detail: 'kind must be one of the listed values', field: 'kind' },
    ]);
  });
});

describe('caching', () => {
  it('API answers may not be stored (they carry tokens and the user)', async () => {
    const r = await call(server, 'POST', '/api/login', { body: { email: 'dealer@demo.test', password: DEMO_PASSWORD } });
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect((await call(server, 'GET', '/api/health')).headers.get('cache-control')).toBe('no-store');
  });
});
