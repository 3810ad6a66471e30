// Moving between screens (issue 59): the screens people open next from a page load their code while
// the page is read (routing/intent.ts, the areas' `next`), so the first opening of a company's profile
// from the list shows no full-screen overlay; the profile's record is read as the guard starts the
// page (data/prefetchRecord.ts) and read once, not again when the screen mounts. The pointer resting
// on a sidebar link starts that screen's code before the click.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SETTLE, startE2E, type E2E } from './harness';

/** Records whether the full-screen overlay was ever shown on `page` from now on. */
async function watchOverlay(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    const w = window as unknown as { __overlayShown: boolean };
    w.__overlayShown = false;
    const seen = () => {
      if (document.querySelector('[data-testid="page-overlay"][aria-hidden="false"]')) w.__overlayShown = true;
    };
    new MutationObserver(seen).observe(document.body, { subtree: true, attributes: true, childList: true, attributeFilter: ['aria-hidden'] });
  });
  return () => page.evaluate(() => (window as unknown as { __overlayShown: boolean }).__overlayShown);
}

/** The app's script requests (a screen's code) made on `page` from now on. */
function scriptsAsked(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') urls.push(r.url());
  });
  return urls;
}

describe('moving between screens (browser)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it("opens a company's profile from the list, for the first time in the visit, with no overlay and one read of the company", async () => {
    const { page } = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    await e2e.openSignedIn(page, 'admin@demo.test', { route: '/companies' });
    const firstRow = page.locator('[data-testid="companies-table"] tbody tr').first();
    await firstRow.waitFor();
    // The profile's code came while the list was shown (the areas' `next`): the click asks for none of it.
    await page.waitForLoadState('networkidle');
    const scripts = scriptsAsked(page);
    const overlayShown = await watchOverlay(page);
    const reads: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/companies\/\d+(\?|$)/.test(new URL(r.url()).pathname + new URL(r.url()).search)) reads.push(r.url());
    });
    await firstRow.click();
    await expect.poll(() => page.evaluate(() => location.hash), SETTLE).toMatch(/^#\/companies\/profile\/\d+$/);
    await expect.poll(() => page.locator('input[name="name"]').inputValue(), SETTLE).not.toBe('');
    expect(await overlayShown()).toBe(false);
    expect(scripts.filter((url) => /\/CompanyEdit-[\w-]+\.js$/.test(url))).toEqual([]);
    // Read once: ahead of the screen, which took that answer instead of asking again.
    await page.waitForLoadState('networkidle');
    expect(reads).toHaveLength(1);
  });

  it("starts a screen's code when the pointer rests on its sidebar link, before the click", async () => {
    const { page } = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    await e2e.openSignedIn(page, 'admin@demo.test', { route: '/dashboard' });
    await page.waitForLoadState('networkidle');
    const scripts = scriptsAsked(page);
    const link = page.locator('a[href="#/products"]').first();
    await link.waitFor();
    await link.hover();
    // Resting a moment on the link starts the products list's code.
    await expect.poll(() => scripts.some((url) => /\/ProductList-[\w-]+\.js$/.test(url)), SETTLE).toBe(true);
    await page.waitForLoadState('networkidle');
    const overlayShown = await watchOverlay(page);
    await link.click();
    await page.getByTestId('products-table').or(page.locator('[data-testid="list-empty"]')).first().waitFor();
    expect(await overlayShown()).toBe(false);
  });

  it("keeps page 1's rows under a loading bar until page 2's come, then shows page 2 without the bar", async () => {
    const { page } = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    await e2e.openSignedIn(page, 'admin@demo.test', { route: '/companies' });
    const firstName = page.locator('[data-testid="companies-table"] tbody tr td.column-name').first();
    await firstName.waitFor();
    const pageOne = await firstName.textContent();
    // Page 2's answer held back a moment, as on a slow link.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/companies\?/, async (route) => {
      if (/range=%5B[1-9]/.test(route.request().url()) || /range=\[[1-9]/.test(route.request().url())) await held;
      await route.continue();
    });
    await page.getByRole('button', { name: /next page/i }).click();
    const cue = page.getByTestId('list-rows-loading');
    await cue.waitFor();
    expect(await firstName.textContent()).toBe(pageOne);
    // The rows dim too: the bar over their top edge is out of view from the pagination at their foot.
    expect(await page.locator('[aria-busy="true"]').filter({ has: page.getByTestId('companies-table') }).count()).toBe(1);
    release();
    await expect.poll(() => firstName.textContent(), SETTLE).not.toBe(pageOne);
    await cue.waitFor({ state: 'detached' });
    expect(await page.locator('[aria-busy="true"]').filter({ has: page.getByTestId('companies-table') }).count()).toBe(0);
  });
});
