/**
 * The stage page's slider and remote selects in real Chromium, as staff (admin@demo.test) on the
 * demo config (Demo Motors website): the design stage's creative-freedom slider moves by keyboard in
 * steps of 25 and autosaves; the key contact's portal account is searched on the server after one
 * character, saved, and shown by its name after a reload (never its id); the design brief's showcase
 * offers published showcases only. One server (its own fresh database) and one browser for the file.
 */
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts, users } from '../../server/db/schema';
import { demo, type ConfigBody } from '../server/configs-helpers';
import { call } from '../server/helpers';
import { startE2E, SETTLE, type E2E } from './harness';

describe('stage widgets: slider and remote select (browser)', () => {
  let e2e: E2E;
  let page: Page;
  let configId = 0;
  let adminToken = '';
  const db = () => e2e.server.database.db;

  beforeAll(async () => {
    e2e = await startE2E();
    const d = await demo(e2e.server);
    configId = d.motors.id;
    adminToken = d.tokens.admin;
    page = (await e2e.newPage()).page;
    await e2e.openSignedIn(page, 'admin@demo.test');
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const openStage = async (slug: string) => {
    await page.goto(`${e2e.server.url}/#/configurator/${configId}/${slug}`);
    await page.getByTestId('config-stage-page').getByTestId('page-title').waitFor({ timeout: 30_000 });
  };
  const status = () => page.getByTestId('save-indicator').getAttribute('data-status');
  /** The stage's data as the server holds it now. */
  const stored = async (slug: string) => {
    const r = await call<ConfigBody>(e2e.server, 'GET', `/api/configs/${configId}`, { token: adminToken });
    return r.body.data[slug] as Record<string, Record<string, unknown> | unknown> | undefined;
  };
  /** The open listbox's options, as the user reads them. */
  const options = () => page.getByRole('listbox').getByRole('option').allTextContents();

  it('design: the creative freedom slider moves by 25 with the arrow key, autosaves, and a reload shows the saved value', async () => {
    await openStage('design');
    const slider = page.getByRole('slider', { name: "Designer's creative freedom" });
    // A stage nobody has written yet: the schema's default, 50.
    await expect.poll(() => slider.getAttribute('aria-valuenow'), SETTLE).toBe('50');
    await expect(slider.getAttribute('aria-valuetext')).resolves.toBe('50%');
    await expect(status()).resolves.toBe('saved');

    const put = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/configs/'));
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => slider.getAttribute('aria-valuenow'), SETTLE).toBe('75');
    await expect(slider.getAttribute('aria-valuetext')).resolves.toBe('75%');
    await expect.poll(() => page.getByTestId('design_brief_creativeFreedom__value').textContent(), SETTLE).toBe('75%');
    expect((await put).status()).toBe(200);
    await expect.poll(status, SETTLE).toBe('saved');
    await expect(page.getByTestId('save-indicator').textContent()).resolves.toBe('Saved');
    await expect.poll(async () => ((await stored('design'))?.brief as { creativeFreedom?: number } | undefined)?.creativeFreedom, SETTLE).toBe(75);

    await page.reload();
    const again = page.getByRole('slider', { name: "Designer's creative freedom" });
    await expect.poll(() => again.getAttribute('aria-valuenow'), SETTLE).toBe('75');
    await expect(again.getAttribute('aria-valuetext')).resolves.toBe('75%');
    await expect(page.getByTestId('design_brief_creativeFreedom__value').textContent()).resolves.toBe('75%');
  });

  it("key contact: one character finds the company's users on the server, the chosen one is saved and shown by name after a reload", async () => {
    const [dana] = await db().select({ id: users.id, name: users.name }).from(users).where(eq(users.email, 'dealer@demo.test'));
    await openStage('key-contact');
    const input = page.getByRole('combobox', { name: 'Portal account of the key contact' });
    await expect(input.isEnabled()).resolves.toBe(true);
    await expect(input.inputValue()).resolves.toBe('');

    const search = page.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname === '/api/users');
    await input.click();
    await input.pressSequentially('a');
    const answer = await search;
    expect(answer.status()).toBe(200);
    expect(JSON.parse(new URL(answer.url()).searchParams.get('filter') ?? '{}')).toMatchObject({ q: 'a' });
    // Demo Motors' two users (Fran Finch signs its order forms after Dana); another company's
    // (Hugo Harbour, Harbour Cars) is never offered.
    await expect.poll(options, SETTLE).toEqual(['Dana Dealer (dealer@demo.test)', 'Fran Finch (finance@demo.test)']);

    const put = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/configs/'));
    await page.getByRole('option', { name: 'Dana Dealer (dealer@demo.test)' }).click();
    await expect.poll(() => input.inputValue(), SETTLE).toBe('Dana Dealer (dealer@demo.test)');
    expect((await put).status()).toBe(200);
    await expect.poll(status, SETTLE).toBe('saved');
    await expect.poll(async () => (await stored('key-contact'))?.keyContactUser, SETTLE).toBe(dana.id);

    // After a reload the stored id is named as it arrives: every value the input shows on the way
    // (sampled each frame from the first script on) is recorded, and none is a bare id.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { keyContactValues: string[] }).keyContactValues = seen;
      const sample = () => {
        const el = document.querySelector<HTMLInputElement>('input[id="key-contact_keyContactUser"]');
        if (el && seen[seen.length - 1] !== el.value) seen.push(el.value);
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    await page.reload();
    const reloaded = page.getByRole('combobox', { name: 'Portal account of the key contact' });
    await expect.poll(() => reloaded.inputValue(), SETTLE).toBe(`${dana.name} (dealer@demo.test)`);
    const values = await page.evaluate(() => (window as unknown as { keyContactValues: string[] }).keyContactValues);
    expect(values.length).toBeGreaterThan(0);
    expect(values.filter((v) => /^\d+$/.test(v.trim()))).toEqual([]);
  });

  it("key contact as the dealer (no 'list users'): searches their own company's users without asking the server, and reads the chosen name", async () => {
    const dealer = (await e2e.newPage()).page;
    await e2e.openSignedIn(dealer, 'dealer@demo.test');
    const asked: string[] = [];
    dealer.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/users') asked.push(r.url());
    });
    await dealer.goto(`/#/configurator/${configId}/key-contact`);
    await dealer.getByTestId('config-stage-page').getByTestId('page-title').waitFor({ timeout: 30_000 });
    const input = dealer.getByRole('combobox', { name: 'Portal account of the key contact' });
    await expect.poll(() => input.isEnabled(), SETTLE).toBe(true);
    await input.fill('');
    await input.pressSequentially('dana');
    await expect.poll(() => dealer.getByRole('listbox').getByRole('option').allTextContents(), SETTLE).toEqual(['Dana Dealer (dealer@demo.test)']);
    await dealer.getByRole('option', { name: 'Dana Dealer (dealer@demo.test)' }).click();
    // The demo's key contact stage is completed: a change to it is saved by submitting it again.
    const put = dealer.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/configs/'));
    await dealer.getByRole('button', { name: 'Submit' }).click();
    expect((await put).status()).toBe(200);
    await dealer.goto(`/#/configurator/${configId}/key-contact`);
    await dealer.reload();
    await expect.poll(() => dealer.getByRole('combobox', { name: 'Portal account of the key contact' }).inputValue(), SETTLE).toBe('Dana Dealer (dealer@demo.test)');
    // Someone without 'list users' never asks for the user list (it would be refused).
    expect(asked).toEqual([]);
    await dealer.close();
  });

  it('design brief: the showcase search offers published showcases only', async () => {
    const rows = await db().select({ title: posts.postTitle, excerpt: posts.postExcerpt, content: posts.postContent, status: posts.postStatus }).from(posts);
    const matches = (r: (typeof rows)[number]) => [r.title, r.excerpt, r.content].some((t) => (t ?? '').toLowerCase().includes('d'));
    const published = rows.filter((r) => r.status === 'published' && matches(r)).map((r) => r.title).sort();
    const drafts = rows.filter((r) => r.status !== 'published' && matches(r)).map((r) => r.title);
    // The demo data has both: a draft that the letter matches (Demo Motors' coming-soon post) and published ones.
    expect(drafts).toContain('Demo Motors: the new website is nearly ready');
    expect(published.length).toBeGreaterThan(1);

    await openStage('design-brief');
    const input = page.getByRole('combobox', { name: 'A showcase you like' });
    await input.click();
    await input.pressSequentially('d');
    await expect.poll(async () => (await options()).sort(), SETTLE).toEqual(published);
    for (const draft of drafts) expect(await options()).not.toContain(draft);
  });
});
