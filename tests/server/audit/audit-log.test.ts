/**
 * Issue 58's audit log through the API, on PGlite and PostgreSQL: a write made through the API is
 * entered in the same transaction with who (user, email, address), what (record, action) and the
 * fields before and after (a password never, only that it changed); writes outside a request (the
 * seed) are not; staff holding 'view audit log' read it (a created role too), others are refused;
 * the database refuses to change or remove an entry.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../contract/audit';
import { pruneAuditLog } from '../../../server/audit/audit.retention';
import { hashPassword } from '../../../server/auth/auth.passwords';
import { roles, userRoles, users } from '../../../server/db/schema';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../../support/server';
import { call, login, type Reply } from '../helpers';

let server: TestServer;
const tokens: Record<'dealer' | 'admin' | 'auditor' | 'clerk', string> = {} as never;
type Who = keyof typeof tokens | 'anonymous';
const as = <T = AuditEntry[]>(who: Who, method: string, path: string, body?: unknown): Promise<Reply<T>> =>
  call<T>(server, method, path, { token: who === 'anonymous' ? undefined : tokens[who], body });
const log = (filter: Record<string, unknown> = {}, who: Who = 'admin') => as(who, 'GET', `/api/audit-log?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,49]`);
let adminId = 0;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  // Made directly in the database, outside any request: none of it is entered.
  const [auditors, clerks] = await db.insert(roles).values([{ name: 'Auditors' }, { name: 'Clerks' }]).returning();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [auditor, clerk] = await db
    .insert(users)
    .values([
      { email: 'auditor@demo.test', name: 'Audrey Auditor', passwordHash },
      { email: 'clerk@demo.test', name: 'Clem Clerk', passwordHash },
    ])
    .returning();
  await db.insert(userRoles).values([
    { userId: auditor.id, roleId: auditors.id },
    { userId: clerk.id, roleId: clerks.id },
  ]);
  for (const [who, email] of Object.entries({ dealer: 'dealer@demo.test', admin: 'admin@demo.test', auditor: 'auditor@demo.test', clerk: 'clerk@demo.test' })) {
    tokens[who as keyof typeof tokens] = (await login(server, email)).token;
  }
  adminId = (await as<{ user: { id: number } }>('admin', 'GET', '/api/users/current')).body.user.id;
});
afterAll(async () => {
  await server?.close();
});

describe('the audit log', () => {
  it('holds nothing written outside a request: the seed and the fixtures above', async () => {
    const r = await log();
    expect(r.status).toBe(200);
    expect(r.body).toEqual([]);
    expect(r.headers.get('content-range')).toBe('audit-log 0-0/0');
  });

  it("enters a product's price change with who, from where, and the price before and after", async () => {
    const before = (await as<{ id: number; cost: number }[]>('admin', 'GET', '/api/products?range=[0,0]')).body[0];
    const put = await as('admin', 'PUT', `/api/products/${before.id}`, { cost: before.cost + 7 });
    expect(put.status).toBe(200);
    const r = await log({ kind: 'product', record_id: String(before.id) });
    expect(r.body).toHaveLength(1);
    const [entry] = r.body;
    expect(entry).toMatchObject({ actor_id: adminId, actor_name: 'Alex Admin', actor_email: 'admin@demo.test', ip: '127.0.0.1', kind: 'product', record_id: String(before.id), action: 'update', part: null });
    expect(Number(entry.changes.cost.before)).toBe(before.cost);
    expect(Number(entry.changes.cost.after)).toBe(before.cost + 7);
    // Bookkeeping is left out: only what the person changed.
    expect(Object.keys(entry.changes)).toEqual(['cost']);
    expect(Date.now() - new Date(entry.at).getTime()).toBeLessThan(60_000);
  });

  it('enters a role granted a permission under the role, and a created user with their password masked', async () => {
    const grant = await as('admin', 'PUT', '/api/roles/Auditors', { permissions: ['view audit log'] });
    expect(grant.status).toBe(200);
    const roleId = (await as<{ id: number }>('admin', 'GET', '/api/roles/Auditors')).body.id;
    const granted = (await log({ kind: 'role', record_id: String(roleId) })).body;
    expect(granted.some((e) => e.part === 'role_permissions' && e.action === 'insert' && e.actor_id === adminId)).toBe(true);

    const made = await as<{ id: number }>('admin', 'POST', '/api/users', { name: 'Newt New', email: 'newt@demo.test' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const created = (await log({ kind: 'user', record_id: String(made.body.id) })).body.find((e) => e.part === null && e.action === 'insert')!;
    expect(created.changes.email).toEqual({ before: null, after: 'newt@demo.test' });
    expect(created.changes.password_hash).toEqual({ masked: true });
    expect(JSON.stringify(created)).not.toContain('argon2');
    const changed = await as('admin', 'PUT', `/api/users/${made.body.id}`, { password: 'Newt-other-2026' });
    expect(changed.status).toBe(200);
    const update = (await log({ kind: 'user', record_id: String(made.body.id) })).body.find((e) => e.action === 'update' && 'password_hash' in e.changes)!;
    expect(update.changes.password_hash).toEqual({ masked: true });
  });

  it('is read by a role given the permission (roles are data), refused to others', async () => {
    expect((await as('anonymous', 'GET', '/api/audit-log')).status).toBe(401);
    for (const who of ['dealer', 'clerk'] as const) expect((await as(who, 'GET', '/api/audit-log')).body).toEqual({ message: 'No Access.' });
    // The Auditors role was given 'view audit log' by the test above.
    const r = await as('auditor', 'GET', '/api/audit-log?range=[0,4]');
    expect(r.status).toBe(200);
    expect(r.body.length).toBeGreaterThan(0);
  });

  it('filters by person and date, and refuses a filter it does not know in words', async () => {
    expect((await log({ actor_id: adminId })).body.every((e) => e.actor_id === adminId)).toBe(true);
    expect((await log({ actor_id: 999999 })).body).toEqual([]);
    expect((await log({ q: 'ALEX' })).body.every((e) => e.actor_name === 'Alex Admin')).toBe(true);
    expect((await log({ q: 'admin@demo' })).body.length).toBeGreaterThan(0);
    expect((await log({ q: 'nobody-like-this' })).body).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await log({ from: today })).body.length).toBeGreaterThan(0);
    expect((await log({ to: '2000-01-01' })).body).toEqual([]);
    const bad = await log({ who: 'me' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: 'The audit log query is not valid.' });
    expect((await log({ from: 'yesterday' })).status).toBe(400);
    expect((await log({ kind: 'spaceship' })).status).toBe(400);
  });

  it('cannot be changed or emptied, whatever the code does', async () => {
    const db = server.database.db;
    // drizzle wraps the database's error: its words are the cause's.
    const refusal = async (attempt: Promise<unknown>) => {
      try {
        await attempt;
        return 'accepted';
      } catch (error) {
        return String((error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message);
      }
    };
    for (const statement of [sql`UPDATE audit_log SET actor_name = 'someone else'`, sql`DELETE FROM audit_log`, sql`TRUNCATE audit_log`]) {
      expect(await refusal(db.execute(statement))).toMatch(/audit_log is append-only: (UPDATE|DELETE|TRUNCATE) refused/);
    }
    // The retention's delete takes only entries older than the period it names (none here).
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('portal.audit_retention_days', '30', true)`);
      await tx.execute(sql`DELETE FROM audit_log WHERE at < now() - interval '30 days'`);
    });
    const retentionTooWide = db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('portal.audit_retention_days', '30', true)`);
      await tx.execute(sql`DELETE FROM audit_log`);
    });
    expect(await refusal(retentionTooWide)).toMatch(/audit_log is append-only: DELETE refused/);
    expect((await log()).body.length).toBeGreaterThan(0);
  });

  it('keeps entries for the configured period: the sweep removes the older ones only', async () => {
    const db = server.database.db;
    await db.execute(sql`INSERT INTO audit_log (at, kind, record_id, action, changes) VALUES (now() - interval '40 days', 'company', 'old', 'update', '{}'), (now() - interval '20 days', 'company', 'recent', 'update', '{}')`);
    expect(await pruneAuditLog(db, 30, new Date())).toBe(1);
    expect((await log({ record_id: 'old' })).body).toEqual([]);
    expect((await log({ record_id: 'recent' })).body).toHaveLength(1);
  });
});
