import { randomBytes } from 'node:crypto';
import pg from 'pg';

// Its own module: the run's global setup (seeded-database.ts) makes its template with it, and the
// test server harness (server.ts) imports that setup's types, so keeping it in server.ts would tie
// the two files in an import circle.
/**
 * A database CREATEd for one test on the server of TEST_DATABASE_URL, with the URL to reach it and
 * `drop()` to remove it afterwards.
 */
export async function createPostgresDatabase(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (postgres://user@host:port/db)');
  const name = `portal_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  // CREATE DATABASE from the maintenance database (the one in the URL may not exist yet); if that
  // one is off limits, from the URL's own database.
  const maintenance = new URL(base);
  maintenance.pathname = '/postgres';
  let adminUrl = maintenance.toString();
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const create = `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`;
  try {
    await run(create);
  } catch (err) {
    if (adminUrl === base) throw err;
    adminUrl = base;
    await run(create);
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * The pool options of the tests' own PostgreSQL connections (test servers, second instances, the
 * run's templates). The server's 1 s connect timeout (DB_CONNECT_TIMEOUT_MS) and 1.5 s query
 * timeout (DB_QUERY_TIMEOUT_MS) are for failing fast in production; on CI's two cores, busy with
 * browsers, a new connection to a database just copied from the template took longer, and a test
 * server's seeding failed with "connection timeout" (metrics.test.ts on PostgreSQL, session 19),
 * then one of its one-row reads with "Query read timeout" (the same file, session 21, load average
 * 10). The tests that check a timeout set their own: the fault tests, the signing that waits past
 * the query timeout (`startTestServer({ queryTimeoutMs })`).
 */
export const TEST_POOL = { connectTimeoutMs: 10_000, queryTimeoutMs: 10_000 } as const;
