import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPath, startE2E, type E2E } from './harness';
import { wcagProblems } from './axe';
import { call, login } from '../server/helpers';

/**
 * The configurator pages (as the demo dealer, and the list as staff) and the staff admin lists (as
 * admin@demo.test) in the built app: no WCAG 2.1 A/AA problem axe-core can find, each page once its
 * data has arrived. One server and one browser for the file; each user signs in once.
 */
describe('accessibility of the configurator and admin pages (browser, axe-core, WCAG 2.1 AA)', () => {
  let e2e: E2E;
  let dealer: Page;
  let admin: Page;
  let configId = '';
  // The demo dealer and their company, whose profiles the admin opens (both with a Delete button).
  let dealerId = 0;
  let companyId = 0;

  beforeAll(async () => {
    e2e = await startE2E();
    [dealer, admin] = await Promise.all([e2e.newPage().then((p) => p.page), e2e.newPage().then((p) => p.page)]);
    await e2e.openSignedIn(dealer, 'dealer@demo.test');
    await dealer.waitForURL(/#\/configurator\/\d+\/dashboard$/);
    configId = /configurator\/(\d+)\//.exec(hashPath(dealer))![1];
    await e2e.openSignedIn(admin, 'admin@demo.test');
    const session = await login(e2e.server, 'dealer@demo.test');
    const current = await call<{ user: { id: number }; company: { id: number } }>(e2e.server, 'GET', '/api/users/current', { token: session.token });
    ({ user: { id: dealerId }, company: { id: companyId } } = current.body);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  /** Opens a hash route and waits for what shows its data has arrived. */
  async function visit(page: Page, path: string, ready: (page: Page) => Locator) {
    await page.goto(`${e2e.server.url}/#${path}`);
    await ready(page).first().waitFor();
    await page.getByTestId('page-title').first().waitFor();
  }

  const dealerPages: [string, () => string, (p: Page) => Locator][] = [
    ['the config dashboard', () => `/configurator/${configId}/dashboard`, (p) => p.getByTestId('section-company-information')],
    ['the config overview', () => `/configurator/${configId}/overview`, (p) => p.getByTestId('overview-franchises')],
    ['an editable stage (opening hours, a draft)', () => `/configurator/${configId}/opening-hours`, (p) => p.locator('#opening-hours_hours_0_name')],
    ['a submitted stage (locations, read-only)', () => `/configurator/${configId}/locations`, (p) => p.getByTestId('stage-readonly')],
    ['a table stage (departments)', () => `/configurator/${configId}/departments`, (p) => p.locator('[id="departments_departments_0_name"]')],
    ['the showcases grid', () => '/showcases', (p) => p.getByTestId('showcase-card')],
    ['a showcase', () => '/showcases/harbour-cars-goes-live-with-a-stock-led-website', (p) => p.getByTestId('showcase-gallery-link')],
  ];
  for (const [name, path, ready] of dealerPages) {
    it(`${name} has no WCAG A/AA problems (dealer)`, async () => {
      await visit(dealer, path(), ready);
      expect(await wcagProblems(dealer)).toEqual([]);
    });
  }

  it('the stage history drawer has no WCAG A/AA problems (dealer)', async () => {
    await visit(dealer, `/configurator/${configId}/opening-hours`, (p) => p.locator('#opening-hours_hours_0_name'));
    await dealer.getByTestId('stage-history').click();
    await dealer.getByTestId('history-panel').getByTestId('history-item').first().waitFor();
    expect(await wcagProblems(dealer)).toEqual([]);
    await dealer.keyboard.press('Escape');
  });

  const staffPages: [string, string, (p: Page) => Locator][] = [
    ['the configurator list', '/configurator', (p) => p.getByTestId('config-row')],
    ['the config dashboard with the staff tools', '/configurator/CONFIG/dashboard', (p) => p.getByTestId('config-staff')],
    // Their bulk-select checkboxes are named on the input by the theme (src/layout/controlLabels.ts).
    ['the companies list', '/companies', (p) => p.getByTestId('companies-table').locator('tbody tr')],
    ['the users list', '/users', (p) => p.getByTestId('users-table').locator('tbody tr')],
    // The red Delete buttons (src/theme.ts: the error colour).
    ['a company profile', '/companies/profile/COMPANY', (p) => p.getByRole('button', { name: 'Delete' })],
    ['a user profile', '/users/profile/USER', (p) => p.getByRole('button', { name: 'Delete' })],
    ['the products list', '/products', (p) => p.getByTestId('products-table').locator('tbody tr')],
    ['the media library', '/media', (p) => p.getByRole('img', { name: 'spring-offers-banner.jpg' })],
    ['the categories', '/categories', (p) => p.locator('table tbody tr').filter({ hasText: 'Region' })],
    ['a taxonomy\'s terms', '/categories/region', (p) => p.getByTestId('taxonomy-name')],
    ['the roles and permissions', '/roles-permissions/roles', (p) => p.getByText('Administrator')],
    ['the showcase admin list', '/backend/showcases', (p) => p.getByTestId('showcases-table').locator('tbody tr')],
    ['the showcase form', '/backend/showcases/create', (p) => p.locator('input[name="post_title"]')],
  ];
  for (const [name, path, ready] of staffPages) {
    it(`${name} has no WCAG A/AA problems (admin)`, async () => {
      await visit(admin, path.replace('CONFIG', configId).replace('COMPANY', String(companyId)).replace('USER', String(dealerId)), ready);
      expect(await wcagProblems(admin)).toEqual([]);
    });
  }

  // A selected row shows the bulk-actions toolbar over the list, with its red Delete button.
  for (const [name, path, table] of [['companies', '/companies', 'companies-table'], ['users', '/users', 'users-table']]) {
    it(`the ${name} list with a row selected (bulk actions) has no WCAG A/AA problems (admin)`, async () => {
      await visit(admin, path, (p) => p.getByTestId(table).locator('tbody tr'));
      // Not the admin's own row in the users list: it cannot be selected.
      await admin.getByTestId(table).locator('tbody tr input[type="checkbox"]:not([disabled])').first().check();
      await admin.locator('.RaBulkActionsToolbar-toolbar').getByRole('button', { name: 'Delete' }).waitFor();
      expect(await wcagProblems(admin)).toEqual([]);
      await admin.getByTestId(table).locator('thead input[type="checkbox"]').check();
      expect(await wcagProblems(admin)).toEqual([]);
    });
  }
});
