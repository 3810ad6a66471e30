import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { workerBrowser } from '../support/browser';

export { pickUpWithKeyboard, SETTLE } from '../support/browser';
import { DEMO_PASSWORD, startTestServer, type TestServer, type TestServerOptions } from '../support/server';

export { DEMO_PASSWORD };

export interface E2E {
  server: TestServer;
  browser: Browser;
  /** A fresh browser profile (cookies, storage) on the app; pass `consent: false` to see the cookie banner. */
  newPage(opts?: { consent?: boolean; locale?: string; viewport?: { width: number; height: number } }): Promise<{ context: BrowserContext; page: Page }>;
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
  return {
    server,
    browser,
    async newPage({ consent = true, locale = 'en-GB', viewport = { width: 1280, height: 800 } } = {}) {
      const context = await browser.newContext({ baseURL: server.url, locale, viewport });
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
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await server.close();
    },
  };
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
 * (their configs, once loaded) or the dashboard of their one config. The address passes through
 * `#/dashboard` and `#/configurator` on the way, so a `goto` made when those first show races the
 * landing's last redirect, which then takes the page away from where the test went.
 */
export async function waitForLanding(page: Page): Promise<void> {
  await page
    .locator('[data-testid="dashboard-page"], [data-testid="config-dashboard-page"], [data-testid="config-list-page"][data-ready]')
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
