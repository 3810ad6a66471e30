import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startE2E, SETTLE, waitForLanding, type E2E } from './harness';

/**
 * Analytics respects the cookie banner (spec section 1): with analytics configured (the `log`
 * provider, the server's own), no page view leaves the browser before the visitor answers; accepting
 * counts the page shown and every route after it, by its path pattern; "Necessary only" sends nothing.
 */
describe('analytics and cookie consent (browser)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ analytics: { provider: 'log' } });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  /** The page views the page sends, as the server receives them. */
  const recordViews = (page: Page) => {
    const views: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/analytics/pageview')) views.push((r.postDataJSON() as { path: string }).path);
    });
    return views;
  };

  it('sends nothing until the visitor accepts, then the current route and the next ones by pattern', async () => {
    const { page } = await e2e.newPage({ consent: false });
    const views = recordViews(page);
    await page.goto('/#/login');
    await page.getByTestId('cookie-banner').waitFor();
    await page.waitForTimeout(500);
    expect(views).toEqual([]);
    await page.getByTestId('cookie-accept').click();
    await expect.poll(() => views, SETTLE).toEqual(['/login']);
    await signIn(page, 'dealer@demo.test');
    await waitForLanding(page);
    await expect.poll(() => views.at(-1), SETTLE).toBe('/configurator/:id/dashboard');
    // Patterns only: no id, guid or query of the address the dealer is at.
    expect(views.every((v) => !/\d/.test(v))).toBe(true);
  });

  it('sends nothing at all after "Necessary only", on this page or the next', async () => {
    const { page } = await e2e.newPage({ consent: false });
    const views = recordViews(page);
    await page.goto('/#/login');
    await page.getByTestId('cookie-decline').click();
    await page.getByTestId('cookie-banner').waitFor({ state: 'hidden' });
    await signIn(page, 'dealer@demo.test');
    await waitForLanding(page);
    await page.reload();
    await waitForLanding(page);
    // The answer is kept: the banner does not ask again.
    expect(await page.getByTestId('cookie-banner').count()).toBe(0);
    expect(views).toEqual([]);
  });
});
