/**
 * Issue 59: moving between screens in the signed-in portal, on the built app (dist/) from the real
 * server on an in-memory demo database, in headless Chromium, against the floor page (bench/floor/:
 * the same screens as plain React + MUI, moving by hash change and fetching each screen afresh),
 * served by the portal's own server code on the same database, in the same run, alternately.
 * 1. The moves of the issue, each REPS times after a first one: click (Back, or an address change
 *    where the app has no link) to the next screen's content with no loading indicator in `main` and no full-screen
 *    overlay (each move's `Ready`), median and p95; whether the overlay showed; the longest task.
 * 2. The first of each move in a visit (a fresh context signed in just before, so the screen's code
 *    is not loaded yet) apart: its time and whether the overlay showed.
 * 3. Returning visits: a new tab in the same context (HTTP cache warm, signed in with remember-me)
 *    opening the companies list, a company profile and the config dashboard, navigation start to
 *    content, app against floor (target: within 1.3x).
 * 4. The sign-in page's first visit (a fresh context, nothing cached): requests sent and bytes
 *    received before the form is visible, and the time to it (wire.ts's `coldLoad`), app against
 *    floor (targets: at most 8 requests and 150 KiB, within 1.5x the floor).
 * Targets of the moves: median < 100 ms, p95 < 150 ms.
 *
 * Run: `npm run bench -- moves` after `npm run build`. BENCH_MOVES=companies,config keeps some
 * parts (companies, config, tracker, agreements, sign-in); BENCH_MOVES_REPS=<n> moves n times
 * (20); BENCH_DIST=<folder> measures another build; BENCH_PROFILE=1 runs each part on a browser
 * profile kept on disk (a person's HTTP and compiled-code caches) instead of an in-memory context.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildApp } from '../server/app';
import type { Database } from '../server/db/database';
import { openPglite } from '../server/db/database';
import { seedDatabase } from '../server/db/seed';
import { launchBrowser, launchProfile } from '../tests/support/browser';
import { buildFloor, coldLoad, type Load } from './wire';

const PASSWORD = 'Demo-pass-2026';
const REPS = Number(process.env.BENCH_MOVES_REPS ?? 20);
const RETURNS = 7;
const SIGN_IN_LOADS = 5;
const wanted = (part: string) => !process.env.BENCH_MOVES || process.env.BENCH_MOVES.split(',').some((w) => part.includes(w.trim()));

/**
 * A screen's content, checked in the page each animation frame: the address matches `hash`, every
 * `all` selector is there, `text` / `textNot` / `filled` hold, `main` holds no indeterminate
 * progress bar (a determinate one, a config's progress, is content) and the page overlay is off;
 * `screen` (the floor) asks that the content shown is the current address's.
 */
interface Ready { hash: string; all: string[]; text?: [string, string]; textNot?: [string, string]; filled?: string; screen?: boolean }

/** How a move starts: a click on a selector, the browser's Back, or an address change (no link to click). */
type How = { click: string } | { back: true } | { hash: string };

/** The page's clock when `ready` holds (polled each animation frame), and the scroll position then. */
const isReady = (r: Ready) => {
  if (!new RegExp(r.hash).test(location.hash)) return false;
  const main = document.querySelector('main');
  if (!main || main.querySelector('[role="progressbar"]:not([aria-valuenow])')) return false;
  if (document.querySelector('[data-testid="page-overlay"][aria-hidden="false"]')) return false;
  if (r.screen && main.querySelector('[data-floor-screen]')?.getAttribute('data-floor-screen') !== location.hash) return false;
  if (r.all.some((s) => !document.querySelector(s))) return false;
  if (r.text && document.querySelector(r.text[0])?.textContent?.trim() !== r.text[1]) return false;
  if (r.textNot) {
    const t = document.querySelector(r.textNot[0])?.textContent?.trim();
    if (!t || t === r.textNot[1]) return false;
  }
  if (r.filled && !(document.querySelector(r.filled) as HTMLInputElement | null)?.value) return false;
  return { t: performance.now(), y: document.scrollingElement?.scrollTop ?? 0 };
};

/**
 * An init script (a string: tsx would wrap inner functions in a helper the page lacks): the last
 * click's time (capture phase, before the app's handlers), whether the page overlay came on since
 * `__moves.reset()`, whether a loading cue (an indeterminate progress bar in `main`) showed, and
 * every long task (over 50 ms) with its start.
 */
const MOVE_RECORDER = `(() => {
  const m = { start: 0, overlay: false, cue: false, tasks: [], reset() { m.start = 0; m.overlay = false; m.cue = false; } };
  window.__moves = m;
  // Room for every request of a long visit (250 by default: the later moves' would be dropped).
  performance.setResourceTimingBufferSize(100000);
  addEventListener('click', (e) => { m.start = e.timeStamp; }, true);
  new MutationObserver(() => {
    if (document.querySelector('[data-testid="page-overlay"][aria-hidden="false"]')) m.overlay = true;
    if (document.querySelector('main [role="progressbar"]:not([aria-valuenow])')) m.cue = true;
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-hidden'] });
  try {
    new PerformanceObserver((l) => l.getEntries().forEach((e) => m.tasks.push([e.startTime, e.duration]))).observe({ type: 'longtask', buffered: true });
  } catch {}
  // What ran in each long animation frame: its longest script's file and how it was invoked.
  m.frames = [];
  try {
    new PerformanceObserver((l) => l.getEntries().forEach((e) => {
      const top = [...e.scripts].sort((x, y) => y.duration - x.duration)[0];
      const file = top ? top.sourceURL.split('/').pop() : '';
      const what = !top ? 'style and layout' : top.invoker === 'MessagePort.onmessage' ? 'a React render (' + file + ')' : top.invokerType === 'resolve-promise' ? 'a promise callback (' + file + ')' : top.invokerType.includes('script') ? file + ' evaluated' : top.invoker + ' (' + file + ')';
      m.frames.push([e.startTime, e.duration, what + ' ' + Math.round(top ? top.duration : 0) + ' of ' + Math.round(e.duration) + ' ms']);
    })).observe({ type: 'long-animation-frame', buffered: true });
  } catch {}
})();`;

type MovesWindow = Window & { __moves: { start: number; overlay: boolean; cue: boolean; tasks: [number, number][]; frames: [number, number, string][]; reset(): void } };

/**
 * One move: its time, whether the overlay came on, whether a loading cue showed in `main`, its
 * longest task and what ran in its longest animation frame, when its first API read was asked, when
 * its last API answer (thumbnails and icons aside) and its last code chunk came in (from the move's
 * start; 0 when none was asked),
 * and the scroll position at its content.
 */
interface Moved { ms: number; overlay: boolean; cue: boolean; longest: number; frame: string; data: number; asked: number; code: number; y: number }

async function waitReady(page: Page, ready: Ready, what: string): Promise<{ t: number; y: number }> {
  try {
    return (await (await page.waitForFunction(isReady, ready, { polling: 'raf', timeout: 30_000 })).jsonValue()) as { t: number; y: number };
  } catch (err) {
    const seen = await page.evaluate(() => ({ hash: location.hash, h1: document.querySelector('h1')?.textContent, bars: document.querySelectorAll('main [role="progressbar"]').length })).catch(() => null);
    throw new Error(`${what}: never ready at ${JSON.stringify(seen)} (${(err as Error).message.split('\n')[0]})`);
  }
}

/** One move: from the click (or Back, or address change) to the next screen's content. */
async function move(page: Page, how: How, ready: Ready, what: string): Promise<Moved> {
  await page.bringToFront();
  await page.evaluate(() => (window as unknown as MovesWindow).__moves.reset());
  let start: number;
  if ('click' in how) {
    await page.locator(how.click).first().click();
    start = await page.evaluate(() => (window as unknown as MovesWindow).__moves.start);
  } else if ('back' in how) {
    start = await page.evaluate(() => {
      const t = performance.now();
      history.back();
      return t;
    });
  } else {
    start = await page.evaluate((h) => {
      const t = performance.now();
      location.hash = h;
      return t;
    }, how.hash);
  }
  const { t, y } = await waitReady(page, ready, what);
  // The observers hear of a long frame after it ends: the content's own frame may still be open.
  await page.waitForTimeout(100);
  const seen = await page.evaluate(
    ([from, to]) => {
      const m = (window as unknown as MovesWindow).__moves;
      // A frame that overlaps the move (the click's own frame starts before it).
      const frame = m.frames.filter(([s, d]) => s + d > from && s < to).sort((a, b) => b[1] - a[1])[0];
      // (No named inner functions: tsx would wrap them in a helper the page lacks.)
      const ends = { data: 0, code: 0, asked: 0 };
      for (const e of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
        if (e.startTime < from - 1 || e.responseEnd > to) continue;
        if (/\/api\/(?!.*(thumbnail|icon))/.test(e.name)) {
          ends.data = Math.max(ends.data, e.responseEnd - from);
          ends.asked = ends.asked ? Math.min(ends.asked, e.startTime - from) : Math.max(0.1, e.startTime - from);
        }
        else if (/\/assets\/.*\.js/.test(e.name)) ends.code = Math.max(ends.code, e.responseEnd - from);
      }
      return {
        overlay: m.overlay,
        cue: m.cue,
        longest: Math.max(0, ...m.tasks.filter(([s]) => s >= from - 1 && s < to).map(([, d]) => d)),
        frame: frame ? frame[2] : '',
        ...ends,
      };
    },
    [start, t],
  );
  return { ms: t - start, y, ...seen };
}

/** A move's figures on one page (app or floor): the first of the visit apart, then the rest. */
class Figures {
  first: Moved | null = null;
  rest: Moved[] = [];
  add(m: Moved) {
    if (this.first) this.rest.push(m);
    else this.first = m;
  }
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
};
const median = (xs: number[]) => quantile(xs, 0.5);

/** Signs in on the app's form with remember-me ticked (a returning visitor's state). */
async function signIn(page: Page, url: string, email: string): Promise<void> {
  await page.goto(`${url}/#/login`);
  const form = page.getByTestId('login-form');
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(PASSWORD);
  await form.locator('input[name="remember"]').check();
  await form.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((u) => !u.hash.startsWith('#/login'));
  await page.getByTestId('page-title').first().waitFor();
}

/** The two pages of a part: the app's tab and the floor's, in one context (one session, one cache). */
interface Pages { app: Page; floor: Page; context: BrowserContext; landed: string }

async function openPages(browser: Browser, url: string, floorUrl: string, email: string): Promise<Pages> {
  const contextOptions = { viewport: { width: 1440, height: 900 }, locale: 'en-GB' };
  const context = process.env.BENCH_PROFILE ? await launchProfile(mkdtempSync(join(tmpdir(), 'moves-profile-')), contextOptions) : await browser.newContext(contextOptions);
  await context.addInitScript(() => localStorage.setItem('portal.cookieConsent', 'accepted'));
  await context.addInitScript(MOVE_RECORDER);
  const app = await context.newPage();
  await signIn(app, url, email);
  const landed = new URL(app.url()).hash;
  // The floor's tab resumes the session from the refresh cookie (the host's, whatever the port).
  const floor = await context.newPage();
  await floor.goto(`${floorUrl}/#/dashboard`);
  return { app, floor, context, landed };
}

/** One step of a part: how it starts and what it waits for, on the app and on the floor. */
interface Step { name: string; app: [How, Ready]; floor: [How, Ready]; measured?: boolean }

type Results = Map<string, { app: Figures; floor: Figures }>;

/** Runs `steps` REPS + 1 times, app then floor each round (the first round is the visit's first); unmeasured steps only get there. */
async function runSteps(pages: Pages, steps: Step[], results: Results, check?: (page: 'app' | 'floor', step: string, m: Moved, p: Page) => Promise<void>): Promise<void> {
  for (let round = 0; round <= REPS; round++) {
    for (const side of ['app', 'floor'] as const) {
      for (const step of steps) {
        const plan = step[side];
        const m = await move(pages[side], plan[0], plan[1], `${side}: ${step.name}`);
        await check?.(side, step.name, m, pages[side]);
        if (step.measured === false) continue;
        if (!results.has(step.name)) results.set(step.name, { app: new Figures(), floor: new Figures() });
        results.get(step.name)![side].add(m);
      }
    }
  }
}

const FILTER = encodeURIComponent(JSON.stringify({ status: 'active' }));
const cell = (row: number) => `[data-testid="companies-table"] tbody tr:nth-child(${row}) td.column-name`;
const floorCell = (row: number) => `main [data-floor-screen] tbody tr:nth-child(${row}) td a`;
/** The row opened from the list: far enough down that the list must be scrolled to it. */
const ROW = 20;

/** Companies: list -> a company's profile -> Back (scroll and filters kept?); page 1 -> page 2. */
async function companies(pages: Pages, results: Results): Promise<string[]> {
  const appList = `#/companies?filter=${FILTER}&order=ASC&page=1&perPage=25&sort=name`;
  const floorList = `#/companies?filter=${FILTER}&page=1`;
  const listReady: Ready = { hash: '^#/companies(\\?|$)', all: [cell(1)] };
  const floorListReady: Ready = { hash: '^#/companies(\\?|$)', all: [floorCell(1)], screen: true };
  // The first opening of the list comes from the first screen after sign-in (an address change).
  const opened = { app: await move(pages.app, { hash: appList }, listReady, 'app: list'), floor: await move(pages.floor, { hash: floorList }, floorListReady, 'floor: list') };
  results.set('companies list (first screen after sign-in -> list)', { app: Object.assign(new Figures(), { first: opened.app }), floor: Object.assign(new Figures(), { first: opened.floor }) });
  const firstRow = { app: (await pages.app.locator(cell(1)).textContent())!.trim(), floor: (await pages.floor.locator(floorCell(1)).textContent())!.trim() };
  const notes: string[] = [];
  const kept = { scroll: 0, filter: 0, rows: 0, rounds: 0 };
  // Scroll the row to open into the middle of the window, as a person scrolls to it (again after each round's return to page 1).
  const scrollToRow = (page: Page, row: string) =>
    page.locator(row).evaluate((e) => {
      e.scrollIntoView({ block: 'center' });
      return document.scrollingElement?.scrollTop ?? 0;
    });
  let scrolledTo = await scrollToRow(pages.app, cell(ROW));
  await scrollToRow(pages.floor, floorCell(ROW));
  await runSteps(
    pages,
    [
      { name: 'companies: list -> profile', app: [{ click: cell(ROW) }, { hash: '^#/companies/profile/\\d+$', all: ['main input[name="name"]'], filled: 'main input[name="name"]' }], floor: [{ click: floorCell(ROW) }, { hash: '^#/companies/profile/\\d+$', all: ['main [data-floor-screen] input[name="name"]'], filled: 'main input[name="name"]', screen: true }] },
      { name: 'companies: profile -> Back to the list', app: [{ back: true }, listReady], floor: [{ back: true }, floorListReady] },
      { name: 'companies: list page 1 -> page 2', app: [{ click: 'main button[aria-label="Go to page 2"]' }, { hash: 'page=2', all: [cell(1)], textNot: [cell(1), firstRow.app] }], floor: [{ click: 'main a[aria-label="Next page"]' }, { hash: 'page=2', all: [floorCell(1)], textNot: [floorCell(1), firstRow.floor], screen: true }] },
      // Back on page 1 for the next round (not measured).
      { name: 'page 1', measured: false, app: [{ hash: appList }, { ...listReady, text: [cell(1), firstRow.app] }], floor: [{ hash: floorList }, { ...floorListReady, text: [floorCell(1), firstRow.floor] }] },
    ],
    results,
    async (side, step, m, page) => {
      const row = side === 'app' ? cell(ROW) : floorCell(ROW);
      if (step === 'page 1') {
        const y = await scrollToRow(page, row);
        if (side === 'app') scrolledTo = y;
      }
      if (step === 'companies: profile -> Back to the list' && side === 'app') {
        // What Back shows: the same filter in the address, the same first row, the same scroll (at the content's frame and a moment later).
        await page.waitForTimeout(300);
        const after = await page.evaluate(() => ({ hash: decodeURIComponent(location.hash), y: document.scrollingElement?.scrollTop ?? 0 }));
        const first = (await page.locator(cell(1)).textContent())?.trim();
        kept.rounds++;
        if (after.hash.includes('"status":"active"')) kept.filter++;
        if (first === firstRow.app) kept.rows++;
        if (Math.abs(after.y - scrolledTo) < 5) kept.scroll++;
        else if (notes.length < 3) notes.push(`scroll ${scrolledTo} px before the profile, ${Math.round(m.y)} px at the list's content, ${after.y} px 300 ms later`);
      }
    },
  );
  notes.unshift(`Back to the list (app): filter kept ${kept.filter}/${kept.rounds}, same first row ${kept.rows}/${kept.rounds}, scroll kept ${kept.scroll}/${kept.rounds} (row ${ROW} scrolled to the middle: ${scrolledTo} px)`);
  return notes;
}

/** Config (dealer): dashboard -> a stage -> the next stage (its link; the floor has none: an address change) -> back to the dashboard (its link). */
async function config(pages: Pages, results: Results): Promise<string[]> {
  const stage = (slug: string, title: string, floor: boolean): Ready =>
    floor
      ? { hash: `^#/configurator/1/${slug}$`, all: ['main [data-floor-screen] form'], text: ['main [data-testid="stage-title"]', title], screen: true }
      : { hash: `^#/configurator/1/${slug}$`, all: ['[data-testid="config-stage-page"] form', '[data-testid="stage-submit"]'], text: ['[data-testid="config-stage-page"] [data-testid="page-title"]', title] };
  const dashboard: Ready = { hash: '^#/configurator/1/dashboard$', all: ['[data-testid="config-dashboard-page"] [data-testid="section-opening-hours"]'] };
  const floorDashboard: Ready = { hash: '^#/configurator/1/dashboard$', all: ['main [data-floor-screen] [data-testid="section-opening-hours"]'], screen: true };
  // The dealer lands on the dashboard after sign-in: then its first opening is no move of its own.
  const landed = pages.landed === '#/configurator/1/dashboard';
  const opened = { app: await move(pages.app, { hash: '#/configurator/1/dashboard' }, dashboard, 'app: dashboard'), floor: await move(pages.floor, { hash: '#/configurator/1/dashboard' }, floorDashboard, 'floor: dashboard') };
  if (!landed) results.set('config dashboard (first screen after sign-in -> dashboard)', { app: Object.assign(new Figures(), { first: opened.app }), floor: Object.assign(new Figures(), { first: opened.floor }) });
  await runSteps(
    pages,
    [
      { name: 'config: dashboard -> a stage (opening hours)', app: [{ click: '[data-testid="section-opening-hours"]' }, stage('opening-hours', 'Opening hours', false)], floor: [{ click: 'main [data-testid="section-opening-hours"]' }, stage('opening-hours', 'Opening hours', true)] },
      { name: 'config: stage -> the next stage (social feeds)', app: [{ click: '[data-testid="stage-next"]' }, stage('social-feeds', 'Social feeds', false)], floor: [{ hash: '#/configurator/1/social-feeds' }, stage('social-feeds', 'Social feeds', true)] },
      { name: 'config: stage -> back to the dashboard (its link)', app: [{ click: '[data-testid="stage-back"]' }, dashboard], floor: [{ click: 'main [data-testid="stage-back"]' }, floorDashboard] },
    ],
    results,
  );
  return [];
}

/** Tracker (pm): list -> a project's summary -> its board. */
async function tracker(pages: Pages, results: Results): Promise<string[]> {
  const list: Ready = { hash: '^#/tracker/all', all: ['[data-testid="projects-table"] tbody tr td'] };
  const floorList: Ready = { hash: '^#/tracker/all', all: ['main [data-floor-screen] tbody tr td a'], screen: true };
  const opened = { app: await move(pages.app, { hash: '#/tracker/all' }, list, 'app: tracker list'), floor: await move(pages.floor, { hash: '#/tracker/all' }, floorList, 'floor: tracker list') };
  results.set('tracker list (first screen after sign-in -> list)', { app: Object.assign(new Figures(), { first: opened.app }), floor: Object.assign(new Figures(), { first: opened.floor }) });
  await runSteps(
    pages,
    [
      { name: 'tracker: list -> project summary', app: [{ click: '[data-testid="projects-table"] tbody tr:nth-child(1) td:nth-child(2)' }, { hash: '^#/tracker/\\d+/summary$', all: ['[data-testid="tracker-summary-page"] [data-testid="project-summary"]'] }], floor: [{ click: 'main [data-floor-screen] tbody tr:nth-child(1) td a' }, { hash: '^#/tracker/\\d+/summary$', all: ['main [data-floor-screen] [data-testid="open-profile"]'], screen: true }] },
      { name: 'tracker: summary -> its board', app: [{ click: '[data-testid="open-profile"]' }, { hash: '^#/tracker/\\d+/profile', all: ['[data-testid="task-board"] [data-testid="task-card"]'] }], floor: [{ click: 'main [data-testid="open-profile"]' }, { hash: '^#/tracker/\\d+/profile', all: ['main [data-floor-screen] [data-testid="task-card"]'], screen: true }] },
      { name: 'tracker list', measured: false, app: [{ hash: '#/tracker/all' }, list], floor: [{ hash: '#/tracker/all' }, floorList] },
    ],
    results,
  );
  return [];
}

/** Agreements (admin): list -> an agreement. */
async function agreements(pages: Pages, results: Results): Promise<string[]> {
  const list: Ready = { hash: '^#/agreements(\\?|$)', all: ['[data-testid="agreements-table"] tbody tr td'] };
  const floorList: Ready = { hash: '^#/agreements(\\?|$)', all: ['main [data-floor-screen] tbody tr td a'], screen: true };
  const opened = { app: await move(pages.app, { hash: '#/agreements' }, list, 'app: agreements'), floor: await move(pages.floor, { hash: '#/agreements' }, floorList, 'floor: agreements') };
  results.set('agreements list (first screen after sign-in -> list)', { app: Object.assign(new Figures(), { first: opened.app }), floor: Object.assign(new Figures(), { first: opened.floor }) });
  await runSteps(
    pages,
    [
      { name: 'agreements: list -> an agreement', app: [{ click: '[data-testid="agreements-table"] tbody tr:nth-child(1) td:nth-child(2)' }, { hash: '^#/agreements/\\d+/(edit|preview)$', all: ['[data-testid="totals-contract-value"]'] }], floor: [{ click: 'main [data-floor-screen] tbody tr:nth-child(1) td a' }, { hash: '^#/agreements/\\d+/(edit|preview)$', all: ['main [data-floor-screen] input[name="name"]'], filled: 'main input[name="name"]', screen: true }] },
      { name: 'agreements list', measured: false, app: [{ hash: '#/agreements' }, list], floor: [{ hash: '#/agreements' }, floorList] },
    ],
    results,
  );
  return [];
}

/**
 * A returning visit: a new tab in the part's context (the HTTP cache warm, the remember-me cookie
 * set) opening `path`, from navigation start to its content; app and floor alternately.
 */
async function returning(pages: Pages, url: string, floorUrl: string, path: string, app: Ready, floor: Ready): Promise<{ app: number[]; floor: number[] }> {
  const times = { app: [] as number[], floor: [] as number[] };
  for (let i = 0; i <= RETURNS; i++) {
    for (const side of ['app', 'floor'] as const) {
      const tab = await pages.context.newPage();
      await tab.goto(`${side === 'app' ? url : floorUrl}/${path}`);
      const { t } = await waitReady(tab, side === 'app' ? app : floor, `returning ${side} ${path}`);
      // The first opens the floor's code into the cache (the app's is there from the moves).
      if (i > 0) times[side].push(t);
      await tab.close();
    }
  }
  return times;
}

export async function benchMoves(): Promise<void> {
  const dist = resolve(process.env.BENCH_DIST ?? 'dist');
  if (!existsSync(resolve(dist, 'index.html'))) throw new Error(`${dist}/index.html is missing: run \`npm run build\` first`);
  const load = loadavg()[0];
  const database = await openPglite(null);
  await database.migrate();
  await seedDatabase(database.db, { demo: true, demoPassword: PASSWORD });
  const options = { smtpUrl: null, publicUrl: 'http://127.0.0.1', secureCookies: false, maxEventLoopDelay: false as const, logger: false as const };
  const app = await buildApp({ database, staticDir: dist, ...options });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  // The floor (bench/floor/), served as wire.ts serves it: a second buildApp on the same database.
  const floorDir = mkdtempSync(join(tmpdir(), 'moves-floor-'));
  let floorApp: Awaited<ReturnType<typeof buildApp>> | null = null;
  const browser = await launchBrowser();
  const results: Results = new Map();
  const notes: string[] = [];
  const returns: [string, { app: number[]; floor: number[] }][] = [];
  let signInLoads: { app: Load[]; floor: Load[] } | null = null;
  try {
    await buildFloor(floorDir);
    floorApp = await buildApp({ database: { ...database, close: async () => {} } as Database, staticDir: floorDir, trackerSweepSeconds: 0, ...options });
    const floorUrl = await floorApp.listen({ host: '127.0.0.1', port: 0 });
    const part = async (name: string, email: string, run: (pages: Pages) => Promise<void>) => {
      if (!wanted(name)) return;
      const pages = await openPages(browser, url, floorUrl, email);
      notes.push(`${email} lands on ${pages.landed} after sign-in`);
      try {
        await run(pages);
      } finally {
        await pages.context.close();
      }
    };
    await part('companies', 'admin@demo.test', async (pages) => {
      notes.push(...(await companies(pages, results)));
      const list: Ready = { hash: '^#/companies', all: [cell(1)] };
      returns.push(['companies list', await returning(pages, url, floorUrl, `#/companies?filter=${FILTER}&order=ASC&page=1&perPage=25&sort=name`, list, { hash: '^#/companies', all: [floorCell(1)], screen: true })]);
      returns.push(['company profile', await returning(pages, url, floorUrl, '#/companies/profile/1', { hash: 'profile', all: ['main input[name="name"]'], filled: 'main input[name="name"]' }, { hash: 'profile', all: ['main [data-floor-screen] input[name="name"]'], filled: 'main input[name="name"]', screen: true })]);
    });
    await part('config', 'dealer@demo.test', async (pages) => {
      notes.push(...(await config(pages, results)));
      returns.push(['config dashboard (dealer)', await returning(pages, url, floorUrl, '#/configurator/1/dashboard', { hash: 'dashboard', all: ['[data-testid="config-dashboard-page"] [data-testid="section-opening-hours"]'] }, { hash: 'dashboard', all: ['main [data-floor-screen] [data-testid="section-opening-hours"]'], screen: true })]);
    });
    await part('tracker', 'pm@demo.test', async (pages) => void notes.push(...(await tracker(pages, results))));
    await part('agreements', 'admin@demo.test', async (pages) => void notes.push(...(await agreements(pages, results))));
    if (wanted('sign-in')) {
      // One warm-up load each (the server's first-request costs), then alternately.
      await coldLoad(browser, url, 'compressed');
      await coldLoad(browser, floorUrl, 'compressed');
      signInLoads = { app: [], floor: [] };
      for (let i = 0; i < SIGN_IN_LOADS; i++) {
        signInLoads.app.push(await coldLoad(browser, url, 'compressed'));
        signInLoads.floor.push(await coldLoad(browser, floorUrl, 'compressed'));
      }
    }
  } finally {
    await browser.close();
    await floorApp?.close();
    await app.close();
    rmSync(floorDir, { recursive: true, force: true });
  }
  report(results, notes, returns, signInLoads, load);
}

function report(results: Results, notes: string[], returns: [string, { app: number[]; floor: number[] }][], signInLoads: { app: Load[]; floor: Load[] } | null, load: number): void {
  const ms = (v: number) => `${v.toFixed(0)}`;
  const longest = (moved: Moved[]) => Math.max(0, ...moved.map((m) => m.longest));
  console.log(`moves between screens, signed in, app already loaded: ${REPS} each after the first (load average ${load.toFixed(2)} at the start, ${loadavg()[0].toFixed(2)} at the end)`);
  console.log('targets of issue 59: median < 100 ms, p95 < 150 ms; the first opening of a screen < 150 ms with no overlay');
  console.log(`${'move'.padEnd(58)} ${'app med / p95'.padStart(14)} ${'floor med / p95'.padStart(16)}  ratio  overlay  cue    longest task  data at (app / floor)  target`);
  for (const [name, { app, floor }] of results) {
    if (!app.rest.length) continue;
    const a = app.rest.map((m) => m.ms);
    const f = floor.rest.map((m) => m.ms);
    const met = median(a) < 100 && quantile(a, 0.95) < 150;
    const overlays = app.rest.filter((m) => m.overlay).length;
    console.log(
      `${name.padEnd(58)} ${`${ms(median(a))} / ${ms(quantile(a, 0.95))}`.padStart(14)} ${(f.length ? `${ms(median(f))} / ${ms(quantile(f, 0.95))}` : 'none').padStart(16)}  ${(f.length ? `${(median(a) / median(f)).toFixed(2)}x` : '').padStart(5)}  ${`${overlays}/${a.length}`.padStart(7)}  ${`${app.rest.filter((m) => m.cue).length}/${a.length}`.padStart(5)}  ${`${ms(longest(app.rest))} ms`.padStart(12)}  ${`${ms(median(app.rest.map((m) => m.data)))} / ${f.length ? ms(median(floor.rest.map((m) => m.data))) : '-'} ms`.padStart(21)}  ${met ? 'met' : 'NOT met'}`,
    );
  }
  // Where the slowest moves' time went: the longest animation frame of each move's slowest run.
  for (const [name, { app }] of results) {
    const worst = [...app.rest].sort((x, y) => y.ms - x.ms)[0];
    if (worst?.frame) console.log(`  ${name}: slowest ${ms(worst.ms)} ms, data at ${ms(worst.data)} ms; its longest frame: ${worst.frame}`);
  }
  console.log('\nfirst opening in a visit (the first move of its kind after sign-in, its code not loaded yet):');
  console.log(`${'move'.padEnd(58)} ${'app'.padStart(8)} ${'overlay'.padStart(8)} ${'longest task'.padStart(13)} ${'code at'.padStart(8)} ${'data asked / in'.padStart(16)} ${'floor'.padStart(8)}  target`);
  for (const [name, { app, floor }] of results) {
    if (!app.first) continue;
    const f = app.first;
    const met = f.ms < 150 && !f.overlay;
    console.log(`${name.padEnd(58)} ${`${ms(f.ms)} ms`.padStart(8)} ${(f.overlay ? 'shown' : 'no').padStart(8)} ${`${ms(f.longest)} ms`.padStart(13)} ${`${ms(f.code)} ms`.padStart(8)} ${`${ms(f.asked)} / ${ms(f.data)} ms`.padStart(16)} ${(floor.first ? `${ms(floor.first.ms)} ms` : '').padStart(8)}  ${met ? 'met' : 'NOT met'}`);
  }
  for (const n of notes) console.log(`note: ${n}`);
  if (returns.length) {
    console.log(`\nreturning visit: a new tab, HTTP cache warm, remember-me, navigation start to content, median of ${RETURNS} (target: within 1.3x the floor)`);
    for (const [name, t] of returns) {
      const ratio = median(t.app) / median(t.floor);
      console.log(`${name.padEnd(58)} app ${`${ms(median(t.app))} ms`.padStart(8)}   floor ${`${ms(median(t.floor))} ms`.padStart(8)}   ratio ${ratio.toFixed(2)}x  ${ratio <= 1.3 ? 'met' : 'NOT met'}`);
    }
  }
  if (signInLoads) {
    const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
    const range = (xs: number[]) => `${Math.min(...xs)}-${Math.max(...xs)}`;
    const fig = (ls: Load[]) => ({ sent: range(ls.map((l) => l.formRequests)), requests: median(ls.map((l) => l.formRequests)), bytes: median(ls.map((l) => l.formBytes)), ms: median(ls.map((l) => l.formVisibleMs)), all: median(ls.map((l) => l.requests)), wire: median(ls.map((l) => l.wireBytes)) });
    const a = fig(signInLoads.app);
    const f = fig(signInLoads.floor);
    console.log(`\nsign-in page, first visit (fresh context, nothing cached), median of ${SIGN_IN_LOADS}: before the form is visible (targets: <= 8 requests, <= 150 KiB, within 1.5x the floor)`);
    console.log(`app:   ${a.requests} requests sent (${a.sent} over the loads), ${kib(a.bytes)} received, form visible ${a.ms} ms (until the network is quiet: ${a.all} requests, ${kib(a.wire)})`);
    console.log(`floor: ${f.requests} requests sent (${f.sent}), ${kib(f.bytes)} received, form visible ${f.ms} ms (until the network is quiet: ${f.all} requests, ${kib(f.wire)})`);
    // As the page saw it (wire.ts InPage): no Playwright poll between the paint and the count.
    const seen = (ls: Load[]) => `${median(ls.map((l) => l.inPage.sent))} requests started (${range(ls.map((l) => l.inPage.sent))}), ${kib(median(ls.map((l) => l.inPage.bytes)))} in, form painted at ${median(ls.map((l) => l.inPage.formMs))} ms`;
    console.log(`in the page, before the form painted: app ${seen(signInLoads.app)}; floor ${seen(signInLoads.floor)}`);
    // The app's last load: what it had asked for when its form showed, and what had come in (biggest first).
    const last = signInLoads.app[signInLoads.app.length - 1];
    const path = (u: string) => u.replace(/^https?:\/\/[^/]+/, '');
    for (const [u, n] of [...last.formByUrl].sort((x, y) => y[1] - x[1])) console.log(`  ${kib(n).padStart(10)}  ${path(u)}`);
    const pending = last.formSent.filter((u) => !last.formByUrl.has(u));
    if (pending.length) console.log(`  asked for, not yet in (${pending.length}): ${pending.map(path).join(' ')}`);
    console.log(`ratio ${(a.ms / f.ms).toFixed(2)}x; requests ${a.requests <= 8 ? 'met' : 'NOT met'}, bytes ${a.bytes <= 150 * 1024 ? 'met' : 'NOT met'}, time ${a.ms / f.ms <= 1.5 ? 'met' : 'NOT met'}`);
  }
}
