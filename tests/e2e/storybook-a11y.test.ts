/**
 * Every story of the built Storybook (storybook-static/, `npm run build-storybook`), opened in real
 * Chromium and checked by axe-core against WCAG 2.1 A and AA: the forms dealers fill in (each stage,
 * each field and widget of the renderer) must name every control, nest no buttons, let the keyboard
 * reach what scrolls, and so on. New stories are checked as soon as they are built.
 *
 * No fixed waits: a story is checked once its root has rendered (the renderer draws a form in one go).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
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
  await page.evaluate(AXE);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: Element, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document.querySelector('#storybook-root')!, { runOnly: { type: 'tag', values: tags } });
    return result.violations;
  }, WCAG_21_AA);
  return describeViolations(violations);
}

// Read when the file is collected, so each story is its own test; none at all fails the first test.
const stories = builtStories();

describe('accessibility of every Storybook story (browser, axe-core, WCAG 2.1 AA)', () => {
  let app: FastifyInstance | undefined;
  let url: string;
  let browser: Browser | undefined;

  beforeAll(async () => {
    checkStorybookBuild();
    ({ app, url } = await serveStorybook());
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('has stories to check', () => {
    expect(stories.length).toBeGreaterThan(0);
  });

  it.each(stories.map((s) => [`${s.title} / ${s.name} (${s.id})`, s.id]))('%s has no WCAG A/AA problems', async (_story, id) => {
    const context = await browser!.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    try {
      const page = await context.newPage();
      // The large dealer-group stories render hundreds of inputs: room for a loaded 2-core machine.
      page.setDefaultTimeout(60_000);
      const thrown: string[] = [];
      page.on('pageerror', (e) => thrown.push(`page error: ${e.message}`));
      // storyUrl puts the a11y addon in manual mode: axe is this test's alone.
      await page.goto(storyUrl(url, id));
      await page.locator('#storybook-root > *').first().waitFor();
      const problems = [...thrown, ...(await storyProblems(page))];
      expect(problems, `${id}:\n${problems.join('\n')}`).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
