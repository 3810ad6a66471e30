/**
 * Every story of the built Storybook (storybook-static/, `npm run build-storybook`), opened in real
 * Chromium and checked by axe-core against WCAG 2.1 A and AA: the forms dealers fill in (each stage,
 * each field and widget of the renderer) must name every control, nest no buttons, let the keyboard
 * reach what scrolls, and so on. New stories are checked as soon as they are built.
 *
 * No fixed waits: a story is checked once Storybook says its render has finished. One page shows
 * every story in turn (the preview switches stories without reloading its code, as in Storybook).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stageCatalogue } from '../../engine';
import { closeContexts, workerBrowser } from '../support/browser';
import { builtStories, checkStorybookBuild, serveStorybook, storyUrl } from './storybook';

// axe-core, the accessibility rules engine, run inside the page.
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: string[]; html: string; failureSummary?: string }[];
}

/** One readable block per problem: the rule, then each element it failed on and what would fix it. */
function describeViolations(violations: Violation[]): string[] {
  return violations.map((v) =>
    [
      `${v.id} (${v.impact ?? 'unknown'}): ${v.help} - ${v.helpUrl}`,
      ...v.nodes.map((n) => `  at ${n.target.join(' ')}\n    ${n.html.slice(0, 200)}\n    ${(n.failureSummary ?? '').replace(/\n\s*/g, ' ')}`),
    ].join('\n'),
  );
}

/** The WCAG 2.1 A/AA problems axe finds in the story as rendered (its root only, not Storybook's page). */
async function storyProblems(page: Page): Promise<string[]> {
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: Element, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document.querySelector('#storybook-root')!, { runOnly: { type: 'tag', values: tags } });
    return result.violations;
  }, WCAG_21_AA);
  return describeViolations(violations);
}

/**
 * Shows story `id` in the page's preview: the first through its address, the next ones by asking
 * Storybook's preview to switch (no reload of the preview's code for each of 90-odd stories).
 * Resolves once its render has finished; throws with the phase if it errored or was aborted.
 */
async function showStory(page: Page, url: string, id: string): Promise<void> {
  const switched = page.url().includes('/iframe.html')
    ? await page.evaluate((storyId) => {
        const preview = (window as unknown as { __STORYBOOK_PREVIEW__?: { onSetCurrentStory(s: object): void } }).__STORYBOOK_PREVIEW__;
        if (!preview) return false;
        preview.onSetCurrentStory({ storyId, viewMode: 'story' });
        return true;
      }, id)
    : false;
  // storyUrl puts the a11y addon in manual mode: axe is this test's alone.
  if (!switched) await page.goto(storyUrl(url, id));
  const phase = await page.waitForFunction((storyId) => {
    const render = (window as unknown as { __STORYBOOK_PREVIEW__?: { currentRender?: { id: string; phase?: string } } }).__STORYBOOK_PREVIEW__?.currentRender;
    return render?.id === storyId && ['finished', 'errored', 'aborted'].includes(render.phase ?? '') ? render.phase : false;
  }, id);
  const ended = await phase.jsonValue();
  if (ended !== 'finished') throw new Error(`${id}: the story's render ${ended}`);
  await page.locator('#storybook-root > *').first().waitFor();
}

// Read when the file is collected, so each story is its own test; none at all fails the first test.
const stories = builtStories();

describe('accessibility of every Storybook story (browser, axe-core, WCAG 2.1 AA)', () => {
  let app: FastifyInstance | undefined;
  let url: string;
  let browser: Browser | undefined;
  let page: Page;
  const thrown: string[] = [];

  beforeAll(async () => {
    checkStorybookBuild();
    ({ app, url } = await serveStorybook());
    browser = await workerBrowser();
    // One page for every story: each is rendered in turn by the preview, as in Storybook's own UI.
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' })).newPage();
    // The large dealer-group stories render hundreds of inputs: room for a loaded 2-core machine.
    page.setDefaultTimeout(60_000);
    page.on('pageerror', (e) => thrown.push(`page error: ${e.message}`));
    // A story that logs an error (React's warnings included) is broken, even if it looks right.
    page.on('console', (m) => {
      if (m.type() === 'error') thrown.push(`console error: ${m.text()}`);
    });
  });

  afterAll(async () => {
    await closeContexts(browser);
    await app?.close();
  });

  it('has stories to check, among them one for every stage of the catalogue', () => {
    expect(stories.length).toBeGreaterThan(0);
    // Stages.stories.tsx names each story for its stage: OpeningHours is stages--opening-hours.
    const stageStories = stories.filter((s) => s.title === 'Stages').map((s) => s.id.split('--')[1]);
    expect(stageCatalogue.map((s) => s.slug).filter((slug) => !stageStories.includes(slug))).toEqual([]);
  });

  it.each(stories.map((s) => [`${s.title} / ${s.name} (${s.id})`, s.id]))('%s has no WCAG A/AA problems', async (_story, id) => {
    thrown.length = 0;
    await showStory(page, url, id);
    // axe is loaded once per page (a reload, after a story that failed to switch, drops it).
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
    const problems = [...thrown, ...(await storyProblems(page))];
    expect(problems, `${id}:\n${problems.join('\n')}`).toEqual([]);
  });
});
