import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTLE, startE2E, type E2E } from './harness';
import { wcagProblems } from './axe';

describe('accessibility of the shell and the account pages (browser, axe-core, WCAG 2.1 AA)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  // Each page, and what shows it has rendered: one visitor's page, moving by address (the cookie
  // banner stays until it is answered).
  const signedOut: [string, string][] = [
    ['login', '[data-testid="login-form"]'],
    ['register', '[data-testid="register-step-1"]'],
    ['password/email/reset', '[data-testid="forgot-password-form"]'],
    ['terms-conditions', 'main h1'],
  ];
  let visitor: Page;
  for (const [path, ready] of signedOut) {
    it(`/${path} has no WCAG A/AA problems`, async () => {
      visitor ??= (await e2e.newPage({ consent: false })).page;
      await visitor.goto(`/#/${path}`);
      await visitor.locator(ready).first().waitFor();
      await visitor.getByTestId('cookie-banner').waitFor();
      expect(await wcagProblems(visitor)).toEqual([]);
    });
  }

  it('the register page step 2 with its errors shown has no WCAG A/AA problems', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/#/register');
    const step1 = page.getByTestId('register-step-1');
    await step1.waitFor();
    await page.getByTestId('register-region').selectOption({ index: 1 });
    await page.getByTestId('register-type').selectOption({ index: 1 });
    await step1.locator('button[type="submit"]').click();
    const step2 = page.getByTestId('register-step-2');
    await step2.waitFor();
    await step2.locator('button[type="submit"]').click();
    await step2.getByTestId('form-error').waitFor();
    expect(await wcagProblems(page)).toEqual([]);
  });

  it('the first Tab reaches "Skip to content", which moves focus to the page without leaving it', async () => {
    const { page } = await e2e.newPage();
    // A fresh load of the dashboard itself (no redirect on the way): the first Tab starts from the top.
    await e2e.openSignedIn(page, 'admin@demo.test', { route: '/dashboard' });
    await page.getByTestId('page-title').waitFor();
    const skip = page.getByTestId('skip-link');
    await expect(skip.boundingBox().then((b) => (b ? b.y + b.height : 0))).resolves.toBeLessThanOrEqual(0); // off screen until focused
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent), SETTLE).toBe('Skip to content');
    await expect.poll(() => skip.boundingBox().then((b) => (b ? b.y : -1)), SETTLE).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), SETTLE).toBe('main-content');
    expect(new URL(page.url()).hash).toBe('#/dashboard');
  });
});
