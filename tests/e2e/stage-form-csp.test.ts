/**
 * The stage renderer under the app's strict Content-Security-Policy (no 'unsafe-eval', styles only
 * with the per-response nonce): a production build of bench/renderer/stage.html (one catalogue stage
 * in a StageForm) served with that header, driven by real Chromium. Typing, a cascade across stages,
 * validation while typing and on submit must all work with code generation from strings disabled,
 * which is what the precompiled validators are for: ajv.compile would be refused here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRendererPages, serveRendererPages } from '../../bench/renderer';
import { closeContexts, workerBrowser, SETTLE } from '../support/browser';

type PageState = { __stage: { ready: boolean; saved: string[] }; __csp: string[] };

describe('StageForm under the strict CSP (browser)', () => {
  let dir: string;
  let server: Server | undefined;
  let url: string;
  let browser: Browser | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'stage-form-csp-'));
    await buildRendererPages(dir);
    ({ url, server } = await serveRendererPages(dir));
    browser = await workerBrowser();
  });

  afterAll(async () => {
    await closeContexts(browser);
    server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const violations = (page: Page) => page.evaluate(() => (window as unknown as PageState).__csp.slice());
  const locationText = (page: Page, id: string) => page.getByTestId(`location-${id}`).textContent();

  it('types, cascades a removed franchise to every location and validates, with no CSP violation', async () => {
    const context = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
    // Before any page script: record every violation the CSP reports.
    await context.addInitScript(() => {
      const w = window as unknown as PageState;
      w.__csp = [];
      window.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`));
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const pageErrors: string[] = [];
    const consoleErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });

    try {
      const response = await page.goto(`${url}/stage.html?slug=franchises`);
      const csp = response!.headers()['content-security-policy'];
      expect(csp).toMatch(/script-src 'self';/);
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toMatch(/style-src 'self' 'nonce-[^']+'/);
      await page.waitForFunction(() => (window as unknown as PageState).__stage?.ready);

      // dealerGroup: Audi, BMW, Citroën; Leeds sells Audi + BMW, York BMW + Citroën, Harrogate Citroën + Audi.
      const table = page.getByRole('table', { name: 'Franchises' });
      const name = (row: number) => page.locator(`#franchises_franchises_${row}_name`);
      await expect.poll(() => locationText(page, 'l0001'), SETTLE).toBe('Leeds: Audi, BMW');

      // Typing: each keystroke goes through the rules into the whole configuration.
      await name(0).click();
      await page.keyboard.press('End');
      await page.keyboard.type(' Sport', { delay: 30 });
      expect(await name(0).inputValue()).toBe('Audi Sport');
      await expect.poll(() => locationText(page, 'l0001'), SETTLE).toBe('Leeds: Audi Sport, BMW');

      // Removing a franchise strips it from every location at once.
      await table.getByRole('row').nth(1).getByRole('button', { name: 'Remove' }).click();
      await expect.poll(() => name(0).inputValue(), SETTLE).toBe('BMW');
      await expect.poll(() => locationText(page, 'l0001'), SETTLE).toBe('Leeds: BMW');
      expect(await locationText(page, 'l0003')).toBe('Harrogate: Citroën');
      expect(await page.getByTestId('locations').textContent()).not.toContain('Audi');

      // Validation while typing (the item's precompiled validator), once typing pauses.
      await name(0).click();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('test', { delay: 30 });
      await expect.poll(() => name(0).getAttribute('aria-invalid'), SETTLE).toBe('true');
      await page.getByText('should not be a test value').first().waitFor();

      // Submitting validates the whole stage (precompiled stage validator): blocked, nothing saved.
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Please make sure that all required fields are complete.').waitFor();
      expect(await page.evaluate(() => (window as unknown as PageState).__stage.saved)).toEqual([]);

      // Fixed: the error clears while typing and the submission goes through.
      await name(0).click();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('Kia', { delay: 30 });
      await expect.poll(() => name(0).getAttribute('aria-invalid'), SETTLE).toBe('false');
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect.poll(() => page.evaluate(() => (window as unknown as PageState).__stage.saved), SETTLE).toEqual(['submitted']);
      expect(await locationText(page, 'l0001')).toBe('Leeds: Kia');

      expect(await violations(page)).toEqual([]);
      expect(pageErrors).toEqual([]);
      expect(consoleErrors).toEqual([]);

      // The policy is really enforced and reported here: compiling code from a string is refused.
      // (From a timer task: code run by page.evaluate itself is exempt from the page's CSP.)
      await page.evaluate(() => {
        const w = window as unknown as { __evalProbe?: string };
        setTimeout(() => {
          try {
            w.__evalProbe = typeof new Function('return 1') === 'function' ? 'allowed' : 'blocked';
          } catch (e) {
            w.__evalProbe = e instanceof EvalError ? 'blocked' : String(e);
          }
        });
      });
      await expect.poll(() => page.evaluate(() => (window as unknown as { __evalProbe?: string }).__evalProbe), SETTLE).toBe('blocked');
      await expect.poll(async () => (await violations(page)).length, SETTLE).toBe(1);
      expect((await violations(page))[0]).toMatch(/^script-src/);
    } finally {
      await context.close();
    }
  });
});
