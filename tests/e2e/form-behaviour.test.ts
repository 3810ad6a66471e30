import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPath, SETTLE, startE2E, type E2E } from './harness';

/**
 * The staff's forms behave one way, the way the stage editor and register do: leaving with unsaved
 * changes asks in the app's own dialog (never the browser's native confirm), errors show inline
 * under their fields (never the browser's validation bubble), and required fields are marked.
 */
describe('one way of forms (browser)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('Create user and Create company mark their required fields and show errors inline, without the browser bubble', async () => {
    const { page } = await e2e.newPage();
    const nativeDialogs: string[] = [];
    page.on('dialog', (dialog) => {
      nativeDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await e2e.openSignedIn(page, 'admin@demo.test', { route: '/users/create' });
    const form = page.locator('#main-content form').first();
    await form.waitFor();
    await expect(form.getAttribute('novalidate')).resolves.not.toBeNull();
    // The asterisk MUI puts in a required field's label.
    await expect(form.locator('label').filter({ hasText: /^Name/ }).textContent()).resolves.toMatch(/\*/);
    await expect(form.locator('label').filter({ hasText: /^Email/ }).textContent()).resolves.toMatch(/\*/);
    await expect(form.locator('label').filter({ hasText: /^Telephone/ }).textContent()).resolves.not.toMatch(/\*/);

    await form.locator('input[name="name"]').fill('Nina New');
    await form.locator('input[name="email"]').fill('not-an-email');
    await page.getByRole('button', { name: 'Save' }).click();
    // Inline under the field; the browser's own bubble would have stopped the submit with nothing in the page.
    await form.getByText('Must be a valid email.').waitFor();
    expect(await form.locator('input[name="email"]').getAttribute('aria-invalid')).toBe('true');

    await page.goto('/#/companies/create');
    const company = page.locator('#main-content form').first();
    await company.locator('input[name="name"]').waitFor();
    await expect(company.getAttribute('novalidate')).resolves.not.toBeNull();
    await expect(company.locator('label').filter({ hasText: /^Name/ }).first().textContent()).resolves.toMatch(/\*/);
    expect(nativeDialogs).toEqual([]);
  });

  it("the categories' term dialog: required mark, inline errors (its own and the server's), the app's dialog on leaving", async () => {
    const { page } = await e2e.newPage();
    const nativeDialogs: string[] = [];
    page.on('dialog', (dialog) => {
      nativeDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await e2e.openSignedIn(page, 'admin@demo.test');
    // Into the makes through the app (a history entry the router made, so Back is the router's to hold).
    await page.goto('/#/categories');
    await page.getByText('Make', { exact: true }).click();
    await expect.poll(() => page.getByTestId('taxonomy-name').textContent(), SETTLE).toBe('Make');
    await page.getByRole('button', { name: 'Add term' }).click();
    const dialog = page.getByRole('dialog');
    const form = dialog.locator('form');
    await form.waitFor();
    await expect(form.getAttribute('novalidate')).resolves.not.toBeNull();
    await expect(form.locator('label').filter({ hasText: /^Name/ }).textContent()).resolves.toMatch(/\*/);
    await expect(form.locator('label').filter({ hasText: /^Slug/ }).textContent()).resolves.not.toMatch(/\*/);
    // Only spaces: blank, said inline under the name (Save is enabled once the form has changed).
    await form.locator('input[name="name"]').fill('   ');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await form.getByText('The name field must be filled in').waitFor();
    // A make that exists: the server's words under the name.
    await form.locator('input[name="name"]').fill('bmw');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await form.getByText('term already exists').waitFor();
    expect(await form.locator('input[name="name"]').getAttribute('aria-invalid')).toBe('true');
    // Said once, under the field: no growl repeating it.
    expect(await page.getByText('term already exists').count()).toBe(1);

    // Closing the dialog by Escape with the typed name asks in the app's dialog: Stay keeps it, Leave
    // drops it. Cancel is itself the choice to drop it: no second question.
    await page.keyboard.press('Escape');
    const prompt = page.getByTestId('unsaved-changes-prompt');
    await prompt.getByRole('button', { name: 'Stay on this page' }).click();
    await prompt.waitFor({ state: 'hidden' });
    await expect(form.locator('input[name="name"]').inputValue()).resolves.toBe('bmw');
    await page.keyboard.press('Escape');
    await prompt.getByRole('button', { name: 'Leave page' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Add term' }).click();
    await dialog.locator('input[name="name"]').fill('Audi again');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await prompt.count()).toBe(0);
    expect(nativeDialogs).toEqual([]);
  });

  it('the company profile asks in the app dialog before leaving with unsaved changes', async () => {
    const { page } = await e2e.newPage();
    const nativeDialogs: string[] = [];
    page.on('dialog', (dialog) => {
      nativeDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await e2e.openSignedIn(page, 'admin@demo.test');
    await page.goto('/#/companies/create');
    await page.getByTestId('menu-companies-all').click();
    await page.waitForURL(/#\/companies$/);
    await page.locator('[data-testid="companies-table"] tbody tr').first().click();
    await page.waitForURL(/#\/companies\/profile\/\d+/);
    const profile = hashPath(page);
    const name = page.locator('#main-content form input[name="name"]').first();
    await name.waitFor();
    await name.fill('Renamed but not saved');

    await page.getByTestId('menu-products').click();
    const prompt = page.getByTestId('unsaved-changes-prompt');
    await prompt.getByText('You have changes that are not saved.', { exact: false }).waitFor();
    await prompt.getByRole('button', { name: 'Stay on this page' }).click();
    await prompt.waitFor({ state: 'hidden' });
    expect(hashPath(page)).toBe(profile);
    await expect(name.inputValue()).resolves.toBe('Renamed but not saved');

    await page.getByTestId('menu-products').click();
    await prompt.getByRole('button', { name: 'Leave page' }).click();
    await page.waitForURL(/#\/products$/);
    expect(nativeDialogs).toEqual([]);
  });
});
