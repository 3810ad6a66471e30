import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startE2E, waitForLanding, SETTLE, type E2E } from './harness';

/**
 * Issue 26, what users read outside the configurator: consent never pre-ticked, countries and
 * company types in the reader's language, prices in their market's currency whatever the
 * interface language, a dealer's own catalogue, and a companies search that fits its placeholder.
 */
describe('data shown to users (browser)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  /** A page in `locale` (the switcher's stored choice), signed in as `email` when given. */
  async function open(locale: string, email?: string): Promise<Page> {
    const { context, page } = await e2e.newPage();
    await context.addInitScript((l) => localStorage.setItem('portal.locale', l), locale);
    if (email) {
      await page.goto('/#/login');
      const form = page.getByTestId('login-form');
      await form.locator('input[name="email"]').fill(email);
      await form.locator('input[name="password"]').fill(DEMO_PASSWORD);
      await form.locator('button[type="submit"]').click();
      await waitForLanding(page);
    }
    return page;
  }

  it('register: countries and company types in French, and the terms box unticked until the user ticks it', async () => {
    const page = await open('fr-FR');
    await page.goto('/#/register');
    const regionOptions = page.getByTestId('register-region').locator('option');
    await expect.poll(() => regionOptions.count(), SETTLE).toBeGreaterThan(1);
    const regions = await regionOptions.allTextContents();
    expect(regions.slice(1)).toEqual(['Afrique du Sud', 'Australie', 'Belgique', 'France', 'Pays-Bas', 'Royaume-Uni']);
    const types = await page.getByTestId('register-type').locator('option').allTextContents();
    expect(types).toContain('Concessionnaire de marque');
    expect(types).not.toContain('Franchised Dealer');

    await page.getByTestId('register-region').selectOption({ label: 'Royaume-Uni' });
    await page.getByTestId('register-type').selectOption({ value: '6' }); // Independent: no makes
    await page.getByTestId('register-step-1').locator('button[type="submit"]').click();
    const step2 = page.getByTestId('register-step-2');
    const consent = step2.locator('input[name="acceptTerms"]');
    await consent.waitFor({ state: 'attached' });
    expect(await consent.isChecked()).toBe(false);

    // Everything else filled in: registering without consent is refused, in the spec's words.
    await step2.locator('input[name="companyName"]').fill('Quai Sud Automobiles');
    await step2.locator('input[name="name"]').fill('Inès Martin');
    await step2.locator('input[name="email"]').fill('ines@quai-sud.test');
    await step2.locator('input[name="password"]').fill('Quai-Sud-2026');
    await step2.locator('button[type="submit"]').click();
    await expect.poll(() => step2.getByTestId('form-error').textContent(), SETTLE).toBe('Veuillez accepter les conditions générales');
    expect(page.url()).toMatch(/#\/register/);
  });

  it("products: a dealer sees their company's catalogue without positions, free items as free, in pounds even in French", async () => {
    const page = await open('fr-FR', 'dealer@demo.test');
    await page.goto('/#/products');
    const table = page.getByTestId('products-table');
    await table.locator('[data-testid="product-name"]').first().waitFor();
    expect(await table.locator('[data-testid="product-position"]').count()).toBe(0);
    const names = await table.getByTestId('product-name').allTextContents();
    expect(names).not.toContain('Leasing Website'); // another dealer type
    expect(names).toContain('Domain Registration'); // UK only: Demo Motors is in the UK
    const prices = await table.getByTestId('product-price').allTextContents();
    expect(prices.filter((p) => p.startsWith('0,00'))).toEqual([]);
    expect(prices).toContain('Gratuit');
    // Demo Motors trades in pounds: the French interface writes pounds the French way, never euros.
    expect(prices.filter((p) => p !== 'Gratuit').every((p) => p.includes('£') && !p.includes('€'))).toBe(true);
    // One region's catalogue: no region and type columns to puzzle over, the description instead.
    const headers = await table.locator('thead th').allTextContents();
    expect(headers).toEqual(['Nom', 'Coût', 'Description']);
  });

  it('roles, users and categories: role and taxonomy names in French, wherever they show', async () => {
    const page = await open('fr-FR', 'admin@demo.test');
    await page.goto('/#/roles-permissions/roles');
    const grid = page.getByTestId('roles-grid');
    await expect.poll(async () => (await grid.locator('thead').textContent()) ?? '', SETTLE).toContain('Chef de projet');
    expect(await grid.locator('thead').textContent()).not.toMatch(/Project Manager|Administrator/);

    await page.goto('/#/users/create');
    await page.getByRole('combobox', { name: /Rôles/ }).click();
    const roleOptions = page.getByRole('listbox').getByRole('option');
    await expect.poll(() => roleOptions.allTextContents(), SETTLE).toEqual(expect.arrayContaining(['Administrateur', 'Chargé de compte', 'Chef de projet']));
    expect(await roleOptions.allTextContents()).not.toContain('Project Manager');
    await page.keyboard.press('Escape');

    await page.goto('/#/categories');
    const list = page.locator('.RaList-main');
    await expect.poll(async () => (await list.textContent()) ?? '', SETTLE).toContain('Marque');
    expect(await list.textContent()).toContain('Partenaire');
    expect(await list.textContent()).not.toMatch(/Make|Partner|Region/);
    await page.goto('/#/categories/type');
    await expect.poll(() => page.getByTestId('taxonomy-name').textContent(), SETTLE).toBe('Type');
    // A term's stored name is what staff edit here; "Affiché comme" is how readers see it elsewhere.
    const typeRow = page.locator('.RaList-main table tbody tr').filter({ has: page.getByRole('cell', { name: 'Franchised Dealer', exact: true }) });
    await expect.poll(() => typeRow.locator('td').nth(1).textContent(), SETTLE).toBe('Concessionnaire de marque');
    await expect(page.locator('.RaList-main thead').textContent()).resolves.toContain('Affiché comme');
    await page.goto('/#/categories/make');
    await expect.poll(() => page.getByTestId('taxonomy-name').textContent(), SETTLE).toBe('Marque');
    await page.context().close();
  });

  it('companies: the search field shows its whole placeholder in every locale, and company types are translated', async () => {
    for (const locale of ['fr-FR', 'nl-BE', 'en-GB']) {
      const page = await open(locale, 'admin@demo.test');
      await page.goto('/#/companies');
      const search = page.locator('input[name="q"]');
      await search.waitFor();
      // The placeholder's rendered width against the room the input gives it.
      const fit = await search.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return { text: input.placeholder, needed: ctx.measureText(input.placeholder).width, room };
      });
      expect(fit.needed, `${locale}: "${fit.text}"`).toBeLessThanOrEqual(fit.room);
      if (locale === 'fr-FR') {
        await expect.poll(() => page.getByTestId('companies-table').textContent(), SETTLE).toContain('Concessionnaire de marque');
        expect(await page.getByTestId('companies-table').textContent()).not.toContain('Franchised Dealer');
      }
      await page.context().close();
    }
  });

  it("a stage form's checks while typing: a French dealer reads them in French, naming the field in French", async () => {
    const page = await open('fr-FR');
    await e2e.openSignedIn(page, 'dealer@demo.test', { route: '/configurator/1/company-information' });
    const postcode = page.locator('input[id$="companyInformation_postcode"]').first();
    await postcode.fill('ZZZ');
    await postcode.blur();
    const helper = page.locator('.MuiFormHelperText-root.Mui-error');
    // The browser's engine has English texts only: the form says them again in its language.
    await expect.poll(() => helper.allTextContents(), SETTLE).toContain('doit être un code postal valide');
    expect((await helper.allTextContents()).join(' ')).not.toMatch(/must be|valid postcode/);
    await page.context().close();
  });
});
