/**
 * Review on the fields themselves and who else is here (issue 55), in real Chromium with two
 * browser contexts: Pat Project (staff, English) comments on a location's postcode, mentioning the
 * French dealer, and requests changes; Hugo Harbour (Harbour Cars, French) sees the request at the
 * top and the comment beside the field, with Pat shown as here; he answers and resubmits, and Pat's
 * page learns of the save at once. The mention reaches Hugo by mail, in French, through SMTP.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyInformation, demo, franchises, location, writeStages, type ConfigBody } from '../server/configs-helpers';
import { call } from '../server/helpers';
import { editSaved, startE2E, SETTLE, type E2E } from './harness';

describe('reviewing a stage together (browser)', () => {
  let e2e: E2E;
  let config: ConfigBody;
  beforeAll(async () => {
    e2e = await startE2E();
    const d = await demo(e2e.server);
    const pmId = (await call<{ user: { id: number } }>(e2e.server, 'GET', '/api/users/current', { token: d.tokens.pm })).body.user.id;
    const created = await call<ConfigBody>(e2e.server, 'POST', `/api/companies/${d.harbour.company.guid}/configs`, {
      token: d.tokens.admin,
      body: { config: { name: 'Harbour review', design_type: 'custom', project_manager_id: pmId } },
    });
    expect(created.status, created.text).toBe(201);
    config = await writeStages(e2e.server, d.tokens.dealer2, created.body, [
      { slug: 'company-information', data: companyInformation, state: 'draft' },
      { slug: 'franchises', data: franchises('Kia'), state: 'draft' },
      { slug: 'locations', data: { locations: [location('l1', 'Calais', ['fKia']), location('l2', 'Lille', ['fKia'])] }, state: 'submitted' },
    ]);
  }, 90_000);
  afterAll(async () => {
    await e2e?.close();
  });

  const stagePage = async (email: string, locale: 'en-GB' | 'fr-FR'): Promise<Page> => {
    const { page, context } = await e2e.newPage({ locale, viewport: { width: 1440, height: 900 } });
    await context.addInitScript((l) => localStorage.setItem('portal.locale', l), locale);
    await e2e.openSignedIn(page, email, { route: `/configurator/${config.id}/locations` });
    await page.getByTestId('config-stage-page').getByTestId('page-title').waitFor({ timeout: 30_000 });
    return page;
  };

  it('staff comment on a postcode and request changes; the dealer sees it beside the field, answers and resubmits; each page sees the other', async () => {
    const pm = await stagePage('pm@demo.test', 'en-GB');
    // The first location's postcode: its comment button shows on hover.
    const postcode = pm.locator('[data-review-marker="/locations/0/postcode"]');
    await pm.locator('[id$="locations_0_postcode"]').first().hover();
    await postcode.click();
    const panel = pm.getByTestId('thread-panel');
    const box = panel.getByTestId('new-thread-input');
    await box.fill('Is this the postcode of the showroom? @Hug');
    await pm.getByTestId('mention-options').getByText('Hugo Harbour').click();
    await expect.poll(() => box.inputValue(), SETTLE).toMatch(/@\[Hugo Harbour\]\(user:\d+\)/);
    await panel.getByTestId('new-thread-input-send').click();
    await expect.poll(() => panel.getByTestId('review-comment').count(), SETTLE).toBe(1);
    await expect.poll(() => panel.getByTestId('review-comment').first().innerText(), SETTLE).toContain('@Hugo Harbour');
    await pm.keyboard.press('Escape');

    // The mention reaches Hugo by mail, in French (his company's language).
    const mail = await e2e.server.mail.waitFor('dealer2@demo.test', 20_000);
    expect(mail.subject).toMatch(/vous a mentionné/);

    await pm.getByTestId('request-changes').click();
    const dialog = pm.getByTestId('request-changes-dialog');
    await dialog.locator('textarea').first().fill('Please check the Calais postcode.');
    await dialog.getByTestId('request-changes-confirm').click();
    await expect.poll(() => pm.getByTestId('config-stage-page').locator('[data-state]').first().getAttribute('data-state'), SETTLE).toBe('draft');

    // Hugo, in French: the request at the top, the comment beside the postcode, Pat shown as here.
    const dealer = await stagePage('dealer2@demo.test', 'fr-FR');
    await expect.poll(() => dealer.getByTestId('changes-requested').innerText(), SETTLE).toMatch(/Des modifications ont été demandées/);
    // What Pat said when he asked, above the comments.
    await expect.poll(() => dealer.getByTestId('changes-requested-message').innerText(), SETTLE).toBe('Pat Project : « Please check the Calais postcode. »');
    const marker = dealer.locator('[data-testid="review-marker"][data-review-marker="/locations/0/postcode"]');
    await expect.poll(() => marker.getAttribute('data-count'), SETTLE).toBe('1');
    await expect.poll(() => dealer.getByTestId('stage-presence').getAttribute('aria-label'), SETTLE).toContain('Pat Project');
    await expect.poll(() => pm.getByTestId('stage-presence').getAttribute('aria-label'), SETTLE).toContain('Hugo Harbour');

    // He answers in the thread, changes the postcode and submits again.
    await marker.click();
    const reply = dealer.getByTestId('thread-panel').getByTestId('reply-input');
    await reply.fill('Oui, corrigé.');
    await dealer.getByTestId('thread-panel').getByTestId('reply-input-send').click();
    await expect.poll(() => dealer.getByTestId('thread-panel').getByTestId('review-comment').count(), SETTLE).toBe(2);
    await dealer.keyboard.press('Escape');
    await dealer.locator('[id$="locations_0_postcode"]').first().fill('LS1 4AP');
    await editSaved(dealer);

    // Pat's page learns of the save at once (no edits of his own: the new version is shown) and of the reply.
    await pm.getByTestId('live-saved-shown').waitFor(SETTLE);
    await expect.poll(() => pm.locator('[id$="locations_0_postcode"]').first().inputValue(), SETTLE).toBe('LS1 4AP');
    await expect.poll(() => pm.locator('[data-testid="review-marker"][data-review-marker="/locations/0/postcode"]').getAttribute('data-count'), SETTLE).toBe('1');

    await dealer.getByTestId('stage-submit').click();
    await expect.poll(() => dealer.getByTestId('config-stage-page').locator('[data-state]').first().getAttribute('data-state'), SETTLE).toBe('submitted');
  });
});
