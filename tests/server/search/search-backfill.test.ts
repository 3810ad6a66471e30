// Migration 0032 on an installation made before issue 58: the records already there are
// searchable at once (the migration backfills the index its triggers keep from then on).
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it } from 'vitest';
import * as schema from '../../../server/db/schema';
import { MIGRATIONS, migrationsBefore, removeMigrationCopies } from '../../support/migrations';

afterAll(removeMigrationCopies);

it('indexes the companies, users, configs and products of before, with their stage data, and keeps them from then on', async () => {
  const client = new PGlite({ extensions: { pg_trgm, unaccent } });
  try {
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: migrationsBefore('0032_search') });
    await client.exec(`
      INSERT INTO companies (id, name, address_line2, address_line3, reg_number) VALUES (1, 'Škoda Fenland Motors', 'PE13 1AQ', 'Wisbech', 'SC424242');
      INSERT INTO users (id, name, email) VALUES (1, 'Sasha Fenlander', 'sasha@fenland.test');
      INSERT INTO configs (id, name, company_id, design_type, stages) VALUES (1, 'Fenland website', 1, 'custom', '{locations}');
      INSERT INTO config_meta (config_id, meta_key, meta_value) VALUES
        (1, 'stage_data_locations', '{"locations":[{"id":"l1","name":"Marshland Outpost","postcode":"PE14 9QT","franchises":["f1"]}]}'),
        (1, 'stage_data_franchises', '{"franchises":[{"id":"f1","name":"Škoda"}]}');
      INSERT INTO products (id, name, order_column) VALUES (1, 'Stock Feed', 1);
    `);
    await migrate(db, { migrationsFolder: MIGRATIONS });
    const entries = async () => (await client.query<{ kind: string; record_id: number; terms: string }>('SELECT kind, record_id, terms FROM search_entries ORDER BY kind, record_id')).rows;
    expect(await entries()).toEqual([
      { kind: 'company', record_id: 1, terms: 'skoda fenland motors sc424242 pe13 1aq wisbech' },
      { kind: 'config', record_id: 1, terms: 'fenland website marshland outpost pe14 9qt skoda' },
      { kind: 'product', record_id: 1, terms: 'stock feed' },
      { kind: 'user', record_id: 1, terms: 'sasha fenlander sasha@fenland.test' },
    ]);
    // From now on the triggers keep it: a location moved, a company renamed, a config deleted.
    await client.exec(`
      UPDATE config_meta SET meta_value = '{"locations":[{"id":"l1","name":"Marshland Outpost","postcode":"PE14 8AA","franchises":["f1"]}]}' WHERE meta_key = 'stage_data_locations';
      UPDATE companies SET name = 'Fenland Motor Group' WHERE id = 1;
    `);
    expect((await entries()).filter((e) => e.kind !== 'product' && e.kind !== 'user')).toEqual([
      { kind: 'company', record_id: 1, terms: 'fenland motor group sc424242 pe13 1aq wisbech' },
      { kind: 'config', record_id: 1, terms: 'fenland website marshland outpost pe14 8aa skoda' },
    ]);
    await client.exec('DELETE FROM companies WHERE id = 1');
    expect((await entries()).map((e) => e.kind)).toEqual(['product', 'user']);
  } finally {
    await client.close();
  }
});
