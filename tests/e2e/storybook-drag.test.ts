/**
 * Reordering a table's rows by dragging, in real Chromium on the built Storybook (the
 * Renderer/Fields "Reorderable table" story): with the mouse (real pointer moves, as dnd-kit needs)
 * and with the keyboard (dnd-kit's keyboard sensor: Space, arrows, Space / Escape). jsdom cannot do
 * either: dnd-kit measures the rows' boxes. `npm test` builds storybook-static/ before this runs.
 *
 * No fixed waits: every step waits for what the user (or a screen reader) would notice, i.e. dnd-kit's
 * announcement that the drag is over the target row, then the rows and the stored data in the new order.
 */
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, workerBrowser, pickUpWithKeyboard, SETTLE } from '../support/browser';
import { checkStorybookBuild, serveStorybook, storyUrl } from './storybook';

const STORY = 'renderer-fields--reorderable-table';
// The story's data (stories/fields/Fields.stories.tsx).
const INITIAL = ['Volvo', 'Audi', 'Kia', 'Skoda', 'Mazda', 'Peugeot'];

/** expect.poll with room for a loaded 2-core CI machine (vitest's default gives up after 1 s). */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, SETTLE);

describe('table drag reordering in Storybook (browser)', () => {
  let app: FastifyInstance | undefined;
  let url: string;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let problems: string[];

  beforeAll(async () => {
    checkStorybookBuild([STORY]);
    ({ app, url } = await serveStorybook());
    browser = await workerBrowser();
  });

  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  afterAll(async () => {
    await closeContexts(browser);
    await app?.close();
  });

  /** The story, rendered and showing its rows in the initial order. */
  async function openStory(): Promise<Page> {
    context = await browser!.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    problems = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      // The location names the file when a load failed (the text does not).
      if (m.type() === 'error') problems.push(`console error: ${m.text()} (${m.location().url})`);
    });
    await page.goto(storyUrl(url, STORY));
    await table(page).waitFor();
    await poll(() => shownOrder(page)).toEqual(INITIAL);
    return page;
  }

  const table = (page: Page) => page.getByRole('table', { name: 'Franchises' });
  /** The names in the order the rows are on screen. */
  const shownOrder = (page: Page) => table(page).locator('tbody tr input').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  /** The names in the order they are stored (the story's "Stored data" panel). */
  const storedOrder = async (page: Page) => {
    const text = await page.getByTestId('stored-data').textContent();
    return ((JSON.parse(text ?? '{}') as { franchises?: { name: string }[] }).franchises ?? []).map((f) => f.name);
  };
  const handle = (page: Page, name: string): Locator =>
    table(page).locator('tbody tr').filter({ has: page.locator(`input[value="${name}"]`) }).getByRole('button', { name: 'Drag to reorder' });
  /** dnd-kit's live region (assertive: what is happening during a drag). */
  const dragStatus = (page: Page) => page.locator('[id^="DndLiveRegion"]').textContent();
  /** The table's polite live region (where a moved row went). */
  const moveStatus = (page: Page) => page.locator('.stage-table [role="status"][aria-live="polite"]').textContent();

  it('drags a row by its handle with the mouse to another position', async () => {
    const page = await openStory();
    const from = await handle(page, 'Volvo').boundingBox();
    const target = await table(page).locator('tbody tr').nth(2).boundingBox(); // Kia's row, position 3
    expect(from && target).toBeTruthy();
    const x = from!.x + from!.width / 2;
    const y = from!.y + from!.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    // Small steps first (past any activation distance), then on to the middle of the target row.
    await page.mouse.move(x, y + 4, { steps: 4 });
    await page.mouse.move(x, target!.y + target!.height / 2, { steps: 20 });
    // Drop only once dnd-kit has the target row under the dragged one (React has caught up with the pointer).
    await poll(() => dragStatus(page)).toBe('Over position 3 of 6');
    await page.mouse.up();

    const moved = ['Audi', 'Kia', 'Volvo', 'Skoda', 'Mazda', 'Peugeot'];
    await poll(() => shownOrder(page)).toEqual(moved);
    await poll(() => storedOrder(page)).toEqual(moved);
    await poll(() => moveStatus(page)).toBe('Row moved to position 3 of 6');

    // And back up, to the top.
    const back = await handle(page, 'Volvo').boundingBox();
    const top = await table(page).locator('tbody tr').nth(0).boundingBox();
    await page.mouse.move(back!.x + back!.width / 2, back!.y + back!.height / 2);
    await page.mouse.down();
    await page.mouse.move(back!.x + back!.width / 2, back!.y + back!.height / 2 - 4, { steps: 4 });
    await page.mouse.move(back!.x + back!.width / 2, top!.y + top!.height / 2, { steps: 20 });
    await poll(() => dragStatus(page)).toBe('Over position 1 of 6');
    await page.mouse.up();
    await poll(() => shownOrder(page)).toEqual(INITIAL);
    await poll(() => storedOrder(page)).toEqual(INITIAL);
    await poll(() => moveStatus(page)).toBe('Row moved to position 1 of 6');
    expect(problems).toEqual([]);
  });

  it('reorders with the keyboard: Space picks up, arrows move, Space drops, Escape cancels', async () => {
    const page = await openStory();
    const kia = handle(page, 'Kia');
    expect(await kia.getAttribute('aria-roledescription')).toBe('sortable');

    // Escape puts the row back where it was.
    await kia.focus();
    await pickUpWithKeyboard(page, /^Over position 3 of 6$/);
    await page.keyboard.press('ArrowDown');
    await poll(() => dragStatus(page)).toBe('Over position 4 of 6');
    await page.keyboard.press('Escape');
    await poll(() => dragStatus(page)).toBe('Move cancelled: row back at position 3 of 6');
    await poll(() => shownOrder(page)).toEqual(INITIAL);
    expect(await storedOrder(page)).toEqual(INITIAL);
    expect(await moveStatus(page)).toBe('');

    // Kia two places up, to the top.
    await kia.focus();
    await pickUpWithKeyboard(page, /^Over position 3 of 6$/);
    await page.keyboard.press('ArrowUp');
    await poll(() => dragStatus(page)).toBe('Over position 2 of 6');
    await page.keyboard.press('ArrowUp');
    await poll(() => dragStatus(page)).toBe('Over position 1 of 6');
    await page.keyboard.press('Space');

    const moved = ['Kia', 'Volvo', 'Audi', 'Skoda', 'Mazda', 'Peugeot'];
    await poll(() => shownOrder(page)).toEqual(moved);
    await poll(() => storedOrder(page)).toEqual(moved);
    await poll(() => moveStatus(page)).toBe('Row moved to position 1 of 6');
    // Focus stays on the moved row's handle, so the user can go on moving it.
    await poll(() => kia.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(problems).toEqual([]);
  });
});
