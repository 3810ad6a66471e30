/**
 * Where a cold first visit's time goes: a tool for the speed issues, not a budget. Loads one
 * screen of the built app as first-screens does (signed in, HTTP cache emptied, full load), with
 * Chromium's sampling profiler on, and prints, source-mapped to our files and the packages:
 * - the main thread's time by package (self time: the code that ran, not its callers);
 * - the busiest functions;
 * - a timeline in 100 ms slices: how busy the thread was and with what, beside the requests in
 *   flight (resource timing), so a gap waiting on the network shows as such.
 *
 * Run: `npx vite build --sourcemap --outDir /tmp/dist-sm --emptyOutDir`, then
 * `BENCH_DIST=/tmp/dist-sm BENCH_PROFILE_PATH='/#/companies' npx tsx bench/profile-load.ts`
 * (BENCH_PROFILE_ACCOUNT=dealer@demo.test for a dealer's screen, BENCH_PROFILE_CONTENT=<css> for
 * what counts as the content: by default the page title in main; BENCH_PROFILE_WARM=1 for a returning
 * visit: a new tab with the HTTP cache warm). PGlite with the demo data.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { launchBrowser } from '../tests/support/browser';
import { signInAt } from './paint';
import { BENCH_PASSWORD, startServerProcess } from './server-process';

interface CallFrame { functionName: string; url: string; lineNumber: number; columnNumber: number }
interface ProfileNode { id: number; callFrame: CallFrame; children?: number[] }
interface Profile { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] }

const dist = resolve(process.env.BENCH_DIST ?? '/tmp/dist-sm');
const path = process.env.BENCH_PROFILE_PATH ?? '/#/companies';
const account = process.env.BENCH_PROFILE_ACCOUNT ?? 'admin@demo.test';
const content = process.env.BENCH_PROFILE_CONTENT ?? 'main [data-testid="page-title"], main h1';
/** BENCH_PROFILE_WARM=1: a returning visit (a new tab, the HTTP cache warm, signed in) instead of a cold one. */
const warm = process.env.BENCH_PROFILE_WARM === '1';
/** BENCH_PROFILE_WINDOW=from-to (ms from the profile start): also our functions' inclusive time in it. */
const window = process.env.BENCH_PROFILE_WINDOW?.split('-').map(Number);

/** Source maps of the built files, read once each. */
const consumers = new Map<string, SourceMapConsumer | null>();
function consumerFor(url: string): SourceMapConsumer | null {
  const file = join(dist, new URL(url).pathname);
  if (!consumers.has(file)) {
    const map = `${file}.map`;
    consumers.set(file, existsSync(map) ? new SourceMapConsumer(JSON.parse(readFileSync(map, 'utf8')) as RawSourceMap) : null);
  }
  return consumers.get(file)!;
}

/** "react-dom", "@mui/material", "src/layout"... for a frame; V8's own entries keep their name. */
function place(frame: CallFrame): { owner: string; fn: string } {
  if (!frame.url) return { owner: frame.functionName || '(native)', fn: frame.functionName || '(native)' };
  if (!frame.url.startsWith('http')) return { owner: '(browser)', fn: frame.functionName };
  const consumer = consumerFor(frame.url);
  const original = consumer?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = original?.source ?? new URL(frame.url).pathname;
  const modules = source.lastIndexOf('node_modules/');
  let owner: string;
  if (modules >= 0) {
    const parts = source.slice(modules + 'node_modules/'.length).split('/');
    owner = parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  } else {
    // The maps name our files relative to the build's folder: from the repository's root instead.
    const parts = relative(process.cwd(), resolve(dist, 'assets', source)).split('/');
    owner = parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts.join('/');
  }
  const fn = `${original?.name ?? frame.functionName ?? '(anonymous)'} (${source.split('/').slice(-2).join('/')}:${original?.line ?? frame.lineNumber + 1})`;
  return { owner, fn };
}

const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
const ms = (us: number) => `${(us / 1000).toFixed(0).padStart(5)} ms`;

async function main(): Promise<void> {
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`no build at ${dist}: npx vite build --sourcemap --outDir ${dist} --emptyOutDir`);
  const server = await startServerProcess({ users: 0, staticDir: dist });
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    let page = await context.newPage();
    await signInAt(page, server.url, account, BENCH_PASSWORD);
    await page.waitForURL((u) => !u.hash.startsWith('#/login'), { timeout: 30_000 });
    await page.waitForTimeout(1500);
    if (warm) {
      // A returning visit: the screen opened once (its code in the HTTP cache), then a new tab.
      await page.goto(`${server.url}${path}`);
      await page.waitForSelector(content, { timeout: 60_000 });
      await page.waitForTimeout(1500);
      await page.close();
      page = await context.newPage();
    } else await page.goto('about:blank');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (!warm) await cdp.send('Network.clearBrowserCache');
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${server.url}${path}`);
    const shown = await page
      .waitForFunction((sel) => (document.querySelector(sel) ? performance.now() : false), content, { timeout: 60_000, polling: 'raf' })
      .then((h) => h.jsonValue() as Promise<number>);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    const timing = await page.evaluate(() => ({
      origin: performance.timeOrigin,
      resources: (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map((r) => ({ name: r.name.split('/').pop()!.slice(0, 40), start: r.startTime, end: r.responseEnd })),
    }));

    // Profile times are microseconds on the monotonic clock; the page's are ms from its time origin.
    // The navigation's first sample is close enough to the origin for 100 ms slices.
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    const parents = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parents.set(c, n.id);
    const inclusive = new Map<string, number>();
    const byOwner = new Map<string, number>();
    const byFn = new Map<string, number>();
    const slices = new Map<number, Map<string, number>>();
    let t = profile.startTime;
    let busy = 0;
    let first = -1;
    for (let i = 0; i < profile.samples.length; i++) {
      t += profile.timeDeltas[i];
      const dt = profile.timeDeltas[i + 1] ?? 0;
      const frame = nodes.get(profile.samples[i])!.callFrame;
      if (frame.functionName === '(idle)') continue;
      if (first < 0 && frame.url.startsWith('http')) first = t;
      const { owner, fn } = place(frame);
      byOwner.set(owner, (byOwner.get(owner) ?? 0) + dt);
      byFn.set(`${owner}: ${fn}`, (byFn.get(`${owner}: ${fn}`) ?? 0) + dt);
      busy += dt;
      const slice = Math.floor((t - profile.startTime) / 100_000);
      const at = (t - profile.startTime) / 1000;
      if (window && at >= window[0] && at < window[1]) {
        // Each of our functions on the stack once, however deep it recurs.
        const seen = new Set<string>();
        for (let id: number | undefined = profile.samples[i]; id !== undefined; id = parents.get(id)) {
          const f = nodes.get(id)!.callFrame;
          if (!f.url.startsWith('http')) continue;
          const p = place(f);
          if (p.owner.startsWith('src/') && !seen.has(p.fn)) {
            seen.add(p.fn);
            inclusive.set(`${p.owner}: ${p.fn}`, (inclusive.get(`${p.owner}: ${p.fn}`) ?? 0) + dt);
          }
        }
      }
      const s = slices.get(slice) ?? new Map<string, number>();
      s.set(owner, (s.get(owner) ?? 0) + dt);
      slices.set(slice, s);
    }
    console.log(`${account} on ${path}${warm ? ' (returning visit)' : ''}: content at ${shown.toFixed(0)} ms from navigation start; main thread busy ${ms(busy)} in the profile`);
    console.log('\nself time by package or folder:');
    for (const [owner, us] of top(byOwner, 22)) console.log(`  ${ms(us)}  ${owner}`);
    console.log('\nbusiest functions:');
    for (const [fn, us] of top(byFn, 30)) console.log(`  ${ms(us)}  ${fn}`);
    if (window) {
      console.log(`\nour functions' inclusive time from ${window[0]} to ${window[1]} ms:`);
      for (const [fn, us] of top(inclusive, 40)) console.log(`  ${ms(us)}  ${fn}`);
    }
    console.log('\ntimeline (100 ms slices from the profile start; busy ms, the top three owners):');
    for (const [slice, owners] of [...slices].sort((a, b) => a[0] - b[0])) {
      const total = [...owners.values()].reduce((a, b) => a + b, 0);
      console.log(`  ${String(slice * 100).padStart(5)} ms  busy ${(total / 1000).toFixed(0).padStart(3)}  ${top(owners, 3).map(([o, us]) => `${o} ${(us / 1000).toFixed(0)}`).join(', ')}`);
    }
    console.log('\nrequests (page clock, ms):');
    for (const r of timing.resources.sort((a, b) => a.start - b.start)) console.log(`  ${r.start.toFixed(0).padStart(5)} → ${r.end.toFixed(0).padStart(5)}  ${r.name}`);
  } finally {
    await browser.close();
    await server.stop(() => {});
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
