// Dashboards by role and the company switcher (issue 29), in a real browser on the built app:
// a dealer's dashboard shows their configurator's progress with the next stage to fill, the
// agreement waiting for their signature and their launch; staff see their widgets and switch
// company with the keyboard only, on a wide screen and on a phone, landing on that company's
// dashboard. E2E_SHOTS=<folder> keeps a picture of each screen (in <folder>/dashboards).
import type { Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPath, photograph, SETTLE, startE2E, type E2E } from './harness';

const shot = (page: Page, name: string) => photograph(page, 'dashboards', name);

/**
 * Presses Shift+Tab until the element with `testId` has the focus: a keyboard user's way back from
 * the page's heading (where a route change puts the focus) to the top bar.
 */
async function tabTo(page: Page, testId: string, most = 80) {
  for (let i = 0; i < most; i++) {
    await page.keyboard.press('Shift+Tab');
    if (await page.evaluate((id) => document.activeElement?.getAttribute('data-testid') === id, testId)) return;
  }
  throw new Error(`Tab never reached ${testId}`);
}

describe('dashboards and the company switcher (browser)', () => {
  let e2e: E2E;
  let harbour = 0;
  beforeAll(async () => {
    e2e = await startE2E();
    const { rows } = (await e2e.server.database.db.execute(sql`select id from companies where name = 'Harbour Cars'`)) as unknown as { rows: Array<{ id: number }> };
    harbour = Number(rows[0].id);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it("shows a dealer their progress and next stage, the agreement to sign and their launch, and no switcher", async () => {
    for (const width of [1440, 390]) {
      const { page } = await e2e.newPage({ viewport: { width, height: 900 } });
      await e2e.openSignedIn(page, 'dealer@demo.test', { route: '/dashboard' });
      await page.getByTestId('dealer-dashboard').waitFor();
      await expect.poll(() => page.getByTestId('dashboard-company').textContent(), SETTLE).toBe('Demo Motors');
      // Progress with its bar, and the next stage as a link into the configurator.
      const config = page.getByTestId('dashboard-config-card');
      await config.waitFor();
      await expect(config.getByRole('progressbar').count()).resolves.toBeGreaterThan(0);
      const next = page.getByTestId('dashboard-config-next-link');
      await next.waitFor();
      expect(await next.getAttribute('href')).toMatch(/#\/configurator\/\d+\/[a-z-]+$/);
      // The order form sent for signature, and the launch with its status and percentage.
      await expect(page.getByTestId('dashboard-agreement-card').textContent()).resolves.toContain('Demo Motors website launch');
      const project = page.getByTestId('dashboard-project-card').first();
      await project.waitFor();
      await expect(project.getByTestId('percent-bar').count()).resolves.toBe(1);
      await expect(project.textContent()).resolves.toContain('Pat Project');
      // Staff's things are not theirs.
      await expect(page.getByTestId('staff-dashboard').count()).resolves.toBe(0);
      await expect(page.locator('[data-testid="company-switcher"], [data-testid="company-switcher-button"]').count()).resolves.toBe(0);
      await shot(page, `dealer-${width}`);
      await page.close();
    }
  });

  it('lets staff switch company with the keyboard only and lands on that company’s dashboard', async () => {
    const { page } = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    await e2e.openSignedIn(page, 'pm@demo.test');
    const mine = page.getByTestId('widget-my-projects');
    await mine.waitFor();
    await expect.poll(() => page.getByTestId('my-project').count(), SETTLE).toBeGreaterThan(0);
    await page.getByTestId('widget-tasks-due').waitFor();
    await shot(page, 'staff-1440');

    await tabTo(page, 'company-switcher-input');
    await page.keyboard.type('Harbour Cars');
    await expect.poll(() => page.getByTestId('company-switcher-option').allTextContents(), SETTLE).toEqual(['Harbour Cars']);
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`#/dashboard/${harbour}$`));
    await expect.poll(() => page.getByTestId('dashboard-company').textContent(), SETTLE).toBe('Harbour Cars');
    await page.getByTestId('company-projects').waitFor();
    await page.getByTestId('company-users').waitFor();
    await expect(page.getByTestId('company-user').allTextContents()).resolves.toEqual([expect.stringContaining('dealer2@demo.test')]);
    await shot(page, 'company-1440');
  });

  it('opens the search from an icon button on a phone, keyboard only', async () => {
    const { page } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await e2e.openSignedIn(page, 'admin@demo.test');
    await page.getByTestId('staff-dashboard').waitFor();
    await expect(page.getByTestId('company-switcher-input').count()).resolves.toBe(0);
    await shot(page, 'staff-390');
    await tabTo(page, 'company-switcher-button');
    await page.keyboard.press('Enter');
    const input = page.getByTestId('company-switcher-input');
    await input.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')), SETTLE).toBe('company-switcher-input');
    await page.keyboard.type('Harbour Cars');
    await expect.poll(() => page.getByTestId('company-switcher-option').allTextContents(), SETTLE).toEqual(['Harbour Cars']);
    await shot(page, 'switcher-390');
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`#/dashboard/${harbour}$`));
    expect(hashPath(page)).toBe(`/dashboard/${harbour}`);
    await expect.poll(() => page.getByTestId('dashboard-company').textContent(), SETTLE).toBe('Harbour Cars');
    // The search dialog closes (it fades out: still in the page for a moment after the navigation).
    await expect.poll(() => page.getByRole('dialog').count(), SETTLE).toBe(0);
    await page.getByTestId('company-configs').waitFor();
    await shot(page, 'company-390');
  });
});
