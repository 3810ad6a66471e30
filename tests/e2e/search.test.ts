// The one search in the browser (issue 58, src/search/ over GET /api/search): staff press Ctrl-K,
// type a postcode that only a config's locations stage holds (and its company's address), find the
// config under Configurations, and Enter opens its dashboard. A dealer searching another company's
// name finds nothing of it: no company, config, agreement or project of theirs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { wcagProblems } from './axe';
import { hashPath, SETTLE, startE2E, type E2E } from './harness';

interface Target {
  config_id: number;
  config_name: string;
  company: string;
  postcode: string;
}

/** Waits until the dialog has answered the text typed (its status line says how many, or none), and says it. */
async function settled(page: Page): Promise<string> {
  const status = page.getByTestId('search-status');
  await expect.poll(async () => (await status.textContent()) ?? '', SETTLE).toMatch(/results?$|^No results/);
  return (await status.textContent()) ?? '';
}

describe('the one search (browser)', () => {
  let e2e: E2E;
  let target: Target;
  beforeAll(async () => {
    e2e = await startE2E();
    // A live demo config whose locations stage names a postcode, of a company that is not the
    // demo dealer's and that no showcase names (a published showcase is everyone's to find).
    const { rows } = (await e2e.server.database.db.execute(`
      SELECT c.id AS config_id, c.name AS config_name, co.name AS company, l->>'postcode' AS postcode
        FROM configs c
        JOIN companies co ON co.id = c.company_id
        JOIN config_meta m ON m.config_id = c.id AND m.meta_key = 'stage_data_locations',
             jsonb_array_elements(m.meta_value->'locations') l
       WHERE c.status = 'active' AND coalesce(l->>'postcode', '') <> ''
         AND co.id NOT IN (SELECT cu.company_id FROM company_users cu JOIN users u ON u.id = cu.user_id WHERE u.email = 'dealer@demo.test')
         AND NOT EXISTS (SELECT 1 FROM posts p WHERE p.post_title ILIKE '%' || co.name || '%')
       ORDER BY c.id LIMIT 1`)) as unknown as { rows: Target[] };
    expect(rows).toHaveLength(1);
    target = rows[0];
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it("finds a config by a postcode inside its locations and opens its dashboard on Enter", async () => {
    const { page } = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    await e2e.openSignedIn(page, 'admin@demo.test');
    await page.getByTestId('search-open').waitFor();
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.waitFor();
    await page.keyboard.type(target.postcode);
    await settled(page);
    const configs = dialog.getByRole('group', { name: 'Configurations' });
    const option = configs.getByRole('option', { name: new RegExp(target.config_name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    await option.waitFor();
    // The dialog with its results, over the page, has no WCAG 2.1 A/AA problem axe-core finds.
    expect(await wcagProblems(page)).toEqual([]);
    // Arrow down to the config (the field keeps the focus; the option is named active), then Enter.
    const input = dialog.getByRole('combobox', { name: 'Search' });
    const optionId = await option.getAttribute('id');
    for (let i = 0; i < 20 && (await input.getAttribute('aria-activedescendant')) !== optionId; i++) await page.keyboard.press('ArrowDown');
    expect(await input.getAttribute('aria-activedescendant')).toBe(optionId);
    await expect(option.getAttribute('aria-selected')).resolves.toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`#/configurator/${target.config_id}/dashboard$`));
    await page.getByTestId('config-dashboard-page').waitFor();
    await expect.poll(() => page.getByTestId('page-title').textContent(), SETTLE).toContain(target.config_name);
    await expect(dialog.count()).resolves.toBe(0);
    expect(hashPath(page)).toBe(`/configurator/${target.config_id}/dashboard`);
  });

  it('opens the same dialog full-screen from the bar on a phone, with a close button', async () => {
    const { page } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await e2e.openSignedIn(page, 'admin@demo.test');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    expect([box?.x, box?.y, box?.width, box?.height]).toEqual([0, 0, 390, 844]);
    await page.keyboard.type(target.postcode);
    await settled(page);
    await dialog.getByRole('group', { name: 'Configurations' }).getByRole('option').first().waitFor();
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await dialog.getByRole('button', { name: 'Close search' }).click();
    await expect.poll(() => dialog.count(), SETTLE).toBe(0);
  });

  it("shows a dealer nothing of another company's when they search its name", async () => {
    const { page } = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    await e2e.openSignedIn(page, 'dealer@demo.test');
    await page.getByTestId('search-open').waitFor();
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.waitFor();
    await page.keyboard.type(target.company);
    const status = await settled(page);
    const shown = await dialog.getByRole('option').allTextContents();
    expect(shown.filter((text) => text.includes(target.company)), status).toEqual([]);
    // Staff, searching the same name, do find the company: the dealer's empty answer is tenancy, not the words.
    const staff = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    await e2e.openSignedIn(staff.page, 'admin@demo.test');
    await staff.page.getByTestId('search-open').click();
    await staff.page.getByRole('dialog', { name: 'Search' }).getByRole('combobox', { name: 'Search', exact: true }).fill(target.company);
    await settled(staff.page);
    await staff.page.getByRole('group', { name: 'Companies' }).getByRole('option', { name: new RegExp(`^${target.company.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).first().waitFor();
  });
});
