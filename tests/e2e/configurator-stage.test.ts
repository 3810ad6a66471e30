import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyInformation, franchises, location, newConfig, writeStages, type ConfigBody } from '../server/configs-helpers';
import { call, login } from '../server/helpers';
import { DEMO_PASSWORD, editSaved, hashPath, startE2E, SETTLE, type E2E } from './harness';

/**
 * The stage page in the built app (issue 7, stage page): autosave and its indicator, unsent edits
 * kept through a lost network, a closed tab and an ended session, the conflict screen, history and
 * restore, Reset, and staff's internal route and Reopen. One server and one browser for the file.
 */
describe('configurator stage page (browser)', () => {
  let e2e: E2E;
  let configId = '';
  beforeAll(async () => {
    e2e = await startE2E();
    // The demo dealer's one config, whose stages the tests open.
    const dealer = await login(e2e.server, 'dealer@demo.test');
    configId = String((await call<ConfigBody[]>(e2e.server, 'GET', '/api/configs', { token: dealer.token })).body[0].id);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  /** Signs in (dealer by default) and opens a stage of the demo config. */
  async function openStage(slug: string, { email = 'dealer@demo.test', page: given }: { email?: string; page?: Page } = {}) {
    const page = given ?? (await e2e.newPage()).page;
    await e2e.openSignedIn(page, email, { route: `/configurator/${configId}/${slug}` });
    // The stage screen's code (the engine and rjsf: the app's largest chunks) loads and compiles
    // here in a new browser context: a page load's time, as the harness gives navigations.
    await page.getByTestId('config-stage-page').getByTestId('page-title').waitFor({ timeout: 30_000 });
    return page;
  }

  const status = (page: Page) => page.getByTestId('save-indicator').getAttribute('data-status');
  const twitter = (page: Page) => page.locator('#social-feeds_group_twitter');
  const youtube = (page: Page) => page.locator('#social-feeds_group_youtube');

  it('autosaves an edit in the background (Unsaved changes, Saving… while it is sent, then Saved) and a reload shows it', async () => {
    const page = await openStage('social-feeds');
    await expect(status(page)).resolves.toBe('saved');
    // Nobody has written this stage yet: its heading says so, as the dashboard does (not "Draft").
    const chip = page.getByTestId('config-stage-page').locator('[data-state]').first();
    expect([await chip.getAttribute('data-state'), await chip.textContent()]).toEqual(['notStarted', 'Not started']);
    // The background save is held on its way, so the indicator can be seen while it is sent.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/companies/*/configs/*', async (route) => {
      if (route.request().method() === 'PUT') await held;
      await route.continue();
    });
    const put = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/configs/'));
    await page.locator('#social-feeds_group_facebook').fill('https://facebook.com/autosaved');
    // Still while the user may type on (no spinner: it would repaint every frame).
    await expect.poll(() => status(page), SETTLE).toBe('pending');
    await expect(page.getByTestId('save-indicator').textContent()).resolves.toBe('Unsaved changes');
    await expect.poll(() => status(page), SETTLE).toBe('saving');
    await expect(page.getByTestId('save-indicator').textContent()).resolves.toBe('Saving…');
    release();
    expect((await put).status()).toBe(200);
    await expect.poll(() => status(page), SETTLE).toBe('saved');
    await expect(page.getByTestId('save-indicator').textContent()).resolves.toBe('Saved');
    // A background save is quiet: no growl.
    await expect(page.getByText('Saved - scroll down to complete remaining sections').count()).resolves.toBe(0);
    // Written now: a draft.
    await expect.poll(() => chip.getAttribute('data-state'), SETTLE).toBe('draft');

    // The next edit travels alone, as a JSON patch against the version the page holds, not the stage.
    const next = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/configs/'));
    await twitter(page).fill('https://twitter.com/autosaved');
    const answered = await next;
    expect(answered.status()).toBe(200);
    expect(answered.request().postDataJSON()).toMatchObject({ slug: 'social-feeds', patches: [{ op: 'add', path: '/group/twitter', value: 'https://twitter.com/autosaved' }] });
    expect(answered.request().postDataJSON()).not.toHaveProperty('data');
    await expect.poll(() => status(page), SETTLE).toBe('saved');

    await page.reload();
    await expect.poll(() => page.locator('#social-feeds_group_facebook').inputValue(), SETTLE).toBe('https://facebook.com/autosaved');
    await expect.poll(() => twitter(page).inputValue(), SETTLE).toBe('https://twitter.com/autosaved');
  });

  it('runs no animation while idle or while the user types (an animation, even hidden, repaints every frame and slows each keystroke)', async () => {
    const page = await openStage('social-feeds');
    await expect(status(page)).resolves.toBe('saved');
    // Endless ones (a spinner); a focus's short transitions end by themselves.
    const running = () =>
      page.evaluate(() => document.getAnimations().filter((a) => a.effect?.getTiming().iterations === Infinity).map((a) => (a as CSSAnimation).animationName));
    await expect.poll(running, SETTLE).toEqual([]);
    // While an edit waits for its background save ("pending") nothing turns. The status and the
    // animations are read together: on a starved machine the save may already be on its way (its
    // spinner rightly turns), and then the next key is tried once it has ended.
    const field = page.locator('#social-feeds_group_instagram');
    let whilePending: string[] | null = null;
    for (let tries = 0; tries < 5 && !whilePending; tries++) {
      await field.press('x');
      const seen = await page.evaluate(() => ({
        status: document.querySelector('[data-testid="save-indicator"]')?.getAttribute('data-status'),
        animations: document.getAnimations().filter((a) => a.effect?.getTiming().iterations === Infinity).map((a) => (a as CSSAnimation).animationName),
      }));
      if (seen.status === 'pending') whilePending = seen.animations;
      else await expect.poll(() => status(page), SETTLE).not.toBe('saving');
    }
    expect(whilePending).toEqual([]);
  });

  it('keeps edits on the device while offline and after the tab is closed, puts them back on the next visit; Reset asks and restores the saved data', async () => {
    const { context, page } = await e2e.newPage();
    await openStage('social-feeds', { page });
    await context.setOffline(true);
    await twitter(page).fill('https://twitter.com/offline-edit');
    await expect.poll(() => status(page), SETTLE).toBe('offline');
    await expect(page.getByTestId('save-indicator').textContent()).resolves.toBe('Offline – changes kept on this device');
    // Kept in this browser's storage (written shortly after the edit) before the tab goes: the
    // stored copy holds the edit itself (any stored copy would not do: one made before the edit
    // reached it would bring back nothing).
    const kept = () => page.evaluate(() => Object.entries(localStorage).filter(([k]) => k.startsWith('portal.unsent:')).map(([, v]) => v).join('\n'));
    await expect.poll(kept, SETTLE).toContain('https://twitter.com/offline-edit');
    await page.close();

    // A new tab later, online again: the base version is still current, so the edit is applied and sent.
    await context.setOffline(false);
    const again = await context.newPage();
    await again.goto(`${e2e.server.url}/#/configurator/${configId}/social-feeds`);
    await again.getByTestId('unsent-restored').waitFor();
    await expect.poll(() => twitter(again).inputValue(), SETTLE).toBe('https://twitter.com/offline-edit');
    await expect.poll(() => status(again), SETTLE).toBe('saved');

    // Reset: an unsent edit (offline, so it cannot be sent) is dropped after confirming.
    await context.setOffline(true);
    await twitter(again).fill('https://twitter.com/to-be-reset');
    await expect.poll(() => status(again), SETTLE).toBe('offline');
    await again.getByTestId('stage-reset').click();
    const dialog = again.getByTestId('reset-dialog');
    await dialog.getByText('Reset this section?').waitFor();
    await dialog.getByTestId('reset-dialog-confirm').click();
    await expect.poll(() => twitter(again).inputValue(), SETTLE).toBe('https://twitter.com/offline-edit');
    await expect.poll(() => status(again), SETTLE).toBe('saved');
    await context.setOffline(false);
  });

  it('an ended session mid-edit: signing in again in the modal keeps the edit and it reaches the server', async () => {
    const page = await openStage('social-feeds');
    // The session ends on the server (as when it expires): the next request gets a 401.
    await page.evaluate(() => fetch('/api/logout', { method: 'POST' }));
    await youtube(page).fill('https://youtube.com/after-expiry');
    const modal = page.getByTestId('session-modal');
    await modal.waitFor({ state: 'visible' });
    await expect.poll(() => status(page), SETTLE).toBe('offline');

    const form = page.getByTestId('session-login-form');
    await form.locator('input[name="email"]').fill('dealer@demo.test');
    await form.locator('input[name="password"]').fill(DEMO_PASSWORD);
    const put = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/configs/') && r.status() === 200);
    await form.getByRole('button', { name: 'Login' }).click();
    await modal.waitFor({ state: 'hidden' });
    await put;
    await expect.poll(() => status(page), SETTLE).toBe('saved');
    expect(hashPath(page)).toBe(`/configurator/${configId}/social-feeds`);

    await page.reload();
    await expect.poll(() => youtube(page).inputValue(), SETTLE).toBe('https://youtube.com/after-expiry');
  });

  it('two people on one stage: the second gets the conflict screen naming the changed field, and "Keep my edits on top" saves both', async () => {
    const first = await openStage('social-feeds');
    // The second page's event stream blocked (as a proxy may): it learns of the first's save only
    // when it saves, as before issue 55, so the conflict screen is what it meets. With the stream,
    // the save is shown at once (tests/e2e/review.test.ts).
    const { page: blind } = await e2e.newPage();
    await blind.route('**/api/configs/*/events*', (route) => route.abort());
    const second = await openStage('social-feeds', { page: blind });

    await twitter(first).fill('https://twitter.com/first-person');
    await editSaved(first);

    await youtube(second).fill('https://youtube.com/second-person');
    const conflict = second.getByTestId('stage-conflict');
    await conflict.waitFor();
    const row = conflict.locator('[data-testid="conflict-row"][data-field="/group/twitter"]');
    await expect(row.locator('td').first().textContent()).resolves.toContain('Twitter');
    await expect(row.getByTestId('conflict-current').textContent()).resolves.toBe('https://twitter.com/first-person');
    await expect(row.getByTestId('conflict-mine').textContent()).resolves.toBe('https://twitter.com/offline-edit');

    await conflict.getByTestId('conflict-keep').click();
    await expect.poll(() => status(second), SETTLE).toBe('saved');
    await expect.poll(() => twitter(second).inputValue(), SETTLE).toBe('https://twitter.com/first-person');
    await expect.poll(() => youtube(second).inputValue(), SETTLE).toBe('https://youtube.com/second-person');

    await first.reload();
    await expect.poll(() => twitter(first).inputValue(), SETTLE).toBe('https://twitter.com/first-person');
    await expect.poll(() => youtube(first).inputValue(), SETTLE).toBe('https://youtube.com/second-person');
  });

  it('lists the stage history and Restore (confirmed) brings the old data back as a new revision', async () => {
    const page = await openStage('social-feeds');
    await page.getByTestId('stage-history').click();
    const panel = page.getByTestId('history-panel');
    const items = panel.getByTestId('history-item');
    await expect.poll(() => items.count(), SETTLE).toBeGreaterThanOrEqual(4);
    const newest = items.first();
    await expect(newest.getByTestId('history-change').first().textContent()).resolves.toContain('Group feeds › YouTube');

    await newest.getByTestId('history-restore').click();
    await page.getByTestId('restore-dialog-confirm').click();
    await expect.poll(() => page.getByText('Earlier version restored').count(), SETTLE).toBeGreaterThan(0);
    // The newest revision set YouTube: restoring it puts back the value before it.
    await expect.poll(() => youtube(page).inputValue(), SETTLE).toBe('https://youtube.com/after-expiry');
    await expect.poll(() => twitter(page).inputValue(), SETTLE).toBe('https://twitter.com/first-person');

    await page.getByTestId('stage-history').click();
    await expect.poll(() => panel.getByTestId('history-item').first().textContent(), SETTLE).toContain('Restored');
  });

  it('staff open the internal route with internal notes and reopen a submitted stage; dealers are refused the internal route', async () => {
    const dealer = await openStage('franchises');
    await dealer.getByTestId('stage-readonly').waitFor();
    await dealer.goto(`${e2e.server.url}/#/configurator/${configId}/internal/franchises`);
    await dealer.waitForURL(/#\/dashboard/);

    const staff = await openStage('internal/franchises', { email: 'admin@demo.test' });
    await staff.getByTestId('stage-internal').waitFor();
    await staff.getByTestId('internal-notes').fill('Checked the franchise list with the dealer.');
    await editSaved(staff);
    await staff.reload();
    await expect.poll(() => staff.getByTestId('internal-notes').inputValue(), SETTLE).toBe('Checked the franchise list with the dealer.');

    await staff.goto(`${e2e.server.url}/#/configurator/${configId}/franchises`);
    await staff.getByTestId('stage-reopen').click();
    await expect.poll(() => staff.getByText('Configurator Updated').count(), SETTLE).toBeGreaterThan(0);
    await expect.poll(() => staff.locator('[data-state]').first().getAttribute('data-state'), SETTLE).toBe('draft');

    // Back with the dealer as a draft they can edit.
    await dealer.goto(`${e2e.server.url}/#/configurator/${configId}/franchises`);
    await dealer.getByTestId('stage-submit').waitFor();
    await expect(dealer.getByTestId('stage-readonly').count()).resolves.toBe(0);
  });
  it('a first save of 30 locations shows in the history as too long to list, and Show all changes opens its values', async () => {
    // A config of its own (removed at the end), so the demo config's history stays as the tests above expect.
    const [admin, dealer] = await Promise.all(['admin@demo.test', 'dealer@demo.test'].map((email) => login(e2e.server, email).then((s) => s.token)));
    const motors = (await call<ConfigBody[]>(e2e.server, 'GET', '/api/configs', { token: admin })).body.find((c) => c.name === 'Demo Motors website')!;
    const many = { locations: Array.from({ length: 30 }, (_, i) => location(`l${i}`, `Town ${i}`, ['fBMW'])) };
    const big = await writeStages(e2e.server, dealer, await newConfig(e2e.server, admin, motors.company.guid), [
      { slug: 'company-information', data: companyInformation, state: 'draft' },
      { slug: 'franchises', data: franchises('BMW'), state: 'draft' },
      { slug: 'locations', data: many, state: 'draft' },
    ]);
    try {
      const { page } = await e2e.newPage();
      await e2e.openSignedIn(page, 'admin@demo.test', { route: `/configurator/${big.id}/locations` });
      await page.getByTestId('config-stage-page').getByTestId('page-title').waitFor({ timeout: 30_000 });
      await page.getByTestId('stage-history').click();
      const item = page.getByTestId('history-panel').getByTestId('history-item').first();
      const lines = item.getByTestId('history-change');
      await expect.poll(() => lines.first().textContent(), SETTLE).toBe('Locations: — → (too long to show here)');
      await item.getByTestId('history-show-all').click();
      // A line per location, named (issue 26: never by position), the last one's too, with no "and N more".
      await expect.poll(() => lines.count(), SETTLE).toBe(30);
      await expect(lines.last().textContent()).resolves.toBe('Locations › Town 29 added');
      await expect(item.textContent()).resolves.not.toContain('too long to show');
      await expect(item.getByTestId('history-show-all').count()).resolves.toBe(0);

      // A small list saved at once lists its rows too, without asking.
      await page.goto(`${e2e.server.url}/#/configurator/${big.id}/franchises`);
      await page.getByTestId('config-stage-page').getByTestId('page-title').waitFor({ timeout: 30_000 });
      await page.getByTestId('stage-history').click();
      const franchiseLines = page.getByTestId('history-panel').getByTestId('history-item').first().getByTestId('history-change');
      await expect.poll(() => franchiseLines.allTextContents(), SETTLE).toEqual(['Franchises › BMW added']);
    } finally {
      await call(e2e.server, 'DELETE', `/api/configs/${big.id}`, { token: admin });
    }
  });
});
