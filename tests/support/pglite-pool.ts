/**
 * The demo database of a test worker on PGlite, loaded once and put back as it was seeded between
 * files, instead of a new PGlite loaded from the run's snapshot for every test server.
 *
 * Why: starting PGlite from the 47 MB snapshot costs 1.5-3 s of CPU (reading the tar, writing it into
 * the in-memory file system, starting postgres), and the api and e2e projects did it ~140 times a
 * run. Putting the data back takes milliseconds: each table the file wrote to (a statement trigger
 * notes it) is emptied and refilled from a copy made when the database was loaded (schema
 * `test_seed`), with triggers and foreign keys off (session_replication_role = replica, as
 * pg_restore does), and every sequence is set back.
 *
 * Files stay independent: a file gets the database only once the previous file's server has closed
 * and the data is back; a file whose changes cannot be put back this way (a table, column, index,
 * trigger or function created, altered or dropped) leaves a different schema fingerprint, and its
 * database is closed and a new one loaded from the snapshot. A file that asks for a second demo
 * database while it holds the first gets a fresh one of its own.
 * tests/server/db/pglite-pool.test.ts proves a put-back database equals a fresh copy, table by table.
 */
import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { openPglite, type Database, type Db } from '../../server/db/database';
import * as schema from '../../server/db/schema';

/** The query surface of the PGlite client under drizzle (drizzle keeps it as `$client`). */
interface Client {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
}

const SEED_SCHEMA = 'test_seed';

const clientOf = (database: Database) => (database.db as unknown as { $client: Client }).$client;

/** Schemas of the database's own objects (not the catalogue's, nor the seed copy). */
const USER_SCHEMAS = `n.nspname NOT IN ('pg_catalog', 'information_schema', '${SEED_SCHEMA}') AND n.nspname NOT LIKE 'pg\\_%'`;

/**
 * What a file could change that putting rows back would not undo: relations, columns with their
 * types and defaults, constraints, indexes, triggers, functions and schemas.
 */
const FINGERPRINT = `
SELECT md5(coalesce(string_agg(x, E'\\n' ORDER BY x), '')) AS fingerprint FROM (
  SELECT 'schema ' || n.nspname AS x FROM pg_namespace n WHERE ${USER_SCHEMAS}
  UNION ALL
  SELECT 'rel ' || n.nspname || '.' || c.relname || ' ' || c.relkind::text || ' ' || c.relpersistence::text
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${USER_SCHEMAS}
  UNION ALL
  SELECT 'col ' || n.nspname || '.' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
      || ' ' || a.attnotnull || ' ' || a.attidentity::text || a.attgenerated::text || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE ${USER_SCHEMAS} AND a.attnum > 0 AND NOT a.attisdropped
  UNION ALL
  SELECT 'con ' || n.nspname || '.' || c.relname || '.' || k.conname || ' ' || pg_get_constraintdef(k.oid)
    FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${USER_SCHEMAS}
  UNION ALL
  SELECT 'idx ' || pg_get_indexdef(i.indexrelid)
    FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${USER_SCHEMAS}
  UNION ALL
  SELECT 'trg ' || pg_get_triggerdef(t.oid)
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${USER_SCHEMAS} AND NOT t.tgisinternal AND t.tgname <> 'test_seed_dirty'
  UNION ALL
  SELECT 'fn ' || n.nspname || '.' || p.proname || ' ' || md5(p.prosrc)
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE ${USER_SCHEMAS}
) AS objects`;

interface Table {
  name: string; // schema-qualified and quoted
  copy: string; // its copy in test_seed, quoted
  columns: string; // the columns one can write (no generated ones), quoted, comma-separated
}

interface Pooled {
  database: Database;
  fingerprint: string;
  tables: Table[];
  /** Every sequence back where the seeding left it. */
  setSequences: string;
}

const DIRTY_TRIGGER = 'test_seed_dirty';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Copies every table's seeded rows into test_seed and writes the script that puts them back. */
async function prepare(database: Database): Promise<Pooled> {
  const client = clientOf(database);
  const tables = await client.query<{ schema: string; name: string; columns: string[] }>(
    `SELECT n.nspname AS schema, c.relname AS name,
            array_agg(a.attname::text ORDER BY a.attnum) FILTER (WHERE a.attgenerated = '') AS columns
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      WHERE c.relkind IN ('r', 'p') AND ${USER_SCHEMAS}
      GROUP BY n.nspname, c.relname ORDER BY 1, 2`,
  );
  const list: Table[] = tables.rows.map((t, i) => ({
    name: `${quote(t.schema)}.${quote(t.name)}`,
    copy: `${SEED_SCHEMA}.t${i}`,
    columns: t.columns.map(quote).join(', '),
  }));
  await client.exec(`CREATE SCHEMA ${SEED_SCHEMA}; ${list.map((t) => `CREATE TABLE ${t.copy} AS SELECT ${t.columns} FROM ${t.name};`).join('\n')}`);
  // Which tables a file wrote to (a statement trigger on each, cascades included): only those are
  // put back, most files touch a few of the ~50.
  await client.exec(`
    CREATE TABLE ${SEED_SCHEMA}.dirty (tbl int PRIMARY KEY);
    CREATE FUNCTION ${SEED_SCHEMA}.mark_dirty() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO ${SEED_SCHEMA}.dirty VALUES (TG_ARGV[0]::int) ON CONFLICT DO NOTHING; RETURN NULL; END $$;
    ${list.map((t, i) => `CREATE TRIGGER ${DIRTY_TRIGGER} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${t.name} FOR EACH STATEMENT EXECUTE FUNCTION ${SEED_SCHEMA}.mark_dirty('${i}');`).join('\n')}
  `);
  const sequences = await client.query<{ name: string; last: string | null }>(
    `SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename) AS name, last_value::text AS last
       FROM pg_sequences WHERE schemaname <> '${SEED_SCHEMA}'`,
  );
  // A sequence never used yet starts again where it starts.
  const setSequences = sequences.rows.map((s) => (s.last !== null ? `SELECT setval('${s.name}', ${s.last}, true);` : `ALTER SEQUENCE ${s.name} RESTART;`)).join('\n');
  return { database, fingerprint: await fingerprint(database), tables: list, setSequences };
}

async function fingerprint(database: Database): Promise<string> {
  return (await clientOf(database).query<{ fingerprint: string }>(FINGERPRINT)).rows[0].fingerprint;
}

/** Puts the seeded data back; false when the file changed what cannot be put back. */
async function putBack(entry: Pooled): Promise<boolean> {
  const client = clientOf(entry.database);
  try {
    // A transaction a file left open, its session settings and advisory locks.
    await client.exec('ROLLBACK').catch(() => {});
    await client.exec('RESET ALL; SELECT pg_advisory_unlock_all();');
    if ((await fingerprint(entry.database)) !== entry.fingerprint) return false;
    const dirty = (await client.query<{ tbl: number }>(`SELECT tbl FROM ${SEED_SCHEMA}.dirty`)).rows.map((r) => entry.tables[r.tbl]);
    // DELETE, not TRUNCATE: a table another one refers to cannot be truncated alone. The replica
    // role turns triggers and foreign keys off while the rows go back, as pg_restore does.
    await client.exec(
      [
        'SET session_replication_role = replica;',
        ...dirty.map((t) => `DELETE FROM ${t.name}; INSERT INTO ${t.name} (${t.columns}) OVERRIDING SYSTEM VALUE SELECT * FROM ${t.copy};`),
        entry.setSequences,
        `DELETE FROM ${SEED_SCHEMA}.dirty;`,
        'SET session_replication_role = DEFAULT;',
      ].join('\n'),
    );
    // The deleted rows' space is reused, not added to file after file (VACUUM runs on its own,
    // outside the script's implicit transaction).
    if (dirty.length) await client.exec(`VACUUM ${dirty.map((t) => t.name).join(', ')}`);
    return true;
  } catch {
    return false;
  }
}

// One pool per worker process, shared by the files it runs (isolate: false shares modules too,
// but a global survives even a file that resets modules).
// Keyed by the snapshot's file: each run (and each globalSetup) makes its own.
const pools = globalThis as typeof globalThis & { portalPglitePools?: Map<string, { idle: Pooled[]; snapshot?: Blob }> };

/**
 * The worker's demo database, its data as seeded (or a new one when it is in use). `release()`
 * puts its data back for the next file; the Database handed out ignores `close()` (the app closes
 * its database on close), so only the pool closes the client.
 */
export async function acquireDemoPglite(snapshotFile: string): Promise<{ database: Database; release(): Promise<void> }> {
  const all = (pools.portalPglitePools ??= new Map());
  const state = all.get(snapshotFile) ?? { idle: [] };
  all.set(snapshotFile, state);
  let entry = state.idle.pop();
  if (!entry) {
    state.snapshot ??= new Blob([readFileSync(snapshotFile)]);
    entry = await prepare(await openPglite(null, { loadDataDir: state.snapshot }));
  }
  const taken = entry;
  let released = false;
  // A new drizzle handle on the same client: what the server keeps per database (secret keys,
  // prepared statements, catalogue versions by id) starts empty, as on a fresh database.
  const db = drizzle((taken.database.db as unknown as { $client: PGlite }).$client, { schema }) as unknown as Db;
  taken.database.reads.invalidate();
  return {
    database: { ...taken.database, db, close: async () => {} },
    async release() {
      if (released) return;
      released = true;
      if (await putBack(taken)) state.idle.push(taken);
      else await taken.database.close().catch(() => {});
    },
  };
}
