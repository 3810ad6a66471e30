/**
 * Issue 30: stage values that name other records. The design stage's logo is a media library file
 * the config's company may use that meets the logo rule (spec section 5: JPEG, PNG or PDF, 500-900 px
 * wide and high); the key contact's portal account is a user of the config's company. Anything else
 * is refused with a 422 naming the field, and nothing is stored.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { users } from '../../../server/db/schema';
import { minimalPdf } from '../../../server/db/seed-media';
import type { TestServer } from '../../support/server';
import { withDemoServer, writeStage, type ConfigBody, type Demo } from '../configs-helpers';
import { call } from '../helpers';

let server: TestServer;
let d: Demo;
withDemoServer((started) => ({ server, d } = started));

const LOGO_REFUSED = 'The logo must be a JPEG, PNG or PDF from the media library, between 500 and 900 pixels wide and high.';

const image = (width: number, height: number, format: 'png' | 'webp' = 'png') => sharp({ create: { width, height, channels: 3, background: '#0f766e' } })[format]().toBuffer();

/** Uploads one file to the media library as the admin, filed under a company (or shared), and answers its guid and id. */
async function uploaded(name: string, data: Buffer, companyId: number | null): Promise<{ guid: string; id: number }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), name);
  const res = await fetch(`${server.url}/api/media${companyId ? `?company_id=${companyId}` : ''}`, { method: 'POST', headers: { authorization: `Bearer ${d.tokens.admin}` }, body: form });
  expect(res.status, name).toBe(201);
  const { media } = (await res.json()) as { media: Array<{ guid: string; id: number }> };
  return media[0];
}

const fresh = async (token: string) => (await call<ConfigBody>(server, 'GET', `/api/configs/${d.motors.id}`, { token })).body;
const design = (logo: string, name = 'Demo Motors') => ({
  branding: { type: 'existing', name, logo },
  brief: { action: 'Sell more used cars online', background: '', tone: 'friendly', creativeFreedom: 25, usps: [], comments: '' },
  copyFranchise: '',
  franchiseOrder: [],
});
async function writeDesign(logo: string, name?: string) {
  const config = await fresh(d.tokens.dealer);
  return writeStage(server, d.tokens.dealer, config, { slug: 'design', data: design(logo, name), state: 'draft', version: config.version });
}

describe('PUT a config stage: the design stage logo follows the logo rule', () => {
  it("takes a 500-900 px JPEG or PNG, or a PDF, that the company may use, and stores its guid", async () => {
    const own = await uploaded('motors-square.png', await image(640, 640), d.motors.company.id);
    const r = await writeDesign(own.guid);
    expect(r.status, r.text).toBe(200);
    expect((r.body.data as Record<string, { branding: { logo: string } }>).design.branding.logo).toBe(own.guid);
    const shared = await uploaded('shared-logo.pdf', minimalPdf('Logo'), null);
    expect((await writeDesign(shared.guid)).status).toBe(200);
  });

  it.each([
    ['an image 200 px high (too short)', () => image(700, 200)],
    ['an image 950 px wide (too wide)', () => image(950, 600)],
    ['a WebP (not a JPEG, PNG or PDF)', () => image(600, 600, 'webp')],
  ])('refuses %s with the logo message (422 on /branding/logo), storing nothing', async (_, make) => {
    const file = await uploaded('wrong-logo', await make(), d.motors.company.id);
    const before = await fresh(d.tokens.dealer);
    const r = await writeDesign(file.guid);
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ message: LOGO_REFUSED, errors: [{ detail: LOGO_REFUSED, field: '/branding/logo' }] });
    expect((await fresh(d.tokens.dealer)).version).toBe(before.version);
  });

  it("refuses another company's file and a guid that names no file", async () => {
    const theirs = await uploaded('harbour-square.png', await image(600, 600), d.harbour.company.id);
    for (const guid of [theirs.guid, '0b0e2c1d-7a4f-4c3b-9e8d-1f2a3b4c5d6e']) {
      const r = await writeDesign(guid);
      expect(r.status, guid).toBe(422);
      expect(r.body.errors).toEqual([{ detail: LOGO_REFUSED, field: '/branding/logo' }]);
    }
    // A link is no media file either (the stage's schema holds the logo to a guid).
    expect((await writeDesign('https://demo-motors.test/logo.png')).status).toBe(422);
  });

  it('keeps a stored logo whose file has since been deleted while other fields change', async () => {
    const kept = await uploaded('to-delete.png', await image(600, 600), d.motors.company.id);
    expect((await writeDesign(kept.guid)).status).toBe(200);
    expect((await call(server, 'DELETE', `/api/media/${kept.id}`, { token: d.tokens.admin })).status).toBe(200);
    expect((await writeDesign(kept.guid, 'Demo Motors Group')).status).toBe(200);
  });
});

describe("PUT a config stage: the key contact's portal account is a user of the config's company", () => {
  const idOf = async (email: string) => (await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
  const keyContact = (keyContactUser: number) => ({ keyContact: { name: 'Dana Dealer', email: 'dealer@demo.test', telephone: '01632 960000', mobile: '', position: 'Dealer Principal' }, keyContactUser });
  async function writeKeyContact(token: string, user: number) {
    const config = await fresh(token);
    // The demo config's key contact is completed: staff keep it so.
    return writeStage(server, token, config, { slug: 'key-contact', data: keyContact(user), state: 'completed', version: config.version });
  }

  it("takes a user of the company and refuses another company's user or no user (422 on /keyContactUser)", async () => {
    const own = await writeKeyContact(d.tokens.pm, await idOf('dealer@demo.test'));
    expect(own.status, own.text).toBe(200);
    for (const user of [await idOf('dealer2@demo.test'), 999_999]) {
      const r = await writeKeyContact(d.tokens.pm, user);
      expect(r.status, String(user)).toBe(422);
      expect(r.body.errors).toEqual([{ detail: 'Please choose an existing user.', field: '/keyContactUser' }]);
    }
  });
});

describe('GET /api/users for the key contact search', () => {
  it("answers a dealer 403 (the Client role cannot list users), and staff the company's users matching q", async () => {
    const dealer = await call(server, 'GET', `/api/users?filter=${encodeURIComponent(JSON.stringify({ q: 'd' }))}`, { token: d.tokens.dealer });
    expect(dealer.status).toBe(403);
    const filter = JSON.stringify({ q: 'dealer', company_id: [d.motors.company.id] });
    const staff = await call<Array<{ email: string }>>(server, 'GET', `/api/users?filter=${encodeURIComponent(filter)}`, { token: d.tokens.pm });
    expect(staff.status).toBe(200);
    expect(staff.body.map((u) => u.email)).toContain('dealer@demo.test');
    expect(staff.body.map((u) => u.email)).not.toContain('dealer2@demo.test');
  });
});

describe("PUT a config stage: the design brief's showcase is a published showcase (spec section 3: showcases guid)", () => {
  const brief = (showcase: string) => ({
    designBrief: { uniquePoints: ['', '', '', ''], businessFocus: ['', '', '', ''], objectives: ['', '', '', ''], otherSites: false, sites: ['', '', ''], keywords: ['', '', ''], showcase },
  });
  const posts = async (status: string) => (await call<Array<{ guid: string; post_status: string }>>(server, 'GET', `/api/posts?filter=${encodeURIComponent(JSON.stringify({ post_status: status }))}`, { token: d.tokens.admin })).body;
  async function writeBrief(showcase: string) {
    const config = await fresh(d.tokens.dealer);
    return writeStage(server, d.tokens.dealer, config, { slug: 'design-brief', data: brief(showcase), state: 'draft', version: config.version });
  }

  it('stores the guid of a published showcase', async () => {
    const [published] = await posts('published');
    const r = await writeBrief(published.guid);
    expect(r.status, r.text).toBe(200);
    expect((r.body.data as Record<string, { designBrief: { showcase: string } }>)['design-brief'].designBrief.showcase).toBe(published.guid);
  });

  it('refuses a draft showcase or a guid of nothing with a 422 on /designBrief/showcase, storing nothing', async () => {
    const [draft] = await posts('draft');
    expect(draft, 'the demo data has a draft showcase').toBeTruthy();
    const before = await fresh(d.tokens.admin);
    for (const guid of [draft.guid, '00000000-0000-4000-8000-000000000000']) {
      const r = await writeBrief(guid);
      expect(r.status).toBe(422);
      expect(r.body.errors).toEqual([{ detail: 'Please choose a published showcase.', field: '/designBrief/showcase' }]);
    }
    expect((await fresh(d.tokens.admin)).version).toBe(before.version);
  });
});
