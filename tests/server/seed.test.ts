import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { seedDatabase } from '../../server/db/seed';
import { companies, terms, userRoles, users } from '../../server/db/schema';
import { verifyPassword } from '../../server/auth/auth.passwords';
import { openTestDatabase } from '../support/server';
import type { Database } from '../../server/db/database';

// DATABASE_URL without DEMO_DATA=1: reference data and the first administrator, no demo users.
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await database.migrate();
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe('seeding', () => {
  it('seeds reference data and the administrator from the environment, without demo users', async () => {
    const r = await seedDatabase(database.db, { demo: false, demoPassword: 'x', admin: { email: ' Boss@Example.com ', password: 'Admin-pass-1' } });
    expect(r).toEqual({ seeded: true, demoUsers: [], adminCreated: 'boss@example.com' });
    const all = await database.db.select().from(users);
    expect(all.map((u) => u.email)).toEqual(['boss@example.com']);
    expect(await verifyPassword(all[0].passwordHash, 'Admin-pass-1')).toBe(true);
    expect(await database.db.select().from(userRoles).where(eq(userRoles.userId, all[0].id))).toEqual([{ userId: all[0].id, roleId: 2 }]);
    expect(await database.db.select().from(companies)).toEqual([]);
    const [independent] = await database.db.select().from(terms).where(eq(terms.id, 6));
    expect(independent.name).toBe('Independent');
  });

  it('touches nothing on a second start, and new rows get fresh ids after the fixed ones', async () => {
    const r = await seedDatabase(database.db, { demo: true, demoPassword: 'x', admin: { email: 'boss@example.com', password: 'other' } });
    expect(r).toEqual({ seeded: false, demoUsers: [], adminCreated: null });
    const [row] = await database.db.insert(terms).values({ taxonomyId: 3, name: 'Polestar', slug: 'polestar' }).returning();
    expect(row.id).toBeGreaterThan(65);
  });

  it('applying the migrations again is a no-op', async () => {
    await database.migrate();
    expect((await database.db.select().from(users)).length).toBe(1);
  });
});
