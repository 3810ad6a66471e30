// Migration 0026 on an installation made before issue 55 (issue 55: permissions are data): the two
// new permissions arrive with the demo roles' defaults, and an empty database is left to the seed.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { inArray } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it } from 'vitest';
import type { Db } from '../../../server/db/database';
import * as schema from '../../../server/db/schema';
import { MIGRATIONS, migrationsBefore, removeMigrationCopies } from '../../support/migrations';
import { permissions } from '../../../server/db/schema';
import { seedDatabase } from '../../../server/db/seed';

afterAll(removeMigrationCopies);

/** The demo roles' defaults of the two permissions (server/db/seed-data.ts ROLES). */
const DEFAULTS = [
  'Client: comment configs',
  'Administrator: comment configs',
  'Administrator: review configs',
  'Project Manager: comment configs',
  'Project Manager: review configs',
  'Account Manager: comment configs',
];

const grants = async (client: PGlite) =>
  (
    await client.query<{ role: string; permission: string }>(
      `SELECT r.name AS role, p.name AS permission FROM role_permissions rp JOIN roles r ON r.id = rp.role_id JOIN permissions p ON p.id = rp.permission_id
       WHERE p.name IN ('comment configs', 'review configs') ORDER BY r.id, p.name`,
    )
  ).rows.map((r) => `${r.role}: ${r.permission}`);

it('an installation from before the review permissions gets them, with the demo roles defaults, and keeps a role made by staff as it was', async () => {
  const client = new PGlite({ extensions: { pg_trgm, unaccent } });
  try {
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: migrationsBefore('0026_config_reviews') });
    await seedDatabase(db as unknown as Db, { demo: false, demoPassword: 'x' });
    // As it was then: the seed of that time had neither permission.
    await db.delete(permissions).where(inArray(permissions.name, ['comment configs', 'review configs']));
    await client.query(`INSERT INTO roles (name) VALUES ('Reviewers')`);
    expect(await grants(client)).toEqual([]);

    await migrate(db, { migrationsFolder: MIGRATIONS });
    expect(await grants(client)).toEqual(DEFAULTS);
  } finally {
    await client.close();
  }
});

it('an empty database is left to the seed, which gives the same defaults', async () => {
  const client = new PGlite({ extensions: { pg_trgm, unaccent } });
  try {
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS });
    expect((await client.query('SELECT count(*)::int AS n FROM permissions')).rows).toEqual([{ n: 0 }]);
    await seedDatabase(db as unknown as Db, { demo: false, demoPassword: 'x' });
    expect(await grants(client)).toEqual(DEFAULTS);
  } finally {
    await client.close();
  }
});
