/**
 * axe-core, the accessibility rules engine, for the browser tests of the built app: injected into
 * the page as a script (the app's CSP allows no inline script, so it goes in through the DevTools
 * protocol, as a browser extension would).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * The WCAG 2.1 A and AA problems axe finds on the page (or in the elements `scope` selects), one
 * line each, once no region is busy: a list reading its next page or filter keeps the rows it shows
 * dimmed under `aria-busy` (layout/DeferredRows.tsx), which are about to go and are not what the
 * user reads; checked then, their dimmed text would fail the contrast rule.
 */
export async function wcagProblems(page: Page, scope?: string): Promise<string[]> {
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 15_000 });
  // Once per document: a walk through screens (hash changes) keeps it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const violations = await page.evaluate(async (include) => {
    const axe = (window as unknown as { axe: { run: (ctx: object, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(include ? { include: [[include]] } : document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations;
  }, scope ?? null);
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
