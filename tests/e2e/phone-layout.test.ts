import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPath, signIn, startE2E, type E2E } from './harness';

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
    await page.goto('/#/login');
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(/#\/dashboard/);

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
    await page.goto('/#/login');
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(/#\/dashboard/);
    await page.getByTestId('sidebar').waitFor({ state: 'visible' });
    await expect(page.getByTestId('menu-button').count()).resolves.toBe(0);
  });
});
