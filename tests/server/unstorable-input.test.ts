// Text PostgreSQL cannot store (NUL, lone UTF-16 surrogates) is a 400 in the error shape on every
// route, refused once before validation (server/http/input-guard.ts), never a 500 from the database.
// The last block walks every route the OpenAPI document lists, so a route added later is covered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startTestServer, type TestServer } from '../support/server';
import { call, login, type Reply } from './helpers';

const TEXT = 'The text contains a character that cannot be stored (a NUL character or an unpaired surrogate).';
const refused = (field?: string) => ({ message: TEXT, errors: [{ detail: TEXT, ...(field ? { field } : {}) }] });
type ErrorBody = { message: string; errors?: Array<{ detail: string; field?: string }> };

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = (await login(server, 'admin@demo.test')).token;
});
afterAll(async () => {
  await server?.close();
});

const as = <T = ErrorBody>(method: string, path: string, body?: unknown): Promise<Reply<T>> => call<T>(server, method, path, { token: admin, body });

/** A multipart request written out byte for byte, so a name can carry what FormData would escape. */
async function multipart(parts: Array<{ name: string; filename?: string; data: Buffer | string }>): Promise<Reply<ErrorBody & { media?: Array<{ filename: string }> }>> {
  const boundary = 'x-boundary-7f3a';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.filename === undefined ? '' : '\r\nContent-Type: application/octet-stream';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`, 'utf8'), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const res = await fetch(`${server.url}/api/media`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': `multipart/form-data; boundary=${boundary}` }, body: Buffer.concat(chunks) });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as ErrorBody, text, headers: res.headers, setCookies: [] };
}

describe('the cases that were a 500', () => {
  it.each([
    ['GET', '/api/companies?q=%00', undefined, 'q'],
    ['GET', '/api/companies?name=%00', undefined, 'name'],
    ['GET', '/api/roles/%00', undefined, 'name'],
    ['PUT', '/api/roles/%00', { permissions: ['view media'] }, 'name'],
    ['PUT', '/api/roles/Client', { permissions: ['a\u0000b'] }, 'permissions.0'],
    ['POST', '/api/media/page', { q: 'a\u0000b' }, 'q'],
  ])('%s %s is a 400 naming the field', async (method, path, body, field) => {
    const r = await as(method, path, body);
    expect(r.status).toBe(400);
    expect(r.body).toEqual(refused(field));
  });

  it('the Client role kept its permissions', async () => {
    const client = await as<{ permissions: Array<string | { name: string }> }>('GET', '/api/roles/Client');
    expect(client.status).toBe(200);
    expect(JSON.stringify(client.body)).not.toContain('a\\u0000b');
  });
});

describe('every kind of text input', () => {
  it('a NUL in the JSON of a list query (filter, sort, range) is a 400 naming the filter key', async () => {
    const filter = encodeURIComponent('{"q":"a\\u0000b"}');
    for (const path of ['/api/companies', '/api/media', '/api/posts', '/api/products', '/api/users']) {
      const r = await as('GET', `${path}?filter=${filter}`);
      expect(r.status, path).toBe(400);
      expect(r.body, path).toEqual(refused('filter.q'));
    }
    expect((await as('GET', `/api/companies?sort=${encodeURIComponent('["name\\u0000","ASC"]')}`)).body).toEqual(refused('sort.0'));
  });

  it('lone surrogates are refused in values and keys at any depth; a surrogate pair (an emoji) is fine', async () => {
    expect((await as('POST', '/api/media/page', { q: 'car \ud800' })).body).toEqual(refused('q'));
    expect((await as('POST', '/api/media/page', { q: '\udc00 car' })).body).toEqual(refused('q'));
    expect((await as('PUT', '/api/roles/Client', { permissions: [], extra: { deep: [{ ['k\udfff']: 1 }] } })).body).toEqual(refused('extra.deep.0.k\udfff'));
    const emoji = await as<{ total: number }>('POST', '/api/media/page', { q: '🚗' });
    expect(emoji.status).toBe(200);
    expect(emoji.body.total).toBe(0);
  });

  it('a text/plain body is checked as a whole', async () => {
    const res = await fetch(`${server.url}/api/login`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'a\u0000b' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(refused('body'));
  });

  it('sign-in, reset and registration refuse a NUL instead of dropping it', async () => {
    expect((await call(server, 'POST', '/api/login', { body: { email: 'dealer\u0000@demo.test', password: 'x' } })).body).toEqual(refused('email'));
    expect((await call(server, 'POST', '/api/password/email', { body: { email: 'nobody\u0000@demo.test' } })).body).toEqual(refused('email'));
    const register = await call(server, 'POST', '/api/register', {
      body: { user: { name: 'Nul\u0000 Dealer', email: 'nul@dealer.test', password: 'long-enough-1', primary: 1 }, company: { name: 'Nul Motors' }, terms: [7, 6], accept_terms: true },
    });
    expect(register.status).toBe(400);
    expect(register.body).toEqual(refused('user.name'));
  });

  it('multipart uploads: a text field, a field name and a file name with NUL are refused, and nothing is stored', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } }).png().toBuffer();
    const before = (await as<unknown[]>('GET', '/api/media?range=[0,999]')).body.length;
    const field = await multipart([{ name: 'note', data: 'a\u0000b' }, { name: 'file', filename: 'ok.png', data: png }]);
    expect(field.status).toBe(400);
    expect(field.body).toEqual(refused('note'));
    const name = await multipart([{ name: 'file', filename: 'bad\u0000name.png', data: png }]);
    expect(name.status).toBe(400);
    expect(name.body).toEqual(refused('file'));
    const surrogate = await multipart([{ name: 'file', filename: 'ok.png', data: png }, { name: 'purpose', data: Buffer.from([0xed, 0xa0, 0x80]) }]);
    // Bytes that are no UTF-8 at all (a CESU-8 surrogate) reach us as U+FFFD: refused by the field's own rule.
    expect(surrogate.status).toBe(400);
    expect((await as<unknown[]>('GET', '/api/media?range=[0,999]')).body.length).toBe(before);
  });
});

describe('bidirectional controls are stripped from stored names', () => {
  it("an upload named to read as a PDF keeps no right-to-left override (U+202E)", async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#654321' } }).png().toBuffer();
    // Shown with the override, "report\u202Efdp.png" reads "reportgnp.pdf".
    const r = await multipart([
      { name: 'file', filename: 'report\u202Efdp.png', data: png },
      { name: 'file', filename: '\u2066isolate\u2069 \u200Emark\u200F \u061Carabic \u202Aembed\u202C.png', data: png },
    ]);
    expect(r.status).toBe(201);
    expect(r.body.media!.map((m) => m.filename)).toEqual(['reportfdp.png', 'isolate mark arabic embed.png']);
    const listed = await as<Array<{ filename: string }>>('GET', `/api/media?filter=${encodeURIComponent('{"q":"reportfdp"}')}`);
    expect(listed.body.map((m) => m.filename)).toEqual(['reportfdp.png']);
  });

  it('post titles, product names and configurator names lose them too; free text keeps them', async () => {
    const post = await as<{ id: number; post_title: string; post_content: string }>('POST', '/api/posts', { post_title: 'Live \u202Eevil\u202C site', post_content: 'Arabic mark \u061C kept' });
    expect(post.status).toBe(201);
    expect(post.body.post_title).toBe('Live evil site');
    expect(post.body.post_content).toBe('Arabic mark \u061C kept');
    const product = await as<{ id: number; name: string }>('POST', '/api/products', { name: '\u202EFeed\u202C Pro', terms: [7] });
    expect(product.status).toBe(201);
    expect(product.body.name).toBe('Feed Pro');
    expect((await as('POST', '/api/products', { name: '\u202E\u202C', terms: [7] })).status).toBe(422);
    const company = (await as<Array<{ guid: string }>>('GET', `/api/companies?filter=${encodeURIComponent('{"q":"Demo Motors"}')}`)).body[0];
    const config = await as<{ config?: { name: string }; name?: string }>('POST', `/api/companies/${company.guid}/configs`, { config: { name: 'Website \u2067launch\u2069', design_type: 'custom' }, lang: 'en' });
    expect(config.status).toBe(201);
    expect(JSON.stringify(config.body)).toContain('"Website launch"');
  });

  it('company, user and term names lose them, through staff forms and through registration', async () => {
    const company = await as<{ id: number; name: string }>('POST', '/api/companies', { name: 'Motors \u202Esrotom\u202C Ltd', lang: 'en' });
    expect(company.status).toBe(201);
    expect(company.body.name).toBe('Motors srotom Ltd');
    const renamed = await as<{ name: string }>('PUT', `/api/companies/${company.body.id}`, { name: '\u2066Renamed\u2069 Motors' });
    expect(renamed.body.name).toBe('Renamed Motors');
    const user = await as<{ id: number; name: string }>('POST', '/api/users', { name: 'Eve \u202Enimda\u202C', email: 'bidi-user@example.test', company_id: company.body.id });
    expect(user.status).toBe(201);
    expect(user.body.name).toBe('Eve nimda');
    expect((await as<{ name: string }>('PUT', `/api/users/${user.body.id}`, { name: '\u200FEve\u200E Again' })).body.name).toBe('Eve Again');
    const term = await as<{ name: string }>('POST', '/api/taxonomies/make/terms', { name: 'Bidi \u202EekaM\u202C' });
    expect(term.status).toBe(201);
    expect(term.body.name).toBe('Bidi ekaM');
    const registered = await call<{ access_token: string }>(server, 'POST', '/api/register', {
      body: { terms: [7, 1, 22], company: { name: 'Garage \u202Eegarag\u202C', lang: 'en' }, user: { name: 'Reg \u2067Person\u2069', email: 'bidi-register@example.test', password: 'Another-pass-2026', primary: 1 }, accept_terms: true },
    });
    expect(registered.status).toBe(201);
    const me = await call<{ user: { name: string }; company: { name: string } | null }>(server, 'GET', '/api/users/current', { token: registered.body.access_token });
    expect(me.body.user.name).toBe('Reg Person');
    expect(me.body.company?.name).toBe('Garage egarag');
    const listed = await as<Array<{ name: string }>>('GET', `/api/companies?filter=${encodeURIComponent('{"q":"Garage"}')}`);
    expect(listed.body.map((c) => c.name)).toContain('Garage egarag');
  });
});

type OpenApi = {
  paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }>; requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } }>>;
};

describe('every route refuses NUL in each path parameter, in the query and in a JSON body', () => {
  it('walks the OpenAPI document: every operation answers the guard\'s 400, never a 500', async () => {
    const doc = (await call<OpenApi>(server, 'GET', '/api/docs/json')).body;
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    );
    // The routes named in the issue are among them (the walk is not vacuous).
    const names = operations.map((o) => `${o.method} ${o.path}`);
    expect(names).toEqual(expect.arrayContaining(['GET /api/companies', 'GET /api/roles/{name}', 'PUT /api/roles/{name}', 'POST /api/media/page', 'POST /api/media', 'GET /api/media/{guid}/file']));
    expect(operations.length).toBeGreaterThan(60);

    const failures: string[] = [];
    const expectRefused = (what: string, r: Reply<ErrorBody>, field?: string) => {
      if (r.status !== 400 || r.body?.message !== TEXT || (field !== undefined && r.body.errors?.[0]?.field !== field)) failures.push(`${what}: ${r.status} ${r.text.slice(0, 200)}`);
    };
    // No token: the guard runs before any permission check, and a walk that failed would change nothing.
    const send = (method: string, path: string, body?: unknown) => call<ErrorBody>(server, method, path, { body });
    for (const { method, path, op } of operations) {
      const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const fill = (nul?: string) => path.replace(/\{(\w+)\}/g, (_, name: string) => (name === nul ? '%00' : '1'));
      const withBody = method !== 'GET';
      const body = withBody ? { [`k`]: 'ok' } : undefined;
      for (const param of pathParams) expectRefused(`${method} ${path} path ${param}`, await send(method, fill(param), body), param);

      const queryNames = [...new Set([...(op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name), 'nul'])];
      expectRefused(`${method} ${path} query`, await send(method, `${fill()}?${queryNames.map((n) => `${n}=%00`).join('&')}`, body), queryNames[0]);

      if (withBody) {
        const props = Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {});
        const nulBody = { ...Object.fromEntries(props.map((p) => [p, 'a\u0000b'])), nested: { list: ['ok', 'a\u0000b'] } };
        expectRefused(`${method} ${path} body`, await send(method, fill(), nulBody), props[0] ?? 'nested.list.1');
        expectRefused(`${method} ${path} body key`, await send(method, fill(), { ['k\u0000']: 1 }), 'k\u0000');
      }
    }
    expect(failures).toEqual([]);
  });
});
