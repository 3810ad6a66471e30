import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { SETTLE, workerBrowser } from '../support/browser';

export { pickUpWithKeyboard, SETTLE } from '../support/browser';
import { DEMO_PASSWORD, startTestServer, type TestServer, type TestServerOptions } from '../support/server';

export { DEMO_PASSWORD };

export interface PageOptions {
  /** false: no cookie consent stored, so the banner shows. */
  consent?: boolean;
  locale?: string;
  viewport?: { width: number; height: number };
}

export interface SignInOptions {
  password?: string;
  remember?: boolean;
  /**
   * The hash route to open once signed in. By default the Login page, which sends a signed-in
   * user where the form's sign-in lands (the dashboard, or the company stage's screen), waited for.
   */
  route?: string;
}

export interface E2E {
  server: TestServer;
  browser: Browser;
  /** A fresh browser profile (cookies, storage) on the app; pass `consent: false` to see the cookie banner. */
  newPage(opts?: PageOptions): Promise<{ context: BrowserContext; page: Page }>;
  /**
   * Signs the page's browser profile in as `email` and opens `route` in it (listeners added before
   * stay). Only the tests of the Login page itself need to sign in through its form (`signIn`).
   */
  openSignedIn(page: Page, email: string, opts?: SignInOptions): Promise<void>;
  close(): Promise<void>;
}

// E2E_DIST lets a developer point the suite at another build folder.
/** Pages of this worker not yet closed, newest last: what a failed test's report shows (failure-report.ts). */
export const livePages = new Set<Page>();

const DIST = resolve(process.env.E2E_DIST ?? 'dist');

/**
 * The real server (fresh database, demo data, real SMTP catcher) serving the production build in
 * dist/, and the worker's headless Chromium (a fresh context per page, closed with the file).
 * `npm test` builds dist/ before the browser suite runs.
 */
export async function startE2E(opts: TestServerOptions = {}): Promise<E2E> {
  if (!existsSync(resolve(DIST, 'index.html'))) throw new Error('dist/index.html is missing: run `npm run build` before the browser tests');
  const server = await startTestServer({ ...opts, staticDir: DIST });
  const browser = await workerBrowser();
  const contexts: BrowserContext[] = [];
  const newPage: E2E['newPage'] = async ({ consent = true, locale = 'en-GB', viewport = { width: 1280, height: 800 } } = {}) => {
    // Reduced motion, as a visitor can ask their system for (src/theme.ts): dialogs and menus open
    // and close at once, so a test neither waits out nor paints their transitions.
    const context = await browser.newContext({ baseURL: server.url, locale, viewport, reducedMotion: 'reduce' });
    contexts.push(context);
    // Most tests are not about the cookie banner: store consent as the banner itself would.
    if (consent) await context.addInitScript(() => localStorage.setItem('portal.cookieConsent', 'accepted'));
    const page = await context.newPage();
    livePages.add(page);
    page.on('close', () => livePages.delete(page));
    page.setDefaultTimeout(15_000);
    // A whole page load (the app's scripts compiled afresh in a new context) is the step that
    // stretches most when the machine is busy: it gets twice the time of an action.
    page.setDefaultNavigationTimeout(30_000);
    return { context, page };
  };
  const openSignedIn: E2E['openSignedIn'] = async (page, email, { password = DEMO_PASSWORD, remember = false, route } = {}) => {
    await signInThroughApi(page.context(), server.url, email, password, remember);
    await page.goto(`/#${route ?? '/login'}`);
    if (!route) await waitForLanding(page);
  };
  return {
    server,
    browser,
    newPage,
    openSignedIn,
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await server.close();
    },
  };
}

/**
 * Signs a browser profile in as the Login form does, without showing the form: `POST /api/login`
 * from the profile (which keeps the httpOnly refresh cookie and the known-device cookie it sets),
 * then the access-token cookie the app writes on success (src/session/storage.ts). The app started
 * next finds the token and loads the user, as after a reload. It saves a page load and the landing's
 * screen per sign-in: about 90 sign-ins a run, each one or two seconds of CPU.
 */
async function signInThroughApi(context: BrowserContext, url: string, email: string, password: string, remember: boolean): Promise<void> {
  const answer = await context.request.post(`${url}/api/login`, { data: { email, password, remember } });
  if (!answer.ok()) throw new Error(`signing in as ${email} failed: ${answer.status()} ${await answer.text()}`);
  const { access_token: token, expires_in: lifetime } = (await answer.json()) as { access_token: string; expires_in: number };
  const expires = remember ? Math.floor(Date.now() / 1000) + lifetime : undefined;
  await context.addCookies([
    { name: 'portal_token', value: encodeURIComponent(token), url, sameSite: 'Strict', ...(expires ? { expires } : {}) },
    ...(remember ? [{ name: 'portal_remember', value: '1', url, sameSite: 'Strict' as const, expires: Math.floor(Date.now() / 1000) + 30 * 24 * 3600 }] : []),
  ]);
}

/** Signs in on the Login page with the given account. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, { remember = false } = {}) {
  const form = page.getByTestId('login-form');
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  if (remember) await form.getByLabel('Remember me').check();
  await form.getByRole('button', { name: 'Login' }).click();
}

/**
 * Waits until signing in has landed for good: Dashboard, or for a configurator-stage dealer Config
 * (their configs, once loaded) or the dashboard of their one config, or for a showcase-stage dealer
 * the showcases. The address passes through
 * `#/dashboard` and `#/configurator` on the way, so a `goto` made when those first show races the
 * landing's last redirect, which then takes the page away from where the test went.
 */
export async function waitForLanding(page: Page): Promise<void> {
  await page
    .locator('[data-testid="dashboard-page"], [data-testid="config-dashboard-page"], [data-testid="config-list-page"][data-ready], [data-testid="showcases-page"][data-ready]')
    .first()
    .waitFor({ timeout: 30_000 });
}

/** The path part of the hash route the page is on, e.g. '/dashboard' or '/login?redirect=...'. */
export function hashPath(page: Page): string {
  const hash = new URL(page.url()).hash;
  return decodeURIComponent(hash.replace(/^#/, '')) || '/';
}


/**
 * Which of `names` the page shows outside the element with test id `except`: a tenancy check on a
 * page that also lists what every signed-in user reads (the dashboard's live releases name dealers).
 */
export function namesShownOutside(page: Page, except: string, names: string[]): Promise<string[]> {
  return page.evaluate(
    ([testId, wanted]) => {
      const copy = document.body.cloneNode(true) as HTMLElement;
      copy.querySelector(`[data-testid="${testId}"]`)?.remove();
      return wanted.filter((name) => copy.textContent?.includes(name));
    },
    [except, names] as const,
  );
}

/** Where `photograph` saves its pictures (E2E_SHOTS=<folder>); unset, it takes none. */
export const SHOTS_DIR = process.env.E2E_SHOTS ? resolve(process.env.E2E_SHOTS) : null;

/**
 * Saves a picture of a page (whole, unless `fullPage: false`) or of one element into
 * `$E2E_SHOTS/<set>/<name>.png`, for a person to look at; without E2E_SHOTS it does nothing. A
 * picture checks nothing (what the tests assert is the same either way), and a full-page one costs
 * about a quarter of a second of CPU: CI takes none. `E2E_SHOTS=/tmp/shots npx vitest run --project
 * e2e tests/e2e/tracker.test.ts` photographs the tracker's screens.
 */
export async function photograph(target: Page | Locator, set: string, name: string, { fullPage = true } = {}): Promise<void> {
  if (!SHOTS_DIR) return;
  const path = join(SHOTS_DIR, set, `${name}.png`);
  mkdirSync(join(SHOTS_DIR, set), { recursive: true });
  const element = typeof (target as Locator).evaluateAll === 'function' ? (target as Locator) : null;
  const page = element ? element.page() : (target as Page);
  // Whatever is still settling (a chart drawn, a web font) has a moment to land in the picture.
  await page.waitForTimeout(250);
  if (element) await element.screenshot({ path });
  else await page.screenshot({ path, fullPage });
}

/**
 * After an edit on a stage page, waits until the server has it. The save indicator still says
 * "Saved" until the edit has gone through the form's rules (just after the next paint), so a wait
 * for "Saved" alone can pass before the edit counts: the indicator is first seen to leave "Saved"
 * (pending for the autosave's 1.5 s pause, then saving) and then to come back to it.
 */
export async function editSaved(page: Page): Promise<void> {
  const status = () => page.getByTestId('save-indicator').getAttribute('data-status');
  await expect.poll(status, SETTLE).not.toBe('saved');
  await expect.poll(status, SETTLE).toBe('saved');
}
