import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMITS, MAX_BODY_DEPTH, MAX_BODY_ITEMS } from '../../server/http/body-guard';
import { startTestServer, type TestServer } from '../support/server';
import { DEMO_PASSWORD } from './helpers';

// Bodies a form would never send, as raw JSON text over real HTTP. The guard covers every JSON body,
// so POST /api/login stands for all routes. The hostile part sits in a property the route does not
// declare: without the guard the route schema just drops it and the sign-in succeeds (200), so each
// 400 below is the guard's doing.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const credentials = `"email":"dealer@demo.test","password":${JSON.stringify(DEMO_PASSWORD)}`;

async function post(text: string): Promise<{ status: number; body: { message: string; errors?: { detail: string; field?: string }[] } }> {
  const res = await fetch(`${server.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
  return { status: res.status, body: (await res.json()) as { message: string; errors?: { detail: string; field?: string }[] } };
}

describe('JSON request bodies are bounded before any route sees them', () => {
  it('limits are named constants above the engine limits for stage data', () => {
    expect([MAX_BODY_DEPTH, MAX_BODY_ITEMS]).toEqual([64, 10_000]);
    // storableText: the same walk refuses text the database cannot store (tests/server/unstorable-input.test.ts).
    expect(BODY_LIMITS).toEqual({ maxDepth: 64, maxItems: 10_000, maxStringLength: Number.POSITIVE_INFINITY, storableText: true });
  });

  it('a body nested 2,000 levels (about 12 KB) is a 400 in the error shape, never a 500', async () => {
    const deep = '{"a":'.repeat(2000) + '1' + '}'.repeat(2000);
    const r = await post(`{${credentials},"extra":${deep}}`);
    expect(r.status).toBe(400);
    const message = 'The request body is nested more than 64 levels deep.';
    // Level 1 is the body, 2 "extra": the 65th level is 63 "a"s further down.
    expect(r.body).toEqual({ message, errors: [{ detail: message, field: `extra${'.a'.repeat(63)}` }] });
  });

  it('a list of more than 10,000 items is a 400 naming the field', async () => {
    const r = await post(`{${credentials},"tags":[${new Array(10_001).fill('0').join(',')}]}`);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: 'tags must have at most 10000 items', errors: [{ detail: 'tags must have at most 10000 items', field: 'tags' }] });
  });

  it('prototype keys are a 400: constructor and prototype by the guard, __proto__ already by the parser', async () => {
    const ctor = await post(`{${credentials},"constructor":{"name":"x"}}`);
    expect(ctor.status).toBe(400);
    expect(ctor.body).toEqual({ message: 'constructor is not valid', errors: [{ detail: 'constructor is not valid', field: 'constructor' }] });
    const nested = await post(`{${credentials},"profile":[{"prototype":{"polluted":1}}]}`);
    expect(nested.status).toBe(400);
    expect(nested.body.errors).toEqual([{ detail: 'profile.0.prototype is not valid', field: 'profile.0.prototype' }]);
    const proto = await post(`{${credentials},"__proto__":{"polluted":1}}`);
    expect(proto.status).toBe(400);
    expect(proto.body.message).toBeTruthy();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('ordinary bodies pass, and long strings are left to the field that owns them', async () => {
    expect((await post(`{${credentials},"remember":true}`)).status).toBe(200);
    // The body limit bounds a string's bytes; the field's own rule gives the useful message.
    const long = 'N'.repeat(300_000);
    const res = await fetch(`${server.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: { name: long, email: 'long@dealer.test', password: 'long-enough-1', primary: 1 }, company: { name: 'Long' }, terms: [7, 6], accept_terms: true }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('Must have at most 255 characters.');
  });
});
