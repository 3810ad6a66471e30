/**
 * Setup file of the e2e project: when a browser test fails, says what its pages were showing (the
 * address, the heading, the alerts, the test ids on screen) and saves a screenshot of each, so a
 * failure seen once in CI can be read from the log instead of guessed at.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { livePages } from './harness';

/** The newest pages are the ones the failed test was driving (a file drives up to four: the tracker's). */
const PAGES_REPORTED = 4;

afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  const dir = join(tmpdir(), 'e2e-failures');
  mkdirSync(dir, { recursive: true });
  const pages = [...livePages].slice(-PAGES_REPORTED);
  for (const [i, page] of pages.entries()) {
    const seen = await page
      .evaluate(() => ({
        heading: document.querySelector('h1')?.textContent ?? null,
        alerts: [...document.querySelectorAll('[role="alert"]')].map((a) => a.textContent).filter(Boolean),
        testIds: [...new Set([...document.querySelectorAll('[data-testid]')].map((e) => e.getAttribute('data-testid')))].slice(0, 40),
      }))
      .catch((err: Error) => ({ unreadable: err.message.split('\n')[0] }));
    const file = join(dir, `${task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}-${Date.now()}-${i}.png`);
    const shot = await page.screenshot({ path: file, timeout: 5_000 }).then(() => file, () => 'no screenshot');
    console.error(`[e2e failure] page ${i + 1}/${pages.length} at ${page.url()}: ${JSON.stringify(seen)}; screenshot: ${shot}`);
  }
});
