import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPath, startE2E, SETTLE, waitForLanding, type E2E } from './harness';

describe('configurator pages (browser)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('takes a dealer from the list to the demo config dashboard, saves a draft stage and keeps the value', async () => {
    const { page } = await e2e.newPage();
    await e2e.openSignedIn(page, 'dealer@demo.test');
    await page.waitForURL(/#\/configurator/);
    await waitForLanding(page);

    // The dealer has exactly one config: the list goes straight to its dashboard.
    await page.goto(`${e2e.server.url}/#/configurator`);
    await page.waitForURL(/#\/configurator\/\d+\/dashboard$/);
    const dashboard = page.getByTestId('config-dashboard-page');
    await expect.poll(() => dashboard.getByTestId('page-title').textContent(), SETTLE).toBe('Demo Motors website');
    const progress = await page.getByTestId('config-progress').textContent();
    expect(progress).toMatch(/^\d+%$/);
    expect(Number(progress?.replace('%', ''))).toBeGreaterThan(0);

    // Section states: company information completed, franchises submitted, social feeds an open draft.
    await expect(page.getByTestId('section-company-information').getAttribute('data-state')).resolves.toBe('completed');
    await expect(page.getByTestId('section-franchises').getAttribute('data-state')).resolves.toBe('submitted');
    const social = page.getByTestId('section-social-feeds');
    await expect(social.getAttribute('data-state')).resolves.toBe('draft');
    await expect(page.getByTestId('contact-project-manager').count()).resolves.toBe(1);

    await social.click();
    await page.waitForURL(/#\/configurator\/\d+\/social-feeds$/);
    const stagePath = hashPath(page);
    const facebook = page.locator('#social-feeds_group_facebook');
    await facebook.fill('https://facebook.com/demo-motors-e2e');
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/configs/'));
    await page.getByTestId('stage-save').click();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => page.getByText('Saved - scroll down to complete remaining sections').count(), SETTLE).toBeGreaterThan(0);

    await page.reload();
    expect(hashPath(page)).toBe(stagePath);
    await expect.poll(() => page.locator('#social-feeds_group_facebook').inputValue(), SETTLE).toBe('https://facebook.com/demo-motors-e2e');
  });

  it('shows a submitted stage read-only to the dealer', async () => {
    const { page } = await e2e.newPage();
    await e2e.openSignedIn(page, 'dealer@demo.test');
    await page.waitForURL(/#\/configurator/);
    await page.getByTestId('section-franchises').click();
    await page.waitForURL(/#\/configurator\/\d+\/franchises$/);
    await page.getByTestId('stage-readonly').waitFor();
    await expect(page.getByTestId('stage-save').count()).resolves.toBe(0);
  });

  it('tells the dealer when someone else changed the config and reloads it on request', async () => {
    const open = async ({ live = true } = {}) => {
      const { page } = await e2e.newPage();
      // Without its event stream (blocked, as a proxy may), a page learns of another's save only at
      // its own save, as before issue 55: the conflict notice. With it, the save shows at once
      // (tests/e2e/review.test.ts).
      if (!live) await page.route('**/api/configs/*/events*', (route) => route.abort());
      await e2e.openSignedIn(page, 'dealer@demo.test');
      await page.waitForURL(/#\/configurator/);
      await page.getByTestId('section-social-feeds').click();
      await page.locator('#social-feeds_group_twitter').waitFor();
      return page;
    };
    const first = await open({ live: false });
    const second = await open();
    await second.locator('#social-feeds_group_twitter').fill('https://twitter.com/second');
    await second.getByTestId('stage-save').click();
    await expect.poll(() => second.getByText('Saved - scroll down to complete remaining sections').count(), SETTLE).toBeGreaterThan(0);

    await first.locator('#social-feeds_group_twitter').fill('https://twitter.com/first');
    await first.getByTestId('stage-save').click();
    const notice = first.getByTestId('stage-conflict');
    await notice.waitFor();
    await notice.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => first.getByTestId('stage-conflict').count(), SETTLE).toBe(0);
    await expect.poll(() => first.locator('#social-feeds_group_twitter').inputValue(), SETTLE).toBe('https://twitter.com/second');
  });
});
