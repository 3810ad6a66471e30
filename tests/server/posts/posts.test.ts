// Showcase posts, reading: the demo posts, the list protocol, filters, and who sees drafts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_POSTS } from '../../../server/db/seed-posts';
import { startTestServer, type TestServer } from '../../support/server';
import { call, login, type Reply } from '../helpers';

type Item = { id: number; guid: string; filename: string; mime: string; alt: string | null; company_id: number | null; url: string; thumbnail_url: string | null };
type Post = {
  id: number; guid: string; post_title: string; slug: string; post_excerpt: string | null; post_content: string | null; post_status: string;
  published_at: string | null; website_address: string | null; featured_media: Item | null; gallery: Item[];
  taxonomies: Array<{ id: number; name: string; slug: string; taxonomy: string }>; meta: unknown[]; author: { id: number; name: string } | null;
};
type ErrorBody = { message: string; errors?: Array<{ detail: string; field?: string }> };

// Admin has 'edit posts' (sees drafts); the project manager is staff without it; the dealer is a Client.
let server: TestServer;
const tokens: Record<'dealer' | 'pm' | 'admin', string> = {} as never;
type Who = keyof typeof tokens | 'anonymous';
const get = <T = Post>(who: Who, path: string): Promise<Reply<T>> => call<T>(server, 'GET', path, { token: who === 'anonymous' ? undefined : tokens[who] });
const list = (who: Who, query: Record<string, unknown> = {}) =>
  get<Post[]>(who, `/api/posts?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)]))}`);
const titles = (r: Reply<Post[]>) => r.body.map((p) => p.post_title);
const DRAFT = 'Demo Motors: the new website is nearly ready';
let all: Post[];
const byTitle = (start: string) => all.find((p) => p.post_title.startsWith(start))!;

beforeAll(async () => {
  server = await startTestServer();
  for (const who of ['dealer', 'pm', 'admin'] as const) tokens[who] = (await login(server, `${who}@demo.test`)).token;
  all = (await list('admin', { range: [0, 99] })).body;
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/posts', () => {
  it('lists the demo posts by title with Content-Range, each with images, terms and author', async () => {
    const r = await list('admin');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-range')).toBe('posts 0-5/6');
    expect(titles(r)).toEqual([
      DRAFT,
      'Garage Van den Broeck opens its online showroom',
      'Harbour Cars goes live with a stock-led website',
      'Harbourside Motors is live in Sydney',
      'Pennine Motor Group launches one site for three franchises',
      'Table Bay Motors: a new website for Cape Town',
    ]);
    expect(DEMO_POSTS).toHaveLength(6);
    const harbour = byTitle('Harbour Cars');
    expect(harbour).toMatchObject({ slug: 'harbour-cars-goes-live-with-a-stock-led-website', post_status: 'published', published_at: '2025-09-18T09:00:00.000Z', website_address: 'https://harbour-cars.example', author: { name: 'Alex Admin' }, meta: [] });
    expect(harbour.post_content!.split('\n\n')).toHaveLength(3);
    expect(harbour.featured_media).toMatchObject({ filename: 'harbour-cars-live.jpg', mime: 'image/jpeg', company_id: null, alt: 'Harbour Cars: the new website on a laptop and a phone' });
    expect(harbour.gallery.map((g) => g.filename)).toEqual(['harbour-cars-homepage.jpg', 'harbour-cars-vehicle-page.jpg', 'harbour-cars-finance.jpg']);
    expect(harbour.taxonomies).toContainEqual({ id: 10, name: 'FR', names: {}, slug: 'fr', taxonomy: 'region' });
    expect(harbour.taxonomies).toContainEqual({ id: 42, name: 'Peugeot', names: {}, slug: 'peugeot', taxonomy: 'make' });
    // The image addresses work without a session (the app's <img> tags).
    const file = await fetch(`${server.url}${harbour.featured_media!.url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect((await fetch(`${server.url}${harbour.gallery[0].thumbnail_url}`)).headers.get('content-type')).toBe('image/webp');
  });

  it('sorts, pages and filters by text, status, region, make, type and id', async () => {
    const newest = await list('dealer', { sort: ['published_at', 'DESC'], range: [0, 1] });
    expect(newest.headers.get('content-range')).toBe('posts 0-1/5');
    expect(titles(newest)).toEqual(['Table Bay Motors: a new website for Cape Town', 'Garage Van den Broeck opens its online showroom']);
    expect(titles(await list('admin', { filter: { q: 'sydney' } }))).toEqual(['Harbourside Motors is live in Sydney']);
    expect(titles(await list('admin', { filter: { q: 'WhatsApp' } }))).toEqual(['Table Bay Motors: a new website for Cape Town']); // content
    expect(titles(await list('admin', { filter: { q: 'Antwerp Volkswagen' } }))).toEqual(['Garage Van den Broeck opens its online showroom']); // excerpt
    expect(titles(await list('admin', { filter: { q: '100%' } }))).toEqual([]);
    expect(titles(await list('admin', { filter: { post_status: 'draft' } }))).toEqual([DRAFT]);
    expect(titles(await list('admin', { filter: { region: 10 } }))).toEqual(['Harbour Cars goes live with a stock-led website']);
    expect(titles(await list('admin', { filter: { make: [49] } }))).toEqual(['Garage Van den Broeck opens its online showroom', 'Table Bay Motors: a new website for Cape Town']);
    // Taxonomies together: Volkswagen in South Africa.
    expect(titles(await list('admin', { filter: { make: [49], region: [12, 8] } }))).toEqual(['Table Bay Motors: a new website for Cape Town']);
    expect(titles(await list('admin', { filter: { type: [6] } }))).toEqual(['Harbour Cars goes live with a stock-led website']);
    const two = [byTitle('Pennine').id, byTitle('Harbourside').id];
    expect((await list('admin', { filter: { id: two } })).body.map((p) => p.id).sort()).toEqual([...two].sort());
  });

  it("takes the filters as plain parameters too (the spec's ?post_status=published), beside simple-rest's JSON", async () => {
    const plain = (who: Who, query: string) => get<Post[]>(who, `/api/posts?${query}`);
    const published = await plain('admin', 'post_status=published');
    expect(published.status).toBe(200);
    expect(published.headers.get('content-range')).toBe('posts 0-4/5');
    expect(titles(published)).not.toContain(DRAFT);
    expect(titles(await plain('admin', 'post_status=draft'))).toEqual([DRAFT]);
    expect(titles(await plain('admin', 'q=sydney'))).toEqual(['Harbourside Motors is live in Sydney']);
    expect(titles(await plain('admin', 'region=10'))).toEqual(['Harbour Cars goes live with a stock-led website']);
    expect(titles(await plain('admin', 'make=49&region=12&region=8'))).toEqual(['Table Bay Motors: a new website for Cape Town']);
    const two = [byTitle('Pennine').id, byTitle('Harbourside').id];
    expect((await plain('admin', `id=${two[0]}&id=${two[1]}`)).body.map((p) => p.id).sort()).toEqual([...two].sort());
    // Plain and JSON together, with sort and range as the admin sends them.
    const mixed = await plain('admin', `post_status=published&filter=${encodeURIComponent(JSON.stringify({ make: [49] }))}&sort=${encodeURIComponent('["post_title","DESC"]')}`);
    expect(titles(mixed)).toEqual(['Table Bay Motors: a new website for Cape Town', 'Garage Van den Broeck opens its online showroom']);
  });

  it.each([
    ['post_status=archived', 'post_status'],
    ['post_status=published&filter=%7B%22post_status%22%3A%22published%22%7D', 'post_status'],
    ['region=uk', 'region.0'],
    ['id=0', 'id.0'],
    ['status=draft', 'status'],
  ])('refuses the plain query %s with 400 naming %s', async (query, field) => {
    const r = await get<ErrorBody>('admin', `/api/posts?${query}`);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(r.body.errors?.[0].detail);
    expect(r.body.errors?.[0].field).toBe(field);
  });

  it.each([
    [{ sort: ['post_content', 'ASC'] }, 'sort'],
    [{ filter: { status: 'draft' } }, 'filter.status'],
    [{ filter: { post_status: 'archived' } }, 'filter.post_status'],
    [{ filter: { region: ['uk'] } }, 'filter.region'],
    [{ range: [0, 5000] }, 'range'],
  ])('refuses a bad list query %j with 400 naming %s', async (query, field) => {
    const r = (await list('admin', query)) as unknown as Reply<ErrorBody>;
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ message: 'The sort, range or filter of the list is not valid.', errors: [{ field }] });
  });
});

describe('who sees what', () => {
  it.each(['dealer', 'pm'] as const)('%s (no edit posts) sees only published posts, whatever the filter says', async (who) => {
    const r = await list(who, { range: [0, 99] });
    expect(r.headers.get('content-range')).toBe('posts 0-4/5');
    expect(titles(r)).not.toContain(DRAFT);
    expect(r.body.every((p) => p.post_status === 'published' && p.published_at)).toBe(true);
    const drafts = await list(who, { filter: { post_status: 'draft' } });
    expect(drafts.body).toEqual([]);
    expect(drafts.headers.get('content-range')).toBe('posts 0-0/0');
  });

  it.each(['dealer', 'pm'] as const)('%s (no edit posts) sees no draft by the plain ?post_status either', async (who) => {
    const drafts = await get<Post[]>(who, '/api/posts?post_status=draft');
    expect([drafts.status, drafts.body, drafts.headers.get('content-range')]).toEqual([200, [], 'posts 0-0/0']);
    const published = await get<Post[]>(who, '/api/posts?post_status=published');
    expect(titles(published)).not.toContain(DRAFT);
    expect(published.headers.get('content-range')).toBe('posts 0-4/5');
    expect((await get<Post[]>(who, `/api/posts?id=${byTitle('Demo Motors').id}`)).body).toEqual([]);
  });

  it('answers one post by id, guid or slug; a draft is 404 to readers even by id', async () => {
    const harbour = byTitle('Harbour Cars');
    for (const key of [harbour.id, harbour.guid, harbour.slug]) {
      const r = await get('dealer', `/api/posts/${key}`);
      expect(r.status, String(key)).toBe(200);
      expect(r.body).toMatchObject({ id: harbour.id, post_title: harbour.post_title, gallery: harbour.gallery });
    }
    const draft = byTitle('Demo Motors');
    for (const key of [draft.id, draft.guid, draft.slug]) {
      expect((await get('dealer', `/api/posts/${key}`)).status, String(key)).toBe(404);
      expect((await get('pm', `/api/posts/${key}`)).status, String(key)).toBe(404);
      expect((await get('admin', `/api/posts/${key}`)).body.post_status, String(key)).toBe('draft');
    }
    for (const key of ['no-such-post', '999999', '00000000-0000-4000-8000-000000000000', 'Not%20a%20slug!', '99999999999']) {
      const r = await get<ErrorBody>('admin', `/api/posts/${key}`);
      expect(r.status, key).toBe(404);
      expect(r.body.message).toBe('Page Not Found.');
    }
  });

  it('asks for a sign-in: anonymous is 401 for the list and one post', async () => {
    expect((await list('anonymous')).status).toBe(401);
    expect((await get('anonymous', `/api/posts/${byTitle('Harbour Cars').slug}`)).status).toBe(401);
  });
});
