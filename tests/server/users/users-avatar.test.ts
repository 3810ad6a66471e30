// A user's avatar picked from the media library (spec section 3: avatar_id on creation): the picture
// must be an image the acting user sees; it is answered as its address (`avatar`) and `avatar_id`,
// and the file is then served to anyone with its address, as a logo is (contacts show it to dealers).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reply } from '../helpers';
import { usersWorld, type UsersWorld, type Who } from './users-helpers';

type User = { id: number; avatar: string | null; avatar_id: number | null };
type Item = { id: number; guid: string; url: string };
type ErrorBody = { message: string; errors?: Array<{ detail: string; field?: string }> };

let w: UsersWorld;
const as = <T>(who: Who, method: string, path: string, body?: unknown): Promise<Reply<T>> => w.as<T>(who, method, path, body);
const companyOf = async (who: Who) => (await as<{ company: { id: number } }>(who, 'GET', '/api/users/current')).body.company.id;
const me = async (who: Who) => (await as<{ user: { id: number } }>(who, 'GET', '/api/users/current')).body.user.id;

/** One file through the real multipart upload, as the media library's page sends it: shared, or a company's own. */
async function upload(name: string, data: Buffer, companyId?: number): Promise<Item> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), name);
  const query = companyId ? `?company_id=${companyId}` : '';
  const res = await fetch(`${w.server.url}/api/media${query}`, { method: 'POST', headers: { authorization: `Bearer ${w.tokens.admin}` }, body: form });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { media: Item[] }).media[0];
}
const png = (colour: string) => sharp({ create: { width: 120, height: 120, channels: 3, background: colour } }).png().toBuffer();
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const anonymousFetch = async (url: string) => (await fetch(`${w.server.url}${url}`)).status;

beforeAll(async () => {
  w = await usersWorld();
});
afterAll(async () => {
  await w?.close();
});

describe('avatar_id: an avatar from the media library', () => {
  it('creates a user with a shared image by id, answers its address and id, and reads them back', async () => {
    const image = await upload('portrait.png', await png('#336699'));
    const created = await as<User>('admin', 'POST', '/api/users', { name: 'Ava Tar', email: 'ava.tar@example.test', avatar_id: image.id });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ avatar: image.url, avatar_id: image.id });
    expect((await as<User>('admin', 'GET', `/api/users/${created.body.id}`)).body).toMatchObject({ avatar: image.url, avatar_id: image.id });
  });

  it('takes the guid too, clears with null, and keeps an address sent as avatar (avatar_id null)', async () => {
    const image = await upload('second.png', await png('#993366'));
    const id = await me('dealer');
    const byGuid = await as<User>('dealer', 'PUT', `/api/users/${id}`, { avatar_id: image.guid });
    expect(byGuid.status, byGuid.text).toBe(200);
    expect(byGuid.body).toMatchObject({ avatar: image.url, avatar_id: image.id });
    const cleared = await as<User>('dealer', 'PUT', `/api/users/${id}`, { avatar_id: null });
    expect(cleared.body).toMatchObject({ avatar: null, avatar_id: null });
    const outside = await as<User>('dealer', 'PUT', `/api/users/${id}`, { avatar: 'https://images.example.test/me.png' });
    expect(outside.body).toMatchObject({ avatar: 'https://images.example.test/me.png', avatar_id: null });
    // The same picture sent both ways is one choice, not a conflict.
    expect((await as<User>('dealer', 'PUT', `/api/users/${id}`, { avatar: image.url, avatar_id: image.id })).status).toBe(200);
  });

  it('refuses a PDF, a missing file, another company\'s file and two different choices with a 422 on avatar_id, changing nothing', async () => {
    const id = await me('dealer2');
    const before = (await as<User>('admin', 'GET', `/api/users/${id}`)).body.avatar;
    const document = await upload('terms.pdf', pdf);
    const demoMotorsOwn = await upload('team.png', await png('#446622'), await companyOf('dealer'));
    const shared = await upload('shared.png', await png('#664422'));
    const refusals: Array<[unknown, string]> = [
      [{ avatar_id: document.id }, 'Please choose an image from the media library.'],
      [{ avatar_id: 2_000_000 }, 'Please choose an image from the media library.'],
      [{ avatar_id: demoMotorsOwn.guid }, 'Please choose an image from the media library.'],
      [{ avatar_id: shared.id, avatar: 'https://images.example.test/other.png' }, 'Please send either an avatar address or a media library image, not both.'],
    ];
    for (const [body, message] of refusals) {
      const r = await as<ErrorBody>('dealer2', 'PUT', `/api/users/${id}`, body);
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.body.errors).toEqual([{ detail: message, field: 'avatar_id' }]);
    }
    expect((await as<User>('admin', 'GET', `/api/users/${id}`)).body.avatar).toBe(before);
    // A value of the wrong type is the schema's 400.
    expect((await as('dealer2', 'PUT', `/api/users/${id}`, { avatar_id: { id: 1 } })).status).toBe(400);
    // The other company's file named by its address in `avatar` is the same pick, refused the same way.
    const byAddress = await as<ErrorBody>('dealer2', 'PUT', `/api/users/${id}`, { avatar: demoMotorsOwn.url });
    expect([byAddress.status, byAddress.body.errors?.[0]?.field]).toEqual([422, 'avatar_id']);
  });

  it("serves a company's own picture to anyone once it is someone's avatar (contacts show it), and not before", async () => {
    const own = await upload('me.png', await png('#225566'), await companyOf('dealer'));
    expect(await anonymousFetch(own.url)).toBe(404);
    const id = await me('dealer');
    expect((await as<User>('dealer', 'PUT', `/api/users/${id}`, { avatar_id: own.id })).status).toBe(200);
    expect(await anonymousFetch(own.url)).toBe(200);
    await as<User>('dealer', 'PUT', `/api/users/${id}`, { avatar_id: null });
    expect(await anonymousFetch(own.url)).toBe(404);
  });

  it('never takes a password from the client: the server generates it (spec section 5) and the field is refused', async () => {
    const r = await as<ErrorBody>('admin', 'POST', '/api/users', { name: 'Pat Word', email: 'pat.word@example.test', password: 'Chosen-pass-2026' });
    expect(r.status).toBe(400);
    expect(r.text).toContain('password');
  });
});
