/**
 * The projects views in real Chromium (issue 29): a project manager opens the projects dashboard,
 * follows "at risk" into the filtered list and sees only projects at risk (open, and red, amber or
 * with an overdue task), sorts it (the sort kept in the address across a reload) and exports it as
 * CSV. The dashboard and the list are opened at 1440 px and 390 px (photographed into
 * $E2E_SHOTS/projects when it is set); neither has a WCAG problem axe can find or scrolls sideways on a
 * phone. One server and one browser for the file.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wcagProblems } from './axe';
import { hashPath, photograph, startE2E, SETTLE, type E2E } from './harness';

const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const OPEN = ['active', 'on hold', 'pre-project'];

interface Row {
  name: string;
  status: string;
  rag: string;
  percentage: number;
  overdue: number;
}

/** The rows of the list's table as shown. */
const tableRows = (page: Page): Promise<Row[]> =>
  page.getByTestId('projects-table').locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => ({
      name: tr.querySelector('td.column-name')?.textContent ?? '',
      status: tr.querySelector('[data-testid="status-chip"]')?.getAttribute('data-status') ?? '',
      rag: tr.querySelector('[data-testid="rag-chip"]')?.getAttribute('data-rag') ?? '',
      percentage: Number(tr.querySelector('[data-testid="percent-bar"]')?.getAttribute('data-value')),
      overdue: Number(/(\d+) overdue/.exec(tr.textContent ?? '')?.[1] ?? 0),
    })),
  );

const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('projects views (browser)', () => {
  let e2e: E2E;
  let pm: Page;
  let phone: Page;
  let atRisk = 0;
  const logged: string[] = [];

  beforeAll(async () => {
    e2e = await startE2E();
    [pm, phone] = (await Promise.all([e2e.newPage({ viewport: WIDE }), e2e.newPage({ viewport: PHONE })])).map((p) => p.page);
    for (const page of [pm, phone]) {
      page.on('console', (m) => {
        if (m.type() === 'warning' || m.type() === 'error') logged.push(`${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => logged.push(`uncaught: ${e.message}`));
      await e2e.openSignedIn(page, 'pm@demo.test');
    }
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it('shows the dashboard: counts per view, status and RAG, launches due and projects at risk', async () => {
    await pm.goto(`${e2e.server.url}/#/projects/dashboard`);
    const card = pm.getByTestId('view-at-risk');
    await card.waitFor(SETTLE);
    atRisk = Number(await card.getAttribute('data-count'));
    expect(atRisk).toBeGreaterThan(0);
    // The demo's twenty projects, every one counted once by status.
    const byStatus = await pm.locator('[data-testid="overview-status"] [data-count]').evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-count'))));
    expect(byStatus.reduce((a, b) => a + b, 0)).toBe(20);
    // Red first in the at-risk list.
    const rags = await pm.getByTestId('at-risk-list').getByTestId('overview-project').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-rag')));
    expect(rags.length).toBe(Math.min(atRisk, 10));
    expect(rags.indexOf('red')).toBe(0);
    await photograph(pm, 'projects', 'dashboard-1440');
    expect(await wcagProblems(pm)).toEqual([]);
  });

  it('follows "at risk" into the filtered list, which lists only projects at risk', async () => {
    await pm.getByTestId('view-at-risk').click();
    await pm.getByTestId('projects-table').waitFor(SETTLE);
    expect(hashPath(pm)).toBe('/projects/filter/at-risk');
    expect(await pm.getByTestId('page-title').textContent()).toBe('Projects at risk');
    await expect.poll(async () => (await tableRows(pm)).length, SETTLE).toBe(atRisk);
    const rows = await tableRows(pm);
    for (const row of rows) {
      expect(OPEN, row.name).toContain(row.status);
      expect(row.rag === 'red' || row.rag === 'amber' || row.overdue > 0, `${row.name}: ${row.rag}, ${row.overdue} overdue`).toBe(true);
    }
    await photograph(pm, 'projects', 'at-risk-1440');
    expect(await wcagProblems(pm)).toEqual([]);
  });

  it('sorts by percentage complete, and the sort stays in the address across a reload', async () => {
    const byPercentage = async () => (await tableRows(pm)).map((r) => r.percentage);
    await pm.getByTestId('projects-table').getByRole('button', { name: 'Complete' }).click();
    await expect.poll(() => hashPath(pm), SETTLE).toContain('sort=complete_percentage');
    await expect.poll(async () => {
      const values = await byPercentage();
      return values.length === atRisk && values.every((v, i) => i === 0 || values[i - 1] <= v);
    }, SETTLE).toBe(true);
    const before = await byPercentage();
    // Once more: the other way round.
    await pm.getByTestId('projects-table').getByRole('button', { name: 'Complete' }).click();
    await expect.poll(async () => (await byPercentage()).join(), SETTLE).toBe([...before].reverse().join());
    const sorted = (await tableRows(pm)).map((r) => r.name);
    expect(hashPath(pm)).toContain('order=DESC');
    await pm.reload();
    await pm.getByTestId('projects-table').waitFor(SETTLE);
    await expect.poll(async () => (await tableRows(pm)).map((r) => r.percentage).join(), SETTLE).toBe([...before].reverse().join());
    expect((await tableRows(pm)).map((r) => r.name).length).toBe(sorted.length);
  });

  it('exports the list it shows as CSV', async () => {
    const shown = (await tableRows(pm)).map((r) => r.name).sort();
    const [download] = await Promise.all([pm.waitForEvent('download'), pm.getByRole('button', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toBe('projects.csv');
    const lines = readFileSync(await download.path(), 'utf8').trim().split(/\r?\n/);
    const header = lines[0].split(',');
    expect(header.slice(0, 6)).toEqual(['id', 'name', 'company', 'project_type', 'status', 'rag']);
    const names = lines.slice(1).map((l) => l.split(',')[1].replace(/^"|"$/g, '')).sort();
    expect(names).toEqual(shown);
    const statuses = lines.slice(1).map((l) => l.split(',')[4]);
    expect(statuses.every((s) => OPEN.includes(s.replace(/^"|"$/g, '')))).toBe(true);
  });

  it('fits a phone: the dashboard and the list never scroll sideways', async () => {
    await phone.goto(`${e2e.server.url}/#/projects/dashboard`);
    await phone.getByTestId('view-at-risk').waitFor(SETTLE);
    await photograph(phone, 'projects', 'dashboard-390');
    expect(await pageOverflow(phone)).toBe(0);
    await phone.getByTestId('view-at-risk').click();
    await phone.getByTestId('projects-cards').waitFor(SETTLE);
    // No column headers on a phone: the sort select orders the cards, kept in the address.
    const percentages = () =>
      phone.getByTestId('projects-cards').locator('[data-testid="percent-bar"]').evaluateAll((bars) => bars.map((b) => Number(b.getAttribute('data-value'))));
    await phone.getByTestId('projects-sort').locator('xpath=..').click();
    await phone.getByRole('option', { name: 'Least complete first' }).click();
    await expect.poll(() => /sort=complete_percentage/.test(hashPath(phone)) && /order=ASC/.test(hashPath(phone)), SETTLE).toBe(true);
    await expect.poll(async () => {
      const shown = await percentages();
      return shown.length > 1 && shown.every((p, i) => i === 0 || shown[i - 1] <= p);
    }, SETTLE).toBe(true);
    await photograph(phone, 'projects', 'at-risk-390');
    expect(await pageOverflow(phone)).toBe(0);
    await pm.goto(`${e2e.server.url}/#/projects/in-build`);
    await pm.getByTestId('projects-table').waitFor(SETTLE);
    expect(await pm.getByTestId('page-title').textContent()).toBe('Projects in build');
    await photograph(pm, 'projects', 'in-build-1440');
  });

  it('logged no warning or error in the browser console', () => {
    expect(logged).toEqual([]);
  });
});
