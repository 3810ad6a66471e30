/**
 * Task templates in real Chromium: a staff user adds a stage and drags it to the front of the
 * board, adds a type with an icon uploaded from a file, adds a template and reorders it with the
 * keyboard, the up / down buttons and "move to position" (the server's words under the box), and
 * creates a notification template (an unknown placeholder is refused under the body). Each screen
 * is opened at 1440 px and 390 px (photographed into $E2E_SHOTS/tasks when it is set), and a phone
 * page never scrolls sideways. One server and one browser for the file.
 */
import { asc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/auth.passwords';
import { permissions, rolePermissions, roles, taskNotifications, taskStages, tasks, taskTypes, userRoles, users } from '../../server/db/schema';
import { wcagProblems } from './axe';
import { DEMO_PASSWORD, photograph, pickUpWithKeyboard, startE2E, SETTLE, type E2E } from './harness';


describe('task templates (browser)', () => {
  let e2e: E2E;
  let page: Page;
  const problems: string[] = [];
  const db = () => e2e.server.database.db;
  const rowNames = (testId: string) => page.getByTestId(testId).getByTestId('row-name').allTextContents();
  const storedStages = async () => (await db().select({ name: taskStages.name }).from(taskStages).orderBy(asc(taskStages.position))).map((r) => r.name);
  const storedTemplates = async () => (await db().select({ name: tasks.name }).from(tasks).orderBy(asc(tasks.position))).map((r) => r.name);

  beforeAll(async () => {
    e2e = await startE2E();
    page = (await e2e.newPage({ viewport: { width: 1440, height: 900 } })).page;
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    await e2e.openSignedIn(page, 'pm@demo.test');
  }, 90_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it('adds a stage and drags it to the front of the board', async () => {
    await page.goto(`${e2e.server.url}/#/tasks/stages`);
    await expect.poll(() => rowNames('stages-table'), SETTLE).toEqual(['To do', 'In progress', 'Waiting on dealer', 'Done']);
    await page.getByTestId('stage-add').click();
    const dialog = page.getByTestId('stage-dialog');
    await dialog.getByLabel('Name').fill('Backlog');
    // Its words in French too (issue 54: staff give their own data words a text per locale).
    await dialog.getByRole('button', { name: /Name in other languages/ }).click();
    await dialog.getByLabel('Français (France)').fill('  Réserve ');
    await dialog.getByTestId('stage-dialog-save').click();
    await page.getByText('Stage Created').waitFor();
    await expect.poll(() => rowNames('stages-table'), SETTLE).toEqual(['To do', 'In progress', 'Waiting on dealer', 'Done', 'Backlog']);

    const handle = page.getByRole('button', { name: 'Drag Backlog' });
    const from = await handle.boundingBox();
    const target = await page.getByTestId('stages-table').locator('tbody tr').nth(0).boundingBox();
    const x = from!.x + from!.width / 2;
    const y = from!.y + from!.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x, y - 6, { steps: 4 });
    await page.mouse.move(x, target!.y + target!.height / 2, { steps: 20 });
    await expect.poll(() => page.locator('[id^="DndLiveRegion"]').textContent(), SETTLE).toBe('Backlog is over position 1.');
    await page.mouse.up();
    await page.getByText('Backlog moved to position 1').waitFor();
    await expect.poll(storedStages, SETTLE).toEqual(['Backlog', 'To do', 'In progress', 'Waiting on dealer', 'Done']);
    await expect.poll(() => rowNames('stages-table'), SETTLE).toEqual(['Backlog', 'To do', 'In progress', 'Waiting on dealer', 'Done']);
    // A French reader sees the French words: the seeded stages' and the one staff gave Backlog.
    const { page: french, context } = await e2e.newPage({ locale: 'fr-FR' });
    await context.addInitScript(() => localStorage.setItem('portal.locale', 'fr-FR'));
    await e2e.openSignedIn(french, 'pm@demo.test', { route: '/tasks/stages' });
    await expect.poll(() => french.getByTestId('stages-table').getByTestId('row-name').allTextContents(), SETTLE).toEqual(['Réserve', 'À faire', 'En cours', 'En attente du concessionnaire', 'Terminé']);
    await context.close();

    // The last done stage keeps its flag: the server's words in the dialog.
    await page.getByTestId('stages-table').getByText('Done', { exact: true }).first().click();
    const edit = page.getByTestId('stage-dialog');
    await edit.getByLabel('Done stage').uncheck();
    await edit.getByTestId('stage-dialog-save').click();
    await edit.getByText('A board needs a done stage: this is the last one.').waitFor();
    await edit.getByRole('button', { name: 'Cancel' }).click();
  });

  it('adds a type with an icon uploaded from a file', async () => {
    await page.goto(`${e2e.server.url}/#/tasks/types`);
    await expect.poll(() => rowNames('types-table'), SETTLE).toEqual(['Onboarding', 'Design', 'Build', 'Content', 'Go-live']);
    await page.getByTestId('type-add').click();
    const dialog = page.getByTestId('type-dialog');
    await dialog.getByLabel('Name').fill('Photography');
    const png = await sharp({ create: { width: 120, height: 120, channels: 4, background: '#8e24aa' } }).png().toBuffer();
    await dialog.getByTestId('icon-file').setInputFiles({ name: 'camera.png', mimeType: 'image/png', buffer: png });
    await dialog.getByText('camera.png').waitFor();
    await dialog.getByTestId('type-dialog-save').click();
    await page.getByText('Type Created').waitFor();
    await expect.poll(() => rowNames('types-table'), SETTLE).toContain('Photography');
    const [row] = await db().select().from(taskTypes).orderBy(asc(taskTypes.position)).then((rows) => rows.filter((r) => r.name === 'Photography'));
    expect(row.iconMime).toBe('image/png');
    // The icon shows from the server (the <img> brings the session's cookie).
    const img = page.getByTestId('types-table').locator(`tr[data-row-id="${row.id}"] img`);
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth), SETTLE).toBe(64);
  });

  it('adds a template and reorders it by keyboard, buttons and position, with the server\'s words', async () => {
    await page.goto(`${e2e.server.url}/#/tasks`);
    await page.getByTestId('templates-table').waitFor();
    await page.getByTestId('template-add').click();
    const dialog = page.getByTestId('template-dialog');
    await dialog.getByLabel('Name').fill('Photo shoot booked');
    await dialog.getByTestId('template-type').click();
    await page.getByRole('option', { name: 'Photography' }).click();
    await dialog.getByLabel('Due after (days)').fill('20');
    await dialog.getByTestId('template-dialog-save').click();
    await page.getByText('Task Created').waitFor();
    const total = (await storedTemplates()).length;
    expect((await storedTemplates())[total - 1]).toBe('Photo shoot booked');

    // Keyboard: Space picks the row up, ArrowUp moves it one place, Space drops it.
    const handle = page.getByRole('button', { name: 'Drag Photo shoot booked' });
    await handle.focus();
    await pickUpWithKeyboard(page, new RegExp(`^Photo shoot booked is over position ${total}\\.$`));
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => page.locator('[id^="DndLiveRegion"]').textContent(), SETTLE).toBe(`Photo shoot booked is over position ${total - 1}.`);
    await page.keyboard.press('Space');
    await page.getByText(`Photo shoot booked moved to position ${total - 1}`).waitFor();
    await expect.poll(async () => (await storedTemplates()).indexOf('Photo shoot booked') + 1, SETTLE).toBe(total - 1);

    await page.getByRole('button', { name: 'Move Photo shoot booked up' }).click();
    await expect.poll(async () => (await storedTemplates()).indexOf('Photo shoot booked') + 1, SETTLE).toBe(total - 2);

    const box = page.getByLabel('Move Photo shoot booked to position');
    await box.fill('0');
    await page.getByRole('button', { name: 'Move Photo shoot booked', exact: true }).click();
    await page.getByTestId('templates-table').getByText('Value must be more than 0').waitFor();
    await box.fill(String(total + 3));
    await page.getByRole('button', { name: 'Move Photo shoot booked', exact: true }).click();
    await page.getByTestId('templates-table').getByText(`Value cannot be more than ${total}`).waitFor();
    await box.fill('1');
    await page.getByRole('button', { name: 'Move Photo shoot booked', exact: true }).click();
    await expect.poll(async () => (await storedTemplates())[0], SETTLE).toBe('Photo shoot booked');
    await expect.poll(async () => (await rowNames('templates-table'))[0], SETTLE).toBe('Photo shoot booked');

    // The type filter shows the new type's one template.
    await page.getByTestId('filter-type').click();
    await page.getByRole('option', { name: 'Photography' }).click();
    await expect.poll(() => rowNames('templates-table'), SETTLE).toEqual(['Photo shoot booked']);
  });

  it('creates a notification template, refusing an unknown placeholder under the body', async () => {
    await page.goto(`${e2e.server.url}/#/tasks/notifications`);
    await page.getByTestId('notifications-table').waitFor();
    await page.getByTestId('notification-add').click();
    const dialog = page.getByTestId('notification-dialog');
    await dialog.getByLabel('Name').fill('Photo shoot due');
    await dialog.getByLabel('Project manager').check();
    await dialog.getByLabel('Subject').fill('{task} is due for {project}');
    await dialog.getByLabel('Message').fill('Please book the photographer for {compnay}.');
    await dialog.getByTestId('notification-dialog-save').click();
    await dialog.getByText('Unknown placeholder {compnay}: use {project}, {company}, {task}, {due}, {variation} or {link}.').waitFor();
    await dialog.getByLabel('Message').fill('Please book the photographer for {company} by {due}: {link}');
    // Its words in French (issue 55: every mail in the reader's language).
    await dialog.getByTestId('notification-translations-toggle').click();
    await dialog.getByRole('tab', { name: 'Français (France)' }).click();
    await dialog.getByTestId('notification-translation-subject').fill('{task} est à rendre pour {project}');
    await dialog.getByTestId('notification-translation-body').fill('Réservez le photographe pour {company} avant le {due} : {link}');
    await dialog.getByTestId('notification-dialog-save').click();
    await page.getByText('Notification Created').waitFor();
    const rows = await db().select().from(taskNotifications);
    expect(rows.find((r) => r.name === 'Photo shoot due')).toMatchObject({
      event: 'task_due', recipients: ['project_manager', 'assignee'], active: true,
      translations: { 'fr-FR': { subject: '{task} est à rendre pour {project}', body: 'Réservez le photographe pour {company} avant le {due} : {link}' } },
    });
  });

  it('shows the templates read only to a user who may list tasks but not edit them', async () => {
    const [role] = await db().insert(roles).values({ name: 'Template Reader' }).returning();
    const [permission] = await db().select().from(permissions).where(eq(permissions.name, 'list tasks'));
    await db().insert(rolePermissions).values({ roleId: role.id, permissionId: permission.id });
    const [user] = await db().insert(users).values({ email: 'reader@tasks.test', name: 'Template Reader', passwordHash: await hashPassword(DEMO_PASSWORD) }).returning();
    await db().insert(userRoles).values({ userId: user.id, roleId: role.id });
    const reader = (await e2e.newPage({ viewport: { width: 1440, height: 900 } })).page;
    await e2e.openSignedIn(reader, 'reader@tasks.test', { route: '/tasks' });
    await expect.poll(async () => (await reader.getByTestId('templates-table').getByTestId('row-name').allTextContents()).length, SETTLE).toBeGreaterThan(5);
    expect(await reader.getByTestId('template-add').count()).toBe(0);
    expect(await reader.getByRole('button', { name: /^Drag / }).count()).toBe(0);
    expect(await reader.getByRole('button', { name: /^Move .* up$/ }).count()).toBe(0);
    await reader.close();
  });

  it('fits each screen at 1440 px and 390 px (photographed for review)', async () => {
    for (const [width, height] of [[1440, 900], [390, 844]] as const) {
      await page.setViewportSize({ width, height });
      for (const [name, path] of [['tasks', '/tasks'], ['stages', '/tasks/stages'], ['types', '/tasks/types'], ['notifications', '/tasks/notifications']]) {
        await page.goto(`${e2e.server.url}/#${path}`);
        await page.getByTestId('page-title').waitFor();
        await page.getByRole('table').first().waitFor();
        await page.evaluate(() => window.scrollTo(0, 0));
        await photograph(page, 'tasks', `${name}-${width}`, { fullPage: false });
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(sideways, `${path} at ${width}px`).toBeLessThanOrEqual(0);
        // No WCAG 2.1 A/AA problem axe-core can find, at either width.
        expect(await wcagProblems(page), `${path} at ${width}px`).toEqual([]);
      }
    }
    // The dialogs too: a type with its icon at 1440 px, a notification template on a phone.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${e2e.server.url}/#/tasks/types`);
    await page.getByTestId('types-table').getByText('Design').click();
    await page.getByTestId('type-dialog').getByText('Replace icon').waitFor();
    await photograph(page, 'tasks', 'type-dialog-1440', { fullPage: false });
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${e2e.server.url}/#/tasks/notifications`);
    await page.getByTestId('notification-add').click();
    await page.getByTestId('notification-dialog').getByText('Placeholders you can use').waitFor();
    await photograph(page, 'tasks', 'notification-dialog-390', { fullPage: false });
    const dialogSideways = await page.getByRole('dialog').evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(dialogSideways).toBeLessThanOrEqual(0);
    expect(await wcagProblems(page)).toEqual([]);
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(problems).toEqual([]);
  }, 120_000);
});
