// Issue 57: GET /agreements/countersigners, the send dialog's choice of countersigner. Roles are
// data: a role made here that holds 'countersign agreements' puts its users in the list, one that
// does not (even one that may send agreements) keeps them out; disabled users and dealers are never
// offered. Whoever may send ('edit agreements') asks; anyone else is refused. Whoever the list
// offers, a sending accepts, and whoever it leaves out, a sending refuses.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgreementCountersigner } from '../../../contract/agreements';
import { hashPassword } from '../../../server/auth/auth.passwords';
import { permissions, rolePermissions, roles, userRoles, users } from '../../../server/db/schema';
import { DEMO_PASSWORD } from '../../support/server';
import { agreementsWorld, type AgreementsWorld, type ErrorBody } from './agreements-helpers';

let w: AgreementsWorld;
const ids: Record<string, number> = {};

/** A role made by staff holding exactly `granted`, and a user with it. */
async function userWithRole(email: string, name: string, roleName: string, granted: string[], hash: string, status = 'active') {
  const db = w.server.database.db;
  const [role] = await db.insert(roles).values({ name: roleName }).returning({ id: roles.id });
  const found = await db.select().from(permissions).where(inArray(permissions.name, granted));
  await db.insert(rolePermissions).values(found.map((p) => ({ roleId: role.id, permissionId: p.id })));
  const [user] = await db.insert(users).values({ email, name, passwordHash: hash, status }).returning({ id: users.id });
  await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  ids[email] = user.id;
}

const list = (q?: string, who: Parameters<AgreementsWorld['as']>[0] = 'editor') =>
  w.as<AgreementCountersigner[] & ErrorBody>(who, 'GET', `/api/agreements/countersigners${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`);

beforeAll(async () => {
  w = await agreementsWorld();
  const hash = await hashPassword(DEMO_PASSWORD);
  await userWithRole('signatory@provider.test', 'Sasha Signatory', 'Contract Signatory', ['countersign agreements'], hash);
  await userWithRole('desk@provider.test', 'Dev Desk', 'Sales Desk', ['view agreements', 'edit agreements'], hash);
  await userWithRole('former@provider.test', 'Fay Former', 'Former Signatory', ['countersign agreements'], hash, 'disabled');
  const [admin] = await w.server.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.test'));
  ids['admin@demo.test'] = admin.id;
}, 120_000);
afterAll(async () => {
  await w?.close();
});

describe('who may countersign', () => {
  it('lists the active users whose role holds the permission, by name, and nobody else', async () => {
    const r = await list();
    expect(r.status).toBe(200);
    // The Administrator holds every permission; the role made here holds it alone.
    expect(r.body).toEqual([
      { id: ids['admin@demo.test'], name: 'Alex Admin', email: 'admin@demo.test', position: 'Administrator' },
      { id: ids['signatory@provider.test'], name: 'Sasha Signatory', email: 'signatory@provider.test', position: null },
    ]);
  });

  it('narrows by part of a name or an address', async () => {
    expect((await list('sasha')).body.map((u) => u.email)).toEqual(['signatory@provider.test']);
    expect((await list('@DEMO.test')).body.map((u) => u.email)).toEqual(['admin@demo.test']);
    expect((await list('Desk')).body).toEqual([]);
    // The search's own characters are taken literally.
    expect((await list('%')).body).toEqual([]);
    expect((await list('x'.repeat(101))).status).toBe(400);
  });

  it('is asked by whoever may send agreements; a reader, a dealer and an anonymous caller are refused', async () => {
    expect((await list(undefined, 'admin')).status).toBe(200);
    expect((await list(undefined, 'viewer')).status).toBe(403);
    expect((await list(undefined, 'dealer')).status).toBe(403);
    expect((await list(undefined, 'anonymous')).status).toBe(401);
  });

  it('agrees with the sending: one offered is accepted as countersigner, one who may only send is refused', async () => {
    const motors = await w.companyId('Demo Motors');
    const create = async (name: string) => (await w.as('admin', 'POST', '/api/agreements', { agreement: { name, company_id: motors }, lang: 'en-GB' })).body.id;
    const [dealer] = await w.server.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'dealer@demo.test'));
    const refused = await w.as<ErrorBody>('admin', 'POST', `/api/docusign/envelopes/${await create('Desk countersigns')}`, { signers: [{ user_id: dealer.id }], countersigner_id: ids['desk@provider.test'] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.map((e) => e.field)).toEqual(['countersigner_id']);
    const accepted = await w.as<ErrorBody>('admin', 'POST', `/api/docusign/envelopes/${await create('Sasha countersigns')}`, { signers: [{ user_id: dealer.id }], countersigner_id: ids['signatory@provider.test'] });
    expect(accepted.status).toBe(200);
  });
});
