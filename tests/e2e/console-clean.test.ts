import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPath, startE2E, type E2E } from './harness';

/**
 * Every main screen, as staff and as a dealer, logs nothing to the console: a warning from React,
 * React Router or react-admin is a fault the production build hides (a blocker that "will fail
 * silently in production", an edit screen whose reads and writes disagree), and an error is a fault
 * outright. The screens are opened the way a user types an address (a hash change, which React
 * Router sees as a POP navigation), so a blocker registered on a clean form is caught too.
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

/** Opens a screen as a typed address would and waits until its heading shows and the requests settle. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(`/#${path}`);
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(250);
}

const STAFF_SCREENS = [
  '/dashboard',
  '/companies',
  '/companies/create',
  '/companies/profile/1',
  '/configurator',
  '/media',
  '/media/upload',
  '/products',
  '/products/create',
  '/backend/showcases',
  '/backend/showcases/create',
  '/categories',
  '/users',
  '/users/create',
  '/users/profile/1',
  '/products/edit/1',
  '/backend/showcases/edit/1',
  '/roles-permissions/roles',
  '/showcases',
  '/dashboard',
];

describe('the console stays quiet on every main screen (browser)', () => {
  let e2e: E2E;
  let configId = '';
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('as a dealer: dashboard, configurator, its stages and showcases', async () => {
    const { page } = await e2e.newPage();
    const logged = recordConsole(page);
    await e2e.openSignedIn(page, 'dealer@demo.test');
    await visit(page, '/dashboard');
    await visit(page, '/configurator');
    const dashboard = page.locator('[data-testid="config-dashboard-page"], [data-testid="config-list-page"][data-ready]').first();
    await dashboard.waitFor();
    configId = /^\/configurator\/(\d+)\//.exec(hashPath(page))![1];
    for (const screen of ['overview', 'franchises', 'opening-hours', 'dashboard']) await visit(page, `/configurator/${configId}/${screen}`);
    await visit(page, '/showcases');
    await visit(page, '/dashboard');

    expect(logged).toEqual([]);
  });

  it('as staff (admin): lists, create and edit screens, the configurator and showcases', async () => {
    const { page } = await e2e.newPage();
    const logged = recordConsole(page);
    await e2e.openSignedIn(page, 'admin@demo.test');
    for (const path of STAFF_SCREENS) await visit(page, path);

    // A config of the demo dealer and its screens (its id comes from the dealer's test, run first).
    for (const screen of ['dashboard', 'overview', 'franchises', 'opening-hours', 'dashboard']) await visit(page, `/configurator/${configId}/${screen}`);

    expect(logged).toEqual([]);
  });
});
