/**
 * Renderer speed (issue 3, Speed): first paint and key-event-to-next-paint in headless Chromium on a
 * production build, for our StageForm and for one plain @rjsf/mui Form over the same opening-hours
 * data, at N=5 and N=30 locations (x 8 departments x 7 days x 6 inputs). Prints medians, p95s and the
 * plain/ours ratio. Bounded: fixed numbers of page loads and keystrokes.
 *
 * The pages (bench/renderer/) are built and served as the app is: under its strict CSP (no
 * 'unsafe-eval', styles only with the per-response nonce), so the figures include what the CSP
 * costs and tests/e2e/stage-form-csp.test.ts reuses `buildRendererPages` + `serveRendererPages`.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../tests/support/browser';
import { FIELDS, KEY_GAP_MS, TEXT, typeIntoCells } from './keystrokes';

const here = fileURLToPath(new URL('.', import.meta.url));
const ROOT = resolve(here, 'renderer');
const SIZES = [5, 30];
const ALL_MODES = ['ours', 'plain'] as const;
// BENCH_RENDERER_MODES=ours skips the (slow) plain rjsf runs while iterating on our renderer.
const MODES = ALL_MODES.filter((m) => !process.env.BENCH_RENDERER_MODES || process.env.BENCH_RENDERER_MODES.split(',').includes(m));
/** Keystrokes per run: a time typed into several cells, with pauses as a person types. */
/** Page loads per form for first paint (plain rjsf at N=30 takes tens of seconds per load). */
const LOADS: Record<string, number> = { ours: 3, plain: 1 };

type Mode = (typeof ALL_MODES)[number];
interface RunResult { firstPaint: number; latencies: number[]; inputs: number }

const MIME: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml' };

/** The placeholder Vite's `html.cspNonce` writes; replaced by a fresh nonce per response (as server/ does). */
const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * The app's Content-Security-Policy for one response: no 'unsafe-eval' and no inline script, so
 * ajv cannot compile a schema in the page; styles only with the nonce (Emotion's cache carries it).
 * @example cspHeader('abc') // "default-src 'self'; script-src 'self'; style-src 'self' 'nonce-abc'; ..."
 */
export function cspHeader(nonce: string): string {
  return `default-src 'self'; script-src 'self'; style-src 'self' 'nonce-${nonce}'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'; form-action 'self'`;
}

/**
 * Builds bench/renderer/ (index.html: the benchmark; stage.html: one StageForm) for production into
 * `outDir`, with Vite's CSP nonce placeholder on its tags and a `csp-nonce` meta tag.
 * @example await buildRendererPages(mkdtempSync(join(tmpdir(), 'pages-')))
 */
export async function buildRendererPages(outDir: string): Promise<void> {
  await build({
    root: ROOT,
    configFile: false,
    logLevel: 'error',
    mode: 'production',
    plugins: [react()],
    html: { cspNonce: NONCE_PLACEHOLDER },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      chunkSizeWarningLimit: 5000,
      reportCompressedSize: false,
      rolldownOptions: { input: { index: join(ROOT, 'index.html'), stage: join(ROOT, 'stage.html') } },
    },
  });
}

/**
 * Serves a built folder on 127.0.0.1 under the app's strict CSP: every response carries
 * `cspHeader(nonce)` with a fresh nonce, and HTML gets that nonce in place of the placeholder.
 * @example const { url, server } = await serveRendererPages(outDir); // url + '/stage.html'
 */
export function serveRendererPages(dir: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = normalize(join(dir, path));
    if (!file.startsWith(dir)) return void res.writeHead(403).end();
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(dir, 'index.html');
    const nonce = randomBytes(16).toString('base64');
    const headers = { 'content-type': MIME[extname(file)] ?? 'application/octet-stream', 'content-security-policy': cspHeader(nonce) };
    if (extname(file) === '.html') {
      res.writeHead(200, headers).end(readFileSync(file, 'utf8').replaceAll(NONCE_PLACEHOLDER, nonce));
      return;
    }
    res.writeHead(200, headers);
    createReadStream(file).pipe(res);
  });
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () => {
      const addr = server.address();
      ok({ url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`, server });
    }),
  );
}

function quantile(values: number[], q: number): number {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}

async function load(page: Page, url: string, mode: Mode, n: number) {
  await page.goto(`${url}/?mode=${mode}&n=${n}`, { waitUntil: 'load' });
  await page.waitForFunction(() => window.__bench?.ready || window.__bench?.error, undefined, { timeout: 180_000, polling: 200 });
  const state = await page.evaluate(() => ({ ...window.__bench }));
  if (state.error) throw new Error(`${mode} n=${n}: ${state.error}`);
  return state;
}

async function run(page: Page, url: string, mode: Mode, n: number): Promise<RunResult> {
  const paints: number[] = [];
  for (let i = 1; i < LOADS[mode]; i++) paints.push((await load(page, url, mode, n)).firstPaint ?? NaN);
  const start = await load(page, url, mode, n);
  paints.push(start.firstPaint ?? NaN);
  let latencies: number[];
  try {
    latencies = await typeIntoCells(page, '__bench');
  } catch (error) {
    throw new Error(`${mode} n=${n}: ${(error as Error).message}`);
  }
  return { firstPaint: quantile(paints, 0.5), latencies, inputs: start.inputs ?? 0 };
}

const fmt = (v: number) => (Number.isFinite(v) ? v.toFixed(1).padStart(8) : '     n/a');

/** Builds the bench page, drives Chromium over it and prints the figures. */
export async function benchRenderer(): Promise<void> {
  const outDir = mkdtempSync(join(tmpdir(), 'bench-renderer-'));
  const t0 = Date.now();
  await buildRendererPages(outDir);
  console.log(`bench page built in ${((Date.now() - t0) / 1000).toFixed(1)} s (served under the app's strict CSP)`);
  const { url, server } = await serveRendererPages(outDir);
  const browser = await launchBrowser();
  const results: Record<string, RunResult> = {};
  try {
    for (const n of SIZES) {
      for (const mode of MODES) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        const page = await context.newPage();
        const began = Date.now();
        process.stdout.write(`${mode} N=${n} ... `);
        try {
          results[`${mode}:${n}`] = await run(page, url, mode, n);
          console.log(`${((Date.now() - began) / 1000).toFixed(1)} s`);
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
  console.log('\nopening-hours stage, N locations x 8 departments x 7 days x 6 inputs (times in ms)');
  console.log(`first paint: median of ${LOADS.ours} loads (ours), ${LOADS.plain} (plain); keys: ${FIELDS.length} cells x "${TEXT}", ${KEY_GAP_MS} ms apart`);
  console.log('form     N  values  mounted  first paint  key median   key p95   keys');
  for (const n of SIZES) {
    for (const mode of MODES) {
      const r = results[`${mode}:${n}`];
      if (!r) continue;
      console.log(`${mode.padEnd(6)} ${String(n).padStart(3)} ${String(n * 8 * 7 * 6).padStart(7)} ${String(r.inputs).padStart(8)} ${fmt(r.firstPaint)}     ${fmt(quantile(r.latencies, 0.5))}  ${fmt(quantile(r.latencies, 0.95))}  ${String(r.latencies.length).padStart(5)}`);
    }
  }
  console.log('\nratio plain / ours (higher = ours faster)');
  for (const n of SIZES) {
    const o = results[`ours:${n}`];
    const p = results[`plain:${n}`];
    if (!o || !p) continue;
    console.log(
      `N=${n}: first paint x${(p.firstPaint / o.firstPaint).toFixed(1)}, key median x${(quantile(p.latencies, 0.5) / quantile(o.latencies, 0.5)).toFixed(1)}, key p95 x${(quantile(p.latencies, 0.95) / quantile(o.latencies, 0.95)).toFixed(1)}`,
    );
  }
  for (const n of SIZES) {
    const o = results[`ours:${n}`];
    if (!o) continue;
    const ok = o.firstPaint < 1000 && quantile(o.latencies, 0.5) < 16 && quantile(o.latencies, 0.95) < 50;
    console.log(`targets at N=${n} (first paint < 1000, median < 16, p95 < 50): ${ok ? 'met' : 'NOT met'}`);
  }
}
