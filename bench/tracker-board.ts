/**
 * The task board of a big project in the built app (issue 28: "the board of a project with 500
 * tasks paints in under 1 s and a drag step under 16 ms"). The real server on dist/ (in this
 * process, on an in-memory database with the demo data, as the other page benches), the demo
 * project manager pm@demo.test signed in; the demo project "Demo Motors website launch" gets 500
 * more tasks in SQL (its first task group, the first stage, after the cards already there, due
 * CURRENT_DATE + g). Measured in headless Chromium, median of 5 runs, each in a fresh context:
 * - cold: a full load of `/#/tracker/{id}/profile` with the HTTP cache emptied (a first visit);
 * - warm: moving there from the project's summary page (its "open profile" link, as a user does);
 *   for both: (a) from the end of the `/api/projects/{id}/tasks` response (the page's resource
 *   timing) to the first frame with every card in the DOM (polled each requestAnimationFrame),
 *   and (b) from navigation start (the click for warm) to that frame;
 * - a drag step: a card's handle pressed and moved toward the Done column, ~30 pointer steps:
 *   the rAF gaps while real (CDP) mouse moves arrive, and the main-thread time per pointer move
 *   (see `stepWork` for how and why).
 * Against, in the same run: the same task names in the same stage columns as plain static HTML, no
 * React (cards in columns, simply styled), measured the same way: its paint, the rAF gaps while the
 * mouse moves over it (the frame floor) and the same per-move probe (the method's floor).
 * Budgets: board paint (a) under 1 s; a drag step's median under 16 ms.
 *
 * Run: `npm run bench -- tracker-board` (builds dist/); `BENCH_DIST=<folder> npx tsx bench/run.ts
 * tracker-board` measures another build.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildApp } from '../server/app';
import { openPglite } from '../server/db/database';
import { seedDatabase } from '../server/db/seed';
import { launchBrowser } from '../tests/support/browser';
import { signInAt } from './paint';

const PASSWORD = 'Demo-pass-2026';
const PROJECT = 'Demo Motors website launch';
const BULK = 500;
const RUNS = 5;
const STEPS = 30;
const CARD = '[data-testid="task-card"]';
/** The card dragged: one of the bulk ones, in the first column. */
const DRAGGED = 'Bulk task 3';
const FLOOR_URL = 'http://board-floor.test/';

declare global {
  interface Window {
    __board: { cards?: number; arm(): void };
  }
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(s.length * q))] : NaN;
};
const median = (xs: number[]) => quantile(xs, 0.5);
const fmt = (v: number) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : 'n/a');

/**
 * An init script (a string: tsx would wrap inner functions in a `__name` helper the page lacks):
 * from the document's start, each animation frame checks whether `expected` cards are in the DOM
 * and records the time of the first frame that has them (`arm()` watches again, before an in-app
 * navigation). The resource timing buffer is raised so the tasks response is never dropped.
 */
const boardRecorder = (expected: number) => `(() => {
  performance.setResourceTimingBufferSize(2000);
  let generation = 0;
  const state = {
    cards: undefined,
    arm() {
      const mine = ++generation;
      state.cards = undefined;
      const poll = () => {
        if (mine !== generation) return;
        if (document.querySelectorAll(${JSON.stringify(CARD)}).length >= ${expected}) state.cards = performance.now();
        else requestAnimationFrame(poll);
      };
      requestAnimationFrame(poll);
    },
  };
  window.__board = state;
  state.arm();
})();`;

/** The page-clock time of the first frame with every card; `what` names the page in the error. */
async function cardsPainted(page: Page, what: string): Promise<number> {
  try {
    // A function, not a string: the app's CSP refuses string evaluation in the page.
    await page.waitForFunction(() => window.__board?.cards !== undefined, undefined, { timeout: 60_000, polling: 50 });
  } catch (err) {
    const seen = await page.evaluate((sel) => document.querySelectorAll(sel).length, CARD).catch(() => null);
    throw new Error(`${what}: the cards never all showed at ${page.url()} (${seen} cards) (${(err as Error).message.split('\n')[0]})`);
  }
  return page.evaluate(() => window.__board.cards!);
}

/** The end of the last response whose address holds `part` and that started at or after `since` (page clock). */
const responseEnd = (page: Page, part: string, since: number) =>
  page.evaluate(
    ([p, s]) => {
      const hits = performance.getEntriesByType('resource').filter((e) => e.name.includes(p as string) && e.startTime >= (s as number));
      return hits.length ? (hits[hits.length - 1] as PerformanceResourceTiming).responseEnd : NaN;
    },
    [part, since] as const,
  );

/**
 * The rAF gaps while the mouse moves in STEPS steps from (x0, y0) to (x1, y1), one move per frame
 * (as the saved browser test did). At 60 Hz a gap is 16.7 ms at best; a step that costs more than
 * a frame shows as a 33 ms gap. The first gap (from the recorder's start) is dropped.
 */
async function frameGaps(page: Page, x0: number, y0: number, x1: number, y1: number): Promise<number[]> {
  await page.evaluate(`(() => {
    const w = window;
    w.__gaps = [];
    w.__gapsOn = true;
    let last = performance.now();
    const tick = (now) => {
      w.__gaps.push(now - last);
      last = now;
      if (w.__gapsOn) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  for (let i = 1; i <= STEPS; i++) {
    await page.mouse.move(x0 + ((x1 - x0) * i) / STEPS, y0 + ((y1 - y0) * i) / STEPS);
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => r(null)))');
  }
  const gaps = (await page.evaluate('(window.__gapsOn = false, window.__gaps)')) as number[];
  return gaps.slice(1);
}

/**
 * The main thread's time per pointer move, with no wait for the display in it. Why this method:
 * the rAF gap is quantised to the display's 16.7 ms, so it cannot tell a 2 ms step from a 15 ms
 * one; the Event Timing API ('event' entries) leaves out continuous events such as pointermove,
 * and long-animation-frame entries only exist for frames over 50 ms. So each step, started just
 * after a frame: a synthetic `pointermove` (the drag is live: dnd-kit's PointerSensor listens on
 * the document) is dispatched, then three MessageChannel hops let React's scheduled render and
 * passive effects run (a pointermove update is a continuous-priority render, scheduled as a
 * MessageChannel task from a microtask, so a message posted after it runs after it); then the
 * next frame: its rAF callbacks before ours (timed from the frame's start stamp) and a forced
 * style + layout. Work = (dispatch to the last hop) + (frame start to layout done). Paint and
 * compositing are left out (mostly off the main thread). On the static page it is the probe's floor.
 */
async function stepWork(page: Page, x0: number, y0: number, x1: number, y1: number): Promise<number[]> {
  const args = JSON.stringify({ x0, y0, x1, y1, steps: STEPS });
  return (await page.evaluate(`(async () => {
    const { x0, y0, x1, y1, steps } = ${args};
    const hop = () => new Promise((r) => { const ch = new MessageChannel(); ch.port1.onmessage = () => r(null); ch.port2.postMessage(0); });
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    const out = [];
    for (let i = 1; i <= steps; i++) {
      await frame();
      await hop();
      const x = x0 + ((x1 - x0) * i) / steps;
      const y = y0 + ((y1 - y0) * i) / steps;
      const t0 = performance.now();
      document.dispatchEvent(new PointerEvent('pointermove', { clientX: x, clientY: y, screenX: x, screenY: y, bubbles: true, cancelable: true, composed: true, pointerId: 1, pointerType: 'mouse', isPrimary: true, buttons: 1 }));
      await Promise.resolve();
      await hop();
      await hop();
      await hop();
      const t1 = performance.now();
      const start = await frame();
      document.body.getBoundingClientRect();
      void document.body.offsetHeight;
      const t2 = performance.now();
      out.push(t1 - t0 + Math.max(0, t2 - start));
    }
    return out;
  })()`)) as number[];
}

interface Drag { gaps: number[]; work: number[] }

/** Presses the dragged card's handle (the app: the drag starts past dnd-kit's 5 px), moves toward Done, measures, cancels. */
async function drag(page: Page, press: boolean): Promise<Drag> {
  const handleLocator = page.locator(`${CARD}[data-task-name="${DRAGGED}"]`).getByTestId('task-handle');
  await handleLocator.scrollIntoViewIfNeeded();
  const handle = (await handleLocator.boundingBox())!;
  const target = (await page.locator('[data-testid="board-column"][data-stage-name="Done"]').boundingBox())!;
  const x0 = handle.x + 10;
  const y0 = handle.y + 10;
  const x1 = target.x + 100;
  await page.mouse.move(x0, y0);
  if (press) await page.mouse.down();
  await page.mouse.move(x0 + 20, y0, { steps: 3 });
  // The lifted card (dnd-kit's overlay) follows the pointer: the drag is live.
  const lifted = page.locator('.tb-lifted');
  if (press && !(await lifted.count())) throw new Error('the drag did not start: no lifted card');
  const gaps = await frameGaps(page, x0 + 20, y0, x1, y0 + STEPS * 4);
  // Back near the start, then the synthetic steps over the same path (the drag is still live).
  await page.mouse.move(x0 + 20, y0, { steps: 3 });
  const before = press ? (await lifted.boundingBox())?.x : undefined;
  const work = await stepWork(page, x0 + 20, y0, x1, y0 + STEPS * 4);
  if (press && (await lifted.boundingBox())?.x === before) throw new Error('the synthetic pointer moves did not move the lifted card');
  if (press) {
    await page.keyboard.press('Escape');
    await page.mouse.up();
  }
  return { gaps, work };
}

interface Figures { cards: number; coldData: number[]; coldNav: number[]; warmData: number[]; warmNav: number[]; gaps: number[]; work: number[] }

async function newContext(browser: Browser, expected: number): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-GB' });
  await context.addInitScript(() => localStorage.setItem('portal.cookieConsent', 'accepted'));
  await context.addInitScript(boardRecorder(expected));
  return context;
}

/** The app: RUNS fresh contexts, each a cold full load, a warm move from the summary, a drag. */
async function measureApp(browser: Browser, url: string, id: number, expected: number): Promise<Figures> {
  const f: Figures = { cards: 0, coldData: [], coldNav: [], warmData: [], warmNav: [], gaps: [], work: [] };
  const tasksPath = `/api/projects/${id}/tasks`;
  for (let run = 0; run < RUNS; run++) {
    const context = await newContext(browser, expected);
    try {
      const page = await context.newPage();
      await signInAt(page, url, 'pm@demo.test', PASSWORD);
      await page.waitForURL((u) => !u.hash.startsWith('#/login'));
      await page.getByTestId('page-title').first().waitFor();
      // Cold: the HTTP cache emptied, a new document for the board's address (the session from its cookie).
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await page.goto('about:blank');
      await page.goto(`${url}/#/tracker/${id}/profile`);
      const cold = await cardsPainted(page, 'cold load');
      f.coldNav.push(cold);
      f.coldData.push(cold - (await responseEnd(page, tasksPath, 0)));
      f.cards = await page.locator(CARD).count();

      // Warm: a fresh document on the summary (no tasks in the app's query cache), then its link to the board.
      await page.goto(`${url}/#/tracker/${id}/summary`);
      await page.reload();
      await page.getByTestId('project-summary').waitFor();
      await page.getByTestId('open-profile').waitFor();
      await page.waitForTimeout(500);
      const began = await page.evaluate(() => {
        window.__board.arm();
        const t0 = performance.now();
        (document.querySelector('[data-testid="open-profile"]') as HTMLElement).click();
        return t0;
      });
      const warm = await cardsPainted(page, 'from the summary');
      f.warmNav.push(warm - began);
      f.warmData.push(warm - (await responseEnd(page, tasksPath, began)));

      await page.waitForTimeout(300);
      const d = await drag(page, true);
      f.gaps.push(...d.gaps);
      f.work.push(...d.work);
    } finally {
      await context.close();
    }
  }
  return f;
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

interface BoardRow { name: string; stage_id: number; grp: string; due: string | null }

/** The same cards as static HTML: columns of the stages in order, each card its name, group and due date. */
function staticBoard(stages: Array<{ id: number; name: string }>, tasks: BoardRow[]): string {
  const columns = stages.map((s) => {
    const cards = tasks.filter((t) => t.stage_id === s.id);
    const items = cards
      .map((t) => `<li class="card" data-testid="task-card" data-task-name="${esc(t.name)}"><span class="handle" data-testid="task-handle">&#8942;&#8942;</span><div><div class="name">${esc(t.name)}</div><div class="meta">${esc(t.grp)}${t.due ? ` &middot; due ${esc(t.due)}` : ''}</div></div></li>`)
      .join('');
    return `<section class="col" data-testid="board-column" data-stage-name="${esc(s.name)}"><h3>${esc(s.name)} <span>${cards.length}</span></h3><ul>${items}</ul></section>`;
  });
  const css = `body{margin:16px;font:14px/1.4 system-ui,sans-serif}.board{display:flex;gap:12px;align-items:stretch}.col{flex:0 0 272px;width:272px;background:#f0f0f0;border-radius:4px;padding:8px}.col h3{display:flex;justify-content:space-between;font-size:14px;margin:0 0 8px}ul{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}.card{display:flex;gap:6px;background:#fff;border:1px solid #ddd;border-radius:4px;padding:8px}.handle{color:#888;cursor:grab}.meta{color:#666;font-size:12px}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>board floor</title><style>${css}</style></head><body><div class="board">${columns.join('')}</div></body></html>`;
}

/**
 * The floor: the static board, served by the bench through page.route on a real navigation rather
 * than page.setContent (which writes into the current document: no navigation start of its own and
 * no init script), so it is timed with the same recorder and clock as the app; (a) counts from the
 * document's response end, the moment its data is in.
 */
async function measureFloor(browser: Browser, html: string, expected: number): Promise<Figures> {
  const f: Figures = { cards: 0, coldData: [], coldNav: [], warmData: [], warmNav: [], gaps: [], work: [] };
  for (let run = 0; run < RUNS; run++) {
    const context = await newContext(browser, expected);
    try {
      await context.route(FLOOR_URL, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
      const page = await context.newPage();
      await page.goto(FLOOR_URL);
      const t = await cardsPainted(page, 'static board');
      f.coldNav.push(t);
      f.coldData.push(t - (await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseEnd)));
      f.cards = await page.locator(CARD).count();
      await page.waitForTimeout(300);
      const d = await drag(page, false);
      f.gaps.push(...d.gaps);
      f.work.push(...d.work);
    } finally {
      await context.close();
    }
  }
  return f;
}

export async function benchTrackerBoard(): Promise<void> {
  const dist = resolve(process.env.BENCH_DIST ?? 'dist');
  if (!existsSync(resolve(dist, 'index.html'))) throw new Error(`${dist}/index.html is missing: run \`npm run build\` first`);
  const database = await openPglite(null);
  await database.migrate();
  await seedDatabase(database.db, { demo: true, demoPassword: PASSWORD });
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

  const [project] = await rows<{ id: number }>(sql`SELECT id FROM projects WHERE name = ${PROJECT} ORDER BY id LIMIT 1`);
  if (!project) throw new Error(`the demo project "${PROJECT}" is missing`);
  const id = Number(project.id);
  // 500 tasks straight into the table, as the saved browser test did: its first task group, the
  // first stage, after the cards already there, due CURRENT_DATE + g; then the project's figures.
  await database.db.execute(sql`
    INSERT INTO project_tasks (project_id, project_task_type_id, name, stage_id, position, due_date)
    SELECT ${id}, (SELECT id FROM project_task_types WHERE project_id = ${id} ORDER BY position, id LIMIT 1), 'Bulk task ' || g,
      (SELECT id FROM task_stages ORDER BY position, id LIMIT 1),
      (SELECT coalesce(max(position), 0) FROM project_tasks WHERE project_id = ${id} AND stage_id = (SELECT id FROM task_stages ORDER BY position, id LIMIT 1)) + g,
      CURRENT_DATE + g
    FROM generate_series(1, ${BULK}) AS g`);
  await database.db.execute(sql`
    UPDATE projects p SET tasks_total = t.total, tasks_done = t.done, complete_percentage = round(100.0 * t.done / t.total)
    FROM (SELECT count(*) AS total, count(*) FILTER (WHERE s.is_done) AS done FROM project_tasks pt JOIN task_stages s ON s.id = pt.stage_id WHERE pt.project_id = ${id}) t
    WHERE p.id = ${id}`);
  const stages = await rows<{ id: number; name: string }>(sql`SELECT id, name FROM task_stages ORDER BY position, id`);
  const tasks = await rows<BoardRow>(sql`
    SELECT pt.name, pt.stage_id, coalesce(ty.name, '') AS grp, to_char(pt.due_date, 'YYYY-MM-DD') AS due
    FROM project_tasks pt LEFT JOIN project_task_types ty ON ty.id = pt.project_task_type_id
    WHERE pt.project_id = ${id} ORDER BY pt.stage_id, pt.position, pt.id`);
  const expected = tasks.length;

  const app = await buildApp({ database, staticDir: dist, smtpUrl: null, publicUrl: 'http://127.0.0.1', secureCookies: false, maxEventLoopDelay: false, logger: false });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const browser = await launchBrowser();
  try {
    const ours = await measureApp(browser, url, id, expected);
    const floor = await measureFloor(browser, staticBoard(stages, tasks), expected);
    console.log(`"${PROJECT}" + ${BULK} tasks: ${expected} tasks over ${stages.length} columns; paint: median of ${RUNS} runs, each a fresh context; drag: ${STEPS} steps per run toward Done, pooled`);
    console.log('  (a) tasks response end -> every card on screen (polled each animation frame); (b) navigation start (warm: the click) -> the same frame');
    console.log(`${'page'.padEnd(40)} cards  cold (a)   cold (b)   warm (a)   warm (b)   rAF gap p50  p95     work/move p50  p95`);
    const row = (label: string, f: Figures) =>
      `${label.padEnd(40)} ${String(f.cards).padStart(5)}  ${fmt(median(f.coldData)).padStart(9)}  ${fmt(median(f.coldNav)).padStart(9)}  ${(f.warmData.length ? fmt(median(f.warmData)) : '-').padStart(9)}  ${(f.warmNav.length ? fmt(median(f.warmNav)) : '-').padStart(9)}  ${fmt(median(f.gaps)).padStart(9)}  ${fmt(quantile(f.gaps, 0.95)).padStart(8)}  ${fmt(median(f.work)).padStart(11)}  ${fmt(quantile(f.work, 0.95)).padStart(8)}`;
    console.log(row('app, /#/tracker/{id}/profile (board)', ours));
    console.log(row('floor: static HTML columns, no React', floor));
    const ratio = (a: number, b: number) => (Number.isFinite(a / b) ? (a / b).toFixed(2) : 'n/a');
    console.log(`ratio (app / floor): cold (a) ${ratio(median(ours.coldData), median(floor.coldData))}, cold (b) ${ratio(median(ours.coldNav), median(floor.coldNav))}; rAF gap median ${ratio(median(ours.gaps), median(floor.gaps))}; work per move median ${ratio(median(ours.work), median(floor.work))} (${ours.gaps.length} app gaps, ${ours.work.length} app moves)`);
    console.log('  a rAF gap is 16.7 ms at best at 60 Hz, so the drag step\'s budget is read on the main-thread work per move; the gap shows dropped frames (33 ms)');
    const paint = Math.max(median(ours.coldData), median(ours.warmData));
    const ok = (b: boolean) => (b ? 'met' : 'NOT met');
    console.log(`targets (app): board paint (a) < 1000 ms ${ok(paint < 1000)} (cold and warm, worst ${fmt(paint)}); drag step median < 16 ms ${ok(median(ours.work) < 16)} (work per move ${fmt(median(ours.work))}; rAF gap median ${fmt(median(ours.gaps))}, no more than one frame: ${ok(median(ours.gaps) < 20)})`);
  } finally {
    await browser.close();
    await app.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await benchTrackerBoard();
}
