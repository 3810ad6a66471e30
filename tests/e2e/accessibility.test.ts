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

  // Each page, and what shows it has rendered.
  const signedOut: [string, string][] = [
    ['login', '[data-testid="login-form"]'],
    ['register', '[data-testid="register-step-1"]'],
    ['password/email/reset', '[data-testid="forgot-password-form"]'],
    ['terms-conditions', 'main h1'],
  ];
  for (const [path, ready] of signedOut) {
    it(`/${path} has no WCAG A/AA problems`, async () => {
      const { page } = await e2e.newPage({ consent: false });
      await page.goto(`/#/${path}`);
      await page.locator(ready).first().waitFor();
      await page.getByTestId('cookie-banner').waitFor();
      expect(await wcagProblems(page)).toEqual([]);
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
    await e2e.openSignedIn(page, 'admin@demo.test');
    // A fresh load: the first Tab starts from the top of the page.
    await page.reload();
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

  for (const [email, landing] of [
    ['admin@demo.test', /#\/dashboard/],
    ['dealer@demo.test', /#\/configurator/],
  ] as const) {
    it(`the signed-in shell of ${email} has no WCAG A/AA problems, wide and on a phone`, async () => {
      for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 800 }]) {
        const { page } = await e2e.newPage({ viewport });
        await e2e.openSignedIn(page, email);
        await page.waitForURL(landing);
        await page.getByTestId('page-title').waitFor();
        expect(await wcagProblems(page)).toEqual([]);
      }
    });
  }
});
