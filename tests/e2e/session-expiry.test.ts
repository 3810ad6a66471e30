import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPath, signIn, startE2E, SETTLE, type E2E } from './harness';

const TTL = 4; // seconds: the access token lifetime of this server

describe('session expiry (browser)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ accessTokenTtl: TTL });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('without remember-me shows the login modal when the token lifetime elapses; signing in there stays on the page', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/#/login?redirect=/users/create');
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(/#\/users\/create/);

    const modal = page.getByTestId('session-modal');
    await modal.waitFor({ state: 'visible', timeout: (TTL + 6) * 1000 });
    await expect.poll(() => page.getByTestId('session-alert').textContent(), SETTLE).toContain(
      'Your session has expired. Please log in to continue where you left off.',
    );
    // The modal version has no forgot-password link.
    await expect(modal.getByText('Forgot your password?').count()).resolves.toBe(0);

    const form = page.getByTestId('session-login-form');
    await form.locator('input[name="email"]').fill('admin@demo.test');
    await form.locator('input[name="password"]').fill('Demo-pass-2026');
    await form.getByRole('button', { name: 'Login' }).click();
    await modal.waitFor({ state: 'hidden' });
    expect(hashPath(page)).toBe('/users/create');
  });

  it('with remember-me refreshes silently instead of showing the modal', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/#/login');
    await signIn(page, 'admin@demo.test', undefined, { remember: true });
    await page.waitForURL(/#\/dashboard/);
    // Two token lifetimes later the user is still signed in and no modal was shown.
    await page.waitForTimeout((TTL * 2 + 1) * 1000);
    await expect(page.getByTestId('session-modal').isVisible()).resolves.toBe(false);
    await page.reload();
    await page.waitForURL(/#\/dashboard/);
    await page.getByTestId('topbar-greeting').waitFor({ state: 'visible' }); // waits; isVisible() would not
  });
});
