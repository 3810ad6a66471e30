/**
 * What crosses the wire: the built app's assets leave pre-compressed (brotli or gzip, as the browser
 * accepts) with a year's immutable caching for hashed names; JSON answers and the HTML shell are
 * compressed per request above 1 KiB, and the shell keeps its fresh CSP nonce. Read answers kept in
 * memory (server/http/kept-answer.ts) go out compressed too, list pages with their Content-Range.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { login } from './helpers';

// A built app as vite.config.ts writes it: hashed assets with .br and .gz copies beside them.
const dir = mkdtempSync(join(tmpdir(), 'portal-dist-'));
mkdirSync(join(dir, 'assets'));
const script = `export const words = ${JSON.stringify('dealer launch portal '.repeat(400))};`;
writeFileSync(join(dir, 'index.html'), `<!doctype html><html><head><meta property="csp-nonce" nonce="__CSP_NONCE__"><script type="module" nonce="__CSP_NONCE__" src="/assets/main-Ab12Cd34.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`);
writeFileSync(join(dir, 'assets', 'main-Ab12Cd34.js'), script);
writeFileSync(join(dir, 'assets', 'main-Ab12Cd34.js.br'), brotliCompressSync(script));
writeFileSync(join(dir, 'assets', 'main-Ab12Cd34.js.gz'), gzipSync(script));
writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\n');

/** A raw GET (no transparent decompression, unlike fetch): status, headers and the bytes sent. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ staticDir: dir });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('compressed and cached delivery', () => {
  it('sends the brotli copy of an asset to a browser that accepts br, and caches hashed names for a year', async () => {
    const r = await rawGet(`${server.url}/assets/main-Ab12Cd34.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toMatch(/javascript/);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.body.length).toBeLessThan(script.length / 5);
    expect(brotliDecompressSync(r.body).toString()).toBe(script);
  });

  it('sends the gzip copy to a gzip-only client and the plain file to one that accepts nothing', async () => {
    const gz = await rawGet(`${server.url}/assets/main-Ab12Cd34.js`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
    const plain = await rawGet(`${server.url}/assets/main-Ab12Cd34.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('keeps files without a content hash on a short cache', async () => {
    const r = await rawGet(`${server.url}/robots.txt`);
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('compresses the HTML shell per request and keeps its fresh nonce', async () => {
    const a = await rawGet(`${server.url}/login`, { 'accept-encoding': 'br' });
    expect(a.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(a.body).toString();
    const nonce = /'nonce-([^']+)'/.exec(String(a.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`nonce="${nonce}"`);
    expect(html).not.toContain('__CSP_NONCE__');
    expect(a.headers['cache-control']).toBe('no-store');
  });

  it('compresses a JSON answer above 1 KiB and leaves small ones alone', async () => {
    const { token: access_token } = await login(server, 'admin@demo.test');
    const big = await rawGet(`${server.url}/api/terms`, { 'accept-encoding': 'gzip', authorization: `Bearer ${access_token}` });
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(big.headers['cache-control']).toBe('no-store');
    const terms = JSON.parse(gunzipSync(big.body).toString()) as unknown;
    expect(JSON.stringify(terms).length).toBeGreaterThan(1024);
    const small = await rawGet(`${server.url}/api/health`, { 'accept-encoding': 'gzip' });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toBeTruthy();
  });

  it('sends a list page from memory compressed as each client asks, with its Content-Range, and the same JSON every time', async () => {
    const { token: access_token } = await login(server, 'admin@demo.test');
    const path = `${server.url}/api/companies?sort=${encodeURIComponent('["name","ASC"]')}&range=${encodeURIComponent('[0,24]')}`;
    const auth = { authorization: `Bearer ${access_token}` };
    const plain = await rawGet(path, auth);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const page = JSON.parse(plain.body.toString()) as Array<{ id: number; name: string }>;
    expect(page).toHaveLength(25);
    expect(plain.headers['content-range']).toMatch(/^companies 0-24\/\d+$/);

    const br = await rawGet(path, { ...auth, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-range']).toBe(plain.headers['content-range']);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);

    const gz = await rawGet(path, { ...auth, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);

    // Asked again, from memory: the same bytes.
    const again = await rawGet(path, auth);
    expect(again.body.equals(plain.body)).toBe(true);
    const refused = await rawGet(path, { ...auth, 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.equals(plain.body)).toBe(true);
  });
});
