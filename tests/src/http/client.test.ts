import { type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStubApi, type StubApi } from '../../support/stub-api';
import { HttpClient, type HttpHooks } from '../../../src/http/client';
import { HttpError, NetworkError } from '../../../src/http/HttpError';
import { memoryStorage } from './memoryStorage';

// A real HTTP server stands in for the API, so the client is tested over real sockets.
let stub: StubApi;
let base: string;
const seen: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }> = [];
let validToken = 'good';

beforeAll(async () => {
  stub = await startStubApi((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const json = (status: number, data: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(data));
      };
      if (req.url!.startsWith('/api/slow')) return void setTimeout(() => json(200, { slow: true }), 500);
      if (req.url!.startsWith('/api/private')) {
        if (req.headers.authorization === `Bearer ${validToken}`) return json(200, { secret: 42 });
        return json(401, { message: 'You are not authorised to do that.' });
      }
      if (req.url!.startsWith('/api/broken')) return json(422, { message: 'Bad', errors: [{ detail: 'Name is wrong.' }, { detail: 'Email is wrong.' }] });
      if (req.url!.startsWith('/api/list')) return json(200, [{ id: 1 }], { 'content-range': 'items 0-0/12' });
      if (req.method === 'DELETE') return void res.writeHead(204).end();
      return json(200, { method: req.method, url: req.url });
    });
  });
  base = stub.base;
});

afterAll(() => stub.close());

beforeEach(() => {
  seen.length = 0;
  validToken = 'good';
});

function makeClient(overrides: Partial<HttpHooks> = {}) {
  const events: string[] = [];
  const client = new HttpClient(base, memoryStorage());
  let token = 'good';
  client.configure({
    getToken: () => token,
    recover: async () => 'lost',
    onNetworkError: () => events.push('network'),
    onError: (messages) => events.push(`error:${messages.join('|')}`),
    translate: (key) => key,
    ...overrides,
  });
  return { client, events, setToken: (t: string) => (token = t) };
}

describe('HttpClient', () => {
  it('sends JSON, the ajax header, the bearer token and a request id on GET', async () => {
    const { client } = makeClient();
    await client.post('/things', { a: 1 });
    await client.get('/things', { query: { ids: [1, 2] } });
    const [post, get] = seen;
    expect(post.headers['content-type']).toBe('application/json');
    expect(post.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(post.headers.authorization).toBe('Bearer good');
    expect(JSON.parse(post.body)).toEqual({ a: 1 });
    expect(post.headers['x-request-id']).toBeUndefined();
    expect(get.url).toBe('/api/things?ids=1&ids=2');
    expect(get.headers['x-request-id']).toMatch(/^[A-Za-z0-9]{5}$/);
  });

  it('sends the language the user reads the app in as Accept-Language, following a switch', async () => {
    let language = 'fr-BE';
    const { client } = makeClient({ language: () => language });
    await client.post('/password/email', { email: 'a@b.co' });
    language = 'nl-NL';
    await client.post('/password/email', { email: 'a@b.co' });
    expect(seen.map((r) => r.headers['accept-language'])).toEqual(['fr-BE', 'nl-NL']);
  });

  it('leaves the bearer out when asked (the refresh call)', async () => {
    const { client } = makeClient();
    await client.post('/login/refresh', undefined, { auth: false });
    expect(seen[0].headers.authorization).toBeUndefined();
  });

  it('caches GETs, bypasses with cache:false, and drops a resource after a write to it', async () => {
    const { client } = makeClient();
    await client.get('/things');
    await client.get('/things');
    expect(seen).toHaveLength(1);
    await client.get('/things', { cache: false });
    expect(seen).toHaveLength(2);
    await client.put('/things/1', { b: 2 });
    await client.get('/things');
    expect(seen.map((s) => s.method)).toEqual(['GET', 'GET', 'PUT', 'GET']);
  });

  it('returns headers for ra-data-simple-rest lists', async () => {
    const { client } = makeClient();
    const response = await client.request('/list');
    expect(response?.headers['content-range']).toBe('items 0-0/12');
  });

  it('throws the error texts in the spec order and growls them, clearing the stored error on the next request', async () => {
    const { client, events } = makeClient();
    const error = await client.get('/broken', { cache: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(422);
    expect((error as HttpError).messages).toEqual(['Name is wrong.', 'Email is wrong.']);
    expect(events).toEqual(['error:Name is wrong.|Email is wrong.']);
    expect(client.lastError).toBe(error);
    await client.get('/things', { cache: false });
    expect(client.lastError).toBeNull();
  });

  it('does not growl when notify is false', async () => {
    const { client, events } = makeClient();
    await expect(client.get('/broken', { notify: false })).rejects.toBeInstanceOf(HttpError);
    expect(events).toEqual([]);
  });

  it('on a 401 re-checks the session and retries once when it passes', async () => {
    const { client, setToken } = makeClient({
      recover: async () => {
        setToken('fresh');
        validToken = 'fresh';
        return 'retry';
      },
    });
    setToken('stale');
    expect(await client.get<{ secret: number }>('/private', { cache: false })).toEqual({ secret: 42 });
    expect(seen.map((s) => s.headers.authorization)).toEqual(['Bearer stale', 'Bearer fresh']);
  });

  it('on a 401 whose re-check fails, throws without a growl (the user is on the way to Login)', async () => {
    let recovered = 0;
    const { client, events, setToken } = makeClient({
      recover: async () => {
        recovered++;
        return 'lost';
      },
    });
    setToken('stale');
    const error = await client.get('/private', { cache: false }).catch((e: unknown) => e);
    expect((error as HttpError).status).toBe(401);
    expect(recovered).toBe(1);
    expect(events).toEqual([]);
  });

  it('never tries to recover when recover is false (login itself)', async () => {
    let recovered = 0;
    const { client, setToken } = makeClient({ recover: async () => (recovered++, 'retry') });
    setToken('stale');
    await expect(client.get('/private', { recover: false, notify: false })).rejects.toBeInstanceOf(HttpError);
    expect(recovered).toBe(0);
  });

  it('resolves cancelled requests to undefined, by key and all at once', async () => {
    const { client, events } = makeClient();
    const one = client.get('/slow', { cancelKey: 'search', cache: false });
    const two = client.get('/slow', { cache: false });
    client.cancel('search');
    expect(await one).toBeUndefined();
    client.cancelAll();
    expect(await two).toBeUndefined();
    expect(events).toEqual([]);
  });

  it('a newer request with the same key cancels the older one', async () => {
    const { client } = makeClient();
    const first = client.get('/slow?q=a', { cancelKey: 'search', cache: false });
    const second = client.get('/slow?q=ab', { cancelKey: 'search', cache: false });
    expect(await first).toBeUndefined();
    expect(await second).toEqual({ slow: true });
  });

  it('honours an outside AbortSignal', async () => {
    const { client } = makeClient();
    const controller = new AbortController();
    const pending = client.get('/slow', { signal: controller.signal, cache: false });
    controller.abort();
    expect(await pending).toBeUndefined();
  });

  it('reports a request without any response as a network error', async () => {
    const events: string[] = [];
    const client = new HttpClient('http://127.0.0.1:1/api', memoryStorage());
    client.configure({ getToken: () => null, recover: async () => 'lost', onNetworkError: () => events.push('network'), onError: () => events.push('error'), translate: (k) => k });
    await expect(client.get('/anything')).rejects.toBeInstanceOf(NetworkError);
    expect(events).toEqual(['network']);
  });

  it('gives null for 204 No Content', async () => {
    const { client } = makeClient();
    expect(await client.delete('/things/1')).toBeNull();
  });
});
