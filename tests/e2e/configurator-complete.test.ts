import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeConfig } from '../../bench/config-document';
import { call, login, type Session } from '../server/helpers';
import { startE2E, SETTLE, type E2E } from './harness';

type Stage = { slug: string; audience: string; state: string; open: boolean };
type Detail = { id: number; guid: string; version: number; company?: { guid?: string } | null; company_id: number; complete: boolean; stages: Stage[]; data: Record<string, Record<string, unknown>> };

/**
 * The demo dealer completes the demo config (issue 8, "the demo config can be completed end to end"):
 * every stage the seed left untouched is filled in (a draft written through the API with the data a
 * dealer group would type, bench/config-document.ts), then submitted from its page in the built app
 * (the page's own validation and PUT); the confirmation stage lists every section complete and its
 * Submit submits the whole configuration.
 */
describe('completing the demo config (browser)', () => {
  let e2e: E2E;
  let session: Session;
  let detail: Detail;
  beforeAll(async () => {
    e2e = await startE2E();
    session = await login(e2e.server, 'dealer@demo.test');
    const list = await call<Array<{ id: number; name: string }>>(e2e.server, 'GET', '/api/configs', { token: session.token });
    const demo = list.body.find((c) => c.name === 'Demo Motors website')!;
    detail = (await call<Detail>(e2e.server, 'GET', `/api/configs/${demo.id}`, { token: session.token })).body;
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const reload = async () => {
    detail = (await call<Detail>(e2e.server, 'GET', `/api/configs/${detail.id}`, { token: session.token })).body;
  };
  /** A write through the API on the config as it is now (the page's own writes moved its version on). */
  const put = async (slug: string, data: unknown, state: string) => {
    await reload();
    const company = detail.company?.guid ?? String(detail.company_id);
    const r = await call<Detail & { message?: string; errors?: unknown }>(e2e.server, 'PUT', `/api/companies/${company}/configs/${detail.guid}`, {
      token: session.token, body: { slug, data, state, version: detail.version },
    });
    if (r.status !== 200) throw new Error(`${slug}: ${r.status} ${r.text}`);
    detail = r.body;
  };

  /**
   * Opens the stage's page inside the loaded app (a change of route, as the dealer's stage list
   * does), does `before` (what the dealer does there), and submits it with the page's button.
   * Every draft was written before the app loaded the config, and from then on only the app
   * writes it, so the config the app holds stays current: no stage needs a full page load.
   */
  async function submitOnPage(page: Page, slug: string, before?: () => Promise<void>) {
    await page.evaluate((hash) => (window.location.hash = hash), `#/configurator/${detail.id}/${slug}`);
    const stagePage = page.getByTestId('config-stage-page');
    await page.locator(`[data-testid="config-stage-page"][data-stage="${slug}"]`).waitFor();
    await stagePage.getByTestId('page-title').waitFor();
    await before?.();
    const answer = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/configs/') && JSON.parse(r.request().postData() ?? '{}').state === 'submitted');
    await page.getByTestId('stage-submit').click();
    const res = await answer;
    expect({ slug, status: res.status(), body: res.status() === 200 ? '' : await res.text() }).toEqual({ slug, status: 200, body: '' });
    await expect.poll(() => stagePage.locator('[data-state]').first().getAttribute('data-state'), SETTLE).toBe('submitted');
  }

  it('fills and submits every stage on its page, then the confirmation stage submits the whole configuration', async () => {
    const full = completeConfig(detail.data);
    // The design logo is a media library file meeting the logo rule (its `refersTo` check): one the
    // demo company may use, as the stage page's picker offers it.
    const logos = await call<Array<{ guid: string }>>(e2e.server, 'GET', `/api/media?filter=${encodeURIComponent(JSON.stringify({ logo: true }))}`, { token: session.token });
    expect(logos.body.length, 'a demo file meets the logo rule').toBeGreaterThan(0);
    const design = full.design as { branding: { logo: string } };
    full.design = { ...design, branding: { ...design.branding, logo: logos.body[0].guid } };
    const todo = detail.stages.filter((s) => s.audience === 'dealer' && s.state === 'draft' && s.slug !== 'confirmation');
    expect(todo.length).toBeGreaterThan(30);

    // Every draft first, through the API (what the dealer would have typed), confirmation's too;
    // then the dealer signs in and the app loads the config once.
    for (const stage of todo) await put(stage.slug, full[stage.slug], 'draft');
    await put('confirmation', { confirmation: { confirmed: false, comments: '' } }, 'draft');
    const { page } = await e2e.newPage();
    await e2e.openSignedIn(page, 'dealer@demo.test');
    await page.waitForURL(/#\/configurator\/\d+\/dashboard$/);

    const refused: string[] = [];
    for (const stage of todo) {
      try {
        await submitOnPage(page, stage.slug);
      } catch (error) {
        // What the dealer sees: the fields in error and any growl or alert.
        const seen = await page.locator('.Mui-error, [role="alert"], .MuiSnackbarContent-message').allTextContents().catch(() => []);
        refused.push(`${stage.slug}: ${(error as Error).message.split('\n').slice(0, 12).join(' ')} | page: ${[...new Set(seen)].join(' / ')}`);
      }
    }
    expect(refused).toEqual([]);

    // The confirmation stage: every section listed complete; the dealer confirms and submits.
    await submitOnPage(page, 'confirmation', async () => {
      const list = page.getByRole('list', { name: 'Your configuration' });
      await list.waitFor();
      await expect.poll(() => list.locator('[data-status="complete"]').count(), SETTLE).toBeGreaterThan(20);
      await expect(list.locator('[data-status="missing"], [data-status="invalid"]').count()).resolves.toBe(0);
      await page.getByLabel('I confirm the configuration is complete and correct').check();
    });

    // The whole configuration is submitted: the server says complete and the dashboard shows it.
    const after = (await call<Detail>(e2e.server, 'GET', `/api/configs/${detail.id}`, { token: session.token })).body;
    expect(after.stages.filter((s) => s.audience === 'dealer' && s.state === 'draft').map((s) => s.slug)).toEqual([]);
    expect(after.complete).toBe(true);
    await page.goto(`${e2e.server.url}/#/configurator/${detail.id}/dashboard`);
    await page.getByTestId('config-complete').waitFor();
  }, 900_000);
});
