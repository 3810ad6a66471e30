import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startE2E, waitForLanding, SETTLE, type E2E } from './harness';

/** What is on top at the centre of a link as the window is now: 'the link', or what covers it. */
const onTopAtCentre = (link: Locator) =>
  link.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (top && el.contains(top)) return 'the link';
    return top?.closest('[data-testid]')?.getAttribute('data-testid') ?? top?.tagName ?? 'nothing';
  });

/** Scrolls a link to the middle of the window (as far as the page goes: a footer link ends up low). */
const scrollToMiddle = (link: Locator) => link.evaluate((el) => el.scrollIntoView({ block: 'center' }));

/** Presses Tab from the top of the page until the link has the focus, as a keyboard user would. */
async function tabTo(page: Page, link: Locator): Promise<void> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await link.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error('Tab never reached the link');
}

describe('locale switcher and cookie consent (browser)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('switches to French, and the choice persists across a reload', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/#/login');
    await page.getByTestId('login-form').waitFor();
    await page.getByTestId('locale-switcher').selectOption('fr-FR');
    await page.getByTestId('login-form').getByRole('button', { name: 'Connexion' }).waitFor();
    await page.reload();
    await page.getByTestId('login-form').getByRole('button', { name: 'Connexion' }).waitFor();

    // The labels are French now: fill the fields by name.
    const form = page.getByTestId('login-form');
    await form.locator('input[name="email"]').fill('admin@demo.test');
    await form.locator('input[name="password"]').fill('Demo-pass-2026');
    await form.getByRole('button', { name: 'Connexion' }).click();
    await page.waitForURL(/#\/dashboard/);
    await expect.poll(() => page.getByTestId('sidebar').getByTestId('menu-dashboard').textContent(), SETTLE).toContain('Tableau de bord');
    await expect(page.getByTestId('topbar-user').getByText('Déconnexion').count()).resolves.toBeGreaterThan(0);
  });

  it('on a phone, signed in: the product name shows whole and the language is chosen in the user menu', async () => {
    const { page } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto('/#/login');
    await signIn(page, 'pm@demo.test');
    await waitForLanding(page);
    const name = page.locator('header').getByRole('link', { name: 'Launch Portal' });
    // Not cut to "Laun..." (the language select took its room).
    await expect(name.evaluate((el) => el.scrollWidth <= el.clientWidth)).resolves.toBe(true);
    await expect(page.getByTestId('locale-switcher').count()).resolves.toBe(0);

    await page.getByTestId('user-menu-button').click();
    await expect(page.getByTestId('user-menu-locale-en-GB').getAttribute('aria-checked')).resolves.toBe('true');
    await page.getByTestId('user-menu-locale-fr-FR').click();
    await expect.poll(() => page.getByTestId('page-title').first().textContent(), SETTLE).toBe('Tableau de bord');
    await page.reload();
    await page.getByTestId('user-menu-button').click();
    await expect(page.getByTestId('user-menu-locale-fr-FR').getAttribute('aria-checked')).resolves.toBe('true');
    await expect(page.getByTestId('user-menu').getByText('Déconnexion').isVisible()).resolves.toBe(true);
  });

  it('keeps what the user has typed when the language changes', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/#/login');
    const form = page.getByTestId('login-form');
    await form.waitFor();
    await form.locator('input[name="email"]').fill('half-typed@demo.test');
    await form.locator('input[name="password"]').fill('secret-so-far');
    await form.locator('input[name="remember"]').check();

    await page.getByTestId('locale-switcher').selectOption('nl-NL');
    // The texts are Dutch now, and the page was re-rendered in place rather than rebuilt.
    await form.getByRole('button', { name: 'Inloggen' }).waitFor();
    await expect(form.locator('input[name="email"]').inputValue()).resolves.toBe('half-typed@demo.test');
    await expect(form.locator('input[name="password"]').inputValue()).resolves.toBe('secret-so-far');
    await expect(form.locator('input[name="remember"]').isChecked()).resolves.toBe(true);
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('nl-NL');
    await expect.poll(() => page.title(), SETTLE).toContain('Inloggen');
  });

  it('starts a dealer of a French company in French, and keeps it over a reload', async () => {
    const { page } = await e2e.newPage(); // a fresh browser: no language chosen
    await page.goto('/#/login');
    await page.getByTestId('login-form').getByRole('button', { name: 'Login' }).waitFor();
    await signIn(page, 'dealer2@demo.test'); // Harbour Cars, region FR, lang fr
    await page.waitForURL(/#\/showcases/);
    await expect.poll(() => page.getByTestId('page-title').textContent(), SETTLE).toBe('Vitrines');
    await expect.poll(() => page.getByTestId('topbar-greeting').textContent(), SETTLE).toBe('Bonjour, Hugo Harbour');
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('fr-FR');
    await expect(page.getByTestId('locale-switcher').inputValue()).resolves.toBe('fr-FR');

    await page.reload();
    await expect.poll(() => page.getByTestId('page-title').textContent(), SETTLE).toBe('Vitrines');

    // A new tab starts in French before the user is read (it used to start in English and switch
    // once `users/current` answered): that answer is held until the page has its language.
    const tab = await page.context().newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await tab.route('**/api/users/current', async (route) => {
      await held;
      await route.continue();
    });
    await tab.goto(page.url());
    await expect.poll(() => tab.evaluate(() => document.documentElement.lang), SETTLE).toBe('fr-FR');
    release();
    await expect.poll(() => tab.getByTestId('page-title').textContent(), SETTLE).toBe('Vitrines');

    // Signing out takes the company's language with the session: the next tab's sign-in page is
    // in the default again.
    await tab.getByRole('link', { name: 'Déconnexion' }).click();
    await tab.waitForURL(/#\/login/);
    const next = await page.context().newPage();
    await next.goto('/#/login');
    await expect(next.getByTestId('login-form').getByRole('button', { name: 'Login' }).waitFor()).resolves.toBeUndefined();
    await expect(next.evaluate(() => document.documentElement.lang)).resolves.toBe('en-GB');
  });

  it("keeps a language the user chose over their company's", async () => {
    const { page } = await e2e.newPage();
    await page.goto('/#/login');
    await page.getByTestId('locale-switcher').selectOption('en-AU');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang), SETTLE).toBe('en-AU');
    await signIn(page, 'dealer2@demo.test');
    await page.waitForURL(/#\/showcases/);
    await expect.poll(() => page.getByTestId('topbar-greeting').textContent(), SETTLE).toBe('Hello, Hugo Harbour');
    await expect.poll(() => page.getByTestId('page-title').textContent(), SETTLE).toBe('Showcases');
    await expect(page.getByTestId('locale-switcher').inputValue()).resolves.toBe('en-AU');
  });

  it('leaves the footer and the page links clickable while the cookie banner shows, wide and on a phone', async () => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 375, height: 667 },
    ]) {
      const { page } = await e2e.newPage({ consent: false, viewport });
      await page.goto('/#/register');
      await page.getByTestId('cookie-banner').waitFor({ state: 'visible' });
      const privacy = page.getByTestId('footer').getByRole('link', { name: 'Privacy Policy' });
      const toLogin = page.getByRole('main').getByRole('link', { name: 'Log in', exact: true }); // "Already have an account? Log in"
      // The page is shown and the overlay gone (Register's code loads when first opened, under it).
      await toLogin.waitFor();
      await page.getByTestId('page-overlay').waitFor({ state: 'hidden' });
      for (const [name, link] of [
        ['Privacy Policy', privacy],
        ['"Already have an account?" link', toLogin],
      ] as const) {
        await scrollToMiddle(link);
        await expect(onTopAtCentre(link), `${name} scrolled to, at ${viewport.width}px`).resolves.toBe('the link');
        // The window scrolls a focused link clear of the banner too.
        await tabTo(page, link);
        await expect(onTopAtCentre(link), `${name} reached with Tab, at ${viewport.width}px`).resolves.toBe('the link');
      }

      // A real click there opens the page, with the question still on screen.
      await scrollToMiddle(privacy);
      const box = (await privacy.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page.waitForURL(/#\/privacy-policy/);
      await expect(page.getByTestId('cookie-banner').isVisible()).resolves.toBe(true);
    }
  });

  it('shows the cookie banner until it is accepted, and never again after', async () => {
    const { page } = await e2e.newPage({ consent: false });
    await page.goto('/#/login');
    const banner = page.getByTestId('cookie-banner');
    await banner.waitFor({ state: 'visible' });
    await page.getByTestId('cookie-accept').click();
    await banner.waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByTestId('login-form').waitFor();
    await expect(banner.count()).resolves.toBe(0);
  });
});
