/**
 * Issue 57 in real Chromium: staff send an order form to two dealer signers of one company, in
 * order, with the administrator as countersigner; each dealer signs on a phone-sized screen
 * (390x844) when it is their turn (the second waits until the first signed); the countersigner
 * signs; the dealer downloads the final PDF; the public "Verify a document" page accepts it and
 * rejects a copy with one byte changed. One server and one browser for the file.
 */
import { sql } from 'drizzle-orm';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPath, startE2E, SETTLE, type E2E } from './harness';

const NAME = 'Two signers browser order form';
const PHONE = { width: 390, height: 844 };

/**
 * Warnings and errors the page logs (the app's console stays clean), but the browser's own line for
 * the 422 the test asks for on purpose (a file that is no PDF).
 */
function recordConsole(page: Page, into: string[]) {
  page.on('console', (m) => {
    if (m.text().includes('status of 422') && m.location().url.endsWith('/api/verify-document')) return;
    if (m.type() === 'warning' || m.type() === 'error') into.push(`${m.type()} on ${new URL(page.url()).hash}: ${m.text()} ${m.location().url}`);
  });
  page.on('pageerror', (e) => into.push(`uncaught: ${e.message}`));
}

/** Signs the order form open on `page` with a typed signature (the keyboard's way). */
async function sign(page: Page, name: string) {
  const panel = page.getByTestId('sign-panel');
  await panel.waitFor();
  await page.getByTestId('sign-name').fill(name);
  await page.getByTestId('sign-kind-type').check();
  await page.getByTestId('sign-typed').fill(name);
  await page.getByTestId('sign-accept').check();
  await panel.getByTestId('sign-submit').click();
  await expect.poll(() => page.getByTestId('growl').textContent(), SETTLE).toContain('agreement signed');
}

describe('several signers in order, a countersigner, and Verify a document (browser)', () => {
  let e2e: E2E;
  let admin: Page;
  let first: Page;
  let second: Page;
  let company = { id: 0, name: '' };
  let signers: { email: string; name: string }[] = [];
  let agreementId = '';
  let finalPdf = '';
  const logged: string[] = [];
  const open = async (page: Page, path: string) => page.goto(`${e2e.server.url}/#${path}`);

  beforeAll(async () => {
    e2e = await startE2E();
    // A demo dealer with two users of its own (in no other company), in English.
    const { rows } = (await e2e.server.database.db.execute(sql`
      SELECT c.id, c.name, json_agg(json_build_object('email', u.email, 'name', u.name) ORDER BY u.id) AS users
      FROM companies c JOIN company_users cu ON cu.company_id = c.id JOIN users u ON u.id = cu.user_id
      WHERE c.lang = 'en' AND u.status = 'active' AND NOT EXISTS (SELECT 1 FROM company_users o WHERE o.user_id = u.id AND o.company_id <> c.id)
      GROUP BY c.id, c.name HAVING count(*) = 2 ORDER BY c.name LIMIT 1`)) as unknown as { rows: { id: number; name: string; users: { email: string; name: string }[] }[] };
    expect(rows.length).toBe(1);
    company = { id: rows[0].id, name: rows[0].name };
    signers = rows[0].users;
    admin = (await e2e.newPage()).page;
    first = (await e2e.newPage({ viewport: PHONE })).page;
    second = (await e2e.newPage({ viewport: PHONE })).page;
    for (const p of [admin, first, second]) recordConsole(p, logged);
    await e2e.openSignedIn(admin, 'admin@demo.test');
    await e2e.openSignedIn(first, signers[0].email);
    await e2e.openSignedIn(second, signers[1].email);
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it('lets staff send the order form to two signers of the company in order, with a countersigner', async () => {
    await open(admin, '/agreements');
    await admin.getByTestId('agreements-table').waitFor();
    await admin.getByTestId('agreement-create').click();
    const dialog = admin.getByTestId('agreement-create-dialog');
    await dialog.getByLabel('Name').fill(NAME);
    await dialog.getByLabel('Company').fill(company.name.slice(0, 8));
    await admin.getByRole('option', { name: company.name }).click();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await admin.waitForURL(/#\/agreements\/\d+\/edit/);
    agreementId = /agreements\/(\d+)\/edit/.exec(hashPath(admin))![1];

    await admin.getByTestId('agreement-send').click();
    const send = admin.getByTestId('agreement-send-dialog');
    // The second user first, then the first moved up with the keyboard: the order staff set is sent.
    for (const s of [signers[1], signers[0]]) {
      await send.getByTestId('signer-search').fill(s.name.split(' ')[0]);
      await admin.getByRole('option', { name: `${s.name} (${s.email})` }).click();
    }
    const up = send.getByRole('button', { name: `Move ${signers[0].name} up` });
    await up.focus();
    await admin.keyboard.press('Enter');
    await expect.poll(() => send.getByTestId('signer-row').allTextContents(), SETTLE).toEqual([expect.stringContaining(signers[0].name), expect.stringContaining(signers[1].name)]);
    await send.getByTestId('countersigner-search').fill('Alex');
    await admin.getByRole('option', { name: 'Alex Admin (admin@demo.test)' }).click();
    await admin.getByTestId('agreement-send-dialog-confirm').click();
    await expect.poll(() => admin.getByTestId('agreement-stage').first().textContent(), SETTLE).toBe('Sent for signature');

    await open(admin, `/agreements/${agreementId}/preview`);
    const list = admin.getByTestId('agreement-signers');
    await expect.poll(() => list.getByTestId('agreement-signer').allTextContents(), SETTLE).toEqual([
      expect.stringMatching(new RegExp(`${signers[0].name}.*Their turn since`)),
      expect.stringMatching(new RegExp(`${signers[1].name}.*Waiting`)),
      expect.stringMatching(/Alex Admin.*Countersigner.*Waiting/),
    ]);
    // Staff are no signer of a dealer's turn: no sign panel for them.
    expect(await admin.getByTestId('sign-panel').count()).toBe(0);
  });

  it('lets the first signer sign on a phone, while the second waits for their turn', async () => {
    await open(second, `/agreements/${agreementId}/preview`);
    await second.getByTestId('agreement-not-your-turn').waitFor();
    expect(await second.getByTestId('sign-panel').count()).toBe(0);

    await open(first, `/agreements/${agreementId}/preview`);
    await first.getByTestId('agreement-turn').waitFor();
    expect(await first.getByTestId('agreement-turn').textContent()).toMatch(/^It is your turn to sign, since /);
    // Nothing runs off the phone's screen sideways.
    expect(await first.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await sign(first, signers[0].name);
    await expect.poll(() => first.getByTestId('agreement-signer').first().getByTestId('agreement-signer-status').textContent(), SETTLE).toMatch(/^Signed /);
  });

  it('lets the second signer sign on a phone once it is their turn', async () => {
    await second.reload();
    await sign(second, signers[1].name);
    await expect.poll(() => second.getByTestId('agreement-turn').textContent(), SETTLE).toMatch(/^Waiting for Alex Admin since /);
  });

  it('lets the countersigner sign last, which signs the agreement', async () => {
    await admin.reload();
    await sign(admin, 'Alex Admin');
    await admin.getByTestId('agreement-signed-banner').waitFor();
    await expect.poll(() => admin.getByTestId('agreement-signer-status').allTextContents(), SETTLE).toEqual([expect.stringMatching(/^Signed /), expect.stringMatching(/^Signed /), expect.stringMatching(/^Signed /)]);
    // The trail: created, sent, opened, signed twice, countersigned (among others).
    await admin.getByTestId('agreement-trail').getByRole('button').click();
    const kinds = await admin.getByTestId('agreement-event').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')));
    expect(kinds).toEqual(expect.arrayContaining(['created', 'sent', 'opened', 'signed', 'countersigned']));
    expect(kinds.filter((k) => k === 'signed')).toHaveLength(2);
    // The order form names both dealer signers for the company and the countersigner for the provider.
    expect(await admin.getByTestId('preview-signer').count()).toBe(2);
    expect(await admin.locator('#preview-countersignature').textContent()).toBe('Countersigned for and on behalf of Launch Portal Ltd');
    expect(await admin.getByTestId('preview-countersigner').textContent()).toContain('Alex Admin');
  });

  it('lets the dealer download the final PDF', async () => {
    await first.reload();
    await first.getByTestId('agreement-signed-banner').waitFor();
    const [download] = await Promise.all([first.waitForEvent('download'), first.getByTestId('agreement-pdf').click()]);
    finalPdf = await download.path();
    expect(readFileSync(finalPdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('verifies the final PDF on the public page and rejects a copy with one byte changed', async () => {
    expect(finalPdf).not.toBe('');
    const { page: visitor } = await e2e.newPage({ viewport: PHONE });
    recordConsole(visitor, logged);
    // Signed out: the footer leads there.
    await visitor.goto('/#/login');
    await visitor.getByTestId('footer-verify').click();
    await visitor.getByTestId('verify-document-page').waitFor();

    await visitor.getByTestId('verify-file').setInputFiles(finalPdf);
    const result = visitor.getByTestId('verify-result');
    await result.waitFor();
    expect(await visitor.getByTestId('verify-verdict').textContent()).toContain('Issued by this portal');
    expect(await visitor.getByTestId('verify-final').textContent()).toBe('This is the final, fully signed version.');
    expect(await visitor.getByTestId('verify-signature').evaluateAll((els) => els.map((e) => e.getAttribute('data-intact')))).toEqual(['true', 'true', 'true']);

    // One byte changed in the order form itself (a line end of its first object, which every
    // signature covers): no longer the portal's, a signature broken.
    const bytes = readFileSync(finalPdf);
    const at = bytes.indexOf('endobj') - 1;
    bytes[at] = bytes[at] === 0x0a ? 0x20 : 0x0a;
    const changed = join(tmpdir(), `changed-${process.pid}.pdf`);
    writeFileSync(changed, bytes);
    await visitor.getByTestId('verify-file').setInputFiles(changed);
    await expect.poll(() => result.getAttribute('data-issued'), SETTLE).toBe('false');
    expect(await visitor.getByTestId('verify-verdict').textContent()).toContain('Not issued by this portal');
    const intact = await visitor.getByTestId('verify-signature').evaluateAll((els) => els.map((e) => e.getAttribute('data-intact')));
    expect(intact).toContain('false');

    // Not a PDF: the server's words.
    const text = join(tmpdir(), `not-a-pdf-${process.pid}.pdf`);
    writeFileSync(text, 'hello');
    await visitor.getByTestId('verify-file').setInputFiles(text);
    await expect.poll(() => visitor.getByTestId('verify-problem').textContent(), SETTLE).toBe('The file must be a PDF.');
  });

  it('logs nothing to the console on the way', () => {
    expect(logged).toEqual([]);
  });
});
