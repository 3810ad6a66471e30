import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness';

/** The sidebar lights one link, the screen's own, even where a list's path holds a Create screen's. */
describe('the sidebar lights one link (browser)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('on Users > Create, Media > Add, Companies > Create and Showcase > Create, and on a record under a list', async () => {
    const { page } = await e2e.newPage();
    await e2e.openSignedIn(page, 'admin@demo.test');
    const sidebar = page.getByTestId('sidebar');
    const lit = () => sidebar.locator('.Mui-selected').evaluateAll((links) => links.map((l) => l.getAttribute('data-testid')));
    for (const [link, path] of [
      ['menu-users-create', '/users/create'],
      ['menu-media-add', '/media/upload'],
      ['menu-companies-create', '/companies/create'],
      ['menu-showcase-admin-create', '/backend/showcases/create'],
      ['menu-users-all', '/users'],
    ]) {
      await sidebar.getByTestId(link).click();
      await page.waitForURL(new RegExp(`#${path}$`));
      await expect.poll(lit).toEqual([link]);
      await expect(sidebar.getByTestId(link).getAttribute('aria-current')).resolves.toBe('page');
    }
    // Someone else's profile belongs to the users' list.
    await page.goto('/#/users/profile/2');
    await page.locator('h1').first().waitFor();
    await expect.poll(lit).toEqual(['menu-users-all']);
  });
});
