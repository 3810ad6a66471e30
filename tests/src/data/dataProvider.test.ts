import { type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStubApi, type StubApi } from '../../support/stub-api';
import { createDataProvider } from '../../../src/data/dataProvider';
import { fieldErrors } from '../../../src/data/restClient';
import { HttpClient } from '../../../src/http/client';
import { memoryStorage } from '../http/memoryStorage';

// A real HTTP server stands in for the API: the provider is tested over real sockets.
let stub: StubApi;
let base: string;
const seen: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }> = [];

beforeAll(async () => {
  stub = await startStubApi((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const json = (status: number, data: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(data));
      };
      const url = new URL(req.url!, 'http://x');
      // Not recorded: the cancelled request of one test can reach this server during the next
      // (a loaded machine), and would show among that test's requests.
      if (url.pathname === '/api/slow') return void setTimeout(() => json(200, [], { 'content-range': 'slow 0-0/0' }), 300);
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      if (url.pathname === '/api/companies' && req.method === 'GET') return json(200, [{ id: 1, name: 'A' }, { id: 2, name: 'B' }], { 'content-range': 'companies 0-1/61' });
      if (url.pathname === '/api/companies' && req.method === 'POST') {
        return json(400, { message: 'The name field must be filled in', errors: [{ detail: 'The name field must be filled in', field: 'name' }] });
      }
      if (url.pathname === '/api/companies/7' && req.method === 'PUT') return json(200, { id: 7, ...JSON.parse(body), message: 'Company Updated' });
      if (url.pathname === '/api/companies/7' && req.method === 'GET') return json(200, { id: 7, name: 'Seven' });
      if (url.pathname.startsWith('/api/companies/g-1/user/')) return json(200, { id: 1, message: req.method === 'PUT' ? 'User Added' : 'User Removed' });
      return json(404, { message: 'Page Not Found.' });
    });
  });
  base = stub.base;
});
afterAll(() => stub.close());
beforeEach(() => {
  seen.length = 0;
});

function makeProvider() {
  const growls: string[] = [];
  const client = new HttpClient(base, memoryStorage());
  client.configure({ getToken: () => 'tok', recover: async () => 'lost', onNetworkError: () => {}, onError: (m) => growls.push(m.join('|')), translate: (k) => k });
  return { provider: createDataProvider(client), client, growls };
}

describe('dataProvider (ra-data-simple-rest over the HTTP client)', () => {
  it('lists with sort, range and filter, reading the total from Content-Range, with the request id and bearer', async () => {
    const { provider } = makeProvider();
    const page = await provider.getList('companies', { pagination: { page: 2, perPage: 10 }, sort: { field: 'name', order: 'ASC' }, filter: { q: 'x' } });
    expect(page).toEqual({ data: [{ id: 1, name: 'A' }, { id: 2, name: 'B' }], total: 61 });
    const query = new URL(seen[0].url, 'http://x').searchParams;
    expect(JSON.parse(query.get('sort')!)).toEqual(['name', 'ASC']);
    expect(JSON.parse(query.get('range')!)).toEqual([10, 19]);
    expect(JSON.parse(query.get('filter')!)).toEqual({ q: 'x' });
    expect(seen[0].headers.authorization).toBe('Bearer tok');
    expect(seen[0].headers['x-request-id']).toMatch(/^[A-Za-z0-9]{5}$/);
  });

  it('serves a repeated read from the 15-minute cache, bypassed with meta.cache=false, and drops it after a write', async () => {
    const { provider } = makeProvider();
    await provider.getOne('companies', { id: 7 });
    await provider.getOne('companies', { id: 7 });
    expect(seen).toHaveLength(1);
    await provider.getOne('companies', { id: 7, meta: { cache: false } });
    expect(seen).toHaveLength(2);
    const updated = await provider.update('companies', { id: 7, data: { name: 'Renamed' }, previousData: { id: 7 } });
    expect(updated.data).toMatchObject({ id: 7, name: 'Renamed' });
    await provider.getOne('companies', { id: 7 });
    expect(seen.map((s) => s.method)).toEqual(['GET', 'GET', 'PUT', 'GET']);
  });

  it("turns the server's field errors into react-admin form errors, without a second growl from the client", async () => {
    const { provider, growls } = makeProvider();
    const error = (await provider.create('companies', { data: { name: '' } }).catch((e: unknown) => e)) as { status: number; body: { errors: unknown }; message: string };
    expect(error.status).toBe(400);
    expect(error.body.errors).toEqual({ name: 'The name field must be filled in' });
    expect(error.message).toBe('The name field must be filled in');
    expect(growls).toEqual([]);
  });

  it('answers empty data for a cancelled request', async () => {
    const { provider } = makeProvider();
    const controller = new AbortController();
    const pending = provider.getList('slow', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {}, signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    expect(await pending).toEqual({ data: [], total: 0 });
  });

  it('assigns and removes a company user through the named methods', async () => {
    const { provider } = makeProvider();
    expect((await provider.assignCompanyUser({ company: 'g-1', userId: 5 })).data.message).toBe('User Added');
    expect((await provider.removeCompanyUser({ company: 'g-1', userId: 5 })).data.message).toBe('User Removed');
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['PUT /api/companies/g-1/user/5', 'DELETE /api/companies/g-1/user/5']);
  });

  it('keeps only the field errors that name a field', () => {
    expect(fieldErrors({ errors: [{ detail: 'a', field: 'name' }, { detail: 'b' }, { detail: 'c', field: 'name' }] })).toEqual({ name: 'a' });
    expect(fieldErrors({ message: 'x' })).toBeUndefined();
  });
});
