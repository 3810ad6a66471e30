/**
 * Agreements in real Chromium: staff create an order form for Demo Motors, tick products and see
 * the totals change, save and send it with an expiry day; the dealer sees the dashboard card, reads
 * the preview with that day and signs it ('agreement signed'); the PDF downloads as a real PDF
 * (and, where poppler's pdfsig is installed, its signature verifies). An expired order form cannot
 * be signed and staff send it again (issue 55). One server and one browser for the file.
 */
import { execFile, execFileSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPath, startE2E, SETTLE, type E2E } from './harness';

const run = promisify(execFile);
const hasPdfsig = (() => {
  try {
    execFileSync('pdfsig', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const NAME = 'Demo Motors browser order form';

/** Warnings and errors the page logs (the app's console stays clean, tests/e2e/main-screens.test.ts). */
function recordConsole(page: Page, into: string[]) {
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') into.push(`${m.type()} on ${new URL(page.url()).hash}: ${m.text()} ${m.location().url}`);
  });
  page.on('pageerror', (e) => into.push(`uncaught: ${e.message}`));
}

describe('agreements (browser)', () => {
  let e2e: E2E;
  let admin: Page;
  let dealer: Page;
  let agreementId = '';
  const logged: string[] = [];
  const open = async (page: Page, path: string) => page.goto(`${e2e.server.url}/#${path}`);

  beforeAll(async () => {
    e2e = await startE2E();
    [admin, dealer] = await Promise.all([e2e.newPage().then((p) => p.page), e2e.newPage().then((p) => p.page)]);
    recordConsole(admin, logged);
    recordConsole(dealer, logged);
    await e2e.openSignedIn(admin, 'admin@demo.test');
    await e2e.openSignedIn(dealer, 'dealer@demo.test');
  }, 90_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it('lets staff create an order form for Demo Motors, tick products, watch the totals, save and send it', async () => {
    await open(admin, '/agreements');
    await admin.getByTestId('agreements-table').waitFor();
    await admin.getByTestId('agreement-create').click();
    const dialog = admin.getByTestId('agreement-create-dialog');
    await dialog.getByLabel('Name').fill(NAME);
    await dialog.getByLabel('Company').fill('Demo Mot');
    await admin.getByRole('option', { name: 'Demo Motors' }).click();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await admin.waitForURL(/#\/agreements\/\d+\/edit/);
    agreementId = /agreements\/(\d+)\/edit/.exec(hashPath(admin))![1];

    const value = admin.getByTestId('totals-contract-value');
    await value.waitFor();
    const before = await value.textContent();
    // Tick the first product not yet chosen: the contract value moves at once, before any save.
    const row = admin.getByTestId('product-row').filter({ has: admin.locator('input[type="checkbox"]:not(:checked):not(:disabled)') }).first();
    await row.getByTestId('product-check').locator('input').check();
    await expect.poll(() => value.textContent(), SETTLE).not.toBe(before);
    const ticked = await value.textContent();

    await admin.getByTestId('agreement-save').click();
    await expect.poll(() => admin.getByTestId('growl').textContent(), SETTLE).toContain('Agreement saved');
    // What the server stored prices to the same total.
    await admin.reload();
    await expect.poll(() => admin.getByTestId('totals-contract-value').textContent(), SETTLE).toBe(ticked);

    await admin.getByTestId('agreement-send').click();
    // Remind after 3 days (the default) and expire on a day of our choosing.
    const send = admin.getByTestId('agreement-send-dialog');
    expect(await send.getByTestId('send-remind-days').inputValue()).toBe('3');
    await send.getByTestId('send-expires').fill('12/12/2099');
    await admin.getByTestId('agreement-send-dialog-confirm').click();
    await expect.poll(() => admin.getByTestId('agreement-stage').first().textContent(), SETTLE).toBe('Sent for signature');
    await expect.poll(() => admin.getByTestId('agreement-sent-banner').textContent(), SETTLE).toContain('Expires on 12/12/2099.');
    expect(await admin.getByTestId('agreement-save').count()).toBe(0);

    // Demo Motors' company dashboard lists it for staff, with its stage, and opens its form.
    const { rows } = (await e2e.server.database.db.execute(sql`SELECT company_id FROM agreements WHERE id = ${Number(agreementId)}`)) as unknown as { rows: { company_id: number }[] };
    await open(admin, `/dashboard/${rows[0].company_id}`);
    const card = admin.getByTestId('company-agreements');
    const item = card.getByTestId('company-agreement').filter({ hasText: NAME });
    await expect.poll(() => item.textContent(), SETTLE).toContain('Sent for signature');
    await item.getByRole('link', { name: NAME }).click();
    await admin.waitForURL(new RegExp(`#/agreements/${agreementId}/edit`));
  });

  it('shows the dealer the order form waiting on the dashboard, and lets them sign it', async () => {
    expect(agreementId).not.toBe('');
    await open(dealer, '/dashboard');
    const card = dealer.getByTestId('dashboard-agreement-card');
    await card.getByText('An order form waits for your signature').waitFor();
    await card.getByTestId('dashboard-agreement-open').click();
    await expect.poll(() => hashPath(dealer), SETTLE).toBe(`/agreements/${agreementId}/preview`);
    const preview = dealer.getByTestId('agreement-preview');
    await preview.getByText('Commercial terms').waitFor();
    // The message to the dealer may show; the internal notes never do.
    expect(await preview.getByText('Internal notes').count()).toBe(0);
    // The day staff chose, after which it can no longer be signed.
    expect(await dealer.getByTestId('agreement-expires').textContent()).toBe('Expires on 12/12/2099.');

    const panel = dealer.getByTestId('sign-panel');
    await panel.getByTestId('sign-submit').click();
    await panel.getByText('Enter your full name.').waitFor();
    await dealer.getByTestId('sign-name').fill('Sam Taylor');
    await dealer.getByTestId('sign-position').fill('Dealer principal');
    // Draw a stroke on the pad with the mouse.
    const pad = await dealer.getByTestId('signature-canvas').boundingBox();
    await dealer.mouse.move(pad!.x + 20, pad!.y + 60);
    await dealer.mouse.down();
    await dealer.mouse.move(pad!.x + 120, pad!.y + 30, { steps: 5 });
    await dealer.mouse.move(pad!.x + 220, pad!.y + 90, { steps: 5 });
    await dealer.mouse.up();
    await dealer.getByTestId('sign-accept').check();
    await panel.getByTestId('sign-submit').click();
    await expect.poll(() => dealer.getByTestId('growl').textContent(), SETTLE).toContain('agreement signed');
    await dealer.getByTestId('agreement-signed-banner').waitFor();
    expect(await dealer.getByTestId('sign-panel').count()).toBe(0);
  });

  it('downloads the signed order form as a PDF that verifies', async () => {
    const [download] = await Promise.all([dealer.waitForEvent('download'), dealer.getByTestId('agreement-pdf').click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const path = await download.path();
    const bytes = readFileSync(path);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    if (hasPdfsig) {
      const { stdout, stderr } = await run('pdfsig', [path]).catch((e: { stdout: string; stderr: string }) => e);
      expect(stdout + stderr).toContain('Signature is Valid.');
    }
  });

  it('stops the dealer signing an expired order form until staff send it again', async () => {
    // Demo Motors' seeded order form waiting for the dealer's signature; its expiry passes.
    const db = e2e.server.database.db;
    const { rows } = (await db.execute(sql`UPDATE agreements SET expires_at = now() - interval '1 day' WHERE name = 'Demo Motors website launch' RETURNING id`)) as unknown as { rows: { id: number }[] };
    const id = rows[0].id;
    await open(dealer, `/agreements/${id}/preview`);
    await expect.poll(() => dealer.getByTestId('agreement-expired-banner').textContent(), SETTLE).toContain('Your provider will send it to you again.');
    expect(await dealer.getByTestId('sign-panel').count()).toBe(0);

    await open(admin, '/agreements');
    const row = admin.getByTestId('agreements-table').locator('tr').filter({ hasText: 'Demo Motors website launch' });
    await row.getByTestId('agreement-expired').waitFor();
    await open(admin, `/agreements/${id}/edit`);
    await admin.getByTestId('agreement-resend').click();
    await admin.getByTestId('agreement-send-dialog').getByTestId('send-expires').fill('30/11/2099');
    await admin.getByTestId('agreement-send-dialog-confirm').click();
    await expect.poll(() => admin.getByTestId('agreement-sent-banner').textContent(), SETTLE).toContain('Expires on 30/11/2099.');

    await dealer.reload();
    await dealer.getByTestId('sign-panel').waitFor();
    expect(await dealer.getByTestId('agreement-expires').textContent()).toBe('Expires on 30/11/2099.');
  });

  it('logs nothing to the console on the way', () => {
    expect(logged).toEqual([]);
  });
});
