/**
 * Categories administration in real Chromium: an admin opens a taxonomy from /categories, adds a
 * term ('Term Added'), renames it ('Term Updated'), is told 'term already exists' for a name the
 * taxonomy has in another case, deletes the unused term, and is refused deleting a term in use, with
 * the counts. Each step checks what the server stored, and waits for what the user would notice.
 */
import { and, count, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyTerms, productTerms, taxonomies, terms } from '../../server/db/schema';
import { startE2E, SETTLE, type E2E } from './harness';

/** The term names in the table, top to bottom. */
const termNames = (page: Page) => page.locator('table tbody tr td:first-child').allTextContents();

describe('categories administration (browser)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const db = () => e2e.server.database.db;
  /** The region terms the server holds, by name. */
  const regionTerms = async () =>
    (await db().select({ name: terms.name, slug: terms.slug }).from(terms).innerJoin(taxonomies, eq(taxonomies.id, terms.taxonomyId)).where(eq(taxonomies.slug, 'region'))).map((t) => t.name).sort();

  it('lets an admin add, rename and delete terms, with the duplicate and in-use refusals in words', async () => {
    const { page } = await e2e.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    // The taxonomies with their term counts; a row opens the taxonomy's terms.
    await e2e.openSignedIn(page, 'admin@demo.test', { route: '/categories' });
    const regionRow = page.locator('table tbody tr').filter({ hasText: 'Region' });
    await expect.poll(() => regionRow.locator('td').allTextContents(), SETTLE).toEqual(['Region', 'region', '7']);
    await regionRow.click();
    await page.waitForURL(/#\/categories\/region$/);
    await expect.poll(() => page.getByTestId('taxonomy-name').textContent(), SETTLE).toBe('Region');
    await expect.poll(() => termNames(page), SETTLE).toEqual(['AU', 'BE', 'FR', 'NL', 'UK', 'USA', 'ZA']);

    // Add a term.
    await page.getByRole('button', { name: 'Add term' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add a term to Region' });
    await addDialog.getByLabel('Name').fill('Ireland');
    await addDialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Term Added').waitFor();
    await addDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => termNames(page), SETTLE).toContain('Ireland');
    await expect.poll(regionTerms, SETTLE).toContain('Ireland');
    const row = (name: string) => page.locator('table tbody tr').filter({ has: page.getByRole('cell', { name, exact: true }) });
    await expect(row('Ireland').locator('td').nth(2).textContent()).resolves.toBe('ireland');

    // Rename it: the slug is kept.
    await page.getByRole('button', { name: 'Edit Ireland' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit term' });
    await expect.poll(() => editDialog.getByLabel('Name').inputValue(), SETTLE).toBe('Ireland');
    await editDialog.getByLabel('Name').fill('Republic of Ireland');
    await editDialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Term Updated').waitFor();
    await editDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => termNames(page), SETTLE).toContain('Republic of Ireland');
    expect(await termNames(page)).not.toContain('Ireland');
    await expect(row('Republic of Ireland').locator('td').nth(2).textContent()).resolves.toBe('ireland');
    await expect.poll(regionTerms, SETTLE).toContain('Republic of Ireland');

    // A name the taxonomy already has, in another case: refused in the spec's words, nothing added.
    await page.getByRole('button', { name: 'Add term' }).click();
    await addDialog.getByLabel('Name').fill('uk');
    await addDialog.getByRole('button', { name: 'Save' }).click();
    await addDialog.getByText('term already exists').first().waitFor();
    await expect(addDialog.isVisible()).resolves.toBe(true);
    await addDialog.getByRole('button', { name: 'Cancel' }).click();
    await addDialog.waitFor({ state: 'hidden' });
    expect(await regionTerms()).toEqual(['AU', 'BE', 'FR', 'NL', 'Republic of Ireland', 'UK', 'USA', 'ZA']);

    // Delete the unused term, after confirming.
    await page.getByRole('button', { name: 'Delete Republic of Ireland' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete the term Republic of Ireland?' });
    await confirm.getByText('It is not used by any company or product. This cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Term Deleted').waitFor();
    await expect.poll(() => termNames(page), SETTLE).toEqual(['AU', 'BE', 'FR', 'NL', 'UK', 'USA', 'ZA']);
    await expect.poll(regionTerms, SETTLE).not.toContain('Republic of Ireland');

    // A term in use: the row shows its counts, and deleting it is refused with them; it stays.
    const [uk] = await db().select({ id: terms.id }).from(terms).innerJoin(taxonomies, eq(taxonomies.id, terms.taxonomyId)).where(and(eq(taxonomies.slug, 'region'), eq(terms.name, 'UK')));
    const [{ n: companiesUsing }] = await db().select({ n: count() }).from(companyTerms).where(eq(companyTerms.termId, uk.id));
    const [{ n: productsUsing }] = await db().select({ n: count() }).from(productTerms).where(eq(productTerms.termId, uk.id));
    expect(companiesUsing).toBeGreaterThan(0);
    await expect(row('UK').locator('td').allTextContents()).resolves.toEqual(expect.arrayContaining(['UK', 'uk', String(companiesUsing), String(productsUsing)]));
    await page.getByRole('button', { name: 'Delete UK' }).click();
    // The confirmation says it is in use (it used to claim no company or product used it).
    const inUse = page.getByRole('dialog', { name: 'Delete the term UK?' });
    await inUse.getByText(`It is still in use (companies: ${companiesUsing}, products: ${productsUsing}), so it cannot be deleted until it is removed from them.`).waitFor();
    await inUse.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(`This term is used by ${companiesUsing} companies and ${productsUsing} products. Remove it from them first.`).waitFor();
    expect(await termNames(page)).toContain('UK');
    expect(await regionTerms()).toContain('UK');
    expect(problems).toEqual([]);
  });

  it('lets an admin on a phone delete a term from its edit dialog (the phone list has no row buttons)', async () => {
    const { page } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await e2e.openSignedIn(page, 'admin@demo.test', { route: '/categories/region' });
    await page.getByText('usa · Companies: 0 · Products: 0').click();
    const dialog = page.getByRole('dialog', { name: 'Edit term' });
    await expect.poll(() => dialog.getByLabel('Name').inputValue(), SETTLE).toBe('USA');
    await dialog.getByRole('button', { name: 'Delete USA' }).click();
    await page.getByRole('dialog', { name: 'Delete the term USA?' }).getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Term Deleted').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(regionTerms, SETTLE).not.toContain('USA');
    await expect.poll(() => page.getByText('usa · Companies: 0 · Products: 0').count(), SETTLE).toBe(0);
  });
});
