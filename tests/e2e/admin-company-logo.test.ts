/**
 * A company's logo in real Chromium: an admin picks one of the media library's images on the
 * company profile (another company's file is offered greyed out), uploads a new one right there with
 * a progress bar, sees a refused upload's reason, and the thumbnail shows on the profile and in the
 * companies list. What the server stored is checked after each save.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Locator } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, companyMeta, media } from '../../server/db/schema';
import { wcagProblems } from './axe';
import { startE2E, SETTLE, type E2E } from './harness';


/** 900 x 900 random pixels: about 2.4 MB of PNG, so a throttled upload shows its bar moving. */
const noisyLogo = () => sharp(randomBytes(900 * 900 * 3), { raw: { width: 900, height: 900, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
/** Whether an <img> has really loaded (not a broken image). */
const loaded = (img: Locator) => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0);

describe('company logo from the media library (browser)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const db = () => e2e.server.database.db;
  const storedLogo = async (companyId: number) =>
    (await db().select({ value: companyMeta.metaValue }).from(companyMeta).where(and(eq(companyMeta.companyId, companyId), eq(companyMeta.metaKey, 'logo'))))[0]?.value ?? null;
  const guidOf = async (filename: string) => (await db().select({ guid: media.guid }).from(media).where(eq(media.filename, filename)))[0].guid;

  it('lets an admin pick a logo, upload a new one with progress, and see it on the profile and in the list', async () => {
    const { context, page } = await e2e.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    const [demo] = await db().select({ id: companies.id }).from(companies).where(eq(companies.name, 'Demo Motors'));
    await e2e.openSignedIn(page, 'admin@demo.test', { route: `/companies/profile/${demo.id}` });
    await expect.poll(() => page.locator('input[name="name"]').inputValue(), SETTLE).toBe('Demo Motors');
    // The demo data gives Demo Motors its own logo.
    const logo = page.getByTestId('company-logo');
    const seeded = await guidOf('demo-motors-logo.png');
    await expect.poll(() => logo.getByTestId('company-logo-current').getAttribute('data-guid', { timeout: 1000 }).catch(() => null), SETTLE).toBe(seeded);
    await expect.poll(() => loaded(logo.getByRole('img', { name: 'Logo of Demo Motors' })), SETTLE).toBe(true);
    expect(await wcagProblems(page, '[data-testid="company-logo"]')).toEqual([]);

    // Pick from the library: its own file and the shared ones are offered, Harbour Cars' own file is not.
    await logo.getByRole('button', { name: 'Choose from media' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose a logo' });
    await picker.getByRole('button', { name: /^demo-motors-logo\.png 720 × 280 px$/ }).waitFor();
    // Checked once the dialog has faded in: half-faded text fails the contrast rule.
    await expect.poll(() => picker.evaluate((el) => getComputedStyle(el.closest('.MuiDialog-container') ?? el).opacity), SETTLE).toBe('1');
    expect(await wcagProblems(page, '[role="dialog"]')).toEqual([]);
    // Harbour Cars' own logo (the shared library's showcase images of Harbour Cars are offered).
    await picker.getByLabel('Search images').fill('harbour-cars-logo');
    await picker.getByTestId('logo-picker-empty').waitFor();
    // Only images are offered (the brochure PDF is not).
    await expect(picker.getByText('dealer-brochure.pdf').count()).resolves.toBe(0);
    await picker.getByLabel('Search images').fill('launch');
    await expect.poll(() => picker.getByTestId('logo-choice').count(), SETTLE).toBe(1);
    await picker.getByRole('button', { name: /^launch-portal-logo\.png/ }).click();
    await picker.waitFor({ state: 'hidden' });
    const current = logo.getByRole('img', { name: 'Logo of Demo Motors' });
    await expect.poll(() => loaded(current), SETTLE).toBe(true);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Company Updated').waitFor();
    const shared = await guidOf('launch-portal-logo.png');
    await expect.poll(() => storedLogo(demo.id), SETTLE).toBe(shared);

    // Upload a new logo right here, over a slow connection: the bar moves, then the thumbnail shows.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 400 * 1024 });
    await logo.getByTestId('logo-file-input').setInputFiles([{ name: 'demo-motors-2026.png', mimeType: 'image/png', buffer: await noisyLogo() }]);
    const progress = logo.getByTestId('logo-upload-progress');
    await expect
      .poll(async () => {
        const value = Number((await progress.getAttribute('data-progress', { timeout: 1000 }).catch(() => null)) ?? -1);
        return value > 0 && value < 100;
      }, { ...SETTLE, interval: 50 })
      .toBe(true);
    await expect(progress.getAttribute('role')).resolves.toBe('progressbar');
    await progress.waitFor({ state: 'detached', timeout: 60_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    const uploaded = await guidOf('demo-motors-2026.png');
    await expect.poll(() => logo.getByTestId('company-logo-current').getAttribute('data-guid'), SETTLE).toBe(uploaded);
    await expect.poll(() => loaded(current), SETTLE).toBe(true);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Company Updated').waitFor();
    await expect.poll(() => storedLogo(demo.id), SETTLE).toBe(uploaded);
    // Filed under the company, as a logo of the right size.
    const [row] = await db().select({ companyId: media.companyId, width: media.width, mime: media.mime }).from(media).where(eq(media.guid, uploaded));
    expect(row).toEqual({ companyId: demo.id, width: 900, mime: 'image/png' });

    // A logo outside the rule is refused with the spec's words, and the chosen logo stays.
    const narrow = await sharp({ create: { width: 300, height: 120, channels: 3, background: '#0b5394' } }).png().toBuffer();
    await logo.getByTestId('logo-file-input').setInputFiles([{ name: 'tiny-logo.png', mimeType: 'image/png', buffer: narrow }]);
    await logo.getByTestId('logo-upload-error').getByText('The logo must be between 500 and 900 pixels wide (this one is 300).').waitFor();
    await expect(logo.getByTestId('company-logo-current').getAttribute('data-guid')).resolves.toBe(uploaded);

    // The companies list shows the thumbnail next to the name.
    await page.goto(`${e2e.server.url}/#/companies`);
    await page.getByPlaceholder('Search companies').fill('Demo Motors');
    // The search is applied (and put in the address) after a pause; Demo Motors is on the first
    // page even before, so wait for it: applied later, it would bring the list back after we left.
    await page.waitForURL(/filter=[^&]*Demo%20Motors/, SETTLE);
    const listed = page.getByTestId('companies-table').getByRole('img', { name: 'Logo of Demo Motors' });
    await expect.poll(() => listed.count(), SETTLE).toBe(1);
    await expect.poll(() => loaded(listed), SETTLE).toBe(true);
    expect(await wcagProblems(page, '[data-testid="companies-table"] td.column-name')).toEqual([]);

    // Removing the logo and saving clears it.
    await page.goto(`${e2e.server.url}/#/companies/profile/${demo.id}`);
    await expect.poll(() => loaded(page.getByTestId('company-logo').getByRole('img', { name: 'Logo of Demo Motors' })), SETTLE).toBe(true);
    await page.getByTestId('company-logo').getByRole('button', { name: 'Remove logo' }).click();
    await page.getByTestId('company-logo').getByText('No logo yet').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Company Updated').waitFor();
    await expect.poll(() => storedLogo(demo.id), SETTLE).toBeNull();
    expect(problems).toEqual([]);
  });
});
