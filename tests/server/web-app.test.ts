import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';

const dir = mkdtempSync(join(tmpdir(), 'portal-dist-'));
mkdirSync(join(dir, 'assets'));
// What vite build writes with html.cspNonce = '__CSP_NONCE__'.
writeFileSync(
  join(dir, 'index.html'),
  `<!doctype html><html><head><meta property="csp-nonce" nonce="__CSP_NONCE__">` +
    `<script type="module" crossorigin nonce="__CSP_NONCE__" src="/assets/index-abc.js"></script>` +
    `<link rel="stylesheet" nonce="__CSP_NONCE__" href="/assets/index-abc.css"></head><body><div id="root"></div></body></html>`,
);
writeFileSync(join(dir, 'assets', 'index-abc.js'), 'console.log("app")');
writeFileSync(join(dir, 'assets', 'index-abc.css'), 'body{margin:0}');
writeFileSync(join(dir, 'assets', 'logo-abcdefgh.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

let server: TestServer;
let apiOnly: TestServer;
beforeAll(async () => {
  server = await startTestServer({ staticDir: dir, demo: false });
  apiOnly = await startTestServer({ demo: false });
});
afterAll(async () => {
  await server?.close();
  await apiOnly?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function shell(path: string) {
  const res = await fetch(`${server.url}${path}`);
  const html = await res.text();
  const csp = res.headers.get('content-security-policy') ?? '';
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? '';
  return { res, html, csp, nonce };
}

describe('the built app under a strict CSP', () => {
  it('serves index.html with a fresh nonce in the header and in every tag', async () => {
    const a = await shell('/');
    expect(a.res.status).toBe(200);
    expect(a.res.headers.get('content-type')).toMatch(/text\/html/);
    expect(a.csp).toBe(
      `default-src 'self'; script-src 'self' 'nonce-${a.nonce}'; style-src 'self' 'nonce-${a.nonce}'; img-src 'self' data: blob:; ` +
        `font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'; form-action 'self'`,
    );
    expect(a.nonce).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
    expect(a.html).not.toContain('__CSP_NONCE__');
    expect(a.html.match(new RegExp(`nonce="${a.nonce.replace(/[+/=]/g, '\\$&')}"`, 'g'))).toHaveLength(3);
    const b = await shell('/');
    expect(b.nonce).not.toBe(a.nonce);
  });

  it('falls back to index.html for app paths, never for /api or missing files', async () => {
    for (const path of ['/dashboard', '/password/reset/abc', '/index.html']) {
      const r = await shell(path);
      expect(r.res.status).toBe(200);
      expect(r.html).toContain('<div id="root">');
      expect(r.html).not.toContain('__CSP_NONCE__');
    }
    const api = await fetch(`${server.url}/api/nothing-here`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: 'Page Not Found.' });
    expect((await fetch(`${server.url}/assets/missing.js`)).status).toBe(404);
  });

  it('serves scripts and styles with the headers that guard a subresource, and no page-only ones', async () => {
    for (const path of ['/assets/index-abc.js', '/assets/index-abc.css']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(res.headers.get('etag')).toBeTruthy();
      // What only a page reads: ~540 bytes on each of the first page's responses.
      for (const name of ['content-security-policy', 'x-frame-options', 'strict-transport-security', 'referrer-policy', 'cross-origin-opener-policy', 'last-modified', 'accept-ranges']) {
        expect(res.headers.get(name), `${path} ${name}`).toBeNull();
      }
    }
    expect(await (await fetch(`${server.url}/assets/index-abc.js`)).text()).toContain('console.log');
  });

  it('keeps the whole nonce-free policy on files a browser may open as a page (SVG)', async () => {
    const res = await fetch(`${server.url}/assets/logo-abcdefgh.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain(`default-src 'self'`);
    expect(res.headers.get('content-security-policy')).not.toContain('nonce-');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('without a built app serves the API only', async () => {
    const res = await fetch(`${apiOnly.url}/`);
    expect(res.status).toBe(404);
    expect((await fetch(`${apiOnly.url}/api/health`)).status).toBe(200);
  });

  it('serves swagger-ui at /api/docs', async () => {
    const res = await fetch(`${server.url}/api/docs/`, { redirect: 'follow' });
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/swagger/i);
  });
});

describe('swagger-ui policy', () => {
  it('stays on this host and works over plain http', async () => {
    const res = await fetch(`${server.url}/api/docs/static/index.html`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/https:|upgrade-insecure-requests|swagger\.io/);
  });
});
