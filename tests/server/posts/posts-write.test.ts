// Showcase posts, writing: permissions, the 422s per field, slugs, images, published_at, partial
// updates, deletes, and hostile bodies that must never be a 500.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, postMedia } from '../../../server/db/schema';
import { startTestServer, type TestServer } from '../../support/server';
import { call, login, type Reply } from '../helpers';

type Item = { id: number; filename: string; mime: string; company_id: number | null };
type Post = {
  id: number; guid: string; post_title: string; slug: string; post_excerpt: string | null; post_content: string | null; post_status: string;
  published_at: string | null; website_address: string | null; featured_media: Item | null; gallery: Item[];
  taxonomies: Array<{ id: number; taxonomy: string }>; meta: Array<{ meta_key: string; meta_value: string | null }>;
  author: { id: number; name: string } | null; message?: string;
};
type ErrorBody = { message: string; errors?: Array<{ detail: string; field?: string }> };

let server: TestServer;
const tokens: Record<'dealer' | 'pm' | 'admin', string> = {} as never;
type Who = keyof typeof tokens | 'anonymous';
const as = <T = Post>(who: Who, method: string, path: string, body?: unknown): Promise<Reply<T>> =>
  call<T>(server, method, path, { token: who === 'anonymous' ? undefined : tokens[who], body });
const create = async (body: Record<string, unknown>) => {
  const r = await as('admin', 'POST', '/api/posts', body);
  if (r.status !== 201) throw new Error(`create: ${r.status} ${r.text}`);
  return r.body;
};
/** The library's files as the admin sees them, by name. */
let files: Map<string, Item>;
const file = (name: string) => files.get(name)!.id;
let demoMotors: number;

beforeAll(async () => {
  server = await startTestServer();
  for (const who of ['dealer', 'pm', 'admin'] as const) tokens[who] = (await login(server, `${who}@demo.test`)).token;
  const items = (await as<Item[]>('admin', 'GET', `/api/media?range=${JSON.stringify([0, 999])}`)).body;
  files = new Map(items.map((i) => [i.filename, i]));
  demoMotors = files.get('demo-motors-logo.png')!.company_id!;
});
afterAll(async () => {
  await server?.close();
});

describe('permissions', () => {
  it("needs 'create posts' to create and 'edit posts' to change or delete; a sign-in for anything", async () => {
    const post = await create({ post_title: 'Permission check' });
    for (const who of ['dealer', 'pm'] as const) {
      expect((await as<ErrorBody>(who, 'POST', '/api/posts', { post_title: 'Mine' })).status, who).toBe(403);
      expect((await as<ErrorBody>(who, 'PUT', `/api/posts/${post.id}`, { post_title: 'Mine' })).status, who).toBe(403);
      expect((await as<ErrorBody>(who, 'DELETE', `/api/posts/${post.id}`)).status, who).toBe(403);
    }
    expect((await as<ErrorBody>('anonymous', 'POST', '/api/posts', { post_title: 'Mine' })).status).toBe(401);
    expect((await as<ErrorBody>('anonymous', 'PUT', `/api/posts/${post.id}`, { post_title: 'Mine' })).status).toBe(401);
    expect((await as<ErrorBody>('anonymous', 'DELETE', `/api/posts/${post.id}`)).status).toBe(401);
    expect((await as('admin', 'GET', `/api/posts/${post.id}`)).body.post_title).toBe('Permission check');
  });
});

describe('POST /api/posts', () => {
  it("creates a draft by the writer with 'Post Saved', from flat fields or {post, terms}", async () => {
    const flat = await as('admin', 'POST', '/api/posts', {
      post_title: '  Riverside Motors goes live  ', post_excerpt: 'Short.', post_content: 'One.\n\nTwo.', website_address: 'https://riverside.example',
      featured_media_id: file('harbour-cars-live.jpg'), gallery_ids: [file('electric-range.jpg')], terms: [7, 23, 1], meta: [{ meta_key: 'launch_week', meta_value: '23' }],
    });
    expect(flat.status).toBe(201);
    expect(flat.body).toMatchObject({
      message: 'Post Saved', post_title: 'Riverside Motors goes live', slug: 'riverside-motors-goes-live', post_status: 'draft', published_at: null,
      post_content: 'One.\n\nTwo.', website_address: 'https://riverside.example', author: { name: 'Alex Admin' }, meta: [{ meta_key: 'launch_week', meta_value: '23' }],
    });
    expect(flat.body.featured_media?.filename).toBe('harbour-cars-live.jpg');
    expect(flat.body.taxonomies.map((t) => t.id).sort((x, y) => x - y)).toEqual([1, 7, 23]);
    // A draft: readers cannot open it.
    expect((await as('dealer', 'GET', `/api/posts/${flat.body.slug}`)).status).toBe(404);

    const nested = await as('admin', 'POST', '/api/posts', { post: { post_title: 'Nested form', post_status: 'published' }, terms: [8] });
    expect(nested.status).toBe(201);
    expect(nested.body).toMatchObject({ post_status: 'published', taxonomies: [{ id: 8, taxonomy: 'region' }] });
    expect(Date.now() - Date.parse(nested.body.published_at!)).toBeLessThan(60_000);
    expect((await as('dealer', 'GET', `/api/posts/${nested.body.slug}`)).status).toBe(200);
  });

  it('makes the slug from the title, unique with -2, -3; a slug sent must be free and well formed', async () => {
    expect((await create({ post_title: 'Garage Lefèvre is LIVE — in Straße 5!' })).slug).toBe('garage-lefevre-is-live-in-strasse-5');
    const slugs = [];
    for (let i = 0; i < 3; i++) slugs.push((await create({ post_title: 'Same title' })).slug);
    expect(slugs).toEqual(['same-title', 'same-title-2', 'same-title-3']);
    expect((await create({ post_title: '2026' })).slug).toBe('post-2026');
    expect((await create({ post_title: '!!!' })).slug).toBe('post');
    expect((await create({ post_title: 'Custom', slug: 'My-Custom-Slug' })).slug).toBe('my-custom-slug');

    const taken = await as<ErrorBody>('admin', 'POST', '/api/posts', { post_title: 'Another', slug: 'same-title' });
    expect(taken.status).toBe(422);
    expect(taken.body).toEqual({ message: 'The slug has already been taken.', errors: [{ detail: 'The slug has already been taken.', field: 'slug' }] });
    for (const slug of ['has spaces', 'under_score', '12345', 'trailing-', 'ça-va']) {
      const r = await as<ErrorBody>('admin', 'POST', '/api/posts', { post_title: 'Bad slug', slug });
      expect(r.status, slug).toBe(422);
      expect(r.body.errors, slug).toEqual([{ detail: 'The slug may only contain lowercase letters, numbers and hyphens, with at least one letter.', field: 'slug' }]);
    }
  });

  it('names every invalid field at once, in the spec words', async () => {
    const r = await as<ErrorBody>('admin', 'POST', '/api/posts', {
      post_title: '   ', post_excerpt: 'x'.repeat(301), post_content: 'y'.repeat(20_001), post_status: 'archived', website_address: 'www.no-scheme.example',
      featured_media_id: 999_999, gallery_ids: [file('dealer-brochure.pdf')], terms: [60], meta: [{ meta_key: 'a' }, { meta_key: 'a' }],
    });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('The post title field must be filled in');
    expect(r.body.errors).toEqual([
      { detail: 'The post title field must be filled in', field: 'post_title' },
      { detail: 'Must have at most 300 characters.', field: 'post_excerpt' },
      { detail: 'Must have at most 20000 characters.', field: 'post_content' },
      { detail: 'The selected post status is invalid.', field: 'post_status' },
      { detail: 'This must be in a URL format http.', field: 'website_address' },
      { detail: 'Please choose images from the shared media library.', field: 'featured_media_id' },
      { detail: 'Please choose images from the shared media library.', field: 'gallery_ids' },
      { detail: 'Please choose valid region, make and type terms.', field: 'terms' },
      { detail: 'No duplicate meta_key allowed', field: 'meta' },
    ]);
    expect((await as<ErrorBody>('admin', 'POST', '/api/posts', {})).body.errors).toEqual([{ detail: 'The post title field must be filled in', field: 'post_title' }]);
    expect((await as<ErrorBody>('admin', 'POST', '/api/posts', { post_title: 't'.repeat(201) })).body.errors).toEqual([{ detail: 'Must have at most 200 characters.', field: 'post_title' }]);
    expect((await as<ErrorBody>('admin', 'POST', '/api/posts', { post_title: 'Unknown term', terms: [7, 99_999] })).body.errors).toEqual([{ detail: 'Please choose valid region, make and type terms.', field: 'terms' }]);
  });

  it("refuses a company's own files (every reader would see them) and files that are not images", async () => {
    const logo = files.get('demo-motors-logo.png')!;
    expect(logo.company_id).toBe(demoMotors);
    for (const body of [{ featured_media_id: logo.id }, { gallery_ids: [file('electric-range.jpg'), logo.id] }, { featured_media_id: file('dealer-brochure.pdf') }]) {
      const r = await as<ErrorBody>('admin', 'POST', '/api/posts', { post_title: 'Images', ...body });
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.body.errors).toEqual([{ detail: 'Please choose images from the shared media library.', field: Object.keys(body)[0] }]);
    }
  });
});

describe('PUT /api/posts/{id}', () => {
  it('changes only the fields sent, keeps the gallery order sent, and keeps the slug on a new title', async () => {
    const [a, b, c] = ['spring-offers-banner.jpg', 'used-car-week.webp', 'service-plan.png'].map(file);
    const post = await create({ post_title: 'Partial update', post_excerpt: 'Kept', gallery_ids: [c, a, b], terms: [9, 22], meta: [{ meta_key: 'k', meta_value: 'v' }], website_address: 'http://kept.example' });
    expect(post.gallery.map((g) => g.id)).toEqual([c, a, b]);

    const r = await as('admin', 'PUT', `/api/posts/${post.id}`, { post_title: 'Partial update, renamed' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ message: 'Post Saved', post_title: 'Partial update, renamed', slug: 'partial-update', post_excerpt: 'Kept', website_address: 'http://kept.example', meta: [{ meta_key: 'k', meta_value: 'v' }] });
    expect(r.body.gallery.map((g) => g.id)).toEqual([c, a, b]);
    expect(r.body.taxonomies.map((t) => t.id).sort((x, y) => x - y)).toEqual([9, 22]);

    const reordered = await as('admin', 'PUT', `/api/posts/${post.guid}`, { gallery_ids: [b, c], post_excerpt: null, terms: [] });
    expect(reordered.body.gallery.map((g) => g.id)).toEqual([b, c]);
    expect(reordered.body).toMatchObject({ post_excerpt: null, taxonomies: [], post_title: 'Partial update, renamed' });
    // A blank slug is made again from the title.
    expect((await as('admin', 'PUT', `/api/posts/${post.id}`, { slug: '' })).body.slug).toBe('partial-update-renamed');
    // Its own slug again is not "taken".
    expect((await as('admin', 'PUT', `/api/posts/${post.id}`, { slug: 'partial-update-renamed', post_title: 'Again' })).status).toBe(200);
    const taken = await as<ErrorBody>('admin', 'PUT', `/api/posts/${post.id}`, { slug: 'same-title' });
    expect([taken.status, taken.body.errors]).toEqual([422, [{ detail: 'The slug has already been taken.', field: 'slug' }]]);
    expect((await as<ErrorBody>('admin', 'PUT', `/api/posts/${post.id}`, { post_title: '' })).status).toBe(422);
    expect((await as<ErrorBody>('admin', 'PUT', '/api/posts/999999', { post_title: 'x' })).status).toBe(404);
  });

  it('sets published_at the first time the post is published, and keeps it', async () => {
    const post = await create({ post_title: 'Publish once' });
    expect(post.published_at).toBeNull();
    const first = (await as('admin', 'PUT', `/api/posts/${post.id}`, { post_status: 'published' })).body.published_at;
    expect(first).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await as('dealer', 'GET', `/api/posts/${post.id}`)).status).toBe(200);
    const down = await as('admin', 'PUT', `/api/posts/${post.id}`, { post_status: 'draft' });
    expect(down.body).toMatchObject({ post_status: 'draft', published_at: first });
    expect((await as('dealer', 'GET', `/api/posts/${post.id}`)).status).toBe(404);
    await new Promise((r) => setTimeout(r, 20));
    expect((await as('admin', 'PUT', `/api/posts/${post.id}`, { post_status: 'published' })).body.published_at).toBe(first);
  });
});

describe('DELETE /api/posts/{id}', () => {
  it("removes the post and its gallery rows ('Post Deleted'); the images stay in the library", async () => {
    const gallery = [file('electric-range.jpg'), file('finance-badge.gif')];
    const post = await create({ post_title: 'To delete', gallery_ids: gallery, terms: [7] });
    const rows = () => server.database.db.select({ n: count() }).from(postMedia).where(eq(postMedia.postId, post.id));
    expect((await rows())[0].n).toBe(2);
    const r = await as<{ id: number; message: string }>('admin', 'DELETE', `/api/posts/${post.guid}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: post.id, message: 'Post Deleted' });
    expect((await as('admin', 'GET', `/api/posts/${post.id}`)).status).toBe(404);
    expect((await rows())[0].n).toBe(0);
    expect(await server.database.db.select({ id: media.id }).from(media).where(eq(media.id, gallery[0]))).toHaveLength(1);
    expect((await as('admin', 'DELETE', `/api/posts/${post.id}`)).status).toBe(404);
  });

  it('keeps a post whose image is deleted from the library: no featured image, one gallery image fewer', async () => {
    const upload = new FormData();
    const { card } = await import('../../../server/db/seed-media');
    upload.append('file', new Blob([new Uint8Array(await card(400, 300, '#123456', 'Temp').png().toBuffer())]), 'temp.png');
    const up = await fetch(`${server.url}/api/media`, { method: 'POST', headers: { authorization: `Bearer ${tokens.admin}` }, body: upload });
    const temp = ((await up.json()) as { media: Item[] }).media[0];
    const post = await create({ post_title: 'Image goes', featured_media_id: temp.id, gallery_ids: [temp.id, file('service-plan.png')] });
    expect((await as('admin', 'DELETE', `/api/media/${temp.id}`)).status).toBe(200);
    const after = (await as('admin', 'GET', `/api/posts/${post.id}`)).body;
    expect(after.featured_media).toBeNull();
    expect(after.gallery.map((g) => g.filename)).toEqual(['service-plan.png']);
  });
});

describe('hostile bodies are 4xx, never 500', () => {
  it.each([
    ['a title object', { post_title: { a: 1 } }, 'post_title'],
    // A lone value is not a list: a JSON body is taken as sent (only query strings are coerced).
    ['gallery ids as text', { post_title: 'x', gallery_ids: 'abc' }, 'gallery_ids'],
    ['a gallery id as text in the list', { post_title: 'x', gallery_ids: ['5'] }, 'gallery_ids.0'],
    ['a featured id as text', { post_title: 'x', featured_media_id: 'x' }, 'featured_media_id'],
    ['a term id 0', { post_title: 'x', terms: [0] }, 'terms.0'],
    ['a repeated gallery id', { post_title: 'x', gallery_ids: [5, 5] }, 'gallery_ids'],
    ['a status list', { post_title: 'x', post_status: ['published', 'draft'] }, 'post_status'],
    ['meta as text', { post_title: 'x', meta: 'x' }, 'meta'],
    ['meta as an object', { post_title: 'x', meta: { a: 'b' } }, 'meta'],
    ['a bad meta key', { post_title: 'x', meta: [{ meta_key: 'a b' }] }, 'meta.0.meta_key'],
    ['an unknown field', { post_title: 'x', colour: 'red' }, 'colour'],
  ])('%s: 400 naming the field', async (_, body, field) => {
    const r = await as<ErrorBody>('admin', 'POST', '/api/posts', body);
    expect(r.status).toBe(400);
    expect(r.body.errors?.[0].field).toBe(field);
  });

  it('refuses __proto__ keys, a 1 MB string and an array body; cleans NUL characters', async () => {
    const raw = (text: string, method = 'POST', path = '/api/posts') =>
      fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/json' }, body: text });
    expect((await raw('{"post_title":"x","__proto__":{"admin":true}}')).status).toBe(400);
    expect((await raw('{"post":{"post_title":"x","constructor":{"prototype":{}}}}')).status).toBe(400);
    expect((await raw(JSON.stringify({ post_title: 'x'.repeat(1_100_000) }))).status).toBe(413);
    expect((await raw(JSON.stringify({ post_title: 'Long', post_content: 'x'.repeat(900_000) }))).status).toBe(422);
    expect((await raw('[1,2]')).status).toBe(400);
    expect((await raw('{"post_title":')).status).toBe(400);
    const first = (await as('admin', 'GET', '/api/posts?range=[0,0]')).body as unknown as Post[];
    expect((await raw('{"post_title":{}}', 'PUT', `/api/posts/${first[0].id}`)).status).toBe(400);
    // Text PostgreSQL cannot store is refused before the route (server/http/input-guard.ts).
    const nul = await as<ErrorBody>('admin', 'POST', '/api/posts', { post_title: 'Nul\u0000 title \ud800', post_content: 'a\u0000b' });
    expect(nul.status).toBe(400);
    expect(nul.body.errors).toEqual([{ detail: 'The text contains a character that cannot be stored (a NUL character or an unpaired surrogate).', field: 'post_title' }]);
  });
});

describe('the database refusals the services answer as 4xx (server/db/pg-errors.ts)', () => {
  // The driver's error shape differs (PGlite, node-postgres, wrapped by Drizzle): checked on each.
  it('knows a foreign key and a unique refusal as this driver reports them', async () => {
    const { isForeignKeyViolation, isUniqueViolation } = await import('../../../server/db/pg-errors');
    const post = await create({ post_title: 'Refusals' });
    const refusal = (write: Promise<unknown>) => write.then(() => null, (err: unknown) => err);
    const gone = await refusal(server.database.db.insert(postMedia).values({ postId: post.id, mediaId: 2_000_000_000, position: 0 }));
    expect(isForeignKeyViolation(gone)).toBe(true);
    expect(isUniqueViolation(gone)).toBe(false);
    const image = file('demo-motors-logo.png');
    await server.database.db.insert(postMedia).values({ postId: post.id, mediaId: image, position: 0 });
    const twice = await refusal(server.database.db.insert(postMedia).values({ postId: post.id, mediaId: image, position: 1 }));
    expect(isUniqueViolation(twice)).toBe(true);
    expect(isForeignKeyViolation(twice)).toBe(false);
  });
});
