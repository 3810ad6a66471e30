/**
 * Products administration in real Chromium: an admin reorders the catalogue by dragging a row's
 * handle (real pointer moves, as dnd-kit needs) and by typing a position, sees the position errors,
 * and the new order is what the server stored and what the list shows after a reload. No fixed
 * waits: each step waits for what the user would notice (dnd-kit's announcement, the rows).
 */
import { asc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../server/db/schema';
import { DEMO_PRODUCTS } from '../../server/db/seed-products';
import { startE2E, SETTLE, type E2E } from './harness';

/** The product names in the rows, top to bottom. */
const rowNames = (page: Page) => page.getByTestId('products-table').getByTestId('product-name').allTextContents();
const INITIAL = DEMO_PRODUCTS.map((p) => p.name);

describe('products administration (browser)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const stored = async () => (await e2e.server.database.db.select({ name: products.name }).from(products).orderBy(asc(products.orderColumn), asc(products.id))).map((r) => r.name);

  it('lets an admin reorder products by drag and by position, and the order persists after reload', async () => {
    const { page } = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    await e2e.openSignedIn(page, 'admin@demo.test', { route: '/products' });
    await expect.poll(() => rowNames(page), SETTLE).toEqual(INITIAL);

    // Drag the third product by its handle onto the first row.
    const mover = INITIAL[2];
    const handle = page.getByRole('button', { name: `Drag ${mover} to reorder` });
    const from = await handle.boundingBox();
    const target = await page.getByTestId('products-table').locator('tbody tr').nth(0).boundingBox();
    expect(from && target).toBeTruthy();
    const x = from!.x + from!.width / 2;
    const y = from!.y + from!.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x, y - 6, { steps: 4 });
    await page.mouse.move(x, target!.y + target!.height / 2, { steps: 20 });
    // Drop once dnd-kit has the first row under the dragged one.
    await expect.poll(() => page.locator('[id^="DndLiveRegion"]').textContent(), SETTLE).toBe(`${mover} is over position 1`);
    await page.mouse.up();
    const dragged = [mover, ...INITIAL.filter((n) => n !== mover)];
    await page.getByText(`${mover} moved to position 1`).waitFor();
    await expect.poll(stored, SETTLE).toEqual(dragged);
    await expect.poll(() => rowNames(page), SETTLE).toEqual(dragged);

    // Position errors, in the spec's words, and nothing moves.
    const live = 'Live Chat';
    const box = page.getByRole('spinbutton', { name: `New position for ${live}` });
    await box.fill('0');
    await page.getByRole('button', { name: `Move ${live}`, exact: true }).click();
    await page.getByText('Value must be more than 0').first().waitFor();
    await box.fill('41');
    await page.getByRole('button', { name: `Move ${live}`, exact: true }).click();
    await page.getByText('Value cannot be more than 40').first().waitFor();
    expect(await stored()).toEqual(dragged);

    // Move Live Chat to position 2 by typing it.
    await box.fill('2');
    await page.getByRole('button', { name: `Move ${live}`, exact: true }).click();
    const typed = [dragged[0], live, ...dragged.slice(1).filter((n) => n !== live)];
    await expect.poll(stored, SETTLE).toEqual(typed);
    await expect.poll(() => rowNames(page), SETTLE).toEqual(typed);

    // The down button swaps with the next row.
    await page.getByRole('button', { name: `Move ${live} down` }).click();
    const swapped = [typed[0], typed[2], live, ...typed.slice(3)];
    await expect.poll(stored, SETTLE).toEqual(swapped);
    await expect.poll(() => rowNames(page), SETTLE).toEqual(swapped);

    // A reload (and a fresh page) shows the stored order.
    await page.reload();
    await expect.poll(() => rowNames(page), SETTLE).toEqual(swapped);
    const { page: other } = await e2e.newPage();
    await e2e.openSignedIn(other, 'admin@demo.test', { route: '/products' });
    await expect.poll(() => rowNames(other), SETTLE).toEqual(swapped);
    expect(problems).toEqual([]);
  });

  it('lets an admin create, edit and delete a product', async () => {
    const { page } = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    await e2e.openSignedIn(page, 'admin@demo.test', { route: '/products/create' });
    // The required name is checked in the browser first, in the spec's words.
    await page.locator('input[name="cost"]').fill('60');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The name field must be filled in').waitFor();
    await page.locator('input[name="name"]').fill('Showroom Screens');
    await page.getByRole('combobox', { name: 'Regions' }).fill('United');
    // The USA region, hidden from a dealer's region choice, is offered here: a product priced in dollars.
    await page.getByRole('option', { name: 'United States', exact: true }).waitFor();
    await page.getByRole('option', { name: 'United Kingdom', exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Product Created').waitFor();
    await page.waitForURL(/#\/products\/edit\/\d+$/);
    const names = await stored();
    expect(names[names.length - 1]).toBe('Showroom Screens');

    // The edit page shows the stored product before it is edited. The URL changes before the edit
    // page's code has loaded (the create form stays up meanwhile): only the edit page has Delete.
    await page.getByRole('button', { name: 'Delete' }).waitFor();
    await expect.poll(() => page.locator('input[name="name"]').inputValue(), SETTLE).toBe('Showroom Screens');
    await expect.poll(() => page.locator('input[name="cost"]').inputValue(), SETTLE).toBe('60');
    await page.locator('input[name="discount"]').fill('150');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('must be at most 100').waitFor();
    await page.locator('input[name="discount"]').fill('10');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Product Updated').waitFor();
    const [row] = await e2e.server.database.db.select({ discount: products.discount }).from(products).where(eq(products.name, 'Showroom Screens'));
    expect(row.discount).toBe('10.00');

    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Product Removed').waitFor();
    await page.waitForURL(/#\/products$/);
    await expect.poll(async () => (await stored()).includes('Showroom Screens'), SETTLE).toBe(false);
  });
});
