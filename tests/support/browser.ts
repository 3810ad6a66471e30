import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type LaunchOptions, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { countPageLoad } from './test-meta-counters';

/**
 * Finds a Chromium to drive, in the order design.md gives: CHROMIUM_PATH, a system
 * Chromium/Chrome, Playwright's own browsers, then the npm-shipped @sparticuz/chromium
 * (which needs nothing beyond `npm install`, so `npm test` works on a fresh machine).
 *
 * Among system browsers the headless shell comes first (Debian's chromium-headless-shell, the
 * build Playwright itself runs headless): the same Blink and V8, without the full browser's UI
 * processes. Measured here, signing in six times took about 19 s of browser CPU with it against
 * 40-44 s with the full chromium binary, whose `--headless` is the whole browser.
 */
export async function findChromium(): Promise<string> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist`);
    return fromEnv;
  }
  const system = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];
  for (const candidate of system) if (existsSync(candidate)) return candidate;
  try {
    const bundled = chromium.executablePath();
    if (bundled && existsSync(bundled)) return bundled;
  } catch {
    // Playwright has no browsers of its own installed: fall through.
  }
  const sparticuz = (await import('@sparticuz/chromium')).default;
  return sparticuz.executablePath();
}

// Flags that keep Chromium off the (closed) network and working as root in CI.
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-extensions',
];

/** Launches headless Chromium with the flags this workplace needs. */
export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  const executablePath = await findChromium();
  const browser = await chromium.launch({ headless: true, ...options, executablePath, args: [...ARGS, ...(options.args ?? [])] });
  // Every page of every context counts its loads (tests/support/test-meta.ts reports them per test).
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    context.on('page', (page) => page.on('load', countPageLoad));
    return context;
  };
  return browser;
}

// The worker's Chromium, shared by the browser files it runs (isolate: false keeps this module, a
// global keeps it even so). Launching costs about a second of CPU per file; each file still gets
// fresh contexts (cookies, storage, cache of their own) and closes them with `closeContexts`.
const shared = globalThis as typeof globalThis & { portalBrowser?: Promise<Browser> };

/**
 * The worker's headless Chromium, launched on first use and again if it went away. Do not close
 * it: close the contexts you made (`closeContexts`); the browser ends with the worker.
 */
export async function workerBrowser(): Promise<Browser> {
  const current = shared.portalBrowser;
  if (current) {
    const browser = await current.catch(() => null);
    if (browser?.isConnected()) return browser;
  }
  const launching = launchBrowser();
  shared.portalBrowser = launching;
  return launching;
}

/** Closes every context of the worker's browser: what a file opened, at its end. */
export async function closeContexts(browser: Browser | undefined): Promise<void> {
  for (const context of browser?.contexts() ?? []) await context.close().catch(() => {});
}

/**
 * How long `expect.poll` waits for a page to show something (vitest's default is 1 s, too short for
 * a real Chromium on a loaded 2-core CI machine).
 * @example await expect.poll(() => page.getByTestId('topbar-greeting').textContent(), SETTLE).toContain('Dana')
 */
export const SETTLE = { timeout: 15_000 } as const;

/**
 * Picks up the focused drag handle with Space, as dnd-kit's keyboard sensor expects, and returns once
 * the arrows will move it: dnd-kit announces the row over its own place (`over`, which it can only do
 * once it has measured the rows; an arrow before that finds no place to go), and the sensor listens
 * for keys. The sensor adds its keydown listener in a `setTimeout` after the pick-up, and Chromium runs
 * input before timers, so an arrow sent at once can arrive before the listener and be lost: the row
 * then stays where it was. A timer set now runs after the sensor's (timers of equal delay run in the
 * order they were set). A person cannot press that fast; only a test can.
 */
export async function pickUpWithKeyboard(page: Page, over: RegExp): Promise<void> {
  await page.keyboard.press('Space');
  await expect.poll(() => page.locator('[id^="DndLiveRegion"]').textContent(), SETTLE).toMatch(over);
  await page.evaluate(() => new Promise((done) => setTimeout(done, 0)));
}

/**
 * Headless Chromium on a profile kept on disk (`userDataDir`), as a person's browser is: its HTTP
 * cache and V8's compiled-code cache outlive a tab. A context from `launchBrowser().newContext()`
 * is off the record (memory only), which is a first visit's state, not a returning visitor's.
 */
export async function launchProfile(userDataDir: string, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const executablePath = await findChromium();
  return chromium.launchPersistentContext(userDataDir, { headless: true, ...options, executablePath, args: ARGS });
}
