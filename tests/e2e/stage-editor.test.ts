/**
 * The stage editor in real Chromium under the app's CSP (issue 31): staff open the key contact stage
 * from the stages list, add a text field with English and French labels in the structured mode, see
 * it in the live preview (in English, then in French), save the draft (whose checks then run in the
 * preview: too long a value shows the length error), publish it with a note, and
 * find version 2 in the versions list and the list of stages. Then dealers get it without a deploy:
 * a config begun before keeps version 1 until staff upgrade it, a new config shows the new field (its
 * label from the version's texts, its checks from the validator module the server compiled and the
 * page imported under the CSP), and the dealer's answer is stored and judged by version 2. Last,
 * staff move a config to version 2 after the dry run: the versions list counts it, and that config
 * shows the new field with "Section form updated to version 2" in its history. One server
 * and one browser for the file.
 */
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, stageVersions } from '../../server/db/schema';
import { companyInformation } from '../engine/fixtures';
import { call, login } from '../server/helpers';
import { startE2E, SETTLE, type E2E } from './harness';

describe('stage editor (browser)', () => {
  let e2e: E2E;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    e2e = await startE2E();
    page = (await e2e.newPage({ viewport: { width: 1440, height: 900 } })).page;
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    await e2e.openSignedIn(page, 'admin@demo.test');
  }, 90_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it('lists the stages with their version and opens the key contact stage', async () => {
    await page.goto(`${e2e.server.url}/#/backend/config-admin/stages`);
    const table = page.getByTestId('stages-table');
    await expect.poll(() => table.getByTestId('stage-title').allTextContents(), SETTLE).toContain('Key contact');
    const row = table.getByTestId('stage-row').filter({ hasText: 'Key contact' });
    expect(await row.getByTestId('stage-version-chip').first().textContent()).toMatch(/^v1 · \d+ configs?$/);
    await row.click();
    await page.waitForURL(/#\/backend\/config-admin\/stages\/key-contact$/);
    await expect.poll(() => page.getByTestId('stage-title').textContent(), SETTLE).toBe('Key contact');
  });

  it('adds a text field with English and French labels in the structured mode and sees it in the preview', async () => {
    await page.getByTestId('add-open-stage').click();
    const add = page.getByTestId('add-stage');
    await add.getByTestId('add-stage-kind-text').click();
    await add.getByTestId('add-stage-name').fill('preferredTime');
    await add.getByTestId('add-stage-label-en-GB').fill('Best time to call');
    await add.getByTestId('add-stage-label-fr-FR').fill('Meilleur moment pour appeler');
    await add.getByTestId('add-stage-submit').click();
    await expect.poll(() => page.getByTestId('structured-editor').getByTestId('outline-title').allTextContents(), SETTLE).toContain('Best time to call');

    const preview = page.getByTestId('stage-preview');
    const input = preview.getByLabel('Best time to call', { exact: true });
    await input.waitFor();
    // The sample data can be typed into.
    await input.fill('Mornings');
    expect(await input.inputValue()).toBe('Mornings');
    // The JSON tab shows the same draft.
    await page.getByTestId('tab-json').click();
    await expect.poll(() => page.getByTestId('stage-json-editor').textContent(), SETTLE).toContain('"configurator:fields.key-contact.preferredTime"');
    await page.getByTestId('tab-fields').click();

    // The preview in French shows the French label.
    await preview.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Français (France)' }).click();
    await preview.getByLabel('Meilleur moment pour appeler').waitFor();
  });

  it('saves the draft, publishes it with a note and sees version 2', async () => {
    await page.getByTestId('draft-save').click();
    await page.getByText('Draft saved.').waitFor();
    await expect.poll(() => page.getByTestId('stage-status').textContent(), SETTLE).toMatch(/Draft by/);

    // The saved draft's checks run in the preview as a dealer sees them: its validator module,
    // imported under the CSP, judges the new field's length (200 characters for a text field).
    const preview = page.getByTestId('stage-preview');
    await expect.poll(() => preview.getByTestId('preview-unchecked').getAttribute('data-checked'), SETTLE).toBe('true');
    await preview.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'English (UK)' }).click();
    const field = preview.getByLabel('Best time to call', { exact: true });
    await field.fill('x'.repeat(201));
    await expect.poll(() => preview.textContent(), SETTLE).toContain('at most 200 characters');
    await field.fill('Mornings');
    await expect.poll(() => preview.textContent(), SETTLE).not.toContain('at most 200 characters');

    await page.getByTestId('draft-publish').click();
    const dialog = page.getByTestId('publish-dialog');
    await dialog.waitFor();
    // English and French are given; the other locales lack the new text (listed, not refused).
    await expect.poll(() => dialog.getByTestId('missing-list').textContent(), SETTLE).toContain('nl-NL: fields.key-contact.preferredTime');
    expect(await dialog.getByTestId('publish-confirm').isDisabled()).toBe(true);
    await dialog.getByTestId('publish-note').fill('Best time to call the key contact');
    await dialog.getByTestId('publish-confirm').click();
    await page.getByText('Stage version 2 published.').waitFor();

    const panel = page.getByTestId('versions-panel');
    await expect.poll(() => panel.getByTestId('version-title').allTextContents(), SETTLE).toEqual(['Version 2', 'Version 1']);
    expect(await panel.getByTestId('version-note').first().textContent()).toBe('Best time to call the key contact');
    await expect.poll(() => page.getByTestId('stage-status').textContent(), SETTLE).toContain('version 2');

    const [stored] = await e2e.server.database.db.select().from(stageVersions).where(eq(stageVersions.slug, 'key-contact'));
    expect(stored.version).toBe(2);
    expect(stored.labels['fr-FR']).toEqual({ 'fields.key-contact.preferredTime': 'Meilleur moment pour appeler' });

    // The comparison lists the new field by its pointer.
    await page.getByTestId('compare').click();
    const diff = page.getByTestId('diff-dialog');
    await expect.poll(() => diff.getByTestId('diff-path').allTextContents(), SETTLE).toContain('/file/schema/properties/preferredTime');
    await diff.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('link', { name: 'All stages' }).click();
    const row = page.getByTestId('stages-table').getByTestId('stage-row').filter({ hasText: 'Key contact' });
    await expect.poll(() => row.getByTestId('stage-version-chip').allTextContents(), SETTLE).toEqual([expect.stringMatching(/^v2 · 0 configs$/), expect.stringMatching(/^v1 · \d+ configs?$/)]);
    expect(problems).toEqual([]);
  });

  it('keeps an existing config on version 1, and a new config shows the new field the dealer fills and the server judges', async () => {
    const server = e2e.server;
    const [motors] = await server.database.db.select({ guid: companies.guid }).from(companies).where(eq(companies.name, 'Demo Motors'));
    const admin = (await login(server, 'admin@demo.test')).token;
    const dealer = (await login(server, 'dealer@demo.test')).token;
    type Config = { id: number; guid: string; version: number; stages: Array<{ slug: string; version: number }>; data: Record<string, Record<string, unknown>> };
    const made = await call<Config>(server, 'POST', `/api/companies/${motors.guid}/configs`, { token: admin, body: { config: { name: 'After version 2', design_type: 'custom' } } });
    expect(made.status, made.text).toBe(201);
    expect(made.body.stages.find((s) => s.slug === 'key-contact')?.version).toBe(2);
    const path = `/api/companies/${motors.guid}/configs/${made.body.guid}`;
    const started = await call<Config>(server, 'PUT', path, { token: dealer, body: { slug: 'company-information', data: companyInformation, state: 'draft', version: made.body.version } });
    expect(started.status, started.text).toBe(200);

    const { page: dealerPage } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    dealerPage.on('pageerror', (e) => problems.push(`dealer page error: ${e.message}`));
    dealerPage.on('console', (m) => {
      if (m.type() === 'error') problems.push(`dealer console: ${m.text()}`);
    });
    await e2e.openSignedIn(dealerPage, 'dealer@demo.test');

    // The demo config began on version 1: no new field there.
    const old = await call<Config>(server, 'GET', '/api/configs/1', { token: dealer });
    expect(old.body.stages.find((s) => s.slug === 'key-contact')?.version).toBe(1);
    await dealerPage.goto(`${server.url}/#/configurator/1/key-contact`);
    await dealerPage.getByTestId('config-stage-page').getByLabel('Name', { exact: false }).first().waitFor();
    expect(await dealerPage.getByLabel('Best time to call', { exact: true }).count()).toBe(0);

    // The new config shows it, and the dealer's answer is saved under version 2.
    await dealerPage.goto(`${server.url}/#/configurator/${made.body.id}/key-contact`);
    const field = dealerPage.getByLabel('Best time to call', { exact: true });
    await field.waitFor();
    await field.fill('Weekday mornings');
    await dealerPage.getByTestId('stage-save').click();
    await expect.poll(async () => (await call<Config>(server, 'GET', path, { token: dealer })).body.data['key-contact']?.preferredTime, SETTLE).toBe('Weekday mornings');

    // The server judges with version 2's own limit (200 characters for a text field).
    const now = (await call<Config>(server, 'GET', path, { token: dealer })).body;
    const tooLong = await call<{ errors: Array<{ field?: string }> }>(server, 'PUT', path, {
      token: dealer,
      body: { slug: 'key-contact', data: { ...now.data['key-contact'], preferredTime: 'x'.repeat(201) }, state: 'draft', version: now.version },
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors.map((e) => e.field)).toContain('/preferredTime');
    expect(problems).toEqual([]);
  });

  it('moves a config to version 2 after the dry run: the versions list counts it, its page shows the new field and its history the move', async () => {
    await page.goto(`${e2e.server.url}/#/backend/config-admin/stages/key-contact`);
    const v2 = page.getByTestId('versions-panel').locator('[data-testid="version-row"][data-version="2"]');
    const count = async () => Number(/\d+/.exec((await v2.getByTestId('version-configs').textContent()) ?? '')?.[0]);
    // Configs on version 2 as the server counts them (the page's GET cache may still show fewer: the
    // config of the test before was made through the API, not this page).
    const admin = (await login(e2e.server, 'admin@demo.test')).token;
    type Versions = { versions: Array<{ version: number; configs: number }> };
    const before = (await call<Versions>(e2e.server, 'GET', '/api/stage-catalogue/key-contact', { token: admin })).body.versions.find((v) => v.version === 2)!.configs;
    expect(before).toBe(1);
    await v2.waitFor();
    // Version 1 is the shipped file: no move to it.
    expect(await page.getByTestId('versions-panel').locator('[data-version="1"]').getByTestId('version-upgrade').count()).toBe(0);

    await v2.getByTestId('version-upgrade').click();
    const dialog = page.getByTestId('upgrade-dialog');
    const rows = dialog.getByTestId('upgrade-row');
    await rows.first().waitFor(SETTLE);
    // The new field, and the demo configs on version 1 with what moving them would do.
    expect(await dialog.getByTestId('upgrade-new-fields').textContent()).toContain('preferredTime');
    const outcomes = await dialog.getByTestId('upgrade-outcome').allTextContents();
    expect(outcomes.length).toBeGreaterThan(0);
    for (const o of outcomes) expect(['Fits', 'Back to the dealer as a draft (new required values)', 'Would not validate']).toContain(o);
    expect(await rows.filter({ hasText: 'Demo Motors' }).count()).toBeGreaterThan(0);

    // Only one config moves: untick every one, tick the first that fits.
    await dialog.getByTestId('upgrade-tick-all').uncheck();
    const movable = rows.filter({ has: page.locator('[data-outcome="fits"], [data-outcome="needs_input"]') }).first();
    await movable.getByTestId('upgrade-tick').check();
    const moved = await movable.getAttribute('data-id');
    expect(await dialog.getByTestId('upgrade-confirm').textContent()).toBe('Move 1 config');
    await dialog.getByTestId('upgrade-confirm').click();
    await page.getByText('1 config(s) moved to version 2.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(count, SETTLE).toBe(before + 1);

    // The moved config's stage page now shows version 2's field, and its history says why.
    await page.goto(`${e2e.server.url}/#/configurator/${moved}/key-contact`);
    await page.getByLabel('Best time to call', { exact: true }).waitFor();
    await page.getByTestId('stage-history').click();
    await expect.poll(() => page.getByTestId('history-panel').getByTestId('history-item').first().textContent(), SETTLE).toContain('Section form updated to version 2');
    // Back to the editor for the next test.
    await page.goto(`${e2e.server.url}/#/backend/config-admin/stages/key-contact`);
    await page.getByTestId('tab-json').waitFor();
    expect(problems).toEqual([]);
  });

  it('lints the file as staff type in the JSON tab, before anything is saved', async () => {
    await page.getByTestId('tab-json').click();
    const editor = page.getByTestId('stage-json-editor');
    await editor.waitFor();
    const stage = (await call<{ file: Record<string, unknown> }>(e2e.server, 'GET', '/api/stage-catalogue/key-contact', { token: (await login(e2e.server, 'admin@demo.test')).token })).body;
    // A rule aimed at a path no schema defines: refused at publish time, listed while typing.
    const broken = { ...stage.file, rules: [{ id: 'key-contact.nowhere', description: 'Aimed at nothing.', target: '/key-contact/nowhere', logic: { var: 'value' } }] };
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText(JSON.stringify(broken, null, 2));
    const listed = page.getByTestId('draft-problems');
    await expect.poll(async () => ((await listed.count()) ? listed.textContent() : ''), SETTLE).toContain('/rules/0/target');
    // Nothing was saved: the server still has no draft.
    const after = await call<{ draft: unknown }>(e2e.server, 'GET', '/api/stage-catalogue/key-contact', { token: (await login(e2e.server, 'admin@demo.test')).token });
    expect(after.body.draft).toBeNull();
    expect(problems).toEqual([]);
  });
});
