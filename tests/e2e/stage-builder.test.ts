/**
 * A stage built without JSON (issue 56), in real Chromium against the built app: staff create a new
 * "Finance" stage from nothing, add in the structured editor a table of lenders with a column that
 * picks franchises from the franchises stage, keep it true with a drawn cascade (removing a franchise
 * removes it from every lender), a field shown only for UK companies (a drawn condition on the
 * company's region), save a test case from the preview and publish. Then the stage is added to the
 * demo dealer's config, and the dealer (a UK company) sees the UK-only field, fills a lender on a
 * phone-sized screen and saves it; the server judged it with version 1 of the new stage. The JSON
 * tab was never opened. One server and one browser for the file.
 */
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configs, stageVersions } from '../../server/db/schema';
import { call, login } from '../server/helpers';
import { startE2E, SETTLE, type E2E } from './harness';

describe('a stage built without JSON (browser)', () => {
  let e2e: E2E;
  let page: Page;
  const problems: string[] = [];
  const watch = (p: Page, who: string) => {
    p.on('pageerror', (e) => problems.push(`${who} page error: ${e.message}`));
    p.on('console', (m) => {
      if (m.type() === 'error') problems.push(`${who} console: ${m.text()}`);
    });
  };
  /** The outline row of a field by its property name. */
  const row = (name: string) => page.locator(`[data-testid="outline-row"][data-name="${name}"]`);

  beforeAll(async () => {
    e2e = await startE2E();
    page = (await e2e.newPage({ viewport: { width: 1440, height: 900 } })).page;
    watch(page, 'staff');
    await e2e.openSignedIn(page, 'admin@demo.test', { route: '/backend/config-admin/stages' });
  }, 90_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it('creates the Finance stage from nothing', async () => {
    await page.getByTestId('new-stage').click();
    const dialog = page.getByTestId('new-stage-dialog');
    await dialog.getByTestId('new-stage-title-en-GB').fill('Finance');
    await dialog.getByTestId('new-stage-title-fr-FR').fill('Financement');
    expect(await dialog.getByTestId('new-stage-slug').inputValue()).toBe('finance');
    await dialog.getByRole('combobox', { name: 'Section' }).click();
    await page.getByRole('option', { name: 'Finance and leasing' }).click();
    await dialog.getByTestId('new-stage-create').click();
    await page.waitForURL(/#\/backend\/config-admin\/stages\/finance$/);
    await expect.poll(() => page.getByTestId('stage-title').textContent(), SETTLE).toBe('Finance');
  });

  it('adds a table of lenders whose franchises column picks from the franchises stage, kept true by a cascade', async () => {
    await page.getByTestId('add-open-stage').click();
    const add = page.getByTestId('add-stage');
    await add.getByTestId('add-stage-kind-list').click();
    await add.getByTestId('add-stage-name').fill('lenders');
    await add.getByTestId('add-stage-label-en-GB').fill('Lenders');
    await add.getByTestId('add-stage-label-fr-FR').fill('Prêteurs');
    await add.getByTestId('add-stage-submit').click();
    await expect.poll(() => page.getByTestId('outline-title').allTextContents(), SETTLE).toContain('Lenders');

    await page.getByTestId('add-open-lenders-items').click();
    const item = page.getByTestId('add-lenders-items');
    await item.getByTestId('add-lenders-items-kind-text').click();
    await item.getByTestId('add-lenders-items-name').fill('name');
    await item.getByTestId('add-lenders-items-label-en-GB').fill('Lender');
    await item.getByTestId('add-lenders-items-label-fr-FR').fill('Prêteur');
    await item.getByTestId('add-lenders-items-required').check();
    await item.getByTestId('add-lenders-items-submit').click();
    await expect.poll(() => page.getByTestId('outline-title').allTextContents(), SETTLE).toContain('Lender*');

    await page.getByTestId('add-open-lenders-items').click();
    await item.getByTestId('add-lenders-items-kind-optionsFrom').click();
    await item.getByTestId('add-lenders-items-name').fill('franchises');
    await item.getByTestId('add-lenders-items-label-en-GB').fill('Franchises financed');
    await item.getByTestId('add-lenders-items-label-fr-FR').fill('Marques financées');
    await item.getByTestId('add-lenders-items-of-stage').selectOption('franchises');
    await item.getByLabel('Pick several').check();
    await item.getByTestId('add-lenders-items-submit').click();
    await expect.poll(() => page.getByTestId('outline-title').allTextContents(), SETTLE).toContain('Franchises financed');

    // Its panel opened: the cascade is drawn as a switch with what it does in words.
    const strip = page.getByTestId('cascade-strip');
    await strip.waitFor();
    await expect.poll(() => page.locator('#cascade-strip-words').textContent(), SETTLE).toBe('Removing an entry from “Franchises” also removes it from Lenders › Franchises financed.');
    await strip.locator('input').check();
    await expect.poll(() => page.getByTestId('rule-row').count(), SETTLE).toBe(1);
  });

  it('shows a field only for UK companies, drawn as a condition on the company\'s region', async () => {
    await page.getByTestId('add-open-stage').click();
    const add = page.getByTestId('add-stage');
    await add.getByTestId('add-stage-kind-text').click();
    await add.getByTestId('add-stage-name').fill('fcaPermission');
    await add.getByTestId('add-stage-label-en-GB').fill('FCA permission number');
    await add.getByTestId('add-stage-label-fr-FR').fill('Numéro d’autorisation FCA');
    await add.getByTestId('add-stage-submit').click();
    await expect.poll(() => page.getByTestId('outline-title').allTextContents(), SETTLE).toContain('FCA permission number');

    const visible = page.getByTestId('condition-visible-fcaPermission');
    await visible.getByTestId('condition-visible-fcaPermission-open').click();
    await visible.getByTestId('condition-add').click();
    const condition = visible.getByTestId('condition-row').first();
    await condition.getByTestId('condition-field').selectOption('$company.region');
    await condition.getByTestId('condition-value').selectOption({ label: 'United Kingdom' });
    await expect.poll(() => visible.getByTestId('condition-words').textContent(), SETTLE).toContain("the company's region is United Kingdom");
    await expect.poll(() => row('fcaPermission').getByTestId('badge-visible').count(), SETTLE).toBe(1);

    // The preview stands for a UK company: the field shows; for a French one it does not.
    const preview = page.getByTestId('stage-preview');
    await preview.getByLabel('FCA permission number', { exact: true }).waitFor();
    await preview.getByTestId('preview-region').selectOption('fr');
    await expect.poll(() => preview.getByLabel('FCA permission number', { exact: true }).count(), SETTLE).toBe(0);
    await preview.getByTestId('preview-region').selectOption('uk');
    await preview.getByLabel('FCA permission number', { exact: true }).waitFor();
  });

  it('saves a test case from the preview and publishes version 1 with it', async () => {
    await page.getByTestId('draft-save').click();
    await page.getByText('Draft saved.').waitFor();
    const preview = page.getByTestId('stage-preview');
    await expect.poll(() => preview.getByTestId('preview-unchecked').getAttribute('data-checked'), SETTLE).toBe('true');
    await preview.getByLabel('FCA permission number', { exact: true }).fill('123456');
    await preview.getByTestId('preview-save-case').click();
    await page.getByTestId('test-case-answer').waitFor();
    await page.getByTestId('test-case-name').fill('A UK dealer with no lenders yet');
    await page.getByTestId('test-case-name-confirm').click();
    await page.getByTestId('draft-save').click();
    await page.getByText('Draft saved.').waitFor();

    await page.getByTestId('draft-publish').click();
    const publish = page.getByTestId('publish-dialog');
    await publish.getByTestId('publish-note').fill('Finance: lenders and the FCA number');
    await publish.getByTestId('publish-confirm').click();
    await page.getByText('Stage version 1 published.').waitFor();

    const [stored] = await e2e.server.database.db.select().from(stageVersions).where(eq(stageVersions.slug, 'finance'));
    const file = stored.file as { schema: Record<string, unknown>; rules: Array<{ logic: unknown }>; tests: Array<{ name: string; company?: unknown }> };
    expect(file.schema.visibleIf).toEqual({ fcaPermission: { '==': [{ var: '$company.region' }, 'uk'] } });
    expect(file.rules.map((r) => r.logic)).toEqual([{ keepRefs: [{ var: 'value' }, 'franchises', { pluck: [{ var: 'doc.franchises.franchises' }, 'id'] }] }]);
    expect(file.tests).toEqual([expect.objectContaining({ name: 'A UK dealer with no lenders yet', company: { region: 'uk' } })]);
    expect(problems).toEqual([]);
  });

  it('a UK dealer sees the stage, the UK-only field and fills a lender on a phone', async () => {
    const server = e2e.server;
    const [config] = await server.database.db.select({ id: configs.id }).from(configs).where(eq(configs.name, 'Demo Motors website'));
    const admin = (await login(server, 'admin@demo.test')).token;
    const added = await call(server, 'POST', `/api/configs/${config.id}/stage/add/finance`, { token: admin, body: {} });
    expect(added.status, added.text).toBe(200);
    const dealerToken = (await login(server, 'dealer@demo.test')).token;
    const before = await call<{ data: Record<string, { franchises?: Array<{ id: string; name: string }> }> }>(server, 'GET', `/api/configs/${config.id}`, { token: dealerToken });
    const franchise = before.body.data.franchises?.franchises?.[0];
    expect(franchise, 'the demo config has franchises').toBeTruthy();

    const { page: dealer } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    watch(dealer, 'dealer');
    await e2e.openSignedIn(dealer, 'dealer@demo.test', { route: `/configurator/${config.id}/finance` });
    await dealer.getByLabel('FCA permission number', { exact: true }).fill('123456');
    await dealer.getByRole('button', { name: /^Add/ }).first().click();
    await dealer.locator('#finance_lenders_0_name').fill('Black Horse');
    await dealer.locator('[id="finance_lenders_0_franchises"]').click();
    await dealer.getByRole('option', { name: franchise!.name, exact: true }).click();
    await dealer.keyboard.press('Escape');
    const put = dealer.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/configs/'));
    await dealer.getByTestId('stage-save').click();
    expect((await put).status()).toBe(200);

    const after = await call<{ data: Record<string, unknown> }>(server, 'GET', `/api/configs/${config.id}`, { token: dealerToken });
    expect(after.body.data.finance).toMatchObject({ fcaPermission: '123456', lenders: [{ name: 'Black Horse', franchises: [franchise!.id] }] });
    expect(problems).toEqual([]);
  });
});
