import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { hashPath, namesShownOutside, startE2E, SETTLE, waitForLanding, type E2E } from './harness';

describe('company dashboard and the active company (browser)', () => {
  let e2e: E2E;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    e2e = await startE2E();
    // Both drivers (PGlite, node-postgres) answer raw SQL with `{ rows }`.
    const { rows } = (await e2e.server.database.db.execute(sql`select id, name from companies`)) as unknown as { rows: Array<{ id: number; name: string }> };
    for (const row of rows) ids[row.name] = Number(row.id);
    expect(ids['Demo Motors'] && ids['Harbour Cars']).toBeTruthy();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('lets staff make a company active, keeps it across a reload, and clears it on the plain dashboard', async () => {
    const { page, context } = await e2e.newPage();
    await e2e.openSignedIn(page, 'admin@demo.test');
    await expect(page.getByTestId('dashboard-company').count()).resolves.toBe(0);

    await page.goto(`${e2e.server.url}/#/dashboard/${ids['Demo Motors']}`);
    await expect.poll(() => page.getByTestId('dashboard-company').textContent(), SETTLE).toBe('Demo Motors');
    const cookie = (await context.cookies()).find((c) => c.name === 'portal_active_company');
    expect(cookie?.value).toBe(String(ids['Demo Motors']));

    // The session (kept in session storage) remembers the active company across a reload.
    await page.reload();
    await expect.poll(() => page.getByTestId('dashboard-company').textContent(), SETTLE).toBe('Demo Motors');

    // An active-company cookie that differs from the loaded company (another tab picked one) makes the
    // next route load that company.
    await context.addCookies([{ name: 'portal_active_company', value: String(ids['Harbour Cars']), url: e2e.server.url }]);
    const loaded = page.waitForResponse((r) => r.url().endsWith(`/api/companies/${ids['Harbour Cars']}`) && r.status() === 200);
    await page.goto(`${e2e.server.url}/#/showcases`);
    await loaded;
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'portal_active_company')?.value, SETTLE).toBe(String(ids['Harbour Cars']));

    // An empty id clears the active company.
    await page.goto(`${e2e.server.url}/#/dashboard`);
    await page.getByTestId('dashboard-page').waitFor();
    await expect.poll(() => page.getByTestId('dashboard-company').count(), SETTLE).toBe(0);
    await expect.poll(async () => (await context.cookies()).filter((c) => c.name === 'portal_active_company').map((c) => `${c.value}@${c.path}`), SETTLE).toEqual([]);
  });

  it('stops a dealer on a company that is not theirs (404 while loading) and never shows it', async () => {
    const { page } = await e2e.newPage();
    await e2e.openSignedIn(page, 'dealer@demo.test');
    await page.waitForURL(/#\/configurator/);
    await waitForLanding(page);
    await page.goto(`${e2e.server.url}/#/dashboard/${ids['Harbour Cars']}`);
    await page.waitForURL(/#\/dashboard$/);
    expect(hashPath(page)).toBe('/dashboard');
    await expect.poll(() => page.getByTestId('dashboard-company').textContent(), SETTLE).toBe('Demo Motors');
    // Harbour Cars' showcase may be among the live releases, which every signed-in user reads.
    await expect(namesShownOutside(page, 'dashboard-showcases', ['Harbour Cars'])).resolves.toEqual([]);
  });

  // Spec section 2: "A 403 or 404 while loading data for a route stops navigation", one behaviour
  // for every record route, whether the guard loads the record first (the company dashboard above)
  // or the page loads its own: the address does not stay, and the user is told why.
  it('stops on every record the user may not open or that does not exist: back to the dashboard, with a growl', async () => {
    const one = async (query: ReturnType<typeof sql>) => Number(((await e2e.server.database.db.execute(query)) as unknown as { rows: Array<{ id: number }> }).rows[0].id);
    const harbourAgreement = await one(sql`select a.id from agreements a join companies c on c.id = a.company_id where c.name = 'Harbour Cars' limit 1`);
    const harbourConfig = await one(sql`select g.id from configs g join companies c on c.id = g.company_id where c.name = 'Harbour Cars' limit 1`);
    const cases: Array<[string, string, RegExp]> = [
      ['dealer@demo.test', `/agreements/${harbourAgreement}/preview`, /not found|introuvable/i],
      ['dealer@demo.test', `/configurator/${harbourConfig}/dashboard`, /No Access/],
      ['dealer@demo.test', `/configurator/${harbourConfig}/franchises`, /No Access/],
      ['admin@demo.test', '/tracker/999999/summary', /not found/i],
      ['admin@demo.test', '/tracker/999999/profile', /not found/i],
      ['admin@demo.test', '/agreements/999999/edit', /not found/i],
    ];
    const pages = new Map<string, Awaited<ReturnType<E2E['newPage']>>['page']>();
    for (const [who, path, said] of cases) {
      let page = pages.get(who);
      if (!page) {
        page = (await e2e.newPage()).page;
        await e2e.openSignedIn(page, who);
        await waitForLanding(page);
        pages.set(who, page);
      }
      await page.goto(`${e2e.server.url}/#${path}`);
      await page.waitForURL(/#\/dashboard$/, SETTLE);
      await expect.poll(() => page.getByTestId('growl-message').allTextContents(), SETTLE).toContainEqual(expect.stringMatching(said));
      expect(hashPath(page), path).toBe('/dashboard');
      await expect(page.getByTestId('not-found-page').count()).resolves.toBe(0);
    }
  });
});
