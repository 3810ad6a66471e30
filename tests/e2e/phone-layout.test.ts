import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPath, SETTLE, startE2E, type E2E } from './harness';
import { wcagProblems } from './axe';

const PHONE = { width: 390, height: 800 };

describe('the page shell on a phone (browser)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('keeps the menu in a drawer: the page gets the full width, the menu button opens it, a link closes it', async () => {
    const { page } = await e2e.newPage({ viewport: PHONE });
    await e2e.openSignedIn(page, 'admin@demo.test');
    // The signed-in shell on a phone, as staff land in it, has no WCAG 2.1 A/AA problem axe-core finds.
    await page.waitForURL(/#\/dashboard/);
    await page.getByTestId('page-title').waitFor();
    expect(await wcagProblems(page)).toEqual([]);

    const button = page.getByTestId('menu-button');
    await button.waitFor({ state: 'visible' });
    await expect(page.getByTestId('sidebar').count()).resolves.toBe(0);
    // Nothing beside the page: it spans the screen (less its padding), with no sideways scrolling.
    const main = await page.locator('#main-content').boundingBox();
    expect(main?.width).toBeGreaterThan(PHONE.width - 10);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);

    // The top bar is one row: the account links are in the avatar's menu, named for who is signed in.
    const header = await page.locator('header').boundingBox();
    expect(header?.height).toBeLessThanOrEqual(64);
    const account = page.getByRole('button', { name: 'Alex Admin' });
    await account.waitFor({ state: 'visible' });
    await expect(page.getByTestId('topbar-greeting').count()).resolves.toBe(0);

    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
    await button.click();
    const menu = page.getByTestId('sidebar');
    await menu.waitFor({ state: 'visible' });
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('true');
    await menu.getByTestId('menu-showcases').click();
    await page.waitForURL(/#\/showcases/);
    expect(hashPath(page)).toBe('/showcases');
    await menu.waitFor({ state: 'hidden' });

    await account.click();
    const userMenu = page.getByRole('menu');
    await userMenu.getByText('Hello, Alex Admin').waitFor();
    await userMenu.getByRole('menuitem', { name: 'My Profile' }).click();
    await page.waitForURL(/#\/users\/profile\/\d+/);
    await userMenu.waitFor({ state: 'hidden' });
    await account.click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(/#\/login/);
  });

  it('keeps the sidebar beside the page on a wide screen, with no menu button', async () => {
    const { page } = await e2e.newPage();
    await e2e.openSignedIn(page, 'admin@demo.test');
    await page.getByTestId('sidebar').waitFor({ state: 'visible' });
    await expect(page.getByTestId('menu-button').count()).resolves.toBe(0);
    // The wide shell as staff land in it has no WCAG 2.1 A/AA problem (the dealer's: main-screens.test.ts).
    await page.waitForURL(/#\/dashboard/);
    await page.getByTestId('page-title').waitFor();
    expect(await wcagProblems(page)).toEqual([]);
  });

  it('keeps the top bar to one row on a laptop in French, the account links in the avatar menu below lg', async () => {
    // Staff have the fullest bar (company search, language, search, bell); French has the longest words.
    const { context, page } = await e2e.newPage({ locale: 'fr-FR', viewport: { width: 1024, height: 768 } });
    await context.addInitScript(() => localStorage.setItem('portal.locale', 'fr-FR'));
    await e2e.openSignedIn(page, 'admin@demo.test');
    await page.getByTestId('company-switcher').waitFor();
    const title = page.locator('header a[href="#/dashboard"]');
    for (const width of [1024, 1280]) {
      await page.setViewportSize({ width, height: 768 });
      const toolbar = await page.locator('header .MuiToolbar-root').evaluate((el) => parseFloat(getComputedStyle(el).minHeight));
      await expect.poll(async () => (await page.locator('header').boundingBox())?.height, SETTLE).toBe(toolbar);
      // Nothing squeezes the product name: it shows whole; the account links, where shown, keep to one line.
      await expect(title.evaluate((el) => el.scrollWidth <= el.clientWidth)).resolves.toBe(true);
      for (const box of await page.getByTestId('topbar-user').all()) expect((await box.boundingBox())?.height).toBeLessThanOrEqual(40);
    }
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect(page.getByTestId('locale-switcher').isVisible()).resolves.toBe(true);
    await expect.poll(() => page.getByTestId('topbar-greeting').count(), SETTLE).toBe(0);
    await page.getByTestId('user-menu-button').click();
    await page.getByRole('menu').getByText('Bonjour, Alex Admin').waitFor();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Déconnexion' }).waitFor();
  });
});

describe('tables on a phone say that they scroll (browser)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  /**
   * Every column of the table is either on screen or behind a visible scroll hint: a table wider
   * than its box says "Scroll sideways..." and shows a shadow on the edge with more behind it.
   */
  async function expectColumnsReachable(page: Page, table: Locator) {
    await table.waitFor();
    const box = table.locator('xpath=ancestor::*[@data-scrolls][1]');
    const cut = await table.evaluate((el) => {
      const right = el.closest('[data-scrolls]')!.getBoundingClientRect().right;
      return [...el.querySelectorAll('thead th')].filter((th) => th.getBoundingClientRect().right > right + 1).length;
    });
    if (cut === 0) return;
    await expect(box.getAttribute('data-scrolls')).resolves.toBe('true');
    await box.getByTestId('table-scroll-hint').waitFor({ state: 'visible' });
    await box.getByTestId('table-scroll-shadow-right').waitFor({ state: 'visible' });
    // Scrolled to the end, the last column is on screen and the shadow moves to the left edge.
    await box.getByRole('region').evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await box.getByTestId('table-scroll-shadow-left').waitFor({ state: 'visible' });
    const lastRight = await table.locator('thead th').last().evaluate((th) => th.getBoundingClientRect().right);
    expect(lastRight).toBeLessThanOrEqual(PHONE.width);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);
  }

  it('roles, opening hours and homepage elements: every column reachable, the wide ones with a scroll hint', async () => {
    const { page } = await e2e.newPage({ viewport: PHONE });
    await e2e.openSignedIn(page, 'admin@demo.test', { route: '/roles-permissions/roles' });
    const roles = page.getByTestId('roles-grid');
    await roles.waitFor();
    await expectColumnsReachable(page, roles);
    // The permission column stays put while the roles scroll past it.
    const permissionCell = roles.locator('tbody th').first();
    await expect(permissionCell.evaluate((th) => th.getBoundingClientRect().left)).resolves.toBeGreaterThanOrEqual(0);

    const { page: dealer } = await e2e.newPage({ viewport: PHONE });
    await e2e.openSignedIn(dealer, 'dealer@demo.test');
    await dealer.waitForURL(/#\/configurator\/\d+\//);
    // The dealer's signed-in shell on a phone, as they land in it: no WCAG 2.1 A/AA problems.
    await dealer.getByTestId('page-title').waitFor();
    expect(await wcagProblems(dealer)).toEqual([]);
    const configId = /configurator\/(\d+)\//.exec(hashPath(dealer))![1];
    for (const [slug, selector] of [
      ['opening-hours', '.stage-opening-hours'],
      ['homepage-elements', '.stage-table'],
    ]) {
      await dealer.goto(`/#/configurator/${configId}/${slug}`);
      const field = dealer.locator(selector).first();
      await field.waitFor();
      await expectColumnsReachable(dealer, field.locator('table').first());
    }
  });

  it('a table that fits shows no hint on a wide screen, and the roles grid shows every permission on the page', async () => {
    const { page } = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    await e2e.openSignedIn(page, 'admin@demo.test', { route: '/roles-permissions/roles' });
    const roles = page.getByTestId('roles-grid');
    await roles.locator('tbody tr').first().waitFor();
    await expect(page.getByTestId('roles-grid-box').getAttribute('data-scrolls')).resolves.toBe('false');
    await expect(page.getByTestId('table-scroll-hint').count()).resolves.toBe(0);
    // No box of its own cuts the grid: its last permission is reached by scrolling the page.
    const rows = await roles.locator('tbody tr').count();
    expect(rows).toBeGreaterThan(20);
    const box = await roles.evaluate((el) => {
      const parent = el.parentElement!;
      return { table: el.getBoundingClientRect().height, parent: parent.getBoundingClientRect().height, overflowY: getComputedStyle(parent).overflowY };
    });
    expect(box.overflowY).toBe('visible');
    expect(box.parent).toBeGreaterThanOrEqual(box.table);
    // Its header sticks to the top of the window while the page scrolls past the rows.
    await roles.locator('tbody tr').last().scrollIntoViewIfNeeded();
    const headerTop = await roles.locator('thead th').first().evaluate((th) => th.getBoundingClientRect().top);
    expect(Math.abs(headerTop)).toBeLessThanOrEqual(1);
  });
});
