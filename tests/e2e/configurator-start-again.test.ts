import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editSaved, hashPath, startE2E, SETTLE, type E2E } from './harness';

/**
 * The stage page's "Start again" (spec: reset returns the stage to an empty draft): beside Reset
 * (back to the last saved data), it asks in the app's confirm dialog, sends the API's
 * `action: 'reset'`, shows the empty draft and the reset in History. One server and one browser.
 */
describe('configurator stage page: Start again (browser)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const status = (page: Page) => page.getByTestId('save-indicator').getAttribute('data-status');
  const twitter = (page: Page) => page.locator('#social-feeds_group_twitter');
  const youtube = (page: Page) => page.locator('#social-feeds_group_youtube');

  it('asks, resets the stage on the server to an empty draft, and History lists the reset', async () => {
    const { page } = await e2e.newPage();
    await e2e.openSignedIn(page, 'dealer@demo.test');
    await page.waitForURL(/#\/configurator\/\d+\/dashboard$/);
    const configId = /configurator\/(\d+)\//.exec(hashPath(page))![1];
    await page.goto(`${e2e.server.url}/#/configurator/${configId}/social-feeds`);
    await page.getByTestId('config-stage-page').getByTestId('page-title').waitFor({ timeout: 30_000 });

    // Saved data, then an edit on top of it.
    await twitter(page).fill('https://twitter.com/saved-before');
    await editSaved(page);
    await youtube(page).fill('https://youtube.com/also-saved');
    await editSaved(page);

    // Both actions are offered: Reset (last saved data) and Start again (empty draft).
    await page.getByTestId('stage-reset').waitFor();
    await page.getByTestId('stage-start-again').click();
    const dialog = page.getByTestId('start-again-dialog');
    await dialog.getByText('Start this section again?').waitFor();
    await expect(dialog.textContent()).resolves.toContain('saved data and unsaved changes alike');
    // Cancelling changes nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(twitter(page).inputValue()).resolves.toBe('https://twitter.com/saved-before');

    await page.getByTestId('stage-start-again').click();
    const put = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/configs/'));
    await page.getByTestId('start-again-dialog-confirm').click();
    const answered = await put;
    expect(answered.status()).toBe(200);
    expect(answered.request().postDataJSON()).toMatchObject({ slug: 'social-feeds', action: 'reset', state: 'draft' });
    await page.getByText('Section reset to an empty draft').waitFor();

    // The form shows the empty draft, and so does the server after a reload.
    await expect.poll(() => twitter(page).inputValue(), SETTLE).toBe('');
    await expect.poll(() => youtube(page).inputValue(), SETTLE).toBe('');
    await expect.poll(() => status(page), SETTLE).toBe('saved');
    await page.reload();
    await page.getByTestId('config-stage-page').getByTestId('page-title').waitFor({ timeout: 30_000 });
    await expect.poll(() => twitter(page).inputValue(), SETTLE).toBe('');
    const chip = page.getByTestId('config-stage-page').locator('[data-state]').first();
    await expect.poll(() => chip.getAttribute('data-state'), SETTLE).toBe('draft');

    // History: the newest revision is the reset, naming what it removed.
    await page.getByTestId('stage-history').click();
    const newest = page.getByTestId('history-panel').getByTestId('history-item').first();
    await newest.waitFor();
    await expect(newest.locator('.MuiChip-label').first().textContent()).resolves.toBe('Reset');
    await expect(newest.getByTestId('history-change').allTextContents()).resolves.toEqual(expect.arrayContaining([expect.stringContaining('Twitter')]));
  });
});
