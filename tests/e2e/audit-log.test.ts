/**
 * Issue 58's audit log in real Chromium: an administrator changes a product's price, follows the
 * product's "Audit log" link and finds the change there (who, the old and the new price); the log
 * filters by person and kind; on a phone, in French, the entries are cards in French; a dealer has
 * no way to it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login } from '../server/helpers';
import { startE2E, SETTLE, type E2E } from './harness';

describe('the audit log (browser)', () => {
  let e2e: E2E;
  let product = { id: 0, cost: 0 };

  beforeAll(async () => {
    e2e = await startE2E();
    const admin = await login(e2e.server, 'admin@demo.test');
    // A product with a set price (not a bundle), its price as stored.
    const rows = (await call<Array<{ id: number; cost: number | string; editable: boolean; children: unknown }>>(e2e.server, 'GET', '/api/products?range=[0,24]', { token: admin.token })).body;
    const row = rows.find((p) => Number(p.cost) > 0)!;
    product = { id: row.id, cost: Number(row.cost) };
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it("an administrator changes a product's price and finds the change, with the old and new price, through the product's link", async () => {
    const { page } = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    await e2e.openSignedIn(page, 'admin@demo.test', { route: `/products/edit/${product.id}` });
    const price = (product.cost + 11.5).toFixed(2);
    const cost = page.locator('input[name="cost"]');
    await cost.waitFor(SETTLE);
    await cost.fill(price);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Product Updated').waitFor(SETTLE);

    await page.getByTestId('audit-link').click();
    await page.waitForURL(/#\/audit-log/);
    const table = page.getByTestId('audit-table');
    await table.waitFor(SETTLE);
    const row = table.locator('tbody tr').first();
    await expect.poll(() => row.textContent(), SETTLE).toContain('cost');
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('Alex Admin');
    expect(text).toContain('admin@demo.test');
    expect(text).toContain('Changed');
    // The price as stored (a number): before, then after.
    expect(text).toContain(`cost${product.cost} → ${Number(price)}`);
    // The record links back to the product's screen.
    await row.getByRole('link', { name: `Product ${product.id}` }).click();
    await page.waitForURL(new RegExp(`#/products/edit/${product.id}$`));
    await page.close();
  });

  it('filters by person, and shows the entries as French cards on a phone', async () => {
    const { page } = await e2e.newPage({ viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
    await page.addInitScript(() => localStorage.setItem('portal.locale', 'fr-FR'));
    await e2e.openSignedIn(page, 'admin@demo.test', { route: '/audit-log' });
    await page.getByText(`Modifié : Produit ${product.id}`).first().waitFor(SETTLE);
    // Nobody else wrote: a person who never wrote finds nothing.
    await page.getByPlaceholder('Personne (nom ou e-mail)').fill('personne-inconnue');
    await expect.poll(() => page.getByText(`Produit ${product.id}`).count(), SETTLE).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.close();
  });

  it('is not offered to a dealer, and its address says they have no access', async () => {
    const { page } = await e2e.newPage();
    await e2e.openSignedIn(page, 'dealer@demo.test', { route: '/audit-log' });
    await expect.poll(() => page.getByTestId('audit-table').count(), SETTLE).toBe(0);
    expect(await page.getByTestId('menu-audit-log').count()).toBe(0);
    await page.close();
  });
});
