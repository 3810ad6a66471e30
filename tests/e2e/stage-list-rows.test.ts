import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyInformation, franchises, location, newConfig, writeStages, type ConfigBody } from '../server/configs-helpers';
import { call, login } from '../server/helpers';
import { editSaved, hashPath, startE2E, SETTLE, type E2E } from './harness';

/**
 * The rows of a stage's list read on their own: values sit in the middle of their fields, the Add
 * button names what it adds (the item's title in the schema), the icons beside the drag handle say
 * what they do, and an empty select shows a placeholder rather than a blank box. A row staff lock
 * (issue 54, spec section 3: table rows' `disabled`) reads as locked to the dealer, who cannot remove it.
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

  it('staff lock a location; the dealer sees it locked, with no Remove, while the other location keeps its Remove', async () => {
    // A config of the dealer's company with two locations in a draft, written through the API as staff.
    const pm = await login(e2e.server, 'pm@demo.test');
    const motors = (await call<ConfigBody>(e2e.server, 'GET', `/api/configs/${configId}`, { token: pm.token })).body.company;
    const made: ConfigBody = await writeStages(e2e.server, pm.token, await newConfig(e2e.server, pm.token, motors.guid, 'Locked rows'), [
      { slug: 'company-information', data: companyInformation, state: 'draft' },
      { slug: 'franchises', data: franchises('Ford'), state: 'draft' },
      { slug: 'locations', data: { locations: [location('lLeeds', 'Leeds', ['fFord']), location('lYork', 'York', ['fFord'])] }, state: 'draft' },
    ]);

    const staff = (await e2e.newPage()).page;
    await e2e.openSignedIn(staff, 'pm@demo.test', { route: `/configurator/${made.id}/locations` });
    await staff.getByRole('button', { name: 'Lock row 1' }).click();
    await editSaved(staff);
    // Staff keep their controls: the lock turns into Unlock, and the row can still be removed by them.
    await staff.getByRole('button', { name: 'Unlock row 1' }).waitFor();

    const dealer = (await e2e.newPage()).page;
    await e2e.openSignedIn(dealer, 'dealer@demo.test', { route: `/configurator/${made.id}/locations` });
    const locked = dealer.getByTestId('row-locked');
    await locked.first().waitFor(SETTLE);
    expect(await locked.count()).toBe(1);
    expect(await locked.getAttribute('aria-label')).toBe('Locked by our team: this row cannot be changed, removed or moved.');
    // One Remove, the York row's: Leeds, locked, has none, and no lock button is offered to a dealer.
    expect(await dealer.getByRole('button', { name: 'Remove' }).count()).toBe(1);
    expect(await dealer.getByRole('button', { name: /^(Lock|Unlock) row/ }).count()).toBe(0);
  });
});
