import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyInformation, demo, newConfig, writeStages, type ConfigBody } from '../server/configs-helpers';
import { startE2E, SETTLE, type E2E } from './harness';

/**
 * Country fields start at the company's region country (spec section 9: "the company region
 * upper-cased") on the stage page too: a stage never saved, and a list item added there. Harbour
 * Cars is in region fr; its config is made for this file, so the demo config stays as other tests
 * expect. Staff (English) edit it, so the French country shows by its English name.
 */
describe("country fields default to the company's region in the form (browser)", () => {
  let e2e: E2E;
  let page: Page;
  let config: ConfigBody;

  beforeAll(async () => {
    e2e = await startE2E();
    const d = await demo(e2e.server);
    config = await newConfig(e2e.server, d.tokens.pm, d.harbour.company.guid, 'Harbour Cars second site');
    page = (await e2e.newPage()).page;
    await e2e.openSignedIn(page, 'pm@demo.test');
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const openStage = async (slug: string) => {
    await page.goto(`${e2e.server.url}/#/configurator/${config.id}/${slug}`);
    await page.getByTestId('config-stage-page').getByTestId('page-title').waitFor({ timeout: 30_000 });
  };
  const shown = (id: string) => page.locator(`[id="${id}"]`).textContent();

  it('a never-saved stage starts with the region country', async () => {
    // Domains' registration holds a country and has never been saved on this config.
    const d = await demo(e2e.server);
    config = await writeStages(e2e.server, d.tokens.pm, config, [{ slug: 'company-information', data: companyInformation, state: 'draft' }]);
    await openStage('domains');
    await expect.poll(() => shown('domains_registration_country'), SETTLE).toBe('France');
  });

  it('a location added on the page starts with the region country', async () => {
    await openStage('locations');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.locator('#locations_locations_0_name').waitFor();
    await expect.poll(() => shown('locations_locations_0_address_country'), SETTLE).toBe('France');
  });
});
