import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wcagProblems } from './axe';
import { startE2E, SETTLE, type E2E } from './harness';
import { DEMO_COMPANY_LOGOS, DEMO_MEDIA } from '../../server/db/seed-media';


/**
 * A 900 x 900 logo of random pixels: about 2.4 MB of PNG that cannot be compressed, so the upload
 * takes long enough under the throttled connection to show its progress bar moving.
 */
const noisyLogo = () => sharp(randomBytes(900 * 900 * 3), { raw: { width: 900, height: 900, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();

describe('media library (browser)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('uploads a logo with a progress bar, then shows its thumbnail in the grid; refused files say why', async () => {
    const { context, page } = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    await e2e.openSignedIn(page, 'admin@demo.test');

    // The grid shows the demo files, newest first, as thumbnails: a first page of 30 of them (the
    // demo companies' logos included).
    const seeded = DEMO_MEDIA.length + DEMO_COMPANY_LOGOS.length;
    await page.goto(`${e2e.server.url}/#/media`);
    const tiles = page.getByTestId('media-tile');
    await expect.poll(() => tiles.count(), SETTLE).toBe(Math.min(30, seeded));
    await page.getByRole('img', { name: 'spring-offers-banner.jpg' }).waitFor();
    expect(await wcagProblems(page)).toEqual([]);

    await page.getByRole('link', { name: 'Upload' }).click();
    await page.waitForURL(/#\/media\/upload$/);
    await page.getByLabel(/Check as a company logo/).check();

    // A slow connection (about 400 KB/s up), so the bar has time to move.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 400 * 1024 });
    const logo = await noisyLogo();
    await page.getByTestId('file-input').setInputFiles([
      { name: 'riverside-logo.png', mimeType: 'image/png', buffer: logo },
      { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('<!doctype html><p>not an image</p>') },
    ]);
    const row = page.getByTestId('upload-item').filter({ hasText: 'riverside-logo.png' });
    // Part way: the bar shows a share of the file sent, neither nothing nor all of it.
    const progress = row.getByTestId('upload-progress');
    await expect
      .poll(async () => {
        const value = Number((await progress.getAttribute('data-progress', { timeout: 1000 }).catch(() => null)) ?? -1);
        return value > 0 && value < 100;
      }, { ...SETTLE, interval: 50 })
      .toBe(true);
    await expect(progress.getAttribute('role')).resolves.toBe('progressbar');

    // Then its thumbnail and the server's reason for the other file.
    await row.getByTestId('upload-thumbnail').waitFor({ timeout: 60_000 });
    await expect(row.getAttribute('data-state')).resolves.toBe('done');
    const refused = page.getByTestId('upload-item').filter({ hasText: 'notes.png' });
    await refused.getByText('The file must be an image (JPEG, PNG, WebP or GIF) or a PDF.').waitFor();
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    expect(await wcagProblems(page)).toEqual([]);

    // A logo outside 500-900 px is refused with the spec's rule.
    const narrow = await sharp({ create: { width: 300, height: 120, channels: 3, background: '#0b5394' } }).png().toBuffer();
    await page.getByTestId('file-input').setInputFiles([{ name: 'tiny-logo.png', mimeType: 'image/png', buffer: narrow }]);
    await page.getByTestId('upload-item').filter({ hasText: 'tiny-logo.png' }).getByText('The logo must be between 500 and 900 pixels wide (this one is 300).').waitFor();

    // The grid has the new logo first, its thumbnail really loaded.
    await page.getByRole('link', { name: 'Back to the media library' }).click();
    await page.waitForURL(/#\/media$/);
    const thumb = tiles.first().getByRole('img', { name: 'riverside-logo.png' });
    await thumb.waitFor();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), SETTLE).toBe(320);
    await expect.poll(() => tiles.count(), SETTLE).toBe(Math.min(30, seeded + 1));

    // Search narrows the grid.
    await page.getByPlaceholder('Search media').fill('riverside');
    await expect.poll(() => tiles.count(), SETTLE).toBe(1);

    // What the admin saw is what the server stored: a PNG logo, 900 px wide, with a thumbnail.
    const { rows } = (await e2e.server.database.db.execute(`select filename, mime, width, thumbnail is not null as thumb from media where filename like 'riverside%'`)) as unknown as {
      rows: Array<{ filename: string; mime: string; width: number; thumb: boolean }>;
    };
    expect(rows).toEqual([{ filename: 'riverside-logo.png', mime: 'image/png', width: 900, thumb: true }]);

    // Delete, after confirming: gone from the grid and from the server.
    await page.getByRole('button', { name: 'Delete riverside-logo.png' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Media Deleted').waitFor();
    await expect.poll(() => tiles.count(), SETTLE).toBe(0);
    const after = (await e2e.server.database.db.execute(`select count(*)::int as n from media where filename like 'riverside%'`)) as unknown as { rows: Array<{ n: number }> };
    expect(after.rows[0].n).toBe(0);
  });
});
