/**
 * Review on the fields themselves and who else is here (issue 55), in real Chromium with two
 * browser contexts: Pat Project (staff, English) comments on a location's postcode, mentioning the
 * French dealer, and requests changes; Hugo Harbour (Harbour Cars, French) sees the request at the
 * top and the comment beside the field, with Pat shown as here; he answers and resubmits, and Pat's
 * page learns of the save at once. The mention reaches Hugo by mail, in French, through SMTP. Pat
 * then finds the thread beside the postcode on the overview too (and on a phone). On a server whose
 * access tokens last 8 s, the stage pages' event streams end with their tokens and the pages
 * connect again without anyone seeing it.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyInformation, demo, franchises, location, writeStages, type ConfigBody } from '../server/configs-helpers';
import { call, login } from '../server/helpers';
import { editSaved, photograph, startE2E, SETTLE, type E2E } from './harness';

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

    // Pat opens the overview: the same marker beside Calais's postcode, opening the same thread.
    await pm.goto(`/#/configurator/${config.id}/overview`);
    const card = pm.getByTestId('overview-locations');
    const onOverview = card.locator('[data-testid="review-marker"][data-review-marker="/locations/0/postcode"]');
    await expect.poll(() => onOverview.getAttribute('data-count'), SETTLE).toBe('1');
    // Beside the postcode's row of Calais (its label, then the value Hugo saved).
    const row = onOverview.locator('xpath=ancestor::dt[1]');
    expect(await row.innerText()).toContain('Postcode');
    expect(await row.locator('xpath=following-sibling::dd[1]').innerText()).toBe('LS1 4AP');
    await onOverview.click();
    const overviewPanel = pm.getByTestId('thread-panel');
    await expect.poll(() => overviewPanel.getByTestId('review-comment').count(), SETTLE).toBe(2);
    expect(await overviewPanel.getByTestId('review-comment').first().innerText()).toContain('@Hugo Harbour');
    expect(await overviewPanel.getByTestId('review-comment').nth(1).innerText()).toContain('Oui, corrigé.');
    await photograph(pm, 'review', 'overview-thread', { fullPage: false });
    await pm.keyboard.press('Escape');

    // On a phone the overview stays one column wide and the thread opens as a bottom drawer.
    const { page: phone } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await e2e.openSignedIn(phone, 'pm@demo.test', { route: `/configurator/${config.id}/overview` });
    const phoneMarker = phone.getByTestId('overview-locations').locator('[data-testid="review-marker"][data-review-marker="/locations/0/postcode"]');
    await phoneMarker.waitFor(SETTLE);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await photograph(phone.getByTestId('overview-locations'), 'review', 'overview-phone');
    await phoneMarker.click();
    await expect.poll(() => phone.getByTestId('thread-panel').getByTestId('review-comment').count(), SETTLE).toBe(2);
    const drawer = await phone.getByTestId('thread-panel').boundingBox();
    expect(drawer!.width).toBeGreaterThan(380);
    await photograph(phone, 'review', 'overview-phone-thread', { fullPage: false });
  });
});

describe('live events outlive the access token (browser)', () => {
  // Seconds: the access token lifetime of this server. The app (remember-me) renews its token a
  // fifth of the lifetime before the end; the server ends each stream at its token's expiry.
  const TTL = 8;
  let e2e: E2E;
  let config: ConfigBody;
  beforeAll(async () => {
    e2e = await startE2E({ accessTokenTtl: TTL });
    // Each step with a token of its own: one may expire between them.
    const d = await demo(e2e.server);
    const created = await call<ConfigBody>(e2e.server, 'POST', `/api/companies/${d.harbour.company.guid}/configs`, {
      token: (await login(e2e.server, 'admin@demo.test')).token,
      body: { config: { name: 'Harbour live', design_type: 'custom' } },
    });
    expect(created.status, created.text).toBe(201);
    config = await writeStages(e2e.server, (await login(e2e.server, 'dealer2@demo.test')).token, created.body, [
      { slug: 'company-information', data: companyInformation, state: 'draft' },
      { slug: 'franchises', data: franchises('Kia'), state: 'draft' },
      { slug: 'locations', data: { locations: [location('l1', 'Calais', ['fKia'])] }, state: 'draft' },
    ]);
  }, 90_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it('a stage page connects again when its token expires: who is here never leaves the screen, and the next save still arrives at once', async () => {
    // The event streams each page opens (its first, then one per renewed token).
    const streams = new Map<Page, number>();
    const open = async (email: string) => {
      const { page } = await e2e.newPage({ viewport: { width: 1280, height: 800 } });
      streams.set(page, 0);
      page.on('request', (r) => void (r.url().includes(`/api/configs/${config.id}/events?`) && streams.set(page, streams.get(page)! + 1)));
      await e2e.openSignedIn(page, email, { route: `/configurator/${config.id}/locations`, remember: true });
      await page.getByTestId('config-stage-page').getByTestId('page-title').waitFor({ timeout: 30_000 });
      return page;
    };
    const pm = await open('pm@demo.test');
    const dealer = await open('dealer2@demo.test');
    await expect.poll(() => pm.getByTestId('stage-presence').getAttribute('aria-label'), SETTLE).toContain('Hugo Harbour');
    // From here on, count every moment Pat's page stops showing Hugo as here.
    await pm.evaluate(() => {
      const w = window as unknown as { presenceGone: number };
      w.presenceGone = 0;
      new MutationObserver(() => {
        if (!document.querySelector('[data-testid="stage-presence"]')) w.presenceGone += 1;
      }).observe(document.body, { childList: true, subtree: true });
    });
    // Both pages' first tokens (and their streams) expire; each page renews and connects again.
    await pm.waitForTimeout((TTL + 3) * 1000);
    expect(await pm.evaluate(() => (window as unknown as { presenceGone: number }).presenceGone)).toBe(0);
    // The server ended the first stream at its token's expiry and the page opened another.
    expect(streams.get(pm)).toBeGreaterThanOrEqual(2);
    await expect(pm.getByTestId('session-modal').isVisible()).resolves.toBe(false);

    await dealer.locator('[id$="locations_0_postcode"]').first().fill('LS1 4AP');
    await editSaved(dealer);
    await pm.getByTestId('live-saved-shown').waitFor(SETTLE);
    await expect.poll(() => pm.locator('[id$="locations_0_postcode"]').first().inputValue(), SETTLE).toBe('LS1 4AP');
  });
});
