/**
 * Showcases in real Chromium: a dealer reads the live releases (grid, one post, its gallery image by
 * image) and never a draft; staff write a post with images from the shared library and publish it,
 * see the server's slug error on the slug field, rename it and delete it. One server and one browser
 * for the file; the dealer and the admin each sign in once.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_POSTS } from '../../server/db/seed-posts';
import { slugOf } from '../../server/posts/posts.write';
import { hashPath, startE2E, SETTLE, type E2E } from './harness';

const published = DEMO_POSTS.filter((p) => p.published).sort((a, b) => b.published!.localeCompare(a.published!));
const draft = DEMO_POSTS.find((p) => !p.published)!;
const harbour = DEMO_POSTS.find((p) => p.title.startsWith('Harbour Cars'))!;
const cardTitles = (page: Page) => page.getByTestId('showcase-card-title').allTextContents();
/** Waits, as a reader does, for the picker to show the answer to what was typed. */
const searched = (picker: ReturnType<Page['getByTestId']>) => picker.locator('[data-testid="media-picker-files"][aria-busy="false"]').waitFor();

describe('showcases (browser)', () => {
  let e2e: E2E;
  let dealer: Page;
  let admin: Page;
  const open = async (page: Page, path: string) => page.goto(`${e2e.server.url}/#${path}`);

  beforeAll(async () => {
    e2e = await startE2E();
    [dealer, admin] = await Promise.all([e2e.newPage().then((p) => p.page), e2e.newPage().then((p) => p.page)]);
    await e2e.openSignedIn(dealer, 'dealer@demo.test');
    await e2e.openSignedIn(admin, 'admin@demo.test');
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it("shows the three newest live releases on the dashboard, each a link to its post, and 'See all showcases'", async () => {
    await open(dealer, '/dashboard');
    const section = dealer.getByTestId('dashboard-showcases');
    await expect.poll(() => section.getByTestId('showcase-card-title').allTextContents(), SETTLE).toEqual(published.slice(0, 3).map((p) => p.title));
    await section.getByTestId('showcase-card').first().getByRole('link').click();
    await expect.poll(() => hashPath(dealer), SETTLE).toBe(`/showcases/${slugOf(published[0].title)}`);
    await open(dealer, '/dashboard');
    await section.getByRole('link', { name: 'See all showcases' }).click();
    await expect.poll(() => hashPath(dealer), SETTLE).toBe('/showcases');
  });

  it('shows a dealer the published showcases, newest first, in a responsive grid of links', async () => {
    await open(dealer, '/showcases');
    await expect.poll(() => cardTitles(dealer), SETTLE).toEqual(published.map((p) => p.title));
    // Three columns on a desktop: the first three cards share a row.
    const tops = await dealer.getByTestId('showcase-card').evaluateAll((cards) => cards.map((c) => Math.round(c.getBoundingClientRect().top)));
    expect(new Set(tops.slice(0, 3)).size).toBe(1);
    // The featured image's alt text is the media's own.
    await dealer.getByRole('img', { name: harbour.featured.alt }).waitFor();
    // The search narrows the grid.
    await dealer.getByTestId('showcases-search').fill('Sydney');
    await expect.poll(() => cardTitles(dealer), SETTLE).toEqual(['Harbourside Motors is live in Sydney']);
    await dealer.getByTestId('showcases-search').fill('');
    await expect.poll(() => cardTitles(dealer), SETTLE).toHaveLength(published.length);

    // One column on a phone.
    const { page: phone } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await e2e.openSignedIn(phone, 'dealer@demo.test');
    await open(phone, '/showcases');
    await expect.poll(() => cardTitles(phone), SETTLE).toHaveLength(published.length);
    const lefts = await phone.getByTestId('showcase-card').evaluateAll((cards) => cards.map((c) => Math.round(c.getBoundingClientRect().left)));
    expect(new Set(lefts).size).toBe(1);
    await phone.close();
  });

  it('opens a showcase with its content, website link and gallery, and steps through the images', async () => {
    await open(dealer, '/showcases');
    // A card is a link, reached from the keyboard like any other.
    const card = dealer.getByRole('link', { name: new RegExp(harbour.title) });
    await card.focus();
    await dealer.keyboard.press('Enter');
    await dealer.waitForURL(new RegExp(`#/showcases/${slugOf(harbour.title)}$`));
    await expect.poll(() => dealer.getByTestId('page-title').textContent(), SETTLE).toBe(harbour.title);
    await dealer.getByText(harbour.content[0]).waitFor();
    await dealer.getByText(harbour.content[2]).waitFor();
    const site = dealer.getByTestId('showcase-website');
    expect(await site.getAttribute('href')).toBe(harbour.website);
    expect(await site.getAttribute('target')).toBe('_blank');
    expect(await site.getAttribute('rel')).toContain('noopener');
    const gallery = dealer.getByTestId('showcase-gallery-link');
    expect(await gallery.count()).toBe(harbour.gallery.length);

    // The first gallery image: second of the post's images (the featured one comes first).
    await gallery.first().click();
    await dealer.waitForURL(/#\/showcases\/media\/[0-9a-f-]{36}\?post=/);
    const position = dealer.getByTestId('showcase-media-position');
    const total = harbour.gallery.length + 1;
    await expect.poll(() => position.textContent(), SETTLE).toBe(`Image 2 of ${total}`);
    await dealer.getByRole('img', { name: harbour.gallery[0].alt }).waitFor();
    await dealer.getByTestId('showcase-media-next').click();
    await expect.poll(() => position.textContent(), SETTLE).toBe(`Image 3 of ${total}`);
    await dealer.getByRole('img', { name: harbour.gallery[1].alt }).waitFor();
    await dealer.keyboard.press('ArrowLeft');
    await expect.poll(() => position.textContent(), SETTLE).toBe(`Image 2 of ${total}`);
    await dealer.getByTestId('showcase-media-previous').click();
    await expect.poll(() => position.textContent(), SETTLE).toBe(`Image 1 of ${total}`);
    await dealer.getByRole('img', { name: harbour.featured.alt }).waitFor();
    await dealer.getByTestId('showcase-back').click();
    await dealer.waitForURL(new RegExp(`#/showcases/${slugOf(harbour.title)}$`));
    await dealer.getByTestId('showcase-gallery').waitFor();
  });

  it("does not open a draft's slug or an unknown one: back to the dashboard, told it was not found", async () => {
    for (const slug of [slugOf(draft.title), 'no-such-showcase']) {
      await open(dealer, `/showcases/${slug}`);
      await dealer.waitForURL(/#\/dashboard$/, SETTLE);
      await expect.poll(() => dealer.getByTestId('growl-message').allTextContents(), SETTLE).toContainEqual(expect.stringMatching(/not found/i));
      expect(await dealer.getByText(draft.content[0]).count()).toBe(0);
    }
  });

  it('lets staff publish a post with images from the shared library, which dealers then see', async () => {
    const title = 'Northgate Motors goes live';
    await open(admin, '/backend/showcases/create');
    await admin.locator('input[name="post_title"]').fill(title);
    await admin.locator('textarea[name="post_content"]').fill('Northgate Motors now sells online.\n\nEvery car has a video walk-round.');
    await admin.locator('input[name="website_address"]').fill('https://northgate-motors.example');
    // The featured image: the picker lists only the shared library's images.
    await admin.getByTestId('featured-image-choose').click();
    const picker = admin.getByTestId('media-picker');
    await picker.getByTestId('media-choice').first().waitFor();
    const offered = await picker.getByTestId('media-choice').evaluateAll((tiles) => tiles.map((t) => t.getAttribute('data-filename')));
    expect(offered).not.toContain('demo-motors-logo.png');
    await picker.getByTestId('media-picker-search').fill('electric');
    await searched(picker);
    await picker.locator('[data-filename="electric-range.jpg"]').click();
    await expect.poll(() => admin.getByTestId('featured-image-name').textContent(), SETTLE).toBe('electric-range.jpg');
    // One gallery image.
    await admin.getByTestId('gallery-add').click();
    await picker.getByTestId('media-picker-search').fill('service');
    await searched(picker);
    await picker.locator('[data-filename="service-plan.png"]').click();
    await picker.getByTestId('media-picker-done').click();
    await expect.poll(() => admin.getByTestId('gallery-item-name').allTextContents(), SETTLE).toEqual(['service-plan.png']);
    await admin.getByRole('combobox', { name: 'Status' }).click();
    await admin.getByRole('option', { name: 'Published' }).click();
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Post Saved').waitFor();
    await admin.waitForURL(/#\/backend\/showcases\/edit\/\d+$/);
    // View opens the post as readers see it.
    await admin.getByTestId('showcase-view').waitFor();

    await open(dealer, '/showcases');
    await expect.poll(() => cardTitles(dealer), SETTLE).toContain(title);
    await dealer.getByRole('link', { name: new RegExp(title) }).click();
    await dealer.getByText('Every car has a video walk-round.').waitFor();
    expect(await dealer.getByTestId('showcase-gallery-link').count()).toBe(1);
  });

  it("shows the server's error on the slug field, then renames and deletes the post", async () => {
    await open(admin, '/backend/showcases');
    await admin.getByTestId('showcases-table').getByText('Northgate Motors goes live').click();
    await admin.waitForURL(/#\/backend\/showcases\/edit\/\d+$/);
    const titleInput = admin.locator('input[name="post_title"]');
    await expect.poll(() => titleInput.inputValue(), SETTLE).toBe('Northgate Motors goes live');
    // A taken slug: the 422's words on the slug field itself.
    const slug = admin.locator('input[name="slug"]');
    await slug.fill(slugOf(harbour.title));
    await admin.getByRole('button', { name: 'Save' }).click();
    const slugHelp = admin.locator('.MuiFormControl-root', { has: slug }).locator('.MuiFormHelperText-root');
    await expect.poll(() => slugHelp.textContent(), SETTLE).toBe('The slug has already been taken.');

    await slug.fill('northgate-motors-online');
    await titleInput.fill('Northgate Motors is online');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Post Saved').waitFor();
    await admin.getByTestId('showcase-view').click();
    await admin.waitForURL(/#\/showcases\/northgate-motors-online$/);
    await expect.poll(() => admin.getByTestId('page-title').textContent(), SETTLE).toBe('Northgate Motors is online');
    await admin.getByTestId('showcase-edit').click();

    await admin.getByRole('button', { name: 'Delete' }).click();
    await admin.getByRole('button', { name: 'Confirm' }).click();
    await admin.getByText('Post Deleted').waitFor();
    await admin.waitForURL(/#\/backend\/showcases$/);
    await admin.getByTestId('showcases-table').getByText(harbour.title).waitFor();
    expect(await admin.getByTestId('showcases-table').getByText('Northgate Motors').count()).toBe(0);
    expect(hashPath(admin)).toBe('/backend/showcases');
  });
});
