// Notification preferences in the browser (issue 55, src/notifications/): a dealer opens the bell,
// follows "Notification settings", chooses Daily digest for mentions, saves, and after a reload the
// page still shows it (and the server holds it). On a phone the same page is reached from the user
// menu, each kind's choices stacked under it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationPreferences } from '../../contract/notifications';
import { call, login } from '../server/helpers';
import { hashPath, SETTLE, startE2E, type E2E } from './harness';

describe('notification preferences (browser)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('lets a dealer choose the daily digest for mentions from the bell, and keeps it after a reload', async () => {
    const { page } = await e2e.newPage();
    await e2e.openSignedIn(page, 'dealer@demo.test');
    await page.getByTestId('notifications-bell').click();
    await page.getByTestId('notifications-panel').waitFor();
    await page.getByRole('link', { name: 'Notification settings' }).click();
    await page.waitForURL(/#\/notifications\/preferences$/);
    await expect.poll(() => page.getByTestId('page-title').textContent(), SETTLE).toBe('Notification settings');

    const mentions = page.getByRole('radiogroup', { name: 'Mentions' });
    await expect(mentions.getByRole('radio', { name: 'By mail' }).isChecked()).resolves.toBe(true);
    await mentions.getByRole('radio', { name: 'Daily digest' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Notification settings saved.' }).count(), SETTLE).toBe(1);

    await page.reload();
    await page.getByTestId('notification-preferences').waitFor();
    expect(hashPath(page)).toBe('/notifications/preferences');
    await expect(page.getByRole('radiogroup', { name: 'Mentions' }).getByRole('radio', { name: 'Daily digest' }).isChecked()).resolves.toBe(true);
    await expect(page.getByRole('radiogroup', { name: 'Replies' }).getByRole('radio', { name: 'In the app' }).isChecked()).resolves.toBe(true);

    const session = await login(e2e.server, 'dealer@demo.test');
    const held = await call<NotificationPreferences>(e2e.server, 'GET', '/api/notifications/preferences', { token: session.token });
    expect(held.body.preferences.mention).toBe('digest');
  });

  it('is in the user menu on a phone, with each kind\'s choices stacked', async () => {
    const { page } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await e2e.openSignedIn(page, 'dealer@demo.test');
    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('user-menu-notification-settings').click();
    await page.waitForURL(/#\/notifications\/preferences$/);
    const group = page.getByRole('radiogroup', { name: 'Mentions' });
    await group.waitFor();
    // The four choices one under the other, none wider than the screen.
    const boxes = await Promise.all((await group.getByRole('radio').all()).map((radio) => radio.boundingBox()));
    const tops = boxes.map((b) => Math.round(b!.y));
    expect([...tops].sort((x, y) => x - y)).toEqual(tops);
    expect(new Set(tops).size).toBe(4);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
