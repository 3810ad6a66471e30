import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openPglite, type Database } from '../../../server/db/database';
import { acquireDemoPglite } from '../../support/pglite-pool';

// The harness that lets test files share a worker's PGlite (tests/support/pglite-pool.ts) must hand
// each file the seeded data exactly: a row, a sequence or a setting left by one file would make
// another pass or fail by the order the files ran in.
const seeded = (() => {
  try {
    return inject('seededDatabase');
  } catch {
    return null;
  }
})();
const onPglite = process.env.TEST_DB !== 'postgres' && seeded?.kind === 'pglite';

interface Client {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
}
const clientOf = (database: Database) => (database.db as unknown as { $client: Client }).$client;

/** Every table's rows (as text, in order) and every sequence's position, by name. */
async function contents(database: Database): Promise<Record<string, string>> {
  const client = clientOf(database);
  const tables = await client.query<{ name: string }>(
    `SELECT quote_ident(schemaname) || '.' || quote_ident(tablename) AS name FROM pg_tables
      WHERE schemaname NOT IN ('pg_catalog', 'information_schema', 'test_seed') ORDER BY 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const rows = await client.query<{ digest: string; n: number }>(`SELECT md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest, count(*)::int AS n FROM ${name} t`);
    out[name] = `${rows.rows[0].n} ${rows.rows[0].digest}`;
  }
  const sequences = await client.query<{ name: string; last: string | null }>(`SELECT sequencename AS name, last_value::text AS last FROM pg_sequences WHERE schemaname <> 'test_seed' ORDER BY 1`);
  for (const s of sequences.rows) out[`sequence ${s.name}`] = String(s.last);
  return out;
}

describe.skipIf(!onPglite)("a worker's shared PGlite demo database (PGlite only: PostgreSQL copies a template per file)", () => {
  const file = seeded?.kind === 'pglite' ? seeded.file : '';
  let fresh: Database | undefined;
  afterAll(async () => {
    await fresh?.close();
  });

  it('comes back to the next file with every row and sequence as a fresh copy of the snapshot has them', async () => {
    fresh = await openPglite(null, { loadDataDir: new Blob([readFileSync(file)]) });
    const expected = await contents(fresh);
    expect(Object.keys(expected).length).toBeGreaterThan(30);

    const first = await acquireDemoPglite(file);
    const client = clientOf(first.database);
    // What files do: writes in many tables (through triggers and cascades), sequences moved on,
    // a session setting, an advisory lock, rows deleted with their dependants.
    await client.exec(`
      UPDATE users SET name = 'Changed by a file' WHERE email = 'admin@demo.test';
      INSERT INTO companies (name) VALUES ('Leftover Motors');
      DELETE FROM sessions;
      SET statement_timeout = 1234;
      SELECT pg_advisory_lock(42);
    `);
    await client.exec(`DELETE FROM projects WHERE id IN (SELECT id FROM projects ORDER BY id LIMIT 1)`);
    const sequences = await client.query<{ name: string }>(`SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename) AS name FROM pg_sequences WHERE schemaname = 'public'`);
    for (const s of sequences.rows) await client.query(`SELECT nextval('${s.name}')`);
    expect(await contents(first.database)).not.toEqual(expected);
    await first.database.close(); // what the app does on close: the pool's client stays open
    await first.release();

    const second = await acquireDemoPglite(file);
    try {
      expect(clientOf(second.database)).toBe(clientOf(first.database)); // the same PGlite, put back
      // with a new drizzle handle: what the server keeps per database handle starts empty
      expect(second.database.db).not.toBe(first.database.db);
      expect(await contents(second.database)).toEqual(expected);
      const setting = await clientOf(second.database).query<{ statement_timeout: string }>('SHOW statement_timeout');
      expect(setting.rows[0].statement_timeout).toBe('0');
      const locks = await clientOf(second.database).query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory'`);
      expect(locks.rows[0].n).toBe(0);
    } finally {
      await second.release();
    }
  });

  it('is replaced by a new copy when a file changed the schema, which putting rows back cannot undo', async () => {
    const first = await acquireDemoPglite(file);
    await clientOf(first.database).exec(`CREATE TABLE left_behind (id int); ALTER TABLE users ADD COLUMN nickname text;`);
    await first.release();

    const second = await acquireDemoPglite(file);
    try {
      expect(clientOf(second.database)).not.toBe(clientOf(first.database));
      const found = await clientOf(second.database).query<{ n: number }>(
        `SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = 'left_behind' OR (table_name = 'users' AND column_name = 'nickname')`,
      );
      expect(found.rows[0].n).toBe(0);
    } finally {
      await second.release();
    }
  });

  it('gives a file that holds the database a second, separate one', async () => {
    const first = await acquireDemoPglite(file);
    const second = await acquireDemoPglite(file);
    try {
      expect(clientOf(second.database)).not.toBe(clientOf(first.database));
    } finally {
      await second.release();
      await first.release();
    }
  });
});
