// A data word's text per locale (issue 54, contract/names.ts) on roles: a role takes `names` where
// it is created (POST /roles/{name}) and edited (PUT /roles/{name}, beside its permissions), refuses
// what is not a portal locale's text with a 422 on `names` or `names.<locale>` (writing nothing:
// neither the role, nor its permissions), `{}` clears them, and GET /roles shows them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalNames } from '../../../contract/names';
import { startTestServer, type TestServer } from '../../support/server';
import { call, login, type Reply } from '../helpers';
import { expectRefused, LONGEST_NAMES, REFUSED_NAMES, SENT_NAMES, STORED_NAMES } from '../local-names-cases';

type Role = { id: number; name: string; names: LocalNames; users_count: number; permissions: Array<{ id: number; name: string }>; message?: string };

let server: TestServer;
let admin: string;
const as = <T = Role>(method: string, path: string, body?: unknown): Promise<Reply<T>> => call<T>(server, method, path, { token: admin, body });
const roles = async () => (await as<Role[]>('GET', '/api/roles')).body;
const roleOf = async (name: string) => (await as('GET', `/api/roles/${encodeURIComponent(name)}`)).body;

beforeAll(async () => {
  server = await startTestServer();
  admin = (await login(server, 'admin@demo.test')).token;
});
afterAll(async () => {
  await server?.close();
});

let serial = 0;
/** A role name no other role of the file has (letters only: a role name's own rules). */
const unique = (word: string) => `${word} ${String.fromCharCode(97 + (serial % 26))}${String.fromCharCode(97 + Math.floor(serial++ / 26))}`;

describe('a role', () => {
  it('is created with names, shown on GET /roles and GET /roles/{name}, replaced whole and cleared by {}', async () => {
    const made = await as('POST', '/api/roles/Translators', { permissions: ['view media'], names: SENT_NAMES });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: 'Translators', names: STORED_NAMES, permissions: [{ name: 'view media' }] });
    expect((await roles()).find((r) => r.id === made.body.id)!.names).toEqual(STORED_NAMES);
    expect((await roleOf('translators')).names).toEqual(STORED_NAMES);

    // PUT without names keeps them; with names replaces the set, beside the permissions.
    const kept = await as('PUT', '/api/roles/Translators', { permissions: ['view media', 'upload media'] });
    expect([kept.status, kept.body.names]).toEqual([200, STORED_NAMES]);
    const replaced = await as('PUT', '/api/roles/Translators', { permissions: ['view media'], names: LONGEST_NAMES });
    expect([replaced.status, replaced.body.names, replaced.body.permissions.map((p) => p.name)]).toEqual([200, LONGEST_NAMES, ['view media']]);
    const cleared = await as('PUT', '/api/roles/Translators', { permissions: ['view media'], names: {} });
    expect([cleared.status, cleared.body.names]).toEqual([200, {}]);

    // Names alone leave the permissions as stored: the names dialog never writes back a grid it read earlier.
    await as('PUT', '/api/roles/Translators', { permissions: ['view media', 'upload media'] });
    const named = await as('PUT', '/api/roles/Translators', { names: { 'fr-FR': 'Traducteurs' } });
    expect([named.status, named.body.names, named.body.permissions.map((p) => p.name).sort()]).toEqual([200, { 'fr-FR': 'Traducteurs' }, ['upload media', 'view media']]);
    // Neither: refused, as before, nothing written.
    const empty = await as('PUT', '/api/roles/Translators', {});
    expect(empty.status).toBeGreaterThanOrEqual(400);
    expect(empty.status).toBeLessThan(500);
  });

  it('copies no names from the role it copies, and answers {} without any: every demo role', async () => {
    await as('POST', '/api/roles/Named source', { names: { 'fr-FR': 'Source nommée' } });
    const copy = await as('POST', '/api/roles/Plain copy', { copy_from: 'Named source' });
    expect([copy.status, copy.body.names]).toEqual([201, {}]);
    expect((await roles()).filter((r) => !['Translators', 'Named source'].includes(r.name)).every((r) => JSON.stringify(r.names) === '{}')).toBe(true);
  });

  it.each(REFUSED_NAMES)('refuses %s with a 422 on the field, writing nothing', async (_what, names, field, detail) => {
    const name = unique('Refused role');
    const created = await as('POST', `/api/roles/${encodeURIComponent(name)}`, { permissions: ['view media'], names });
    expectRefused(created.status, created.body, `names${field}`, detail);
    expect((await as('GET', `/api/roles/${encodeURIComponent(name)}`)).status).toBe(404);

    const keptName = unique('Kept role');
    const kept = (await as('POST', `/api/roles/${encodeURIComponent(keptName)}`, { permissions: ['view media'], names: { 'nl-NL': 'Bewaarde rol' } })).body;
    const updated = await as('PUT', `/api/roles/${encodeURIComponent(keptName)}`, { permissions: ['view media', 'upload media'], names });
    expectRefused(updated.status, updated.body, `names${field}`, detail);
    const after = await roleOf(keptName);
    expect([after.names, after.permissions]).toEqual([{ 'nl-NL': 'Bewaarde rol' }, kept.permissions]);
  });

  it('keeps its names when the permissions are refused (the last administrator rule rolls back the whole write)', async () => {
    const before = await roleOf('Administrator');
    const r = await as('PUT', '/api/roles/Administrator', { permissions: [], names: { 'fr-FR': 'Administrateur' } });
    expect(r.status).toBe(409);
    expect((await roleOf('Administrator')).names).toEqual(before.names);
  });
});
