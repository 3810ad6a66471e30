import type { Page } from 'playwright-core';

/** What the keystroke benches type, where, and how fast: the same for the bench page and the app. */
export const TEXT = '0930';
export const FIELDS = ['monday_open', 'monday_close', 'tuesday_open', 'wednesday_close', 'thursday_open', 'friday_close', 'saturday_open', 'sunday_close'];
export const KEY_GAP_MS = 120;
/** A typist's pace (issue 32): the section validation, 150 ms after a key, falls between keys. */
export const TYPIST_GAP_MS = 250;
const cell = (field: string) => `input[id$="hours_0_days_${field}"]`;

/**
 * Types TEXT into each opening-hours cell of FIELDS and returns the key-to-paint latencies the page
 * recorded in `window[recorder].latencies` (the bench page's and the app's recorders differ in name),
 * `gap` ms between keys.
 */
export async function typeIntoCells(page: Page, recorder: string, gap = KEY_GAP_MS): Promise<number[]> {
  const all: number[] = [];
  for (const field of FIELDS) {
    await page.locator(cell(field)).first().click({ timeout: 60_000 });
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.waitForTimeout(300);
    await page.evaluate((name) => ((window as unknown as Record<string, { latencies: number[] }>)[name].latencies = []), recorder);
    for (const ch of TEXT) {
      await page.keyboard.press(ch);
      await page.waitForTimeout(gap);
    }
    // Section validation and the autosave after typing stops run outside the measured keystrokes.
    await page.waitForTimeout(300);
    all.push(...(await page.evaluate((name) => (window as unknown as Record<string, { latencies: number[] }>)[name].latencies.slice(), recorder)));
  }
  const typed = await page.locator(cell(FIELDS[0])).first().inputValue();
  if (typed !== TEXT) throw new Error(`typed "${TEXT}" but the input holds "${typed}"`);
  return all;
}
