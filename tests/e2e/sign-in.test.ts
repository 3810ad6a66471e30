import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPath, signIn, startE2E, SETTLE, type E2E } from './harness';

describe('signing in (browser)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('shows the incorrect-credentials growl for a wrong password, then signs in with the right one', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/');
    await page.waitForURL(/#\/login/);
    await expect.poll(() => page.getByTestId('login-side-text').textContent(), SETTLE).toMatch(/launch portal/i);

    await signIn(page, 'admin@demo.test', 'not-the-password');
    const growl = page.getByTestId('growl').getByText('Password or Email Address are incorrect.');
    await growl.waitFor();
    expect(hashPath(page)).toMatch(/^\/login/);
    // Errors are red growls that go away by themselves after 2 seconds.
    const background = await page.getByTestId('growl').evaluate((el) => {
      const styled = [el, ...el.querySelectorAll('*')].map((e) => getComputedStyle(e).backgroundColor).find((c) => c !== 'rgba(0, 0, 0, 0)');
      return styled ?? '';
    });
    const [r, g, b] = (background.match(/\d+/g) ?? []).map(Number);
    expect(r, `growl background ${background}`).toBeGreaterThan(150);
    expect(r).toBeGreaterThan(g + 60);
    expect(r).toBeGreaterThan(b + 60);
    await growl.waitFor({ state: 'hidden', timeout: 4_000 });

    await signIn(page, 'admin@demo.test');
    await page.waitForURL(/#\/dashboard/);
    await expect.poll(() => page.getByTestId('topbar-greeting').textContent(), SETTLE).toMatch(/admin|Administrator/i);
    expect(await page.title()).toMatch(/^Launch Portal \| /);
  });

  it('says so when the app cannot be loaded after signing in, and reloading then signs the user in', async () => {
    const { page } = await e2e.newPage();
    // The signed-out shell shows Login; the app's own chunk never comes (a lost connection, a redeploy).
    await page.route(/\/assets\/App-[^/]+\.js$/, (route) => route.abort());
    await page.goto('/#/login');
    await signIn(page, 'admin@demo.test');
    const alert = page.getByTestId('app-load-failed');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('The portal could not be loaded. Check your connection and reload the page.');
    await page.unroute(/\/assets\/App-[^/]+\.js$/);
    await alert.getByRole('button', { name: 'Reload' }).click();
    await page.waitForURL(/#\/dashboard/);
    await expect.poll(() => page.getByTestId('topbar-greeting').textContent(), SETTLE).toMatch(/admin|Administrator/i);
  });

  it('shows the incomplete-fields message without calling the server when the form is empty', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/#/login');
    await page.getByTestId('login-form').getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => page.getByTestId('form-error').textContent(), SETTLE).toContain('Please make sure that all required fields are complete.');
  });

  it('sends a signed-out visitor of a protected page to Login with the redirect, and back there after sign-in', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/#/users/create');
    await page.waitForURL(/#\/login\?redirect=/);
    expect(hashPath(page)).toBe('/login?redirect=/users/create');

    await signIn(page, 'admin@demo.test');
    await page.waitForURL(/#\/users\/create/);
    await expect.poll(() => page.getByTestId('page-title').textContent(), SETTLE).toBeTruthy();

    // A signed-in user opening Login goes to Dashboard.
    await page.goto(`${e2e.server.url}/#/login`);
    await page.waitForURL(/#\/dashboard/);
  });

  it('sends a dealer who fails a permission check to Dashboard', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/#/login');
    await signIn(page, 'dealer@demo.test');
    // Arriving from Login, a configurator-stage company goes to Config.
    await page.waitForURL(/#\/configurator/);
    await page.goto(`${e2e.server.url}/#/roles-permissions/roles`);
    await page.waitForURL(/#\/dashboard$/);
  });

  it('opens Roles & Permissions at the section path /roles-permissions, signed in or after signing in', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/#/roles-permissions');
    await page.waitForURL(/#\/login\?redirect=/);
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(/#\/roles-permissions\/roles$/);
    await expect.poll(() => page.getByTestId('page-title').textContent(), SETTLE).toBe('Roles & permissions');
    await expect(page.getByTestId('not-found-page').count()).resolves.toBe(0);

    // Typed in the address bar while signed in, too.
    await page.goto(`${e2e.server.url}/#/dashboard`);
    await page.goto(`${e2e.server.url}/#/roles-permissions`);
    await page.waitForURL(/#\/roles-permissions\/roles$/);
    await expect.poll(() => page.getByTestId('page-title').textContent(), SETTLE).toBe('Roles & permissions');
  });

  it('gives the dealer and the administrator different menus', async () => {
    const dealer = (await e2e.newPage()).page;
    await dealer.goto('/#/login');
    await signIn(dealer, 'dealer@demo.test');
    await dealer.waitForURL(/#\/configurator/);
    const dealerMenu = dealer.getByTestId('sidebar');
    await dealerMenu.getByTestId('menu-dashboard').waitFor({ state: 'visible' }); // waits; isVisible() would not
    await expect(dealerMenu.getByTestId('menu-section-admin').count()).resolves.toBe(0);

    const admin = (await e2e.newPage()).page;
    await admin.goto('/#/login');
    await signIn(admin, 'admin@demo.test');
    await admin.waitForURL(/#\/dashboard/);
    const adminMenu = admin.getByTestId('sidebar');
    await adminMenu.getByTestId('menu-section-admin').waitFor({ state: 'visible' }); // waits; isVisible() would not

    const keys = async (p: typeof admin) =>
      (await p.getByTestId('sidebar').locator('[data-testid^="menu-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).sort();
    const [dealerKeys, adminKeys] = [await keys(dealer), await keys(admin)];
    expect(adminKeys.length).toBeGreaterThan(dealerKeys.length);
    expect(dealerKeys.every((k) => adminKeys.includes(k))).toBe(true);
  });

  it('hides the sidebar for a showcase-stage dealer and sends them to Showcases', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/#/login');
    await signIn(page, 'dealer2@demo.test');
    await page.waitForURL(/#\/showcases/);
    await expect(page.getByTestId('sidebar').count()).resolves.toBe(0);
  });
});
