import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, SETTLE, type E2E } from './harness';

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
