import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hashPath, startE2E, SETTLE, type E2E } from './harness';

/** The grid's checkbox of a role and permission. */
const box = (page: Page, role: string, permission: string) => page.locator(`[data-role="${role}"][data-permission="${permission}"] input`);
const growl = (page: Page, text: string) => page.getByText(text).first().waitFor();

describe('roles and permissions (browser)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it("takes 'view products' from the Client role in the grid, and a dealer's menu loses Products on reload", async () => {
    // The dealer, signed in in a browser of their own, has Products in the menu.
    const dealer = (await e2e.newPage()).page;
    await e2e.openSignedIn(dealer, 'dealer@demo.test');
    await expect.poll(() => dealer.getByTestId('menu-products').count(), SETTLE).toBeGreaterThan(0);

    const { page } = await e2e.newPage();
    await e2e.openSignedIn(page, 'admin@demo.test');
    // The spec's section path opens the roles page.
    await page.goto(`${e2e.server.url}/#/roles-permissions`);
    await page.waitForURL(/#\/roles-permissions\/roles$/);
    await expect.poll(() => box(page, 'Client', 'view products').isChecked(), SETTLE).toBe(true);
    await expect(box(page, 'Administrator', 'manage categories').isChecked()).resolves.toBe(true);
    await expect(page.getByTestId('roles-save').isDisabled()).resolves.toBe(true);

    await box(page, 'Client', 'view products').uncheck();
    await page.getByText('1 role changed').waitFor();
    await page.getByTestId('roles-save').click();
    await growl(page, 'Role Updated');
    await expect.poll(() => page.getByTestId('roles-save').isDisabled(), SETTLE).toBe(true);
    expect(await box(page, 'Client', 'view products').isChecked()).toBe(false);

    // The same session, reloaded: the menu follows the role's permissions at once.
    await dealer.reload();
    // The page first shows the user kept in session storage, then the one the server gives now.
    await expect.poll(() => dealer.getByTestId('menu-configurator').count(), SETTLE).toBeGreaterThan(0);
    await expect.poll(() => dealer.getByTestId('menu-products').count(), SETTLE).toBe(0);
    expect(await dealer.getByTestId('menu-configurator').count()).toBeGreaterThan(0);
    // And the page itself now sends the dealer back to the dashboard.
    await dealer.goto(`${e2e.server.url}/#/products`);
    await expect.poll(() => hashPath(dealer), SETTLE).toBe('/dashboard');
  });

  it('creates a role copied from another, and refuses to take the last administrator\'s rights', async () => {
    const { page } = await e2e.newPage();
    await e2e.openSignedIn(page, 'admin@demo.test', { route: '/roles-permissions/roles' });
    await page.getByTestId('roles-grid').waitFor();

    await page.getByRole('button', { name: 'New role' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Role name').fill('Showroom Staff');
    await dialog.getByRole('combobox', { name: 'Copy permissions from' }).click();
    await page.getByRole('option', { name: 'Account Manager' }).click();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await growl(page, 'Role Created');
    await expect.poll(() => box(page, 'Showroom Staff', 'create companies').isChecked(), SETTLE).toBe(true);
    expect(await box(page, 'Showroom Staff', 'manage categories').isChecked()).toBe(false);

    // The same name again (any case) is refused in the dialog.
    await page.getByRole('button', { name: 'New role' }).click();
    await dialog.getByLabel('Role name').fill('showroom staff');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('A role with that name already exists.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The only administrator cannot take away the right to manage roles: the grid goes back to what is stored.
    await box(page, 'Administrator', 'view permissions').uncheck();
    await page.getByTestId('roles-save').click();
    await growl(page, "The last administrator's right to manage roles and permissions cannot be removed.");
    await expect.poll(() => box(page, 'Administrator', 'view permissions').isChecked(), SETTLE).toBe(true);
    const { rows } = (await e2e.server.database.db.execute(
      "select count(*)::int as n from role_permissions rp join permissions p on p.id = rp.permission_id where rp.role_id = 2 and p.name = 'view permissions'",
    )) as unknown as { rows: Array<{ n: number }> };
    expect(rows[0].n).toBe(1);
  });
});
