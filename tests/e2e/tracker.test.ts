/**
 * The project tracker in real Chromium: a project manager creates a project for Demo Motors at
 * /tracker/new, opens its board, moves one task to Done with the mouse and one with the keyboard,
 * sees the percentage and RAG change, and raises a variation with a free-of-charge cost; the
 * demo's FOC approver (admin@) approves it at /tracker/approval. Every tracker screen is
 * opened at 1440 px and 390 px (the dealer's dashboard card as dealer@), photographed into
 * $E2E_SHOTS/tracker when it is set, for a person to look at; the phone screens also check
 * that the page never scrolls sideways. One server and one browser for the file.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wcagProblems } from './axe';
import { hashPath, photograph, pickUpWithKeyboard, startE2E, SETTLE, type E2E } from './harness';

const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const VARIATION = 'Extra brand colours on the home page';

/** Warnings and errors the page logs (the app's console stays clean, tests/e2e/main-screens.test.ts). */
function recordConsole(page: Page, into: string[]) {
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') into.push(`${m.type()} on ${new URL(page.url()).hash}: ${m.text()} ${m.location().url}`);
  });
  page.on('pageerror', (e) => into.push(`uncaught: ${e.message}`));
}

/** How far the page itself scrolls sideways (0 when nothing overflows the viewport). */
const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('project tracker (browser)', () => {
  let e2e: E2E;
  let pm: Page;
  let admin: Page;
  let phone: Page;
  let dealer: Page;
  let projectId = '';
  const logged: string[] = [];
  // Another screen is opened in the app, as a link does (each screen fetches its data as it
  // mounts); the screen already shown is loaded afresh, or it would keep its old data. A whole page
  // load costs about a second of CPU on CI's two cores; this file opens 30 screens.
  const open = async (page: Page, path: string) => {
    if (hashPath(page) === path) await page.reload();
    else await page.goto(`${e2e.server.url}/#${path}`);
  };
  const percentage = (page: Page) => page.getByTestId('project-header').getByTestId('percent-bar').getAttribute('data-value').then(Number);
  const rag = (page: Page) => page.getByTestId('project-header').getByTestId('rag-chip').getAttribute('data-rag');
  const column = (page: Page, name: string) => page.locator(`[data-testid="board-column"][data-stage-name="${name}"]`);
  const card = (page: Page, name: string) => page.locator(`[data-testid="task-card"][data-task-name="${name}"]`);

  beforeAll(async () => {
    e2e = await startE2E();
    const pages = await Promise.all([e2e.newPage({ viewport: WIDE }), e2e.newPage({ viewport: WIDE }), e2e.newPage({ viewport: PHONE }), e2e.newPage({ viewport: PHONE })]);
    [pm, admin, phone, dealer] = pages.map((p) => p.page);
    for (const page of [pm, admin, phone, dealer]) recordConsole(page, logged);
    for (const [page, email] of [[pm, 'pm@demo.test'], [admin, 'admin@demo.test'], [phone, 'pm@demo.test'], [dealer, 'dealer@demo.test']] as const) {
      await e2e.openSignedIn(page, email);
    }
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it('lets a project manager create a project for Demo Motors', async () => {
    await open(pm, '/tracker/new');
    await pm.getByTestId('tracker-new-page').waitFor();
    await pm.getByTestId('project-company').fill('Demo Mot');
    await pm.getByRole('option', { name: 'Demo Motors' }).click();
    await pm.getByTestId('project-pm').fill('Pat');
    await pm.getByRole('option', { name: /Pat Project/ }).click();
    await pm.getByTestId('project-type').click();
    await pm.getByRole('option', { name: 'Multi-franchise dealer' }).click();
    // Started five days ago: the kick-off call (due on day 3) is overdue, so the project starts amber.
    const [start, launch] = [iso(-5), iso(90)].map((date) => date.split('-').reverse().join('/'));
    await pm.getByTestId('project-start').fill(start);
    await pm.getByTestId('project-launch').fill(launch);
    // Both dates show as typed before Create is pressed (the picker formats what it is given).
    await expect.poll(() => pm.getByTestId('project-start').inputValue(), SETTLE).toBe(start);
    await expect.poll(() => pm.getByTestId('project-launch').inputValue(), SETTLE).toBe(launch);
    await photograph(pm, 'tracker', 'new-1440');
    await pm.getByTestId('project-create').click();
    await pm.waitForURL(/#\/tracker\/\d+\/profile/);
    projectId = /tracker\/(\d+)\/profile/.exec(hashPath(pm))![1];
    await expect.poll(() => pm.getByTestId('growl').textContent(), SETTLE).toContain('Project Created');
    await pm.getByTestId('task-board').waitFor();
    // The project opens at its top, not scrolled as far as the form's Create button was.
    expect(await pm.evaluate(() => window.scrollY)).toBe(0);
    expect(await pm.getByTestId('project-name').textContent()).toContain('Demo Motors');
  });

  it('moves a task to Done with the mouse and one with the keyboard; the percentage and RAG follow', async () => {
    expect(projectId).not.toBe('');
    await expect.poll(() => card(pm, 'Kick-off call').count(), SETTLE).toBe(1);
    expect(await percentage(pm)).toBe(0);
    expect(await rag(pm)).toBe('amber');
    await photograph(pm, 'tracker', 'board-1440');

    // Mouse: drag the kick-off call's handle onto the Done column.
    const handle = await card(pm, 'Kick-off call').getByTestId('task-handle').boundingBox();
    const done = await column(pm, 'Done').boundingBox();
    await pm.mouse.move(handle!.x + handle!.width / 2, handle!.y + handle!.height / 2);
    await pm.mouse.down();
    const target = { x: done!.x + done!.width / 2, y: done!.y + 60 };
    for (let i = 1; i <= 12; i++) await pm.mouse.move(handle!.x + ((target.x - handle!.x) * i) / 12, handle!.y + ((target.y - handle!.y) * i) / 12);
    // Let go once the board says the task is over Done, as a person waits for the column to light
    // up; the pointer wobbles a pixel meanwhile, as a hand does, so the board looks again.
    let wobble = 0;
    await expect
      .poll(async () => {
        await pm.mouse.move(target.x, target.y + (wobble ^= 1));
        return pm.locator('[id^="DndLiveRegion"]').textContent();
      }, SETTLE)
      .toContain('Task Kick-off call is over Done');
    await pm.mouse.up();
    await expect.poll(() => column(pm, 'Done').locator('[data-task-name="Kick-off call"]').count(), SETTLE).toBe(1);
    await expect.poll(() => percentage(pm), SETTLE).toBeGreaterThan(0);
    // Nothing overdue any more: green.
    await expect.poll(() => rag(pm), SETTLE).toBe('green');
    const afterMouse = await percentage(pm);

    // Keyboard: focus a card's handle, Space, arrows to the right until Done is announced, Space.
    const name = 'Portal access for the dealer team';
    await card(pm, name).getByTestId('task-handle').focus();
    await pickUpWithKeyboard(pm, new RegExp(`Task ${name} is over To do`));
    const live = pm.locator('[id^="DndLiveRegion"]');
    for (let i = 0; i < 6 && !(await live.textContent())?.includes('over Done'); i++) {
      await pm.keyboard.press('ArrowRight');
      await pm.waitForTimeout(250);
    }
    expect(await live.textContent()).toContain('over Done');
    await pm.keyboard.press('Space');
    await expect.poll(() => column(pm, 'Done').locator(`[data-task-name="${name}"]`).count(), SETTLE).toBe(1);
    await expect.poll(() => percentage(pm), SETTLE).toBeGreaterThan(afterMouse);

    // What the server stored: the same after a reload.
    const shown = await percentage(pm);
    await pm.reload();
    await pm.getByTestId('task-board').waitFor();
    await expect.poll(() => percentage(pm), SETTLE).toBe(shown);
    expect(await column(pm, 'Done').locator(`[data-task-name="${name}"]`).count()).toBe(1);
  });

  it('raises a variation with a free-of-charge cost that waits for approval', async () => {
    await open(pm, `/tracker/${projectId}/profile?tab=variations`);
    await pm.getByTestId('raise-variation').click();
    await pm.getByTestId('variation-title').fill(VARIATION);
    await pm.getByTestId('variation-effort').fill('6');
    await pm.getByTestId('variation-cost').fill('450');
    await pm.getByTestId('variation-foc').fill('150');
    await photograph(pm, 'tracker', 'variation-form-1440', { fullPage: false });
    await pm.getByTestId('variation-save').click();
    await expect.poll(() => pm.getByTestId('growl').textContent(), SETTLE).toContain('Variation Created');
    const row = pm.getByTestId('variation-row').filter({ hasText: VARIATION });
    await expect.poll(() => row.getByTestId('variation-status').getAttribute('data-status'), SETTLE).toBe('pending');
    await photograph(pm, 'tracker', 'profile-variations-1440');
  });

  it('lets the FOC approver approve it at /tracker/approval', async () => {
    await open(admin, '/tracker/approval');
    const item = admin.getByTestId('approval-card').filter({ hasText: VARIATION });
    await item.waitFor(SETTLE);
    await photograph(admin, 'tracker', 'approval-1440');
    await item.getByTestId('approve').click();
    await admin.getByTestId('decision-note').fill('Goodwill for the launch.');
    await admin.getByTestId('decision-confirm').click();
    await expect.poll(() => admin.getByTestId('growl').textContent(), SETTLE).toContain('Variation approved');
    await expect.poll(() => item.count(), SETTLE).toBe(0);

    await open(pm, `/tracker/${projectId}/profile?tab=variations`);
    const row = pm.getByTestId('variation-row').filter({ hasText: VARIATION });
    await expect.poll(() => row.getByTestId('variation-status').getAttribute('data-status'), SETTLE).toBe('approved');
  });

  it('adds a task group, an outside stakeholder, a note and a risk', async () => {
    await open(pm, `/tracker/${projectId}/profile?tab=groups`);
    await pm.getByTestId('group-name').fill('Aftersales');
    await pm.getByTestId('group-add').click();
    await expect.poll(() => pm.getByTestId('growl').textContent(), SETTLE).toContain('Type Created');
    await pm.getByTestId('group-row').filter({ hasText: 'Aftersales' }).waitFor(SETTLE);

    await open(pm, `/tracker/${projectId}/profile?tab=stakeholders`);
    await pm.getByRole('button', { name: 'Outside contact' }).click();
    await pm.getByTestId('stakeholder-name').fill('Jo Agency');
    await pm.getByTestId('stakeholder-email').fill('jo@agency.example');
    await pm.getByTestId('stakeholder-organisation').fill('Bright Agency');
    await pm.getByTestId('stakeholder-add').click();
    await pm.getByTestId('stakeholder-row').filter({ hasText: 'Jo Agency' }).waitFor(SETTLE);

    await open(pm, `/tracker/${projectId}/profile?tab=notes`);
    await pm.getByTestId('note-body').fill('Dealer wants the launch before the spring sale.');
    await pm.getByTestId('note-add').click();
    await pm.getByTestId('note-row').filter({ hasText: 'spring sale' }).waitFor(SETTLE);
    await pm.getByTestId('risk-title').fill('Stock feed supplier slow to respond');
    await pm.getByTestId('risk-add').click();
    await pm.getByTestId('risk-row').filter({ hasText: 'Stock feed supplier' }).waitFor(SETTLE);
  });

  it('photographs every tracker screen at 1440 px and 390 px: none scrolls sideways on a phone, none has a WCAG problem', async () => {
    const screens: Array<[string, string, string]> = [
      ['all', '/tracker/all', 'projects-table'],
      ['new', '/tracker/new', 'tracker-new-page'],
      ['summary', `/tracker/${projectId}/summary`, 'project-summary'],
      ['profile-tasks', `/tracker/${projectId}/profile`, 'task-board'],
      ['profile-groups', `/tracker/${projectId}/profile?tab=groups`, 'groups-tab'],
      ['profile-variations', `/tracker/${projectId}/profile?tab=variations`, 'variations-tab'],
      ['profile-stakeholders', `/tracker/${projectId}/profile?tab=stakeholders`, 'stakeholders-tab'],
      ['profile-notes', `/tracker/${projectId}/profile?tab=notes`, 'notes-risks-tab'],
      ['profile-details', `/tracker/${projectId}/profile?tab=details`, 'details-tab'],
      ['variations', '/tracker/variations', 'page-title'],
      ['approval', '/tracker/approval', 'tracker-approval-page'],
    ];
    const overflowing: string[] = [];
    const problems: string[] = [];
    for (const [name, path, testId] of screens) {
      for (const [page, size] of [[pm, '1440'], [phone, '390']] as const) {
        await open(page, path);
        await page.getByTestId(size === '390' && name === 'all' ? 'page-title' : testId).first().waitFor(SETTLE);
        await photograph(page, 'tracker', `${name}-${size}`);
        if (size === '390' && (await pageOverflow(page)) > 0) overflowing.push(name);
        if (size === '1440') problems.push(...(await wcagProblems(page)).map((p) => `${name}: ${p}`));
      }
    }
    // The top bar's bell: my notifications (the variation decided, tasks due ...).
    await open(pm, '/tracker/all');
    await pm.getByTestId('notifications-bell').click();
    await pm.getByTestId('notifications-panel').waitFor(SETTLE);
    await photograph(pm, 'tracker', 'notifications-1440', { fullPage: false });
    await pm.keyboard.press('Escape');
    await open(dealer, '/dashboard');
    await dealer.getByTestId('dashboard-project-card').first().waitFor(SETTLE);
    await photograph(dealer, 'tracker', 'dealer-card-390');
    await dealer.setViewportSize(WIDE);
    await photograph(dealer, 'tracker', 'dealer-card-1440');
    expect(overflowing).toEqual([]);
    // Every screen at 1440 px: no WCAG 2.1 A/AA problem axe-core can find.
    expect(problems).toEqual([]);
  }, 240_000);

  it('logged no warning or error in the browser console', () => {
    expect(logged).toEqual([]);
  });
});
