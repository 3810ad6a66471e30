import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPath, startE2E, type E2E } from './harness';
import { wcagProblems } from './axe';
import { call, login } from '../server/helpers';

/**
 * Every main screen of the built app, walked once as the demo dealer and once as staff
 * (admin@demo.test), each in one page:
 * - nothing is logged to the console on any screen: a warning from React, React Router or
 *   react-admin is a fault the production build hides (a blocker that "will fail silently in
 *   production", an edit screen whose reads and writes disagree), and an error is a fault outright;
 * - the screens marked `axe` have no WCAG 2.1 A/AA problem axe-core can find, once their data has
 *   arrived.
 * Screens are opened the way a user types an address (a hash change, which React Router sees as a
 * POP navigation), so a blocker registered on a clean form is caught too. One walk per user instead
 * of one per check: the screens cost their loading once (issue 51).
 */

/** What the page logged as a warning or error, with where it was. */
function recordConsole(page: Page): string[] {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'warning' && message.type() !== 'error') return;
    // A failed request's message names no address: its location does.
    const where = message.text().startsWith('Failed to load resource') ? ` (${message.location().url})` : '';
    logged.push(`${message.type()} on ${decodeURIComponent(new URL(page.url()).hash)}: ${message.text()}${where}`);
  });
  page.on('pageerror', (error) => logged.push(`uncaught on ${decodeURIComponent(new URL(page.url()).hash)}: ${error.message}`));
  return logged;
}

interface Screen {
  name: string;
  /** The hash route; CONFIG, COMPANY and USER stand for the demo dealer's config, company and user. */
  path: string;
  /** What shows its data has arrived; by default its first heading. */
  ready?: (page: Page) => Locator;
  /** Checked with axe-core once ready. */
  axe?: boolean;
}

const DEALER_SCREENS: Screen[] = [
  { name: 'the dashboard', path: '/dashboard' },
  // The dealer's one config: the list sends them to its dashboard.
  { name: 'the configurator', path: '/configurator', ready: (p) => p.locator('[data-testid="config-dashboard-page"], [data-testid="config-list-page"][data-ready]') },
  { name: 'the config dashboard', path: '/configurator/CONFIG/dashboard', ready: (p) => p.getByTestId('section-company-information'), axe: true },
  { name: 'the config overview', path: '/configurator/CONFIG/overview', ready: (p) => p.getByTestId('overview-franchises'), axe: true },
  { name: 'the franchises stage', path: '/configurator/CONFIG/franchises' },
  { name: 'an editable stage (opening hours, a draft)', path: '/configurator/CONFIG/opening-hours', ready: (p) => p.locator('#opening-hours_hours_0_name'), axe: true },
  { name: 'a submitted stage (locations, read-only)', path: '/configurator/CONFIG/locations', ready: (p) => p.getByTestId('stage-readonly'), axe: true },
  { name: 'a table stage (departments)', path: '/configurator/CONFIG/departments', ready: (p) => p.locator('[id="departments_departments_0_name"]'), axe: true },
  { name: 'the config dashboard, again', path: '/configurator/CONFIG/dashboard', ready: (p) => p.getByTestId('section-company-information') },
  { name: 'the showcases grid', path: '/showcases', ready: (p) => p.getByTestId('showcase-card'), axe: true },
  { name: 'a showcase', path: '/showcases/harbour-cars-goes-live-with-a-stock-led-website', ready: (p) => p.getByTestId('showcase-gallery-link'), axe: true },
  { name: 'the dashboard, again', path: '/dashboard' },
];

const STAFF_SCREENS: Screen[] = [
  { name: 'the dashboard', path: '/dashboard' },
  // Their bulk-select checkboxes are named on the input by the theme (src/layout/controlLabels.ts).
  { name: 'the companies list', path: '/companies', ready: (p) => p.getByTestId('companies-table').locator('tbody tr'), axe: true },
  { name: 'the company form', path: '/companies/create' },
  { name: "the provider's company profile", path: '/companies/profile/1' },
  // The red Delete buttons (src/theme.ts: the error colour).
  { name: "a dealer's company profile", path: '/companies/profile/COMPANY', ready: (p) => p.getByRole('button', { name: 'Delete' }), axe: true },
  { name: 'the configurator list', path: '/configurator', ready: (p) => p.getByTestId('config-row'), axe: true },
  { name: 'the media library', path: '/media', ready: (p) => p.getByRole('img', { name: 'spring-offers-banner.jpg' }), axe: true },
  { name: 'the media upload', path: '/media/upload' },
  { name: 'the products list', path: '/products', ready: (p) => p.getByTestId('products-table').locator('tbody tr'), axe: true },
  { name: 'the product form', path: '/products/create' },
  { name: 'the showcase admin list', path: '/backend/showcases', ready: (p) => p.getByTestId('showcases-table').locator('tbody tr'), axe: true },
  { name: 'the showcase form', path: '/backend/showcases/create', ready: (p) => p.locator('input[name="post_title"]'), axe: true },
  { name: 'the categories', path: '/categories', ready: (p) => p.locator('table tbody tr').filter({ hasText: 'Region' }), axe: true },
  { name: "a taxonomy's terms", path: '/categories/region', ready: (p) => p.getByTestId('taxonomy-name'), axe: true },
  { name: 'the users list', path: '/users', ready: (p) => p.getByTestId('users-table').locator('tbody tr'), axe: true },
  { name: 'the user form', path: '/users/create' },
  { name: "the admin's own profile", path: '/users/profile/1' },
  { name: "a dealer user's profile", path: '/users/profile/USER', ready: (p) => p.getByRole('button', { name: 'Delete' }), axe: true },
  { name: 'a product being edited', path: '/products/edit/1' },
  { name: 'a showcase being edited', path: '/backend/showcases/edit/1' },
  { name: 'the roles and permissions', path: '/roles-permissions/roles', ready: (p) => p.getByText('Administrator'), axe: true },
  { name: 'the showcases grid', path: '/showcases' },
  { name: 'the dashboard, again', path: '/dashboard' },
  { name: 'the config dashboard with the staff tools', path: '/configurator/CONFIG/dashboard', ready: (p) => p.getByTestId('config-staff'), axe: true },
  { name: 'the config overview', path: '/configurator/CONFIG/overview' },
  { name: 'the franchises stage', path: '/configurator/CONFIG/franchises' },
  { name: 'the opening hours stage', path: '/configurator/CONFIG/opening-hours' },
  { name: 'the config dashboard, again', path: '/configurator/CONFIG/dashboard' },
];

describe('every main screen: no WCAG A/AA problems (axe-core) and a quiet console (browser)', () => {
  let e2e: E2E;
  // The demo dealer's config, user and company, whose screens both walks open.
  const ids = { CONFIG: '', USER: '', COMPANY: '' };

  beforeAll(async () => {
    e2e = await startE2E();
    const session = await login(e2e.server, 'dealer@demo.test');
    const current = await call<{ user: { id: number }; company: { id: number } }>(e2e.server, 'GET', '/api/users/current', { token: session.token });
    ids.USER = String(current.body.user.id);
    ids.COMPANY = String(current.body.company.id);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  /** Opens a screen as a typed address would and waits until its data shows and its requests settle. */
  async function visit(page: Page, screen: Screen): Promise<void> {
    await page.goto(`/#${screen.path.replace(/CONFIG|COMPANY|USER/g, (key) => ids[key as keyof typeof ids])}`);
    await (screen.ready ? screen.ready(page) : page.locator('h1')).first().waitFor();
    if (screen.axe) await page.getByTestId('page-title').first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(250);
  }

  /** The tests of one user's walk, in order; `extra` runs on the walk's page after its screens. */
  function walk(user: string, email: string, screens: Screen[], extra: (state: { page: () => Page; logged: () => string[] }) => void) {
    describe(`as ${user}`, () => {
      let page: Page;
      let logged: string[] = [];
      beforeAll(async () => {
        page = (await e2e.newPage()).page;
        logged = recordConsole(page);
        await e2e.openSignedIn(page, email);
        // The dealer lands on their config's dashboard: its id is what the walks open.
        if (!ids.CONFIG && email.startsWith('dealer')) {
          await page.waitForURL(/#\/configurator\/\d+\/dashboard$/);
          ids.CONFIG = /configurator\/(\d+)\//.exec(hashPath(page))![1];
        }
      });
      for (const screen of screens) {
        it(`${screen.name}: ${screen.axe ? 'no WCAG A/AA problems, and ' : ''}nothing logged`, async () => {
          await visit(page, screen);
          if (screen.axe) expect(await wcagProblems(page)).toEqual([]);
          expect(logged.splice(0)).toEqual([]);
        });
      }
      extra({ page: () => page, logged: () => logged });
    });
  }

  walk('a dealer', 'dealer@demo.test', DEALER_SCREENS, ({ page, logged }) => {
    it('the stage history drawer: no WCAG A/AA problems, and nothing logged', async () => {
      await visit(page(), DEALER_SCREENS.find((s) => s.path.endsWith('/opening-hours'))!);
      await page().getByTestId('stage-history').click();
      await page().getByTestId('history-panel').getByTestId('history-item').first().waitFor();
      expect(await wcagProblems(page())).toEqual([]);
      await page().keyboard.press('Escape');
      expect(logged().splice(0)).toEqual([]);
    });
  });

  walk('staff (admin)', 'admin@demo.test', STAFF_SCREENS, ({ page, logged }) => {
    // A selected row shows the bulk-actions toolbar over the list, with its red Delete button.
    for (const [name, path, table] of [['companies', '/companies', 'companies-table'], ['users', '/users', 'users-table']]) {
      it(`the ${name} list with a row selected (bulk actions): no WCAG A/AA problems, and nothing logged`, async () => {
        const admin = page();
        await visit(admin, { name, path, ready: (p) => p.getByTestId(table).locator('tbody tr'), axe: true });
        // Not the admin's own row in the users list: it cannot be selected.
        await admin.getByTestId(table).locator('tbody tr input[type="checkbox"]:not([disabled])').first().check();
        await admin.locator('.RaBulkActionsToolbar-toolbar').getByRole('button', { name: 'Delete' }).waitFor();
        expect(await wcagProblems(admin)).toEqual([]);
        await admin.getByTestId(table).locator('thead input[type="checkbox"]').check();
        expect(await wcagProblems(admin)).toEqual([]);
        expect(logged().splice(0)).toEqual([]);
      });
    }
  });
});
