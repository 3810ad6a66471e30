import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPath, signIn, startE2E, SETTLE, type E2E } from './harness';

/**
 * The configurator's dashboard, overview and list on the built app: what the demo dealer sees at
 * once, and what staff do there (stages, mails, create, archive, delete). One server and one
 * browser for the file; the dealer and the project manager each sign in once.
 */
describe('configurator dashboard, overview and list (browser)', () => {
  let e2e: E2E;
  let dealer: Page;
  let staff: Page;
  let dashboardPath = '';

  const state = (page: Page, slug: string) => page.getByTestId(`section-${slug}`).getAttribute('data-state');

  beforeAll(async () => {
    e2e = await startE2E();
    [dealer, staff] = await Promise.all([e2e.newPage().then((p) => p.page), e2e.newPage().then((p) => p.page)]);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('lands a dealer of a configurator-stage company on their config after sign-in, with the demo progress and states', async () => {
    await e2e.openSignedIn(dealer, 'dealer@demo.test');
    await dealer.waitForURL(/#\/configurator\/\d+\/dashboard$/);
    dashboardPath = hashPath(dealer);
    await expect.poll(() => dealer.getByTestId('page-title').textContent(), SETTLE).toBe('Demo Motors website');

    const progress = Number((await dealer.getByTestId('config-progress').textContent())?.replace('%', ''));
    expect(progress).toBeGreaterThan(0);
    expect(progress).toBeLessThan(100);
    // The living demo: company stages completed, structure submitted, opening hours in draft, users untouched.
    expect(await state(dealer, 'company-information')).toBe('completed');
    expect(await state(dealer, 'key-contact')).toBe('completed');
    expect(await state(dealer, 'franchises')).toBe('submitted');
    expect(await state(dealer, 'locations')).toBe('submitted');
    expect(await state(dealer, 'departments')).toBe('submitted');
    expect(await state(dealer, 'opening-hours')).toBe('draft');
    expect(await state(dealer, 'users')).toBe('draft');
    expect(await dealer.getByTestId('contact-project-manager').textContent()).toContain('Pat Project');
    // Staff tools are not offered to a dealer.
    expect(await dealer.getByTestId('config-staff').count()).toBe(0);
    expect(await dealer.getByTestId('remove-stage-extras').count()).toBe(0);

    // The home dashboard shows the same progress and leads back to the config.
    await dealer.goto(`${e2e.server.url}/#/dashboard`);
    const card = dealer.getByTestId('dashboard-config-card');
    await card.waitFor();
    expect(await card.textContent()).toContain('Demo Motors website');
    expect(await card.getByTestId('dashboard-config-progress').textContent()).toBe(`${progress}%`);
    await card.getByTestId('dashboard-config-open').click();
    await dealer.waitForURL(/#\/configurator\/\d+\/dashboard$/);
    expect(hashPath(dealer)).toBe(dashboardPath);
  });

  it('shows every stage read-only on the overview: franchise names, a location address, opening hours; printable without the app chrome', async () => {
    await dealer.getByTestId('config-overview-link').click();
    await dealer.waitForURL(/#\/configurator\/\d+\/overview$/);
    const franchises = dealer.getByTestId('overview-franchises');
    await franchises.waitFor();
    expect(await franchises.innerText()).toMatch(/BMW[\s\S]*Ford[\s\S]*Vauxhall/);
    const locations = await dealer.getByTestId('overview-locations').innerText();
    expect(locations).toContain('1 Kirkstall Road, Leeds, West Yorkshire, United Kingdom');
    expect(locations).toContain('YO30 4XZ');
    // Location franchises are ids in the data: shown by name.
    expect(locations).toContain('Ford, Vauxhall');
    expect(locations).not.toContain('fford');
    const hours = await dealer.getByTestId('overview-opening-hours').innerText();
    expect(hours).toContain('08:30–19:00');
    expect(hours).toContain('Closed');
    expect(await dealer.getByTestId('overview-users').innerText()).toContain('Not started yet.');

    await dealer.emulateMedia({ media: 'print' });
    expect(await dealer.locator('header').first().isVisible()).toBe(false);
    expect(await dealer.getByTestId('overview-print').isVisible()).toBe(false);
    expect(await franchises.isVisible()).toBe(true);
    await dealer.emulateMedia({ media: 'screen' });
  });

  it('lets staff remove a stage and add it back, and the dealer sees it go and come back', async () => {
    await staff.goto('/#/login');
    // Signed in already when this is a retry: the login page then sends staff to the dashboard.
    await Promise.race([staff.getByTestId('login-form').waitFor(), staff.waitForURL(/#\/dashboard/)]);
    if (await staff.getByTestId('login-form').count()) {
      await signIn(staff, 'pm@demo.test');
      await staff.waitForURL(/#\/dashboard/);
    }
    await staff.goto(`${e2e.server.url}/#${dashboardPath}`);
    await staff.getByTestId('section-extras').waitFor();

    await staff.getByTestId('remove-stage-extras').click();
    await staff.getByTestId('remove-stage-dialog-confirm').click();
    await expect.poll(() => staff.getByTestId('section-extras').count(), SETTLE).toBe(0);

    await dealer.goto(`${e2e.server.url}/#${dashboardPath}`);
    await dealer.getByTestId('section-franchises').waitFor();
    expect(await dealer.getByTestId('section-extras').count()).toBe(0);

    await staff.getByRole('combobox', { name: 'Stage to add' }).click();
    await staff.getByTestId('add-stage-option-extras').click();
    await staff.getByTestId('add-stage').click();
    await staff.getByTestId('section-extras').waitFor();

    // The dealer's open dashboard reloads when its window gets focus again: no stale copy. Focus
    // again until it shows (a focus within a second of the last reload is folded into it).
    await expect
      .poll(async () => {
        await dealer.evaluate(() => window.dispatchEvent(new Event('focus')));
        return dealer.getByTestId('section-extras').count();
      }, { timeout: 15_000, interval: 1_100 })
      .toBe(1);
  });

  it('mails the project manager from the dashboard and shows it was sent', async () => {
    await staff.getByTestId('contact-project-manager-mail').click();
    await staff.getByTestId('contact-project-manager-mail-message').fill('The structure is ready for review.');
    await staff.getByTestId('contact-project-manager-mail-send').click();
    const result = staff.getByTestId('contact-project-manager-mail-result');
    await result.waitFor();
    expect(await result.getAttribute('data-status')).toBe('sent');
    expect(await result.textContent()).toContain('Email Sent!');
    const mail = await e2e.server.mail.waitFor('pm@demo.test');
    expect(mail.text).toContain('The structure is ready for review.');
  });

  it('creates a config from the list (the spec\'s words when incomplete), opens it, archives it off the active list and deletes it', async () => {
    await staff.goto(`${e2e.server.url}/#/configurator`);
    await staff.getByTestId('config-create').click();
    await staff.getByTestId('create-config-submit').click();
    expect(await staff.getByTestId('create-config-error').textContent()).toBe('A name, company id and design_type is required.');

    const name = 'Harbour Cars used stock site';
    await staff.getByTestId('create-name').fill(name);
    await staff.getByTestId('create-company').fill('Harbour');
    await staff.getByRole('option', { name: 'Harbour Cars' }).click();
    await staff.getByRole('combobox', { name: 'Design type' }).click();
    await staff.getByTestId('design-type-template').click();
    await staff.getByTestId('create-config-submit').click();
    await staff.waitForURL(/#\/configurator\/\d+\/dashboard$/);
    await expect.poll(() => staff.getByTestId('page-title').textContent(), SETTLE).toBe(name);
    expect(await staff.getByTestId('section-company-information').getAttribute('data-state')).toBe('draft');

    await staff.goto(`${e2e.server.url}/#/configurator`);
    // Every demo company in the configurator stage has a config (over three pages of ten): search for Harbour Cars'.
    await staff.getByTestId('config-search').fill('Harbour Cars');
    const row = staff.getByTestId('config-row').filter({ hasText: name });
    await row.waitFor();
    await row.getByTestId('config-row-actions').click();
    await staff.getByTestId('config-row-archive').click();
    await expect.poll(() => row.count(), SETTLE).toBe(0);
    expect(await staff.getByTestId('config-row').filter({ hasText: 'Harbour Cars website' }).count()).toBe(1);

    await staff.getByTestId('config-filter-archived').click();
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('archived');
    await row.getByTestId('config-row-actions').click();
    await staff.getByTestId('config-row-delete').click();
    await staff.getByTestId('config-delete-dialog-confirm').click();
    await expect.poll(() => row.count(), SETTLE).toBe(0);
    await staff.getByTestId('config-list-empty').waitFor();
  });
});
