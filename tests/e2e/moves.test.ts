// Moving between screens (issue 59): the screens people open next from a page load their code while
// the page is read (routing/intent.ts, the areas' `next`), so the first opening of a company's profile
// from the list shows no full-screen overlay; the profile's record is read as the guard starts the
// page (data/prefetchRecord.ts) and read once, not again when the screen mounts. The pointer resting
// on a sidebar link starts that screen's code before the click. A stage page links to the next stage
// the dealer can open, whose validators load while the dealer works on this one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { call, login } from '../server/helpers';
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

  it('keeps the companies list while a profile is open: Back shows the same rows at once, and the hidden list is out of the page', async () => {
    const { page } = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    await e2e.openSignedIn(page, 'admin@demo.test', { route: '/companies' });
    const row = page.locator('[data-testid="companies-table"] tbody tr').nth(3);
    await row.waitFor();
    // Mark the row's element: a list rendered anew on the way back would be made of new elements.
    await row.evaluate((el) => ((el as unknown as { __kept: boolean }).__kept = true));
    await row.locator('td.column-name').click();
    await expect.poll(() => page.locator('input[name="name"]').inputValue(), SETTLE).not.toBe('');
    // While the profile is open, the list is nowhere in the document (no doubled ids, nothing read out).
    expect(await page.locator('[data-testid="companies-table"]').count()).toBe(0);
    expect(await page.getByTestId('page-title').count()).toBe(1);
    await page.goBack();
    await expect.poll(() => page.evaluate(() => location.hash), SETTLE).toMatch(/^#\/companies(\?|$)/);
    await expect.poll(() => row.evaluate((el) => (el as unknown as { __kept?: boolean }).__kept === true), SETTLE).toBe(true);
    expect(await page.getByTestId('page-title').count()).toBe(1);
  });

  it("opens a company's profile in a new tab of a signed-in browser with no refresh first, asking for the company beside the user", async () => {
    const { page } = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    const asked: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/')) asked.push(url.pathname);
    });
    // The user's read is held until the company was asked for (5 s at most): a plain page asks both at once.
    let companyBeforeUser = false;
    await page.route('**/api/users/current', async (route) => {
      const until = Date.now() + 5000;
      while (!asked.includes('/api/companies/1') && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
      companyBeforeUser = asked.includes('/api/companies/1');
      await route.continue();
    });
    // Signed in with remember-me in this browser, its access token still good: a new tab.
    await e2e.openSignedIn(page, 'admin@demo.test', { route: '/companies/profile/1', remember: true });
    await expect.poll(() => page.locator('input[name="name"]').inputValue(), SETTLE).not.toBe('');
    expect(asked).not.toContain('/api/login/refresh');
    expect(companyBeforeUser).toBe(true);
    // The profile took the company read ahead: one read of it.
    expect(asked.filter((path) => path === '/api/companies/1')).toHaveLength(1);
  });

  it("opens a company's profile from the list, for the first time in the visit, with no overlay and one read of the company", async () => {
    const { page } = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    await e2e.openSignedIn(page, 'admin@demo.test', { route: '/companies' });
    const firstRow = page.locator('[data-testid="companies-table"] tbody tr').first();
    await firstRow.waitFor();
    // The profile's code comes while the list is shown (the areas' `next`, in an idle moment, which
    // a loaded machine may give only after its 2 s timeout): the click then asks for none of it.
    await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /\/CompanyEdit-[\w-]+\.js$/.test(e.name))), SETTLE).toBe(true);
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

  it('links a stage to the next one the dashboard lists open, whose validators come before the click', async () => {
    const dealer = await login(e2e.server, 'dealer@demo.test');
    const configId = (await call<{ id: number }[]>(e2e.server, 'GET', '/api/configs', { token: dealer.token })).body[0].id;
    const { page } = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    await e2e.openSignedIn(page, 'dealer@demo.test', { route: `/configurator/${configId}/dashboard` });
    // The dashboard's order, open stages only (a locked one is no link to follow).
    const sections = page.locator('[data-testid^="section-"]:not([aria-disabled="true"])');
    await sections.first().waitFor();
    const open = await sections.evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).getAttribute('href')));
    expect(open.length).toBeGreaterThan(2);
    const [first, second] = [open[0]!, open[1]!];
    const scripts = scriptsAsked(page);
    await sections.first().click();
    await page.getByTestId('config-stage-page').getByTestId('page-title').waitFor({ timeout: 30_000 });
    const next = page.getByTestId('stage-next');
    await expect.poll(() => next.getAttribute('href'), SETTLE).toBe(second);
    expect(first).not.toBe(second);
    // While the dealer reads this stage, the next one's validators (a chunk per stage) load.
    const nextSlug = second.split('/').pop()!;
    await expect.poll(() => scripts.some((url) => new RegExp(`/stage-${nextSlug}-[\\w-]+\\.js$`).test(url)), SETTLE).toBe(true);
    const overlayShown = await watchOverlay(page);
    await next.click();
    await expect.poll(() => page.getByTestId('config-stage-page').getAttribute('data-stage'), SETTLE).toBe(nextSlug);
    await page.getByTestId('config-stage-page').getByTestId('page-title').waitFor();
    expect(await overlayShown()).toBe(false);
  });

  it('reads an agreement opened from the list once, as its route starts the screen', async () => {
    const { page } = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    // Every read of an agreement in the visit, whenever it went out.
    const reads: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (/^\/api\/agreements\/\d+$/.test(path)) reads.push(path);
    });
    await e2e.openSignedIn(page, 'admin@demo.test', { route: '/agreements' });
    const firstRow = page.locator('[data-testid="agreements-table"] tbody tr').first();
    await firstRow.waitFor();
    await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /\/AgreementEditPage-[\w-]+\.js$/.test(e.name))), SETTLE).toBe(true);
    await firstRow.click();
    await expect.poll(() => page.evaluate(() => location.hash), SETTLE).toMatch(/^#\/agreements\/\d+\/(edit|preview)$/);
    const id = (await page.evaluate(() => location.hash)).split('/')[2];
    await page.getByRole('heading', { level: 1 }).last().waitFor();
    await page.waitForTimeout(500);
    // Read once, as the route started the screen: the screen took that answer instead of asking again.
    expect(reads.filter((path) => path === `/api/agreements/${id}`)).toHaveLength(1);
  });
});
