import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyInformation, newConfig, writeStages, type ConfigBody } from '../server/configs-helpers';
import { call, login } from '../server/helpers';
import { startE2E, SETTLE, type E2E } from './harness';

/**
 * Every editor belongs to the record it shows (issue 23). A hash route never reloads the page, so
 * going from one config's stage to another's by the address bar, Back and Forward or links keeps
 * the route's page mounted; it once showed the new config's heading over the old config's form and
 * saved into the old config. Here staff (two companies' configs) and a dealer (two configs of their
 * company) type and autosave on each page, and each config read back from the API holds exactly
 * what was typed on its own pages. The same holds for the react-admin edit pages.
 */
describe('each editor writes to the record it shows (browser)', () => {
  let e2e: E2E;
  let admin = '';
  let motors: ConfigBody;
  let harbour: ConfigBody;
  let motors2: ConfigBody;

  beforeAll(async () => {
    e2e = await startE2E();
    admin = (await login(e2e.server, 'admin@demo.test')).token;
    const list = await call<ConfigBody[]>(e2e.server, 'GET', '/api/configs?sort=["id","ASC"]', { token: admin });
    const named = (name: string) => list.body.find((c) => c.name === name)!;
    motors = named('Demo Motors website');
    harbour = named('Harbour Cars website');
    // A dealer with two configs: a second one for Demo Motors, its company information filled in
    // (a draft) so that its social feeds open as they are in the first.
    motors2 = await newConfig(e2e.server, admin, (await config(motors.id)).company.guid, 'Demo Motors used cars');
    motors2 = await writeStages(e2e.server, admin, motors2, [{ slug: 'company-information', data: companyInformation, state: 'draft' }]);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const config = async (id: number) => (await call<ConfigBody>(e2e.server, 'GET', `/api/configs/${id}`, { token: admin })).body;

  /** One text field of a stage: where the form shows it and where the config stores it. */
  interface Field {
    slug: string;
    selector: string;
    stored(data: Record<string, unknown> | undefined): string | undefined;
  }
  // Staff type the ICO number (the field the defect was found with; the demo config's company
  // information is completed, which only staff may change); dealers a draft stage's Facebook page.
  const ICO: Field = {
    slug: 'company-information',
    selector: '#company-information_companyInformation_icoNumber',
    stored: (data) => (data?.companyInformation as { icoNumber?: string } | undefined)?.icoNumber,
  };
  const FACEBOOK: Field = { slug: 'social-feeds', selector: '#social-feeds_group_facebook', stored: (data) => (data?.group as { facebook?: string } | undefined)?.facebook };

  const storedValue = async (c: ConfigBody, f: Field) => f.stored((await config(c.id)).data[f.slug]) ?? '';
  /** Each config holds exactly the value typed last on its own pages. */
  async function expectStored(f: Field, expected: Array<[ConfigBody, string]>) {
    for (const [c, value] of expected) await expect.poll(() => storedValue(c, f), { ...SETTLE, message: `${c.name}'s ${f.slug}` }).toBe(value);
  }

  const input = (page: Page, f: Field) => page.locator(f.selector);
  const status = (page: Page) => page.getByTestId('save-indicator').getAttribute('data-status');

  /** The stage page shows `c`: its name in the breadcrumb and, in the form, what `c` has stored. */
  async function expectShows(page: Page, c: ConfigBody, f: Field) {
    await expect.poll(() => page.getByTestId('stage-back').textContent(), { ...SETTLE, message: 'breadcrumb' }).toBe(c.name);
    await page.getByTestId('config-stage-page').getByTestId('page-title').waitFor({ timeout: 30_000 });
    await expect.poll(async () => (await input(page, f).inputValue()) === (await storedValue(c, f)), { ...SETTLE, message: `form shows ${c.name}'s data` }).toBe(true);
  }

  /** Types a value and waits for its background save to be answered. */
  async function typeAndAutosave(page: Page, f: Field, value: string) {
    await expect.poll(() => status(page), SETTLE).toBe('saved');
    const put = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/configs/'));
    await input(page, f).fill(value);
    expect((await put).status()).toBe(200);
    await expect.poll(() => status(page), SETTLE).toBe('saved');
  }

  /** An address typed in the bar: a new hash on the same document (no reload). */
  const byAddressBar = (page: Page, c: ConfigBody, f: Field) => page.goto(`${e2e.server.url}/#/configurator/${c.id}/${f.slug}`);

  async function signedIn(email: string) {
    const { page } = await e2e.newPage();
    await e2e.openSignedIn(page, email);
    return page;
  }

  it('staff: two companies\' configs by the address bar, Back and Forward and links; an autosave in flight when leaving lands in its own config', async () => {
    const page = await signedIn('admin@demo.test');
    await byAddressBar(page, motors, ICO);
    await expectShows(page, motors, ICO);
    await typeAndAutosave(page, ICO, 'STAFF-M1');

    // The address bar: Harbour Cars' stage in the same document.
    await byAddressBar(page, harbour, ICO);
    await expectShows(page, harbour, ICO);
    await typeAndAutosave(page, ICO, 'STAFF-H1');
    await expectStored(ICO, [[motors, 'STAFF-M1'], [harbour, 'STAFF-H1']]);

    // Back and Forward.
    await page.goBack();
    await expectShows(page, motors, ICO);
    expect(await input(page, ICO).inputValue()).toBe('STAFF-M1');
    await typeAndAutosave(page, ICO, 'STAFF-M2');
    await page.goForward();
    await expectShows(page, harbour, ICO);
    expect(await input(page, ICO).inputValue()).toBe('STAFF-H1');
    await typeAndAutosave(page, ICO, 'STAFF-H2');
    await expectStored(ICO, [[motors, 'STAFF-M2'], [harbour, 'STAFF-H2']]);

    // Links: the breadcrumb, the configurator's list, the other config's dashboard and its section.
    await page.getByTestId('stage-back').click();
    await page.getByTestId('config-dashboard-page').waitFor();
    await page.locator('nav a[href="#/configurator"]').first().click();
    await page.locator(`[data-testid="config-row"][data-config-id="${motors.id}"]`).getByTestId('config-row-name').click();
    await page.getByTestId('config-dashboard-page').waitFor();
    await page.getByTestId('section-company-information').click();
    await expectShows(page, motors, ICO);
    await typeAndAutosave(page, ICO, 'STAFF-M3');

    // Leaving while a background save is on its way: it is held until the next config's page shows.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/companies/*/configs/*', async (route) => {
      if (route.request().method() === 'PUT') await held;
      await route.continue();
    });
    const sent = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/configs/'));
    const answered = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/configs/'));
    await input(page, ICO).fill('STAFF-M4');
    const request = await sent;
    expect(request.url()).toContain(motors.guid);
    await byAddressBar(page, harbour, ICO);
    await expectShows(page, harbour, ICO);
    release();
    expect((await answered).status()).toBe(200);
    await page.unroute('**/api/companies/*/configs/*');
    await expectStored(ICO, [[motors, 'STAFF-M4'], [harbour, 'STAFF-H2']]);
    // The page still shows Harbour Cars and saves there.
    expect(await input(page, ICO).inputValue()).toBe('STAFF-H2');
    await typeAndAutosave(page, ICO, 'STAFF-H3');
    await expectStored(ICO, [[motors, 'STAFF-M4'], [harbour, 'STAFF-H3']]);
  });

  it('a dealer with two configs: the address bar, Back and Forward keep each config\'s edits in it', async () => {
    const page = await signedIn('dealer@demo.test');
    await byAddressBar(page, motors, FACEBOOK);
    await expectShows(page, motors, FACEBOOK);
    await typeAndAutosave(page, FACEBOOK, 'https://facebook.com/dealer-a1');
    await byAddressBar(page, motors2, FACEBOOK);
    await expectShows(page, motors2, FACEBOOK);
    await typeAndAutosave(page, FACEBOOK, 'https://facebook.com/dealer-b1');
    await page.goBack();
    await expectShows(page, motors, FACEBOOK);
    expect(await input(page, FACEBOOK).inputValue()).toBe('https://facebook.com/dealer-a1');
    await typeAndAutosave(page, FACEBOOK, 'https://facebook.com/dealer-a2');
    await page.goForward();
    await expectShows(page, motors2, FACEBOOK);
    expect(await input(page, FACEBOOK).inputValue()).toBe('https://facebook.com/dealer-b1');
    await typeAndAutosave(page, FACEBOOK, 'https://facebook.com/dealer-b2');
    await expectStored(FACEBOOK, [[motors, 'https://facebook.com/dealer-a2'], [motors2, 'https://facebook.com/dealer-b2']]);
  });

  it('unsent edits stay with their own config: left before the autosave, they come back on that config only', async () => {
    const page = await signedIn('dealer@demo.test');
    const motorsBefore = await storedValue(motors, FACEBOOK);
    // The background save does not get through (the server is briefly unavailable): the edit is kept on the device.
    await byAddressBar(page, motors2, FACEBOOK);
    await expectShows(page, motors2, FACEBOOK);
    await page.route('**/api/companies/*/configs/*', (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service Unavailable"}' }) : route.continue(),
    );
    await input(page, FACEBOOK).fill('https://facebook.com/kept-b');
    await expect.poll(() => status(page), SETTLE).toBe('failed');
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('portal.unsent:')).length), SETTLE).toBe(1);
    await page.unroute('**/api/companies/*/configs/*');
    // The other config's page shows its own data, with nothing restored.
    await byAddressBar(page, motors, FACEBOOK);
    await expectShows(page, motors, FACEBOOK);
    await expect(page.getByTestId('unsent-restored').count()).resolves.toBe(0);
    expect(await input(page, FACEBOOK).inputValue()).not.toBe('https://facebook.com/kept-b');
    // Back on the config it was typed in, the edit is put back and sent there.
    await byAddressBar(page, motors2, FACEBOOK);
    await page.getByTestId('unsent-restored').waitFor();
    expect(await input(page, FACEBOOK).inputValue()).toBe('https://facebook.com/kept-b');
    await expectStored(FACEBOOK, [[motors2, 'https://facebook.com/kept-b'], [motors, motorsBefore]]);
  });

  it('react-admin edit pages: another record by the address bar shows and saves that record only', async () => {
    const page = await signedIn('admin@demo.test');
    const companies = await call<Array<{ id: number; name: string; contact_name: string | null }>>(e2e.server, 'GET', '/api/companies?sort=["id","ASC"]&range=[0,9]', { token: admin });
    const [a, b] = ['Demo Motors', 'Harbour Cars'].map((name) => companies.body.find((c) => c.name === name)!);
    const contactOf = async (id: number) => (await call<{ contact_name: string | null }>(e2e.server, 'GET', `/api/companies/${id}`, { token: admin })).body.contact_name ?? '';
    const field = page.locator('input[name="contact_name"]');

    await page.goto(`${e2e.server.url}/#/companies/profile/${a.id}`);
    await expect.poll(() => field.inputValue(), SETTLE).toBe(await contactOf(a.id));
    await field.fill('Typed on A');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => contactOf(a.id), SETTLE).toBe('Typed on A');

    const bBefore = await contactOf(b.id);
    await page.goto(`${e2e.server.url}/#/companies/profile/${b.id}`);
    await expect.poll(() => field.inputValue(), SETTLE).toBe(bBefore);
    await field.fill('Typed on B');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => contactOf(b.id), SETTLE).toBe('Typed on B');
    expect(await contactOf(a.id)).toBe('Typed on A');

    await page.goBack();
    await expect.poll(() => field.inputValue(), SETTLE).toBe('Typed on A');
  });
});
