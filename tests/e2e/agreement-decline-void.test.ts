/**
 * Issue 57 in real Chromium, the ways a sending ends early: a signer whose turn it is declines with
 * a reason on a phone-sized screen (390x844), staff open it from the list and see who declined, when
 * and why (banner and trail), and copy it to a new draft with the same products; staff void a sent
 * agreement with a reason on a wide screen, and its signer then sees it voided with the reason and
 * no longer gets to sign; a blank reason is refused in the dialog's (and the server's) words and
 * changes nothing. The agreements are made through the API, not taken from the demo data. One
 * server and one browser for the file.
 */
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgreementDetail } from '../../contract/agreements';
import { call, login } from '../server/helpers';
import { hashPath, startE2E, SETTLE, type E2E } from './harness';

const PHONE = { width: 390, height: 844 };
const DECLINED = 'Decline browser order form';
const VOIDED = 'Void browser order form';
const DECLINE_REASON = 'The monthly total is higher than we agreed on the phone.';
const VOID_REASON = 'Sent with the wrong term: a corrected order form follows.';
/** What the dialog, and the server, say of a blank reason. */
const REASON_REQUIRED = 'Please give a reason.';

function recordConsole(page: Page, into: string[]) {
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') into.push(`${m.type()} on ${new URL(page.url()).hash}: ${m.text()} ${m.location().url}`);
  });
  page.on('pageerror', (e) => into.push(`uncaught: ${e.message}`));
}

/** The ids of the products ticked in the order form's picker (a bundle's INC children are not ticked, only included). */
const tickedProducts = (page: Page) =>
  page.getByTestId('product-row').evaluateAll((rows) => rows.filter((r) => r.querySelector<HTMLInputElement>('input[type="checkbox"]')?.checked).map((r) => Number(r.getAttribute('data-product'))));

describe('decline and void with a reason, and copy to a new draft (browser)', () => {
  let e2e: E2E;
  let admin: Page;
  let signer: Page;
  let token = '';
  let company = { id: 0, name: '' };
  let signers: { id: number; email: string; name: string }[] = [];
  const ids = { declined: 0, voided: 0 };
  let products: number[] = [];
  const logged: string[] = [];
  const open = (page: Page, path: string) => page.goto(`${e2e.server.url}/#${path}`);
  /** The mails telling a signer the voided agreement was withdrawn. */
  const withdrawnMails = () => e2e.server.mail.messages.filter((m) => m.subject.startsWith(`Order form withdrawn: ${VOIDED} (`));
  const api = <T = AgreementDetail>(method: string, path: string, body?: unknown) => call<T>(e2e.server, method, `/api${path}`, { token, body });

  /** A new order form of the company with `products` chosen, sent to both signers in order. */
  async function sentAgreement(name: string): Promise<number> {
    const made = await api('POST', '/agreements', { agreement: { name, company_id: company.id }, lang: 'en-GB' });
    expect(made.status).toBe(201);
    const a = made.body;
    if (!products.length) {
      // Three plain products (no bundle, no parent, a set price) of the company's catalogue.
      products = a.pricing.catalogue.filter((p) => !p.children && p.parent === null && !p.editable).slice(0, 3).map((p) => p.id);
      expect(products).toHaveLength(3);
    }
    const put = await api('PUT', `/companies/${company.id}/agreements/${a.id}`, { agreement: { subscription: { ...a.subscription, products: products.map((product_id) => ({ product_id })) } } });
    expect(put.status).toBe(200);
    const sent = await api('POST', `/docusign/envelopes/${a.id}`, { signers: signers.map((s) => ({ user_id: s.id })), routing: 'sequential' });
    expect(sent.status).toBe(200);
    return a.id;
  }

  beforeAll(async () => {
    e2e = await startE2E();
    // A demo dealer with two users of its own (in no other company), in English.
    const { rows } = (await e2e.server.database.db.execute(sql`
      SELECT c.id, c.name, json_agg(json_build_object('id', u.id, 'email', u.email, 'name', u.name) ORDER BY u.id) AS users
      FROM companies c JOIN company_users cu ON cu.company_id = c.id JOIN users u ON u.id = cu.user_id
      WHERE c.lang = 'en' AND u.status = 'active' AND NOT EXISTS (SELECT 1 FROM company_users o WHERE o.user_id = u.id AND o.company_id <> c.id)
      GROUP BY c.id, c.name HAVING count(*) = 2 ORDER BY c.name LIMIT 1`)) as unknown as { rows: { id: number; name: string; users: { id: number; email: string; name: string }[] }[] };
    expect(rows.length).toBe(1);
    company = { id: rows[0].id, name: rows[0].name };
    signers = rows[0].users;
    token = (await login(e2e.server, 'admin@demo.test')).token;
    ids.declined = await sentAgreement(DECLINED);
    ids.voided = await sentAgreement(VOIDED);
    admin = (await e2e.newPage()).page;
    signer = (await e2e.newPage({ viewport: PHONE })).page;
    for (const p of [admin, signer]) recordConsole(p, logged);
    await e2e.openSignedIn(admin, 'admin@demo.test');
    await e2e.openSignedIn(signer, signers[0].email);
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it('lets the signer whose turn it is decline with a reason on a phone, a blank one refused first', async () => {
    await open(signer, `/agreements/${ids.declined}/preview`);
    await signer.getByTestId('sign-panel').waitFor();
    await signer.getByTestId('agreement-decline').click();
    const dialog = signer.getByTestId('agreement-decline-dialog');
    await dialog.getByRole('heading', { name: 'Decline the order form?' }).waitFor();
    // Nothing typed but spaces: refused under the field, the dialog stays.
    await signer.getByTestId('agreement-reason').fill('   ');
    await signer.getByTestId('agreement-decline-dialog-confirm').click();
    await expect.poll(() => dialog.locator('.MuiFormHelperText-root').textContent(), SETTLE).toBe(REASON_REQUIRED);
    expect(await signer.getByTestId('agreement-reason').getAttribute('aria-invalid')).toBe('true');
    // The dialog fits the phone's screen.
    const box = await dialog.getByRole('dialog').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);

    await signer.getByTestId('agreement-reason').fill(DECLINE_REASON);
    await signer.getByTestId('agreement-decline-dialog-confirm').click();
    await expect.poll(() => signer.getByTestId('growl').textContent(), SETTLE).toContain('Order form declined');
    await dialog.waitFor({ state: 'detached' });
    const banner = signer.getByTestId('agreement-closed-banner');
    expect(await banner.textContent()).toContain(`Declined by ${signers[0].name} on `);
    expect(await signer.getByTestId('agreement-closed-reason').textContent()).toBe(`Reason: ${DECLINE_REASON}`);
    // Nobody signs it now, and a dealer cannot copy it.
    expect(await signer.getByTestId('sign-panel').count()).toBe(0);
    expect(await signer.getByTestId('agreement-decline').count()).toBe(0);
    expect(await signer.getByTestId('agreement-copy').count()).toBe(0);
    expect(await signer.getByTestId('agreement-stage').first().textContent()).toBe('Declined');
    expect(await signer.getByTestId('agreement-signer').first().getAttribute('data-status')).toBe('declined');
    expect(await signer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it('shows staff who declined and why, on the order form they open from the list and in the trail', async () => {
    await open(admin, '/agreements');
    await admin.getByTestId('agreements-table').getByText(DECLINED).click();
    await admin.waitForURL(new RegExp(`#/agreements/${ids.declined}/edit$`));
    const banner = admin.getByTestId('agreement-closed-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain(`Declined by ${signers[0].name} on `);
    expect(await admin.getByTestId('agreement-closed-reason').textContent()).toBe(`Reason: ${DECLINE_REASON}`);
    expect(await admin.getByTestId('agreement-stage').first().textContent()).toBe('Declined');
    expect((await tickedProducts(admin)).sort()).toEqual([...products].sort());

    await admin.getByRole('link', { name: 'Preview', exact: true }).click();
    await admin.getByTestId('agreement-preview-page').getByTestId('agreement-closed-banner').waitFor();
    await admin.getByTestId('agreement-trail').getByRole('button').click();
    const declined = admin.locator('[data-testid="agreement-event"][data-kind="declined"]');
    await declined.waitFor();
    const text = await declined.textContent();
    expect(text).toContain(signers[0].name);
    expect(text).toContain(signers[0].email);
    expect(text).toContain(DECLINE_REASON);
    // The decline is the last event.
    expect(await admin.getByTestId('agreement-event').last().getAttribute('data-kind')).toBe('declined');
  });

  it('copies the declined agreement to a new draft that opens with the same products', async () => {
    await admin.getByTestId('agreement-copy').click();
    await expect.poll(() => admin.getByTestId('growl').textContent(), SETTLE).toContain('Copied to a new draft');
    await admin.waitForURL(/#\/agreements\/\d+\/edit$/);
    const copyId = Number(/agreements\/(\d+)\/edit/.exec(hashPath(admin))![1]);
    expect(copyId).not.toBe(ids.declined);
    await expect.poll(() => admin.getByTestId('agreement-stage').first().textContent(), SETTLE).toBe('Created');
    expect(await admin.getByTestId('agreement-name').textContent()).toBe(DECLINED);
    expect(await admin.getByTestId('agreement-closed-banner').count()).toBe(0);
    await expect.poll(async () => (await tickedProducts(admin)).sort(), SETTLE).toEqual([...products].sort());
    // A draft again: its products can be changed and it can be sent.
    expect(await admin.getByTestId('product-check').locator('input').first().isEnabled()).toBe(true);
    expect(await admin.getByTestId('agreement-send').isEnabled()).toBe(true);
  });

  it('refuses a blank reason to void, in the same words as the server, and changes nothing', async () => {
    await open(admin, `/agreements/${ids.voided}/preview`);
    await admin.getByTestId('agreement-void').click();
    const dialog = admin.getByTestId('agreement-void-dialog');
    await dialog.getByRole('heading', { name: 'Void this agreement?' }).waitFor();
    // Confirmed with nothing typed: refused under the field.
    await admin.getByTestId('agreement-void-dialog-confirm').click();
    await expect.poll(() => dialog.locator('.MuiFormHelperText-root').textContent(), SETTLE).toBe(REASON_REQUIRED);
    await admin.getByTestId('agreement-reason').fill(' \n ');
    await admin.getByTestId('agreement-void-dialog-confirm').click();
    expect(await dialog.locator('.MuiFormHelperText-root').textContent()).toBe(REASON_REQUIRED);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The server says the same of a blank reason (422 at `reason`).
    const refused = await api<{ message: string; errors: { detail: string; field: string }[] }>('POST', `/agreements/${ids.voided}/void`, { reason: '  ' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([{ detail: REASON_REQUIRED, field: 'reason' }]);

    // Nothing changed: still sent, the first signer's turn, no void in the trail, no mail.
    await admin.reload();
    await expect.poll(() => admin.getByTestId('agreement-stage').first().textContent(), SETTLE).toBe('Sent for signature');
    expect(await admin.getByTestId('agreement-closed-banner').count()).toBe(0);
    expect(await admin.getByTestId('agreement-signer').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).toEqual(['current', 'waiting']);
    await admin.getByTestId('agreement-trail').getByRole('button').click();
    await admin.getByTestId('agreement-event').first().waitFor();
    expect(await admin.getByTestId('agreement-event').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))).not.toContain('voided');
    expect(withdrawnMails()).toEqual([]);
  });

  it('lets staff void a sent agreement with a reason on a wide screen', async () => {
    await admin.getByTestId('agreement-void').click();
    await admin.getByTestId('agreement-reason').fill(VOID_REASON);
    await admin.getByTestId('agreement-void-dialog-confirm').click();
    await expect.poll(() => admin.getByTestId('growl').textContent(), SETTLE).toContain('Agreement voided');
    await admin.getByTestId('agreement-void-dialog').waitFor({ state: 'detached' });
    expect(await admin.getByTestId('agreement-closed-banner').textContent()).toContain('Voided by Alex Admin on ');
    expect(await admin.getByTestId('agreement-closed-reason').textContent()).toBe(`Reason: ${VOID_REASON}`);
    expect(await admin.getByTestId('agreement-stage').first().textContent()).toBe('Voided');
    // Nothing more to void; a voided one can be copied.
    expect(await admin.getByTestId('agreement-void').count()).toBe(0);
    expect(await admin.getByTestId('agreement-copy').isVisible()).toBe(true);
  });

  it('shows the signer it was voided, why, in the trail, and no longer lets them sign', async () => {
    await open(signer, `/agreements/${ids.voided}/preview`);
    const banner = signer.getByTestId('agreement-closed-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Voided by Alex Admin on ');
    expect(await signer.getByTestId('agreement-closed-reason').textContent()).toBe(`Reason: ${VOID_REASON}`);
    expect(await signer.getByTestId('agreement-stage').first().textContent()).toBe('Voided');
    expect(await signer.getByTestId('sign-panel').count()).toBe(0);
    expect(await signer.getByTestId('agreement-decline').count()).toBe(0);
    expect(await signer.getByTestId('agreement-awaits-signature').count()).toBe(0);
    expect(await signer.getByTestId('agreement-copy').count()).toBe(0);

    await signer.getByTestId('agreement-trail').getByRole('button').click();
    const voided = signer.locator('[data-testid="agreement-event"][data-kind="voided"]');
    await voided.waitFor();
    const text = await voided.textContent();
    expect(text).toContain('Alex Admin');
    expect(text).toContain(VOID_REASON);
    expect(await signer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // Every signer is told, by mail, with the reason.
    await expect.poll(() => withdrawnMails().map((m) => m.to).sort(), SETTLE).toEqual(signers.map((s) => s.email.toLowerCase()).sort());
    for (const mail of withdrawnMails()) expect(mail.text).toContain(VOID_REASON);
  });

  it('logs nothing to the console on the way', () => {
    expect(logged).toEqual([]);
  });
});
