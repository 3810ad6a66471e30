import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../../server/db/database';
import { createPostgresDatabase } from '../../support/server';

// Code that takes the pool or a transaction asks independent reads side by side (Promise.all).
// On a transaction's one connection node-postgres would queue them itself, which it deprecates
// (a warning in every log) and refuses from pg 9: each query must wait for the one before it.
const postgres = process.env.TEST_DB === 'postgres';
const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, number>> }).rows;

describe.skipIf(!postgres)('queries of one PostgreSQL transaction (needs TEST_DATABASE_URL)', () => {
  let target: { url: string; drop(): Promise<void> };
  let database: Database;

  beforeAll(async () => {
    target = await createPostgresDatabase();
    database = await openPostgres(target.url);
  });
  afterAll(async () => {
    await database?.close();
    await target?.drop();
  });

  it('reach the connection one at a time, in the order asked, each with its own answer', async () => {
    const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const real = proto.query;
    let whileBusy = 0;
    proto.query = function (this: { _activeQuery?: unknown; _queryQueue?: unknown[] }, ...args: unknown[]) {
      if (this._activeQuery || (this._queryQueue?.length ?? 0) > 0) whileBusy += 1;
      return real.apply(this, args);
    };
    try {
      const answers = await database.db.transaction(async (tx) =>
        Promise.all([0.05, 0, 0.02, 0].map(async (wait, i) => rowsOf(await tx.execute(sql`select ${i}::int as i, pg_sleep(${wait})`))[0].i)),
      );
      expect(answers).toEqual([0, 1, 2, 3]);
      expect(whileBusy).toBe(0);
    } finally {
      proto.query = real;
    }
  });

  it('a failed query fails alone: the transaction rolls back and the next one runs', async () => {
    await expect(database.db.transaction(async (tx) => Promise.all([tx.execute(sql`select 1`), tx.execute(sql`select 1/0`)]))).rejects.toThrow(/Failed query: select 1\/0/);
    expect(rowsOf(await database.db.execute(sql`select 2 as two`))[0].two).toBe(2);
  });
});
