// Who may list and open which media file (server/media/media.access.ts), per kind of file:
// a logo and a published shared image by address alone; an image only draft showcases use, to staff
// only; a company's own upload, to that company and staff. Each kind is tried by a dealer of the
// owning company, a dealer of another company, staff, and nobody, with the session as the app's
// <img> tags send it (the refresh cookie) and as an API client sends it (the bearer token).
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyMeta, refreshTokens } from '../../../server/db/schema';
import { hashToken } from '../../../server/auth/auth.tokens';
import { startTestServer, type TestServer } from '../../support/server';
import { call, login, type Reply, type Session } from '../helpers';

type Item = { id: number; guid: string; filename: string; company_id: number | null; url: string; thumbnail_url: string | null };
type Post = { id: number; post_status: string; featured_media: Item | null; gallery: Item[] };

let server: TestServer;
const sessions = {} as Record<'admin' | 'pm' | 'dealerA' | 'dealerB', Session>;
type Who = keyof typeof sessions;
/** Who tries: by cookie (an <img> in the app), by bearer (an API client), or nobody. */
type Try = `${Who}:cookie` | `${Who}:bearer` | 'nobody';
let demoMotors = 0;

const as = <T = Record<string, unknown>>(who: Who, method: string, path: string, body?: unknown): Promise<Reply<T>> => call<T>(server, method, path, { token: sessions[who].token, body });
const listed = async (who: Who) => (await as<Item[]>(who, 'GET', '/api/media?range=[0,999]')).body;
const paged = async (who: Who) => (await as<{ media: { results: Item[] } }>(who, 'POST', '/api/media/page', { page: 1, perPage: 100 })).body.media.results;

/** The status of opening an address as `who`. */
async function open(url: string, who: Try): Promise<number> {
  const headers: Record<string, string> = {};
  if (who !== 'nobody') {
    const [name, how] = who.split(':') as [Who, 'cookie' | 'bearer'];
    if (how === 'cookie') headers.cookie = sessions[name].cookie;
    else headers.authorization = `Bearer ${sessions[name].token}`;
  }
  const res = await fetch(`${server.url}${url}`, { headers });
  await res.arrayBuffer();
  return res.status;
}

/** Who may open the file and its thumbnail (and who may not), as status codes per viewer. */
async function opens(item: Item): Promise<Record<Try, number>> {
  const tries: Try[] = ['nobody', 'dealerA:cookie', 'dealerA:bearer', 'dealerB:cookie', 'dealerB:bearer', 'pm:cookie', 'admin:bearer'];
  const out = {} as Record<Try, number>;
  for (const who of tries) {
    const file = await open(item.url, who);
    const thumbnail = item.thumbnail_url ? await open(item.thumbnail_url, who) : file;
    expect(thumbnail, `${item.filename} thumbnail as ${who}`).toBe(file);
    out[who] = file;
  }
  return out;
}
const everyone = { nobody: 200, 'dealerA:cookie': 200, 'dealerA:bearer': 200, 'dealerB:cookie': 200, 'dealerB:bearer': 200, 'pm:cookie': 200, 'admin:bearer': 200 };
const staffOnly = { nobody: 404, 'dealerA:cookie': 404, 'dealerA:bearer': 404, 'dealerB:cookie': 404, 'dealerB:bearer': 404, 'pm:cookie': 200, 'admin:bearer': 200 };
const companyA = { nobody: 404, 'dealerA:cookie': 200, 'dealerA:bearer': 200, 'dealerB:cookie': 404, 'dealerB:bearer': 404, 'pm:cookie': 200, 'admin:bearer': 200 };

let all: Map<string, Item>;
const file = (name: string) => all.get(name)!;
let draft: Post;

beforeAll(async () => {
  server = await startTestServer();
  const emails = { admin: 'admin@demo.test', pm: 'pm@demo.test', dealerA: 'dealer@demo.test', dealerB: 'dealer2@demo.test' } as const;
  for (const [who, email] of Object.entries(emails)) sessions[who as Who] = await login(server, email);
  all = new Map((await listed('admin')).map((i) => [i.filename, i]));
  demoMotors = file('demo-motors-logo.png').company_id!;
  const drafts = await as<Post[]>('admin', 'GET', `/api/posts?filter=${encodeURIComponent('{"post_status":"draft"}')}`);
  expect(drafts.body).toHaveLength(1);
  draft = drafts.body[0];
});
afterAll(async () => {
  await server?.close();
});

describe('a logo: public by address', () => {
  it("a company's logo opens for anyone, though it is the company's own upload", async () => {
    expect(file('demo-motors-logo.png').company_id).toBe(demoMotors);
    expect(await opens(file('demo-motors-logo.png'))).toEqual(everyone);
    const res = await fetch(`${server.url}${file('demo-motors-logo.png').url}`);
    expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
  });

  it('once it is no longer the logo, it is a private company file again', async () => {
    const logo = file('demo-motors-logo.png');
    const where = and(eq(companyMeta.companyId, demoMotors), eq(companyMeta.metaKey, 'logo'));
    const [kept] = await server.database.db.select().from(companyMeta).where(where);
    await server.database.db.delete(companyMeta).where(where);
    try {
      expect(await opens(logo)).toEqual(companyA);
    } finally {
      await server.database.db.insert(companyMeta).values({ companyId: kept.companyId, metaKey: kept.metaKey, metaValue: kept.metaValue });
    }
    expect(await open(logo.url, 'nobody')).toBe(200);
  });
});

describe('a shared image: public once a published post uses it, staff only while only drafts do', () => {
  it('an image of a published showcase opens for anyone; a shared image no post uses too', async () => {
    expect(await opens(file('harbour-cars-live.jpg'))).toEqual(everyone);
    expect(await opens(file('spring-offers-banner.jpg'))).toEqual(everyone);
  });

  it("the draft showcase's images are listed and served to staff only", async () => {
    const images = [draft.featured_media!, ...draft.gallery];
    expect(images.length).toBeGreaterThan(1);
    for (const image of images) {
      expect(image.company_id).toBeNull();
      expect(await opens(image)).toEqual(staffOnly);
    }
    const ids = images.map((i) => i.id);
    for (const who of ['dealerA', 'dealerB'] as const) {
      expect((await listed(who)).filter((i) => ids.includes(i.id)), who).toEqual([]);
      expect((await paged(who)).filter((i) => ids.includes(i.id)), who).toEqual([]);
      expect((await as<Item[]>(who, 'GET', `/api/media?filter=${encodeURIComponent(JSON.stringify({ id: ids }))}`)).body, who).toEqual([]);
    }
    for (const who of ['pm', 'admin'] as const) expect((await listed(who)).filter((i) => ids.includes(i.id)).map((i) => i.id).sort(), who).toEqual([...ids].sort());
    // Served with a session, so not cached for good: signing out or losing the right ends it.
    const res = await fetch(`${server.url}${images[0].url}`, { headers: { cookie: sessions.pm.cookie } });
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('publishing the post makes its images shared; taking it back to draft makes them private again', async () => {
    const image = draft.featured_media!;
    expect((await as('admin', 'PUT', `/api/posts/${draft.id}`, { post_status: 'published' })).status).toBe(200);
    expect(await opens(image)).toEqual(everyone);
    expect((await listed('dealerB')).some((i) => i.id === image.id)).toBe(true);
    expect((await as('admin', 'PUT', `/api/posts/${draft.id}`, { post_status: 'draft' })).status).toBe(200);
    expect(await opens(image)).toEqual(staffOnly);
    expect((await listed('dealerB')).some((i) => i.id === image.id)).toBe(false);
  });

  it('an image a draft and a published post share stays public', async () => {
    const shared = file('harbour-cars-live.jpg');
    const post = await as<Post>('admin', 'POST', '/api/posts', { post_title: 'Sharing an image', featured_media_id: shared.id, gallery_ids: [file('spring-offers-banner.jpg').id] });
    expect(post.status).toBe(201);
    expect(await opens(shared)).toEqual(everyone);
    // The banner is now used by this draft only: private until it is published.
    expect(await opens(file('spring-offers-banner.jpg'))).toEqual(staffOnly);
    expect((await as('admin', 'DELETE', `/api/posts/${post.body.id}`)).status).toBe(200);
    expect(await opens(file('spring-offers-banner.jpg'))).toEqual(everyone);
  });
});

describe("a company's own upload: its company and staff, with a session", () => {
  it('opens for the members of the company and staff, by cookie or bearer; not for another company or nobody', async () => {
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#884422' } }).png().toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'demo-motors-price-list.png');
    const up = await fetch(`${server.url}/api/media?company_id=${demoMotors}`, { method: 'POST', headers: { authorization: `Bearer ${sessions.admin.token}` }, body: form });
    expect(up.status).toBe(201);
    const item = ((await up.json()) as { media: Item[] }).media[0];
    expect(item.company_id).toBe(demoMotors);
    expect(await opens(item)).toEqual(companyA);
    // A 304 only after the check: another company's dealer with the ETag still gets nothing.
    const first = await fetch(`${server.url}${item.url}`, { headers: { cookie: sessions.dealerA.cookie } });
    const etag = first.headers.get('etag')!;
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect((await fetch(`${server.url}${item.url}`, { headers: { cookie: sessions.dealerA.cookie, 'if-none-match': etag } })).status).toBe(304);
    expect((await fetch(`${server.url}${item.url}`, { headers: { cookie: sessions.dealerB.cookie, 'if-none-match': etag } })).status).toBe(404);
    // A bad bearer token does not hide a good cookie, nor open anything itself.
    expect((await fetch(`${server.url}${item.url}`, { headers: { authorization: 'Bearer nonsense', cookie: sessions.dealerA.cookie } })).status).toBe(200);
    expect((await fetch(`${server.url}${item.url}`, { headers: { authorization: 'Bearer nonsense' } })).status).toBe(404);
    expect((await fetch(`${server.url}${item.url}`, { headers: { cookie: 'portal_refresh=not-a-token' } })).status).toBe(404);

    // Signing out ends the cookie's access at once.
    const leaving = await login(server, 'dealer@demo.test');
    expect((await fetch(`${server.url}${item.url}`, { headers: { cookie: leaving.cookie } })).status).toBe(200);
    expect((await call(server, 'POST', '/api/logout', { cookie: leaving.cookie })).status).toBeLessThan(300);
    expect((await fetch(`${server.url}${item.url}`, { headers: { cookie: leaving.cookie } })).status).toBe(404);
  });

  it('a refreshed cookie keeps working; the one it replaced stops after the grace window', async () => {
    const own = (await listed('dealerA')).find((i) => i.company_id === demoMotors && i.filename !== 'demo-motors-logo.png')!;
    const session = await login(server, 'dealer@demo.test');
    const refreshed = await call(server, 'POST', '/api/login/refresh', { cookie: session.cookie });
    expect(refreshed.status).toBe(200);
    const next = refreshed.setCookies.find((c) => c.startsWith('portal_refresh='))!.split(';')[0];
    expect((await fetch(`${server.url}${own.url}`, { headers: { cookie: next } })).status).toBe(200);
    // Within the grace (two tabs racing) the old cookie still counts, as it does for a refresh...
    expect((await fetch(`${server.url}${own.url}`, { headers: { cookie: session.cookie } })).status).toBe(200);
    // ...and not once the grace is over (moved back in time rather than waited for).
    const oldHash = hashToken(decodeURIComponent(session.cookie.slice('portal_refresh='.length)));
    await server.database.db.update(refreshTokens).set({ rotatedAt: sql`now() - interval '1 minute'` }).where(eq(refreshTokens.tokenHash, oldHash));
    expect((await fetch(`${server.url}${own.url}`, { headers: { cookie: session.cookie } })).status).toBe(404);
    expect((await fetch(`${server.url}${own.url}`, { headers: { cookie: next } })).status).toBe(200);
  });
});
