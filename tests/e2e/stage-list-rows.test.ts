import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPath, startE2E, type E2E } from './harness';

/**
 * The rows of a stage's list read on their own: values sit in the middle of their fields, the Add
 * button names what it adds (the item's title in the schema), the icons beside the drag handle say
 * what they do, and an empty select shows a placeholder rather than a blank box.
 */
describe('rows of stage lists (browser)', () => {
  let e2e: E2E;
  let page: Page;
  let configId = '';
  beforeAll(async () => {
    e2e = await startE2E();
    ({ page } = await e2e.newPage({ viewport: { width: 1440, height: 900 } }));
    await e2e.openSignedIn(page, 'dealer@demo.test');
    configId = /configurator\/(\d+)\//.exec(hashPath(page))![1];
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('homepage elements: "Add element", values in the middle of their fields, named icons, and a placeholder in an empty select', async () => {
    await page.goto(`/#/configurator/${configId}/homepage-elements`);
    const table = page.locator('.stage-table').first();
    await table.locator('tbody tr').first().waitFor();

    // The chosen value's middle is the field's middle (give or take two pixels), not low in it.
    const offset = await table.locator('tbody tr [role="combobox"]').first().evaluate((value) => {
      const field = value.closest('.MuiInputBase-root')!.getBoundingClientRect();
      // The text's own box: the control's box includes the padding that pushes it down.
      const text = document.createRange();
      text.selectNodeContents(value);
      const box = text.getBoundingClientRect();
      return Math.abs(box.top + box.height / 2 - (field.top + field.height / 2));
    });
    expect(offset).toBeLessThanOrEqual(2);

    // Hovering each icon beside the row says what it is for.
    const firstRow = table.locator('tbody tr').first();
    await firstRow.getByRole('button', { name: 'Move row 1 to position' }).hover();
    await page.getByRole('tooltip', { name: 'Move row 1 to position' }).waitFor();
    await firstRow.getByRole('button', { name: 'Drag to reorder' }).hover();
    await page.getByRole('tooltip', { name: 'Drag to reorder' }).waitFor();

    await table.getByRole('button', { name: 'Add element' }).click();
    const lastRow = table.locator('tbody tr').last();
    await expect.poll(() => lastRow.getByRole('combobox').first().textContent()).toBe('Choose…');
  });
});
