import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPath, signIn, startE2E, waitForLanding, type E2E } from './harness';

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
    await page.goto('/#/login');
    await signIn(page, 'admin@demo.test');
    await waitForLanding(page);

    await page.goto('/#/users/create');
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

  it('the company profile asks in the app dialog before leaving with unsaved changes', async () => {
    const { page } = await e2e.newPage();
    const nativeDialogs: string[] = [];
    page.on('dialog', (dialog) => {
      nativeDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto('/#/login');
    await signIn(page, 'admin@demo.test');
    await waitForLanding(page);
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
