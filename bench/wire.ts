/**
 * What the Login page costs a browser (issue 10, Compress): every byte that crosses the wire for a
 * cold load of `/#/login` from the real server on the built app (dist/), and the time from navigation
 * until the sign-in form is visible. The baseline in the same run is the same page with compression
 * refused (`Accept-Encoding: identity`), i.e. what the server sent before assets were precompressed.
 * Targets: at most 310 KiB on the wire, form visible within 800 ms. Needs `npm run build` first.
 * BENCH_WIRE_LIST=1 lists what each response of a load cost; BENCH_DIST=<folder> measures another build.
 *
 * The floor in the same run (issue 32): bench/floor/, the same screen as plain React 19 + MUI 7 (no
 * react-admin, router, i18n library or react-query), built here for production with the app's
 * compression and served by the portal's own server code; loaded alternately with the app, each load
 * cold, timed the same way. Beside both, the long tasks of each load (PerformanceObserver 'longtask').
 * Targets of issue 32: login form visible within 1.5x the floor, no long task over 200 ms.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { compression } from 'vite-plugin-compression2';
import type { Browser } from 'playwright-core';
import type { Database } from '../server/db/database';
import { buildApp } from '../server/app';
import { openPglite } from '../server/db/database';
import { seedDatabase } from '../server/db/seed';
import { launchBrowser } from '../tests/support/browser';

const LOADS = 5;
/** After the form is visible, how long long tasks may still come in before they are read. */
const SETTLE_MS = 500;
const FLOOR_ROOT = fileURLToPath(new URL('./floor', import.meta.url));

export interface Load { wireBytes: number; formBytes: number; formRequests: number; formSent: string[]; formByUrl: Map<string, number>; bodyBytes: number; requests: number; formVisibleMs: number; byUrl: Map<string, number>; longTasks: number[]; inPage: InPage }

/**
 * The same figures as the page itself saw them (resource timing against the first animation frame
 * in which the form's email input had a size): Playwright learns of the form a poll and a protocol
 * round trip later, by which time the app's code, asked for when the browser is first idle after
 * the form painted (shell/Root.tsx), may already have been asked for and counted.
 */
export interface InPage { formMs: number; sent: number; bytes: number }

declare global {
  interface Window {
    __longTasks?: number[];
    __formAt?: number;
  }
}

/**
 * The page's clock in the first animation frame in which the form's email input has a size
 * (`__formAt`). A string: tsx would wrap the inner function in a helper the page lacks.
 */
const FORM_PAINTED = `(() => {
  const look = () => {
    const input = document.querySelector('[data-testid="login-form"] input[name="email"]');
    if (input && input.getBoundingClientRect().width > 0) window.__formAt = performance.now();
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})()`;

/**
 * Builds bench/floor/ for production into `outDir` as vite.config.ts builds the app: the same
 * brotli + gzip copies beside each text asset (index.html left out: the server compresses it per
 * response, with its nonce) and the CSP nonce placeholder the server replaces.
 */
export async function buildFloor(outDir: string): Promise<void> {
  await build({
    root: FLOOR_ROOT,
    configFile: false,
    logLevel: 'error',
    mode: 'production',
    plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/index\.html$/], threshold: 1024, logLevel: 'silent' })],
    html: { cspNonce: '__CSP_NONCE__' },
    build: { outDir, emptyOutDir: true, sourcemap: false, reportCompressedSize: false, chunkSizeWarningLimit: 2000 },
  });
}

/**
 * One load in a fresh browser context (nothing cached): bytes as received, and the form's time.
 * Until the form shows: `formBytes` (the responses finished by then, `formByUrl` each) and
 * `formRequests` (the requests sent by then, `formSent` their addresses). Also used by bench/moves.ts (issue 59's sign-in page figures).
 */
export async function coldLoad(browser: Browser, url: string, encoding: 'compressed' | 'identity'): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (encoding === 'identity') await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
    let wireBytes = 0;
    let requests = 0;
    let sent = 0;
    const urls = new Map<string, string>();
    const byUrl = new Map<string, number>();
    cdp.on('Network.requestWillBeSent', (e: { requestId: string; request: { url: string } }) => {
      urls.set(e.requestId, e.request.url);
      sent++;
    });
    // encodedDataLength: the bytes the network delivered for the response, headers included.
    cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
      wireBytes += e.encodedDataLength;
      requests++;
      byUrl.set(urls.get(e.requestId) ?? e.requestId, e.encodedDataLength);
    });
    // Every long task of the load (over 50 ms of main thread), from the document's start.
    await context.addInitScript(FORM_PAINTED);
    await context.addInitScript(() => {
      window.__longTasks = [];
      try {
        new PerformanceObserver((list) => list.getEntries().forEach((e) => window.__longTasks!.push(e.duration))).observe({ type: 'longtask', buffered: true });
      } catch {
        // No longtask entries in this browser: none are reported.
      }
    });
    const started = Date.now();
    await page.goto(`${url}/#/login`, { waitUntil: 'commit' });
    await page.locator('[data-testid="login-form"] input[name="email"]').waitFor({ state: 'visible' });
    const formVisibleMs = Date.now() - started;
    // What the form needed; the app's code comes after it, while the visitor types (shell/Root.tsx).
    const formBytes = wireBytes;
    const formRequests = sent;
    const formSent = [...urls.values()];
    const formByUrl = new Map(byUrl);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(SETTLE_MS);
    const longTasks = await page.evaluate(() => window.__longTasks ?? []);
    const bodyBytes = await page.evaluate(() =>
      performance.getEntriesByType('resource').concat(performance.getEntriesByType('navigation')).reduce((n, e) => n + (e as PerformanceResourceTiming).decodedBodySize, 0),
    );
    const inPage = await page.evaluate(() => {
      const at = window.__formAt ?? Infinity;
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const before = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => e.startTime <= at);
      return { formMs: Math.round(at), sent: before.length + 1, bytes: navigation.transferSize + before.filter((e) => e.responseEnd <= at).reduce((n, e) => n + e.transferSize, 0) };
    });
    return { wireBytes, formBytes, formRequests, formSent, formByUrl, bodyBytes, requests, formVisibleMs, byUrl, longTasks, inPage };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

export async function benchWire(): Promise<void> {
  const dist = resolve(process.env.BENCH_DIST ?? 'dist');
  if (!existsSync(resolve(dist, 'index.html'))) throw new Error('dist/index.html is missing: run `npm run build` first');
  const database = await openPglite(null);
  await database.migrate();
  await seedDatabase(database.db, { demo: true, demoPassword: 'Demo-pass-2026' });
  const options = { smtpUrl: null, publicUrl: 'http://127.0.0.1', secureCookies: false, maxEventLoopDelay: false as const, logger: false as const };
  const app = await buildApp({ database, staticDir: dist, ...options });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const floorDir = mkdtempSync(join(tmpdir(), 'wire-floor-'));
  // The floor is served by the portal's own server code: a second buildApp in this process (one
  // instance serves one static folder) on the same database, on its own loopback port. So its
  // HTML shell gets the same fresh nonce, strict CSP, headers and per-response compression, its
  // assets the same precompressed brotli, caching headers and header trimming, over the same
  // HTTP/1.1 loopback, and /api answers as the app's: only the page differs. Its close leaves the
  // shared database to the app's. Its tracker sweep is off (the app's one is enough).
  let floor: Awaited<ReturnType<typeof buildApp>> | null = null;
  const browser = await launchBrowser();
  try {
    await buildFloor(floorDir);
    const floorDatabase: Database = { ...database, close: async () => {} };
    floor = await buildApp({ database: floorDatabase, staticDir: floorDir, trackerSweepSeconds: 0, ...options });
    const floorUrl = await floor.listen({ host: '127.0.0.1', port: 0 });
    // One warm-up load each so the server's first-request costs (file handles, JIT) are not measured.
    await coldLoad(browser, url, 'compressed');
    await coldLoad(browser, floorUrl, 'compressed');
    const results: Record<string, Load[]> = { compressed: [], identity: [], floor: [] };
    for (let i = 0; i < LOADS; i++) {
      results.compressed.push(await coldLoad(browser, url, 'compressed'));
      results.floor.push(await coldLoad(browser, floorUrl, 'compressed'));
      results.identity.push(await coldLoad(browser, url, 'identity'));
    }
    const c = results.compressed;
    const p = results.identity;
    const f = results.floor;
    console.log(`Login page, cold, ${LOADS} loads each (median):`);
    console.log(`  compressed: ${kib(median(c.map((l) => l.formBytes)))} on the wire until the form shows; with the app's code fetched after it (while the visitor types) ${kib(median(c.map((l) => l.wireBytes)))} for ${kib(median(c.map((l) => l.bodyBytes)))} of content, ${c[0].requests} requests; form visible ${median(c.map((l) => l.formVisibleMs))} ms`);
    console.log(`  identity:   ${kib(median(p.map((l) => l.wireBytes)))} on the wire, form visible ${median(p.map((l) => l.formVisibleMs))} ms`);
    console.log(`  ratio compressed/identity bytes: ${(median(c.map((l) => l.wireBytes)) / median(p.map((l) => l.wireBytes))).toFixed(2)}`);
    if (process.env.BENCH_WIRE_LIST) {
      // What each response of the last compressed load cost, biggest first.
      for (const [u, n] of [...c[c.length - 1].byUrl].sort((a, b) => b[1] - a[1])) console.log(`    ${kib(n).padStart(10)}  ${u.replace(url, '')}`);
    }
    console.log(`  targets: at most 310 KiB on the wire until the form shows (${median(c.map((l) => l.formBytes)) <= 310 * 1024 ? 'met' : 'NOT met'}), form within 800 ms (${median(c.map((l) => l.formVisibleMs)) <= 800 ? 'met' : 'NOT met'})`);
    // The floor (issue 32): the same screen in React + MUI alone, same server code, same loop.
    const appMs = median(c.map((l) => l.formVisibleMs));
    const floorMs = median(f.map((l) => l.formVisibleMs));
    const ratio = appMs / floorMs;
    console.log(`  floor:      ${kib(median(f.map((l) => l.wireBytes)))} on the wire for ${kib(median(f.map((l) => l.bodyBytes)))} of content, ${f[0].requests} requests, form visible ${floorMs} ms (bench/floor/: React + MUI alone)`);
    console.log(`  ratio app/floor form visible: ${ratio.toFixed(2)} (${appMs} / ${floorMs} ms)`);
    const tasks = (loads: Load[]) => {
      const longest = loads.map((l) => Math.max(0, ...l.longTasks));
      return `${median(loads.map((l) => l.longTasks.length))} long tasks, longest ${Math.round(median(longest))} ms (worst load ${Math.round(Math.max(...longest))} ms)`;
    };
    console.log(`  long tasks per load (median): app ${tasks(c)}; floor ${tasks(f)}`);
    // Judged on the worst load: "no single long task over 200 ms".
    const appLongest = Math.max(...c.map((l) => Math.max(0, ...l.longTasks)));
    console.log(`  targets of issue 32: login form visible within 1.5x the floor (${ratio <= 1.5 ? 'met' : 'NOT met'}), no long task over 200 ms in any load (${appLongest <= 200 ? 'met' : 'NOT met'})`);
  } finally {
    await browser.close();
    await floor?.close();
    await app.close();
    rmSync(floorDir, { recursive: true, force: true });
  }
}
