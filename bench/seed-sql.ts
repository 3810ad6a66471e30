/**
 * How a bench's seed (run in the server process, bench/server-process.ts `seed`) sends its bulk
 * SQL: on PostgreSQL through a client of its own, since the app's pool gives up on a query after
 * DB_QUERY_TIMEOUT_MS, which a bulk insert on a busy machine can take; on PGlite through the app's
 * database, with the driver's own words in an error (drizzle's names only the query).
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Client as PgClient } from 'pg';
import type { Database } from '../server/db/database';

export interface SeedSql {
  execute(query: SQL): Promise<{ rows: Array<Record<string, unknown>> }>;
  /** Ends the PostgreSQL client (nothing on PGlite). */
  close(): Promise<void>;
}

export async function seedSql(database: Database): Promise<SeedSql> {
  let direct: PgClient | null = null;
  if (database.kind === 'postgres') {
    const pg = (await import('pg')).default;
    direct = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await direct.connect();
  }
  const dialect = new PgDialect();
  return {
    async execute(query) {
      if (direct) {
        const { sql: text, params } = dialect.sqlToQuery(query);
        return direct.query(text, params);
      }
      return (database.db.execute(query) as Promise<{ rows: Array<Record<string, unknown>> }>).catch((err: Error & { cause?: Error }) =>
        Promise.reject(new Error(`${err.message}\n${err.cause?.message ?? ''}`)),
      );
    },
    close: async () => {
      await direct?.end();
    },
  };
}
