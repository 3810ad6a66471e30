import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, permissions, rolePermissions, roles, users } from '../../server/db/schema';
import { hashPassword } from '../../server/auth/auth.passwords';
import { call, login } from '../server/helpers';
import { startE2E, SETTLE, type E2E } from './harness';

/** The names in the users list's rows (the name is the column after the checkbox). */
const NAME_CELLS = 'table tbody tr td:nth-child(2)';
const PASSWORD = 'Keeper-pass-2026';

/**
 * The users list's bulk delete is one request that deletes all or none: a user manager who selects
 * a user they may delete and one they may not is told why, and both stay.
 */
describe('bulk delete in the users list (browser)', () => {
  let e2e: E2E;
  const made: Record<string, number> = {};

  beforeAll(async () => {
    e2e = await startE2E();
    const db = e2e.server.database.db;
    // A user manager (list and create users only) in Demo Motors, and two users of that company:
    // Moe holds only the manager's role, Cal holds Client (permissions the manager lacks).
    const [role] = await db.insert(roles).values({ name: 'User Keeper' }).returning({ id: roles.id });
    const granted = await db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.name, ['list users', 'create users']));
    await db.insert(rolePermissions).values(granted.map((p) => ({ roleId: role.id, permissionId: p.id })));
    const [{ id: demoMotors }] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, 'Demo Motors'));
    const admin = await login(e2e.server, 'admin@demo.test');
    for (const [name, email, roleIds] of [['Kim Keeper', 'kim@example.test', [role.id]], ['Moe Mine', 'moe@example.test', [role.id]], ['Cal Client', 'cal@example.test', [1]]] as const) {
      const r = await call<{ id: number }>(e2e.server, 'POST', '/api/users', { token: admin.token, body: { name, email, company_id: demoMotors, roles: roleIds } });
      expect(r.status).toBe(201);
      made[name] = r.body.id;
    }
    await db.update(users).set({ passwordHash: await hashPassword(PASSWORD) }).where(eq(users.id, made['Kim Keeper']));
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('refuses the whole selection when one user is beyond the deleter, deleting none; then deletes the one they may', async () => {
    const exists = async (id: number) => (await e2e.server.database.db.select({ id: users.id }).from(users).where(eq(users.id, id))).length === 1;
    const { page } = await e2e.newPage();
    await e2e.openSignedIn(page, 'kim@example.test', { password: PASSWORD, route: '/users' });
    const row = (name: string) => page.locator('table tbody tr').filter({ hasText: name });
    await row('Cal Client').waitFor();

    await row('Moe Mine').getByRole('checkbox', { name: 'Select this row' }).check();
    await row('Cal Client').getByRole('checkbox', { name: 'Select this row' }).check();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('You cannot delete a user who holds a role with permissions you do not hold yourself.').waitFor();
    expect(await exists(made['Moe Mine'])).toBe(true);
    expect(await exists(made['Cal Client'])).toBe(true);
    await expect.poll(() => page.locator(NAME_CELLS).allTextContents(), SETTLE).toEqual(expect.arrayContaining(['Moe Mine', 'Cal Client']));

    // Still selected after the refusal: Moe alone is deleted.
    await row('Cal Client').getByRole('checkbox', { name: 'Select this row' }).uncheck();
    await expect(row('Moe Mine').getByRole('checkbox', { name: 'Select this row' }).isChecked()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.locator(NAME_CELLS).allTextContents(), SETTLE).not.toContain('Moe Mine');
    expect(await exists(made['Moe Mine'])).toBe(false);
    expect(await exists(made['Cal Client'])).toBe(true);
  });
});
