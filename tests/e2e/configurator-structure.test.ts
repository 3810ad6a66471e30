import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, newConfig, type ConfigBody } from '../server/configs-helpers';
import { startE2E, SETTLE, waitForLanding, type E2E } from './harness';

/**
 * The company structure end to end in the built app (issue 7, "Done when"): a dealer fills company
 * information on a fresh config (which opens the rest of the dashboard), adds franchises, locations
 * that pick them, departments and opening hours, removes a franchise and finds it gone from the
 * locations, reloads and finds everything, submits and finds the stage read-only and the progress
 * moved. The config is created for this file (by the project manager, through the API), so the
 * demo config stays as the other browser tests expect it. One server, one browser, one dealer page.
 */
describe('company structure, end to end (browser, dealer)', () => {
  let e2e: E2E;
  let page: Page;
  let config: ConfigBody;
  const NAME = 'Northern Motor Group website';

  beforeAll(async () => {
    e2e = await startE2E();
    const d = await demo(e2e.server);
    config = await newConfig(e2e.server, d.tokens.pm, d.motors.company.guid, NAME);
    page = (await e2e.newPage()).page;
    await e2e.openSignedIn(page, 'dealer@demo.test');
    await page.waitForURL(/#\/configurator/);
    await waitForLanding(page);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const dashboard = async () => {
    await page.goto(`${e2e.server.url}/#/configurator/${config.id}/dashboard`);
    await expect.poll(() => page.getByTestId('config-dashboard-page').getByTestId('page-title').textContent(), SETTLE).toBe(NAME);
  };
  const openStage = async (slug: string) => {
    await page.goto(`${e2e.server.url}/#/configurator/${config.id}/${slug}`);
    await page.getByTestId('config-stage-page').getByTestId('page-title').waitFor();
  };
  /** Save draft, and the growl the spec names for it. */
  const saveDraft = async () => {
    const put = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/configs/') && r.request().postDataJSON()?.state === 'draft');
    await page.getByTestId('stage-save').click();
    expect((await put).status()).toBe(200);
    await expect.poll(() => page.getByText('Saved - scroll down to complete remaining sections').count(), SETTLE).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('save-indicator').getAttribute('data-status'), SETTLE).toBe('saved');
  };
  const progress = async () => Number((await page.getByTestId('config-progress').textContent())?.replace('%', ''));
  /** What a multi-select (optionsFrom) shows as chosen. */
  const chosen = (id: string) => page.locator(`[id="${id}"]`).textContent();
  /** Opens a select and picks the named options (a multi-select stays open until Escape). */
  const pick = async (id: string, names: string[]) => {
    await page.locator(`[id="${id}"]`).click();
    for (const name of names) await page.getByRole('option', { name, exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
  };

  it('keeps the structure locked until company information is filled in, then opens it on the dashboard', async () => {
    await dashboard();
    expect(await progress()).toBe(0);
    await page.getByTestId('config-locked-notice').waitFor();
    expect(await page.getByTestId('config-locked-notice').textContent()).toBe('Company information must be complete before other sections are accessible');
    for (const slug of ['franchises', 'locations', 'departments', 'opening-hours']) {
      expect(await page.getByTestId(`section-${slug}`).getAttribute('aria-disabled')).toBe('true');
    }
    // A locked stage opened by its address says so rather than offering a form.
    await openStage('franchises');
    expect(await page.getByTestId('stage-locked').textContent()).toBe('Company information must be complete before other sections are accessible');
    expect(await page.getByTestId('stage-save').count()).toBe(0);

    await dashboard();
    await page.getByTestId('section-company-information').click();
    await page.waitForURL(/#\/configurator\/\d+\/company-information$/);
    const field = (name: string) => page.locator(`#company-information_companyInformation_${name}`);
    await field('name').fill('Northern Motor Group Ltd');
    await field('regAddress_line1').fill('5 Wellington Street');
    await field('postcode').fill('LS1 4DL');
    await field('regNumber').fill('08123456');
    await saveDraft();

    await page.getByTestId('stage-back').click();
    await page.waitForURL(/#\/configurator\/\d+\/dashboard$/);
    await page.getByTestId('section-franchises').waitFor();
    await expect.poll(() => page.getByTestId('config-locked-notice').count(), SETTLE).toBe(0);
    for (const slug of ['franchises', 'locations', 'departments', 'opening-hours']) {
      expect(await page.getByTestId(`section-${slug}`).getAttribute('aria-disabled')).toBe('false');
    }
    // A draft is not progress: nothing is submitted yet.
    expect(await progress()).toBe(0);
  });

  it('adds three franchises', async () => {
    await page.getByTestId('section-franchises').click();
    await page.waitForURL(/#\/configurator\/\d+\/franchises$/);
    await page.getByTestId('table-empty').waitFor();
    for (const [i, name] of ['Audi', 'Ford', 'Kia'].entries()) {
      await page.getByRole('button', { name: 'Add franchise', exact: true }).click();
      await page.locator(`#franchises_franchises_${i}_name`).fill(name);
    }
    await saveDraft();
  });

  it('adds two locations, each picking franchises from the list just made', async () => {
    await openStage('locations');
    const add = page.getByRole('button', { name: 'Add', exact: true });
    const sites = [
      { name: 'Leeds', line1: '1 Kirkstall Road', town: 'Leeds', postcode: 'LS3 1LH', franchises: ['Audi', 'Ford'] },
      { name: 'York', line1: '2 Clifton Moor', town: 'York', postcode: 'YO30 4XZ', franchises: ['Ford', 'Kia'] },
    ];
    for (const [i, site] of sites.entries()) {
      await add.click();
      // The new location opens at once, ready to fill in.
      const at = (name: string) => page.locator(`#locations_locations_${i}_${name}`);
      await at('name').fill(site.name);
      await at('address_line1').fill(site.line1);
      await at('address_town').fill(site.town);
      await at('postcode').fill(site.postcode);
      // The franchises on offer are the ones of the franchises stage.
      await page.locator(`[id="locations_locations_${i}_franchises"]`).click();
      await expect.poll(() => page.getByRole('option').allTextContents(), SETTLE).toEqual(['Audi', 'Ford', 'Kia']);
      await page.keyboard.press('Escape');
      await pick(`locations_locations_${i}_franchises`, site.franchises);
      expect(await chosen(`locations_locations_${i}_franchises`)).toBe(site.franchises.join(', '));
    }
    await saveDraft();
  });

  it('adds departments serving the locations, and opening hours for a department', async () => {
    await openStage('departments');
    const add = page.getByRole('button', { name: 'Add', exact: true });
    const departments = [
      { name: 'Sales', locations: ['Leeds', 'York'] },
      { name: 'Service', locations: ['York'] },
    ];
    for (const [i, dept] of departments.entries()) {
      await add.click();
      await page.locator(`[id="departments_departments_${i}_name"]`).click();
      await page.getByRole('option', { name: dept.name, exact: true }).click();
      await pick(`departments_departments_${i}_locations`, dept.locations);
    }
    expect(await chosen('departments_departments_0_locations')).toBe('Leeds, York');
    await saveDraft();

    await openStage('opening-hours');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.locator('#opening-hours_hours_0_name').fill('Showroom');
    await pick('opening-hours_hours_0_departments', ['Sales']);
    for (const day of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday']) {
      await page.locator(`#opening-hours_hours_0_days_${day}_open`).fill('08:30');
      await page.locator(`#opening-hours_hours_0_days_${day}_close`).fill('18:00');
    }
    await page.getByRole('checkbox', { name: 'Sunday By appointment' }).check();
    await saveDraft();
  });

  it('removing a franchise takes it off every location at once', async () => {
    await openStage('franchises');
    const ford = page.locator('tr', { has: page.locator('#franchises_franchises_1_name') });
    expect(await page.locator('#franchises_franchises_1_name').inputValue()).toBe('Ford');
    await ford.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => page.locator('[id^="franchises_franchises_"][id$="_name"]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)), SETTLE).toEqual(['Audi', 'Kia']);
    await saveDraft();

    // The locations were updated in the same write: no edit there, Ford is simply gone.
    await page.getByTestId('stage-back').click();
    await page.getByTestId('section-locations').click();
    await page.waitForURL(/#\/configurator\/\d+\/locations$/);
    await expect.poll(() => chosen('locations_locations_0_franchises'), SETTLE).toBe('Audi');
    await page.getByRole('button', { name: 'York' }).click();
    await expect.poll(() => chosen('locations_locations_1_franchises'), SETTLE).toBe('Kia');
    await page.locator('[id="locations_locations_1_franchises"]').click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['Audi', 'Kia']);
    await page.keyboard.press('Escape');
  });

  it('shows everything again after a reload', async () => {
    await page.reload();
    await page.getByTestId('config-stage-page').getByTestId('page-title').waitFor();
    await expect.poll(() => page.locator('#locations_locations_0_name').inputValue(), SETTLE).toBe('Leeds');
    expect(await page.locator('#locations_locations_0_address_line1').inputValue()).toBe('1 Kirkstall Road');
    expect(await page.locator('#locations_locations_0_postcode').inputValue()).toBe('LS3 1LH');
    expect(await chosen('locations_locations_0_franchises')).toBe('Audi');
    expect(await page.getByRole('button', { name: 'York' }).count()).toBe(1);

    await openStage('departments');
    await expect.poll(() => chosen('departments_departments_0_name'), SETTLE).toBe('Sales');
    expect(await chosen('departments_departments_0_locations')).toBe('Leeds, York');
    expect(await chosen('departments_departments_1_name')).toBe('Service');
    expect(await chosen('departments_departments_1_locations')).toBe('York');

    await openStage('opening-hours');
    await expect.poll(() => page.locator('#opening-hours_hours_0_name').inputValue(), SETTLE).toBe('Showroom');
    expect(await chosen('opening-hours_hours_0_departments')).toBe('Sales');
    expect(await page.locator('#opening-hours_hours_0_days_monday_open').inputValue()).toBe('08:30');
    expect(await page.locator('#opening-hours_hours_0_days_friday_close').inputValue()).toBe('18:00');
    expect(await page.getByRole('checkbox', { name: 'Sunday By appointment' }).isChecked()).toBe(true);
  });

  it('submits company information and the franchises: read-only for the dealer, and the progress moves on the dashboard', async () => {
    for (const slug of ['company-information', 'franchises']) {
      await openStage(slug);
      await page.getByTestId('stage-submit').click();
      await expect.poll(() => page.getByText('Configurator Updated').count(), SETTLE).toBeGreaterThan(0);
      await page.getByTestId('stage-readonly').waitFor();
      expect(await page.getByTestId('stage-readonly').textContent()).toBe('This section has been submitted and can no longer be amended.');
      expect(await page.getByTestId('config-stage-page').locator('[data-state]').first().textContent()).toBe('Submitted');
      expect(await page.getByTestId('stage-submit').count()).toBe(0);
      expect(await page.getByTestId('stage-save').count()).toBe(0);
    }
    // The franchises can no longer be changed: no Add franchise, no Remove, the names disabled.
    expect(await page.getByRole('button', { name: 'Add franchise', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Remove' }).count()).toBe(0);
    expect(await page.locator('#franchises_franchises_0_name').isDisabled()).toBe(true);
    expect(await page.locator('#franchises_franchises_0_name').inputValue()).toBe('Audi');

    await dashboard();
    expect(await page.getByTestId('section-company-information').getAttribute('data-state')).toBe('submitted');
    expect(await page.getByTestId('section-franchises').getAttribute('data-state')).toBe('submitted');
    expect(await page.getByTestId('section-locations').getAttribute('data-state')).toBe('draft');
    // Two required stages of the config's required ones are done now (it started at 0%).
    const required = (config.stages as Array<{ required?: boolean }>).filter((s) => s.required).length;
    expect(config.progress).toBe(0);
    expect(await progress()).toBe(Math.floor((2 / required) * 100));

    // The home dashboard shows the same figure for this config.
    await page.goto(`${e2e.server.url}/#/dashboard`);
    const card = page.getByTestId('dashboard-config-card');
    await card.waitFor();
    const mine = card.getByTestId('dashboard-config').filter({ hasText: NAME });
    await mine.waitFor();
    expect(await mine.getByTestId('dashboard-config-progress').textContent()).toBe(`${Math.floor((2 / required) * 100)}%`);
  });
});
