/**
 * Internal page layouts in real Chromium (issue 30): staff build a layout with two pages, reorder
 * them, save it, apply it to the demo config (Demo Motors) and find the pages, and the layout they
 * came from, on the config's internal pages stage (before: a sentence saying none is applied yet,
 * with a link to the layouts). One server and one browser for the file.
 */
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminConfigs, configMeta, configs } from '../../server/db/schema';
import { startE2E, SETTLE, type E2E } from './harness';

describe('internal page layouts (browser)', () => {
  let e2e: E2E;
  let page: Page;
  const problems: string[] = [];
  const db = () => e2e.server.database.db;
  const rowNames = () => page.getByTestId('layouts-table').getByTestId('row-name').allTextContents();

  beforeAll(async () => {
    e2e = await startE2E();
    page = (await e2e.newPage({ viewport: { width: 1440, height: 900 } })).page;
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    await e2e.openSignedIn(page, 'admin@demo.test');
  }, 90_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it('before any layout is applied, the internal pages stage says so and links to the layouts (no empty disabled input)', async () => {
    const [motors] = await db().select({ id: configs.id }).from(configs).where(eq(configs.name, 'Demo Motors website'));
    await page.goto(`${e2e.server.url}/#/configurator/${motors.id}/internal/internal-pages`);
    await page.getByTestId('config-stage-page').getByTestId('page-title').waitFor({ timeout: 30_000 });
    const text = page.getByTestId('internal-pages_layout__text');
    await expect.poll(() => text.textContent(), SETTLE).toBe('No layout applied yet. Apply one from Internal page layouts.');
    expect(await page.getByLabel(/^Layout\b/).count()).toBe(0);
    const link = text.getByRole('link', { name: 'Internal page layouts' });
    expect(await link.getAttribute('href')).toBe('#/backend/config-admin/internal-page-layouts');
    await link.click();
    await page.waitForURL(/#\/backend\/config-admin\/internal-page-layouts$/);
  });

  it('staff build a layout with two pages, reorder them and save it', async () => {
    await page.goto(`${e2e.server.url}/#/backend/config-admin/internal-page-layouts`);
    await expect.poll(rowNames, SETTLE).toEqual(['Franchise dealer standard', 'Independent dealer', 'Aftersales only']);
    await page.getByTestId('layout-add').click();
    const dialog = page.getByTestId('layout-dialog');
    await dialog.getByTestId('layout-name').fill('Demo Motors site plan');
    await dialog.getByTestId('page-add').click();
    await dialog.getByTestId('page-add').click();
    await dialog.getByTestId('page-name').nth(0).fill('About us');
    await dialog.getByTestId('page-name').nth(1).fill('Contact us');
    await dialog.getByRole('button', { name: 'Move Contact us up' }).click();
    await expect.poll(() => dialog.getByTestId('layout-page-title').allTextContents(), SETTLE).toEqual(['Contact us', 'About us']);
    await dialog.getByTestId('layout-save').click();
    await page.getByText('Admin Config Created').waitFor();
    await expect.poll(rowNames, SETTLE).toEqual(['Franchise dealer standard', 'Independent dealer', 'Aftersales only', 'Demo Motors site plan']);
    const [stored] = await db().select().from(adminConfigs).where(eq(adminConfigs.name, 'Demo Motors site plan'));
    expect(stored.data.pages.map((p) => p.name)).toEqual(['Contact us', 'About us']);
  });

  it('staff apply it to the demo config and see its pages and name on the internal pages stage', async () => {
    await page.getByRole('button', { name: 'Apply Demo Motors site plan to a config' }).click();
    const dialog = page.getByTestId('apply-dialog');
    await dialog.getByTestId('apply-config').fill('Demo Motors');
    await page.getByRole('option', { name: /Demo Motors – Demo Motors website/ }).click();
    await dialog.getByTestId('apply-submit').click();
    await expect.poll(() => dialog.getByTestId('apply-result').textContent(), SETTLE).toBe('Layout applied to the config.');
    // Applying it again changes nothing, and says so.
    await dialog.getByTestId('apply-submit').click();
    await expect.poll(() => dialog.getByTestId('apply-result').textContent(), SETTLE).toBe("The config already has this layout's pages.");
    const [motors] = await db().select({ id: configs.id }).from(configs).where(eq(configs.name, 'Demo Motors website'));
    const [meta] = await db().select().from(configMeta).where(and(eq(configMeta.configId, motors.id), eq(configMeta.metaKey, 'stage_data_internal-pages')));
    expect((meta.metaValue as { layout: { name: string } }).layout.name).toBe('Demo Motors site plan');

    await dialog.getByTestId('apply-open').click();
    await page.waitForURL(new RegExp(`#/configurator/${motors.id}/internal/internal-pages`));
    // The layout the pages came from reads as a sentence, not as a disabled input.
    await expect.poll(() => page.getByTestId('internal-pages_layout__text').textContent(), SETTLE).toBe('From the layout Demo Motors site plan');
    expect(await page.getByLabel(/^Layout\b/).count()).toBe(0);
    const names = page.getByLabel(/^Page name/);
    await expect.poll(() => names.count(), SETTLE).toBe(2);
    expect([await names.nth(0).inputValue(), await names.nth(1).inputValue()]).toEqual(['Contact us', 'About us']);
    expect(problems).toEqual([]);
  });
});
