// The user's `partner` (spec section 3: "A partner attribute on the user maps to a partner id for the
// company"): the partner term id of the user's company, in GET /users/current and the users API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reply } from '../helpers';
import { usersWorld, type UsersWorld, type Who } from './users-helpers';

type Current = { user: { id: number; partner: number | null }; company: { id: number; taxonomies: Array<{ taxonomy: string; term: { id: number } }> } | null };
type User = { id: number; partner: number | null; company_id: number | null };
type ErrorBody = { message: string; errors?: Array<{ detail: string; field?: string }> };

let w: UsersWorld;
const as = <T>(who: Who, method: string, path: string, body?: unknown): Promise<Reply<T>> => w.as<T>(who, method, path, body);
const current = async (who: Who) => (await as<Current>(who, 'GET', '/api/users/current')).body;

/** The user's partner as each read of the users API gives it: current, one user, and the list. */
async function partnerEverywhere(who: Who): Promise<Array<number | null>> {
  const me = await current(who);
  const one = (await as<User>('admin', 'GET', `/api/users/${me.user.id}`)).body;
  const listed = (await as<User[]>('admin', 'GET', `/api/users?filter=${encodeURIComponent(JSON.stringify({ id: [me.user.id] }))}`)).body;
  return [me.user.partner, one.partner, listed[0].partner];
}

beforeAll(async () => {
  w = await usersWorld();
});
afterAll(async () => {
  await w?.close();
});

describe("a user's partner is their company's partner term", () => {
  it('is null while the company has no partner term, and for a user without a company', async () => {
    // Demo Motors (dealer) has no partner term in the demo data.
    expect((await current('dealer')).company!.taxonomies.filter((t) => t.taxonomy === 'partner')).toEqual([]);
    expect(await partnerEverywhere('dealer')).toEqual([null, null, null]);
    const admin = await current('admin');
    expect([admin.company, admin.user.partner]).toEqual([null, null]);
    expect((await as<User>('admin', 'GET', `/api/users/${admin.user.id}`)).body.partner).toBeNull();
  });

  it("follows the company's partner term as it is set, changed and cleared, for that company's users only", async () => {
    const company = (await current('dealer')).company!.id;
    const setPartner = async (partner: number[]) => expect((await as('admin', 'PUT', `/api/companies/${company}`, { terms: { partner } })).status).toBe(200);
    await setPartner([61]);
    expect(await partnerEverywhere('dealer')).toEqual([61, 61, 61]);
    // The same term the company answers with, a term of taxonomy `partner`.
    expect((await current('dealer')).company!.taxonomies.filter((t) => t.taxonomy === 'partner').map((t) => t.term.id)).toEqual([61]);
    expect(await partnerEverywhere('dealer2')).toEqual([null, null, null]);
    await setPartner([63]);
    expect(await partnerEverywhere('dealer')).toEqual([63, 63, 63]);
    await setPartner([]);
    expect(await partnerEverywhere('dealer')).toEqual([null, null, null]);
  });

  it("is read only on the user: a write sending it is a 400 (it is the company's, set on the company)", async () => {
    const me = await current('dealer');
    const r = await as<ErrorBody>('admin', 'PUT', `/api/users/${me.user.id}`, { partner: 60 });
    expect(r.status).toBe(400);
    expect(r.body.errors?.[0].field).toBe('partner');
  });
});
