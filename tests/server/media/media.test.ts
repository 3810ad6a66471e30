import { crc32 } from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, companyUsers, media, permissions, rolePermissions, roles, userRoles, users } from '../../../server/db/schema';
import { card, DEMO_MEDIA, minimalPdf } from '../../../server/db/seed-media';
import { hashPassword } from '../../../server/auth/auth.passwords';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../../support/server';
import { call, login, type Reply } from '../helpers';

type Item = {
  id: number; guid: string; filename: string; mime: string; size: number; width: number | null; height: number | null;
  company_id: number | null; url: string; thumbnail_url: string | null; created_at: string;
};
type Upload = { message: string; media: Item[] };
type ErrorBody = { message: string; errors?: Array<{ detail: string; field?: string }> };

// One server for the file. The matrix: anonymous, a user without media permissions, dealer A (Demo
// Motors, 'view media' only, as the Client role), dealer B (Harbour Cars), an uploader in Demo Motors
// ('view media' and 'upload media'), an account manager (sees every company, cannot upload) and admin.
let server: TestServer;
const tokens = {} as Record<'none' | 'dealerA' | 'dealerB' | 'uploader' | 'am' | 'admin', string>;
type Who = keyof typeof tokens | 'anonymous';
const ids = { demoMotors: 0, harbour: 0 };

const as = <T = Record<string, unknown>>(who: Who, method: string, path: string, body?: unknown): Promise<Reply<T>> =>
  call<T>(server, method, path, { token: who === 'anonymous' ? undefined : tokens[who], body });
const list = (who: Who, query: Record<string, unknown> = {}) => {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  return as<Item[]>(who, 'GET', `/api/media?${search}`);
};
const mediaCount = async () => (await server.database.db.select({ n: count() }).from(media))[0].n;

/** A real multipart upload (the browser's FormData), one `file` part per file. */
async function upload(who: Who, files: Array<[name: string, data: Buffer, type?: string]>, opts: { query?: string; fields?: Record<string, string> } = {}): Promise<Reply<Upload & ErrorBody>> {
  const form = new FormData();
  for (const [key, value] of Object.entries(opts.fields ?? {})) form.append(key, value);
  for (const [name, data, type] of files) form.append('file', new Blob([new Uint8Array(data)], { type: type ?? 'application/octet-stream' }), name);
  const res = await fetch(`${server.url}/api/media${opts.query ? `?${opts.query}` : ''}`, {
    method: 'POST',
    headers: who === 'anonymous' ? {} : { authorization: `Bearer ${tokens[who]}` },
    body: form,
  });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: res.status, body: body as Upload & ErrorBody, text, headers: res.headers, setCookies: [] };
}

const png = (width: number, height: number, colour = '#2255aa') => sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
const jpeg = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#aa5522' } }).jpeg().toBuffer();

/** A PNG whose header claims `width` x `height` (a decompression bomb: tiny file, huge image). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const buf = Buffer.from(await png(8, 8));
  buf.writeUInt32BE(width, 16);
  buf.writeUInt32BE(height, 20);
  buf.writeUInt32BE(crc32(buf.subarray(12, 29)), 29);
  return buf;
}

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const hash = await hashPassword(DEMO_PASSWORD);
  const [demoMotors] = await db.select().from(companies).where(eq(companies.name, 'Demo Motors'));
  const [harbour] = await db.select().from(companies).where(eq(companies.name, 'Harbour Cars'));
  ids.demoMotors = demoMotors.id;
  ids.harbour = harbour.id;
  // A dealer role that may also upload, and a user with no media permission at all.
  const [role] = await db.insert(roles).values({ name: 'Dealer Uploader' }).returning();
  const perms = await db.select().from(permissions);
  await db.insert(rolePermissions).values(perms.filter((p) => p.name === 'view media' || p.name === 'upload media').map((p) => ({ roleId: role.id, permissionId: p.id })));
  const [uploader] = await db.insert(users).values({ email: 'uploader@demo.test', name: 'Uma Uploader', passwordHash: hash }).returning();
  await db.insert(userRoles).values({ userId: uploader.id, roleId: role.id });
  await db.insert(companyUsers).values({ companyId: demoMotors.id, userId: uploader.id });
  const [emptyRole] = await db.insert(roles).values({ name: 'Nothing' }).returning();
  const [none] = await db.insert(users).values({ email: 'none@demo.test', name: 'Nora None', passwordHash: hash }).returning();
  await db.insert(userRoles).values({ userId: none.id, roleId: emptyRole.id });
  const emails = { none: 'none@demo.test', dealerA: 'dealer@demo.test', dealerB: 'dealer2@demo.test', uploader: 'uploader@demo.test', am: 'am@demo.test', admin: 'admin@demo.test' } as const;
  for (const [who, email] of Object.entries(emails)) tokens[who as keyof typeof tokens] = (await login(server, email)).token;
});
afterAll(async () => {
  await server?.close();
});

describe('demo media', () => {
  it('seeds real files with thumbnails: shared ones and one per demo dealer', async () => {
    const r = await list('admin', { range: [0, 99] });
    expect(r.status).toBe(200);
    const seeded = r.body.filter((i) => DEMO_MEDIA.some((d) => d.filename === i.filename));
    expect(seeded).toHaveLength(DEMO_MEDIA.length);
    expect(seeded.find((i) => i.filename === 'dealer-brochure.pdf')).toMatchObject({ mime: 'application/pdf', thumbnail_url: null, width: null });
    expect(seeded.find((i) => i.filename === 'demo-motors-logo.png')).toMatchObject({ mime: 'image/png', width: 720, height: 280, company_id: ids.demoMotors });
    const thumb = await fetch(`${server.url}${seeded.find((i) => i.filename === 'spring-offers-banner.jpg')!.thumbnail_url}`);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 320, height: 120 });
  });
});

describe('POST /api/media (upload)', () => {
  it('stores JPEG, PNG and PDF from one multipart request, typed by content, with sizes and thumbnails', async () => {
    const before = await mediaCount();
    const r = await upload('admin', [['photo.jpg', await jpeg(640, 480)], ['diagram.png', await png(300, 200)], ['terms.pdf', minimalPdf('Terms')]]);
    expect(r.status).toBe(201);
    expect(r.body.message).toBe('Media Uploaded');
    expect(r.body.media.map((i) => [i.filename, i.mime, i.width, i.height])).toEqual([
      ['photo.jpg', 'image/jpeg', 640, 480],
      ['diagram.png', 'image/png', 300, 200],
      ['terms.pdf', 'application/pdf', null, null],
    ]);
    const [photo, , pdf] = r.body.media;
    expect(photo.guid).toMatch(/^[0-9a-f-]{36}$/);
    expect(photo.url).toBe(`/api/media/${photo.guid}/file`);
    expect(photo.thumbnail_url).toBe(`/api/media/${photo.guid}/thumbnail`);
    expect(pdf.thumbnail_url).toBeNull();
    expect(pdf.size).toBe(minimalPdf('Terms').length);
    expect(photo.company_id).toBeNull(); // staff uploads are shared unless filed under a company
    expect(await mediaCount()).toBe(before + 3);
  });

  it('removes EXIF (GPS position) and applies the orientation before storing', async () => {
    // A 200 x 100 JPEG shot "rotated": orientation 6 means show it turned 90 degrees clockwise.
    const withGps = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const sent = await sharp(withGps).metadata();
    expect(sent.orientation).toBe(6);
    expect(sent.exif?.toString('latin1')).toContain('PhoneCo');
    // The GPS IFD pointer (tag 0x8825, little-endian) is there before the upload.
    expect(sent.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    const r = await upload('admin', [['holiday.jpg', withGps]]);
    expect(r.status).toBe(201);
    expect(r.body.media[0]).toMatchObject({ width: 100, height: 200 });
    const stored = Buffer.from(await (await fetch(`${server.url}${r.body.media[0].url}`)).arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([100, 200]);
    expect(stored.toString('latin1')).not.toContain('PhoneCo');
  });

  it.each([
    ['an HTML page named .png', 'logo.png', Buffer.from('<!doctype html><script>alert(1)</script>'), 'image/png'],
    ['an SVG (it can carry script)', 'logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'image/svg+xml'],
    ['a script named .jpg', 'photo.jpg', Buffer.from('console.log("hi")'), 'image/jpeg'],
    ['a ZIP named .pdf', 'terms.pdf', Buffer.from('PK\u0003\u0004rest-of-zip'), 'application/pdf'],
  ])('refuses %s with 415 in the error shape, writing nothing', async (_what, name, data, type) => {
    const before = await mediaCount();
    const r = await upload('admin', [[name, data, type]]);
    expect(r.status).toBe(415);
    expect(r.body).toEqual({ message: 'The file must be an image (JPEG, PNG, WebP or GIF) or a PDF.', errors: [{ detail: 'The file must be an image (JPEG, PNG, WebP or GIF) or a PDF.', field: 'file' }] });
    expect(await mediaCount()).toBe(before);
  });

  it('refuses a file that only starts like an image (422), and a whole request when one file is bad', async () => {
    const before = await mediaCount();
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<html>not really</html>')]);
    const r = await upload('admin', [['fake.png', fake]]);
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('The file could not be read as an image.');
    const mixed = await upload('admin', [['good.png', await png(50, 50)], ['bad.png', Buffer.from('<html></html>')]]);
    expect(mixed.status).toBe(415);
    expect(await mediaCount()).toBe(before);
  });

  it('stores a PNG named .pdf as the PNG it is, its name corrected', async () => {
    const r = await upload('admin', [['brochure.pdf', await png(120, 60)]]);
    expect(r.status).toBe(201);
    expect(r.body.media[0]).toMatchObject({ filename: 'brochure.png', mime: 'image/png', width: 120, height: 60 });
    const file = await fetch(`${server.url}${r.body.media[0].url}`);
    expect(file.headers.get('content-type')).toBe('image/png');
  });

  it('refuses a file over 10 MB with 413 and a decompression bomb with 422, writing nothing', async () => {
    const before = await mediaCount();
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 7);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const r = await upload('admin', [['huge.jpg', big]]);
    expect(r.status).toBe(413);
    expect(r.body.message).toBe('The file must not be larger than 10 MB.');
    const bomb = await pngClaiming(40_000, 40_000);
    expect(bomb.length).toBeLessThan(1000);
    const b = await upload('admin', [['bomb.png', bomb]]);
    expect(b.status).toBe(422);
    expect(b.body.message).toBe('The image is too large: at most 50 megapixels.');
    expect((await upload('admin', [['empty.png', Buffer.alloc(0)]])).body.message).toBe('The file is empty.');
    expect(await mediaCount()).toBe(before);
  });

  it('answers a request without files, or with too many, in the error shape', async () => {
    const none = await upload('admin', []);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Please choose a file to upload.');
    const json = await as<ErrorBody>('admin', 'POST', '/api/media', { file: 'x' });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe('Please choose a file to upload.');
    const tiny = await png(4, 4);
    const many = await upload('admin', Array.from({ length: 11 }, (_, i) => [`f${i}.png`, tiny] as [string, Buffer]));
    expect(many.status).toBe(413);
    expect(many.body.message).toBe('At most 10 files can be uploaded at once.');
  });

  it("applies the spec's logo rule with purpose=logo: JPEG, PNG or PDF, 500 to 900 pixels wide and high", async () => {
    const narrow = await upload('admin', [['logo.png', await png(499, 600)]], { query: 'purpose=logo' });
    expect(narrow.status).toBe(422);
    expect(narrow.body.message).toBe('The logo must be between 500 and 900 pixels wide (this one is 499).');
    const wide = await upload('admin', [['logo.png', await png(901, 600)]], { fields: { purpose: 'logo' } });
    expect(wide.status).toBe(422);
    const webp = await upload('admin', [['logo.webp', await card(600, 600, '#123456', 'Logo').webp().toBuffer()]], { query: 'purpose=logo' });
    expect(webp.status).toBe(422);
    expect(webp.body.message).toBe('The logo must be a JPEG, PNG or PDF.');
    for (const [name, data] of [['logo-500.png', await png(500, 500)], ['logo-900.jpg', await jpeg(900, 900)], ['logo-700x550.png', await png(700, 550)], ['logo.pdf', minimalPdf('Logo')]] as const) {
      const ok = await upload('admin', [[name, data]], { query: 'purpose=logo' });
      expect(ok.status, name).toBe(201);
    }
    // Without the purpose the same narrow image is an ordinary upload.
    expect((await upload('admin', [['small.png', await png(499, 200)]])).status).toBe(201);
    expect((await upload('admin', [['x.png', await png(600, 600)]], { query: 'purpose=banner' })).status).toBe(400);
  });

  it('checks the height of a logo as well as its width: a wide enough but too short or too tall image is refused', async () => {
    const before = (await upload('admin', [['probe.png', await png(20, 20)]])).body.media[0].id;
    const short = await upload('admin', [['banner.png', await png(700, 200)]], { query: 'purpose=logo' });
    expect(short.status).toBe(422);
    expect(short.body.message).toBe('The logo must be between 500 and 900 pixels high (this one is 200).');
    expect(short.body.errors).toEqual([{ detail: 'The logo must be between 500 and 900 pixels high (this one is 200).', field: 'file' }]);
    const tall = await upload('admin', [['tower.jpg', await jpeg(600, 901)]], { fields: { purpose: 'logo' } });
    expect(tall.status).toBe(422);
    expect(tall.body.message).toBe('The logo must be between 500 and 900 pixels high (this one is 901).');
    // Nothing of a refused logo is stored.
    const after = (await upload('admin', [['probe.png', await png(20, 20)]])).body.media[0].id;
    expect(after).toBe(before + 1);
  });
});

describe('GET /api/media/{guid}/file and /thumbnail', () => {
  it('serves the bytes without a session, typed, nosniff, cached by ETag; PDFs as a download', async () => {
    const r = await upload('admin', [['Übersicht.pdf', minimalPdf('Overview')], ['pic.png', await png(640, 640)]]);
    const [pdf, pic] = r.body.media;
    const file = await fetch(`${server.url}${pdf.url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="_bersicht.pdf"; filename*=UTF-8''${encodeURIComponent('Übersicht.pdf')}`);
    expect(Buffer.from(await file.arrayBuffer()).equals(minimalPdf('Overview'))).toBe(true);
    const etag = file.headers.get('etag')!;
    expect(etag).toBe(`"${pdf.guid}"`);
    expect(file.headers.get('cache-control')).toMatch(/max-age=\d+/);
    expect((await fetch(`${server.url}${pdf.url}`, { headers: { 'if-none-match': etag } })).status).toBe(304);

    const image = await fetch(`${server.url}${pic.url}`);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-disposition')).toMatch(/^inline;/);
    const thumb = await fetch(`${server.url}${pic.thumbnail_url}`);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect(thumb.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 320, height: 320 });

    expect((await fetch(`${server.url}/api/media/${pdf.guid}/thumbnail`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/media/00000000-0000-4000-8000-000000000000/file`)).status).toBe(404);
    const bad = await fetch(`${server.url}/api/media/not-a-guid/file`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).message).toBeTruthy();
  });
});

describe('listing: GET /api/media (simple-rest) and POST /api/media/page', () => {
  it('pages newest first with Content-Range, searches by name and filters by type', async () => {
    const all = await list('admin', { range: [0, 999] });
    const total = all.body.length;
    expect(all.headers.get('content-range')).toBe(`media 0-${total - 1}/${total}`);
    const times = all.body.map((i) => i.created_at);
    expect(times).toEqual([...times].sort().reverse());
    const first = await list('admin', { range: [0, 1] });
    expect(first.body.map((i) => i.id)).toEqual(all.body.slice(0, 2).map((i) => i.id));
    const second = await list('admin', { range: [2, 3] });
    expect(second.body.map((i) => i.id)).toEqual(all.body.slice(2, 4).map((i) => i.id));
    const pdfs = await list('admin', { filter: { mime: 'application/pdf' }, range: [0, 99] });
    expect(pdfs.body.length).toBeGreaterThan(0);
    expect(pdfs.body.every((i) => i.mime === 'application/pdf')).toBe(true);
    const images = await list('admin', { filter: { mime: 'image' }, range: [0, 99] });
    expect(images.body.length + pdfs.body.length).toBe(total);
    const q = await list('admin', { filter: { q: 'BANNER' } });
    expect(q.body.map((i) => i.filename)).toEqual(['spring-offers-banner.jpg']);
    const byName = await list('admin', { sort: ['filename', 'ASC'], range: [0, 2] });
    expect(byName.body.map((i) => i.filename)).toEqual(all.body.map((i) => i.filename).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).slice(0, 3));
  });

  it('lists the files a company may use as its logo: the shared ones and its own, or the shared ones for a new company', async () => {
    const all = (await list('admin', { range: [0, 999] })).body;
    const shared = all.filter((i) => i.company_id === null).map((i) => i.id).sort();
    const usable = all.filter((i) => i.company_id === null || i.company_id === ids.demoMotors).map((i) => i.id).sort();
    // The demo data files logos under other companies too, so the filter leaves something out.
    expect(all.some((i) => i.company_id !== null && i.company_id !== ids.demoMotors)).toBe(true);
    expect(usable.length).toBeGreaterThan(shared.length);
    const ofDemo = await list('admin', { filter: { usable_by: ids.demoMotors }, range: [0, 999] });
    expect(ofDemo.body.map((i) => i.id).sort()).toEqual(usable);
    expect(Number(ofDemo.headers.get('x-total-count'))).toBe(usable.length);
    expect((await list('admin', { filter: { usable_by: 'new' }, range: [0, 999] })).body.map((i) => i.id).sort()).toEqual(shared);
    // Tenancy still applies: a dealer asking for another company's usable files gets the shared ones only.
    const forHarbour = (await list('dealerA', { filter: { usable_by: ids.harbour }, range: [0, 999] })).body;
    expect(forHarbour.every((i) => i.company_id === null)).toBe(true);
  });

  it('lists only the files that meet the logo rule with logo: true (JPEG, PNG or PDF, 500-900 px wide and high)', async () => {
    await upload('admin', [
      ['rulecheck-square.png', await png(640, 640)],
      ['rulecheck-banner.png', await png(700, 200)],
      ['rulecheck-big.jpg', await jpeg(1200, 800)],
      ['rulecheck.webp', await card(600, 600, '#123456', 'Logo').webp().toBuffer()],
      ['rulecheck.pdf', minimalPdf('Logo')],
    ]);
    const names = async (filter: Record<string, unknown>) => (await list('admin', { filter: { q: 'rulecheck', ...filter }, sort: ['filename', 'ASC'] })).body.map((i) => i.filename);
    expect(await names({ logo: true })).toEqual(['rulecheck-square.png', 'rulecheck.pdf']);
    expect(await names({})).toHaveLength(5);
    expect((await list('admin', { filter: { logo: 'yes' } })).status).toBe(400);
  });

  it.each([
    [{ sort: '["data","ASC"]' }, 'sort'],
    [{ range: '[0,5000]' }, 'range'],
    [{ filter: '{"mime":"text/html"}' }, 'filter.mime'],
    [{ filter: '{"owner":1}' }, 'filter.owner'],
    [{ filter: '{"usable_by":[1,2]}' }, 'filter.usable_by'],
    [{ filter: '{"usable_by":"all"}' }, 'filter.usable_by'],
  ])('refuses a bad list query %j with 400 naming %s', async (query, field) => {
    const r = await call<ErrorBody>(server, 'GET', `/api/media?${new URLSearchParams(query)}`, { token: tokens.admin });
    expect(r.status).toBe(400);
    expect(r.body.errors?.[0].field).toBe(field);
  });

  it("answers the spec's page call: media.results and total, 30 a page by default", async () => {
    const tiny = await png(8, 8);
    for (const batch of [0, 1]) expect((await upload('admin', Array.from({ length: 10 }, (_, i) => [`tile-${batch}-${i}.png`, tiny] as [string, Buffer]))).status).toBe(201);
    const total = Number((await list('admin', { range: [0, 0] })).headers.get('x-total-count'));
    expect(total).toBeGreaterThan(30);
    const r = await as<{ media: { results: Item[] }; total: number; perPage: number }>('admin', 'POST', '/api/media/page', { page: 1, useCache: true });
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(total);
    expect(r.body.perPage).toBe(30);
    expect(r.body.media.results).toHaveLength(30);
    const last = await as<{ media: { results: Item[] } }>('admin', 'POST', '/api/media/page', { page: 2, perPage: 30 });
    expect(last.body.media.results).toHaveLength(Math.min(30, total - 30));
    expect(last.body.media.results.some((i) => r.body.media.results.some((j) => j.id === i.id))).toBe(false);
    const q = await as<{ media: { results: Item[] }; total: number }>('admin', 'POST', '/api/media/page', { page: 1, q: 'dealer-BROCHURE' });
    expect(q.body.media.results.map((i) => i.filename)).toEqual(['dealer-brochure.pdf']);
    expect(q.body.total).toBe(1);
    expect((await as('admin', 'POST', '/api/media/page', { page: 0 })).status).toBe(400);
    expect((await as('admin', 'POST', '/api/media/page', { page: 1, sort: 'x' })).status).toBe(400);
  });
});

describe('permissions and tenancy', () => {
  it("needs 'view media' to list and 'upload media' to upload or delete", async () => {
    expect((await list('anonymous')).status).toBe(401);
    expect((await as('anonymous', 'POST', '/api/media/page', { page: 1 })).status).toBe(401);
    expect((await upload('anonymous', [['a.png', await png(10, 10)]])).status).toBe(401);
    expect((await list('none')).status).toBe(403);
    expect((await as('none', 'POST', '/api/media/page', { page: 1 })).body).toEqual({ message: 'No Access.' });
    const before = await mediaCount();
    for (const who of ['dealerA', 'am'] as const) {
      expect((await list(who)).status).toBe(200);
      const r = await upload(who, [['a.png', await png(10, 10)]]);
      expect(r.status).toBe(403);
      expect(r.body.message).toBe('No Access.');
    }
    const someone = (await list('admin')).body[0];
    expect((await as('dealerA', 'DELETE', `/api/media/${someone.id}`)).status).toBe(403);
    expect(await mediaCount()).toBe(before);
  });

  it("keeps a dealer to their company's files and the shared ones, in lists, pages and deletes", async () => {
    const own = await upload('uploader', [['demo-motors-stock.png', await png(80, 40)]]);
    expect(own.status).toBe(201);
    expect(own.body.media[0].company_id).toBe(ids.demoMotors);
    const harbours = await upload('admin', [['harbour-only.png', await png(80, 40)]], { query: `company_id=${ids.harbour}` });
    expect(harbours.body.media[0].company_id).toBe(ids.harbour);

    const seen = async (who: Who) => (await list(who, { range: [0, 999] })).body;
    // Shared: every file without a company, but the seeded draft showcase's images (tests/server/media/media-access.test.ts).
    const drafts = (await as<Array<{ featured_media: Item | null; gallery: Item[] }>>('admin', 'GET', `/api/posts?filter=${encodeURIComponent('{"post_status":"draft"}')}`)).body;
    const draftOnly = new Set(drafts.flatMap((p) => [p.featured_media, ...p.gallery]).flatMap((i) => (i ? [i.id] : [])));
    expect(draftOnly.size).toBeGreaterThan(0);
    const shared = (await seen('admin')).filter((i) => i.company_id === null && !draftOnly.has(i.id)).length;
    for (const [who, company, other] of [['dealerA', ids.demoMotors, ids.harbour], ['uploader', ids.demoMotors, ids.harbour], ['dealerB', ids.harbour, ids.demoMotors]] as const) {
      const items = await seen(who);
      expect(items.every((i) => i.company_id === null || i.company_id === company), who).toBe(true);
      expect(items.some((i) => i.company_id === other), who).toBe(false);
      expect(items.filter((i) => i.company_id === null)).toHaveLength(shared);
      expect(items.some((i) => i.company_id === company), who).toBe(true);
      const page = await as<{ total: number }>(who, 'POST', '/api/media/page', { page: 1 });
      expect(page.body.total).toBe(items.length);
      // Asking for the other company's files by id or company gives nothing.
      expect((await list(who, { filter: { company_id: other } })).body).toEqual([]);
      expect((await list(who, { filter: { id: harbours.body.media[0].id } })).body.length).toBe(who === 'dealerB' ? 1 : 0);
    }
    // The account manager sees every company's files.
    expect((await seen('am')).length).toBe((await seen('admin')).length);

    // The uploader may file under their own company only, and delete only their company's files.
    const elsewhere = await upload('uploader', [['x.png', await png(10, 10)]], { query: `company_id=${ids.harbour}` });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.message).toBe('Please choose an existing company.');
    const sharedOne = (await seen('admin')).find((i) => i.company_id === null)!;
    expect((await as('uploader', 'DELETE', `/api/media/${sharedOne.id}`)).status).toBe(404);
    expect((await as('uploader', 'DELETE', `/api/media/${harbours.body.media[0].guid}`)).status).toBe(404);
    const del = await as<{ message: string; id: number }>('uploader', 'DELETE', `/api/media/${own.body.media[0].id}`);
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ message: 'Media Deleted', id: own.body.media[0].id });
    expect((await fetch(`${server.url}${own.body.media[0].url}`)).status).toBe(404);
    // Staff delete anywhere, by id or guid; a second delete is 404.
    expect((await as('admin', 'DELETE', `/api/media/${harbours.body.media[0].guid}`)).status).toBe(200);
    expect((await as('admin', 'DELETE', `/api/media/${harbours.body.media[0].id}`)).status).toBe(404);
    expect((await as('admin', 'DELETE', '/api/media/not-a-key')).status).toBe(404);
  });

  it("deletes a company's own files with the company: they never become shared files", async () => {
    const created = await as<{ id: number }>('admin', 'POST', '/api/companies', { name: 'Short Lived Motors', lang: 'en', stage: 'configurator' });
    expect(created.status).toBe(201);
    const filed = await upload('admin', [['short-lived.png', await png(40, 20)]], { query: `company_id=${created.body.id}` });
    expect(filed.status).toBe(201);
    const sharedBefore = (await list('dealerA', { range: [0, 999] })).body.filter((i) => i.company_id === null).length;

    expect((await as('admin', 'DELETE', `/api/companies/${created.body.id}`)).status).toBe(200);
    expect((await fetch(`${server.url}${filed.body.media[0].url}`)).status).toBe(404);
    const after = (await list('dealerA', { range: [0, 999] })).body;
    expect(after.some((i) => i.guid === filed.body.media[0].guid)).toBe(false);
    expect(after.filter((i) => i.company_id === null)).toHaveLength(sharedBefore);
  });

  it('refuses a staff upload filed under a company that does not exist', async () => {
    const r = await upload('admin', [['x.png', await png(10, 10)]], { query: 'company_id=999999' });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual([{ detail: 'Please choose an existing company.', field: 'company_id' }]);
  });
});
