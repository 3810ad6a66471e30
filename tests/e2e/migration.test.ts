/**
 * Legacy dealer import in real Chromium (issue 30): staff (pm@demo.test, 'manage configs') open
 * /migration, load the shipped demo file, choose Demo Motors and its config, read the dry run
 * (new Harrogate location, the Sunday hours conflict, old news not migrated), import it with the
 * progress shown, then open the config and see the imported location and opening hours; the
 * locations stage's history names the file, and restoring that revision undoes the whole import.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness';

describe('migration (browser)', () => {
  let e2e: E2E;
  let staff: Page;

  beforeAll(async () => {
    e2e = await startE2E();
    staff = (await e2e.newPage()).page;
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('imports the shipped legacy file into Demo Motors and the config shows its locations and hours', async () => {
    await e2e.openSignedIn(staff, 'pm@demo.test', { route: '/migration' });

    await staff.getByTestId('migration-demo').click();
    await expect.poll(() => staff.getByTestId('migration-file-name').innerText()).toContain('legacy-dealer.json');

    await staff.getByTestId('migration-company').fill('Demo Motors');
    await staff.getByRole('option', { name: 'Demo Motors', exact: true }).click();
    await staff.getByTestId('migration-config').click();
    await staff.getByRole('option', { name: 'Demo Motors website' }).click();

    await staff.getByTestId('migration-dry-run').click();
    const report = staff.getByTestId('migration-report');
    await report.waitFor();
    const locations = staff.locator('[data-testid="migration-stage"][data-stage="locations"]');
    expect(await locations.locator('[data-count="new"]').innerText()).toBe('1');
    // The two recent news items are kept as migration data, not counted as new.
    const posts = staff.locator('[data-testid="migration-stage"][data-stage="migration data"]');
    expect([await posts.locator('[data-count="new"]').innerText(), await posts.locator('[data-count="kept"]').innerText()]).toEqual(['0', '2']);
    const flagged = await staff.getByTestId('migration-flagged').allInnerTexts();
    expect(flagged.some((row) => /Conflict/.test(row) && /sunday/.test(row))).toBe(true);
    expect(flagged.filter((row) => row.includes('News and offers older than 3 months are not migrated.'))).toHaveLength(2);

    await staff.getByTestId('migration-import').click();
    await staff.locator('[data-testid="migration-job"][data-status="done"]').waitFor({ timeout: 30_000 });
    expect(await staff.getByTestId('migration-done').innerText()).toContain('Imported from legacy-dealer.json');

    await staff.getByTestId('migration-open-config').click();
    await staff.waitForURL(/#\/configurator\/\d+\/overview$/);
    const shownLocations = staff.getByTestId('overview-locations');
    await shownLocations.waitFor();
    expect(await shownLocations.innerText()).toContain('5 Wetherby Road, Harrogate, North Yorkshire, United Kingdom');
    const hours = await staff.getByTestId('overview-opening-hours').innerText();
    // The Bodyshop's split Monday and the Parts' hours from the file; the showroom hours kept.
    expect(hours).toContain('Bodyshop');
    expect(hours).toContain('08:00–17:30');
    expect(hours).toContain('08:30–19:00');

    // The history of a stage the import wrote names the file; Restore puts every stage it wrote back.
    const configId = /#\/configurator\/(\d+)\//.exec(staff.url())![1];
    await staff.goto(`/#/configurator/${configId}/locations`);
    await staff.getByTestId('stage-history').click();
    const imported = staff.getByTestId('history-panel').getByTestId('history-item').first();
    await expect.poll(() => imported.textContent(), { timeout: 10_000 }).toContain('Imported from legacy-dealer.json');
    await imported.getByTestId('history-restore').click();
    const dialog = staff.getByTestId('restore-dialog');
    expect(await dialog.innerText()).toContain('Every section this change wrote goes back to its data before it');
    expect(await dialog.innerText()).toContain('Opening hours');
    await staff.getByTestId('restore-dialog-confirm').click();
    await expect.poll(() => staff.getByText('Earlier version restored').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await staff.goto(`/#/configurator/${configId}/overview`);
    await staff.getByTestId('overview-locations').waitFor();
    await expect.poll(() => staff.getByTestId('overview-locations').innerText()).not.toContain('Harrogate');
    expect(await staff.getByTestId('overview-opening-hours').innerText()).not.toContain('Bodyshop');
  });

  it('on a phone the dry run says its counts table scrolls and shows the flagged rows as cards', async () => {
    const phone = (await e2e.newPage({ viewport: { width: 390, height: 844 } })).page;
    await e2e.openSignedIn(phone, 'pm@demo.test', { route: '/migration' });
    await phone.getByTestId('migration-demo').click();
    await phone.getByTestId('migration-company').fill('Demo Motors');
    await phone.getByRole('option', { name: 'Demo Motors', exact: true }).click();
    await phone.getByTestId('migration-config').click();
    await phone.getByRole('option', { name: 'Demo Motors website' }).click();
    await phone.getByTestId('migration-dry-run').click();
    await phone.getByTestId('migration-report').waitFor();
    await phone.getByText('Scroll sideways to see every column').waitFor();
    const cards = phone.getByRole('listitem').filter({ has: phone.getByText('News and offers older than 3 months are not migrated.') });
    expect(await cards.count()).toBeGreaterThan(0);
    // Nothing of a card is cut: it fits the screen.
    const box = await phone.getByTestId('migration-flagged').first().boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
