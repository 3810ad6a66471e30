/**
 * What the Login page costs a browser (issue 10, Compress): every byte that crosses the wire for a
 * cold load of `/#/login` from the real server on the built app (dist/), and the time from navigation
 * until the sign-in form is visible. The baseline in the same run is the same page with compression
 * refused (`Accept-Encoding: identity`), i.e. what the server sent before assets were precompressed.
 * Targets: at most 310 KiB on the wire, form visible within 800 ms. Needs `npm run build` first.
 * BENCH_WIRE_LIST=1 lists what each response of a load cost; BENCH_DIST=<folder> measures another build.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { buildApp } from '../server/app';
import { openPglite } from '../server/db/database';
import { seedDatabase } from '../server/db/seed';
import { launchBrowser } from '../tests/support/browser';

const LOADS = 5;

interface Load { wireBytes: number; bodyBytes: number; requests: number; formVisibleMs: number; byUrl: Map<string, number> }

/** One load in a fresh browser context (nothing cached): bytes as received, and the form's time. */
async function coldLoad(browser: Browser, url: string, encoding: 'compressed' | 'identity'): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (encoding === 'identity') await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
    let wireBytes = 0;
    let requests = 0;
    const urls = new Map<string, string>();
    const byUrl = new Map<string, number>();
    cdp.on('Network.requestWillBeSent', (e: { requestId: string; request: { url: string } }) => urls.set(e.requestId, e.request.url));
    // encodedDataLength: the bytes the network delivered for the response, headers included.
    cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
      wireBytes += e.encodedDataLength;
      requests++;
      byUrl.set(urls.get(e.requestId) ?? e.requestId, e.encodedDataLength);
    });
    const started = Date.now();
    await page.goto(`${url}/#/login`, { waitUntil: 'commit' });
    await page.locator('[data-testid="login-form"] input[name="email"]').waitFor({ state: 'visible' });
    const formVisibleMs = Date.now() - started;
    await page.waitForLoadState('networkidle');
    const bodyBytes = await page.evaluate(() =>
      performance.getEntriesByType('resource').concat(performance.getEntriesByType('navigation')).reduce((n, e) => n + (e as PerformanceResourceTiming).decodedBodySize, 0),
    );
    return { wireBytes, bodyBytes, requests, formVisibleMs, byUrl };
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
  const app = await buildApp({ database, staticDir: dist, smtpUrl: null, publicUrl: 'http://127.0.0.1', secureCookies: false, maxEventLoopDelay: false, logger: false });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const browser = await launchBrowser();
  try {
    // One warm-up load so the server's first-request costs (file handles, JIT) are not measured.
    await coldLoad(browser, url, 'compressed');
    const results: Record<string, Load[]> = { compressed: [], identity: [] };
    for (let i = 0; i < LOADS; i++) {
      results.compressed.push(await coldLoad(browser, url, 'compressed'));
      results.identity.push(await coldLoad(browser, url, 'identity'));
    }
    const c = results.compressed;
    const p = results.identity;
    console.log(`Login page, cold, ${LOADS} loads each (median):`);
    console.log(`  compressed: ${kib(median(c.map((l) => l.wireBytes)))} on the wire for ${kib(median(c.map((l) => l.bodyBytes)))} of content, ${c[0].requests} requests, form visible ${median(c.map((l) => l.formVisibleMs))} ms`);
    console.log(`  identity:   ${kib(median(p.map((l) => l.wireBytes)))} on the wire, form visible ${median(p.map((l) => l.formVisibleMs))} ms`);
    console.log(`  ratio compressed/identity bytes: ${(median(c.map((l) => l.wireBytes)) / median(p.map((l) => l.wireBytes))).toFixed(2)}`);
    if (process.env.BENCH_WIRE_LIST) {
      // What each response of the last compressed load cost, biggest first.
      for (const [u, n] of [...c[c.length - 1].byUrl].sort((a, b) => b[1] - a[1])) console.log(`    ${kib(n).padStart(10)}  ${u.replace(url, '')}`);
    }
    console.log(`  targets: at most 310 KiB on the wire (${median(c.map((l) => l.wireBytes)) <= 310 * 1024 ? 'met' : 'NOT met'}), form within 800 ms (${median(c.map((l) => l.formVisibleMs)) <= 800 ? 'met' : 'NOT met'})`);
  } finally {
    await browser.close();
    await app.close();
  }
}
