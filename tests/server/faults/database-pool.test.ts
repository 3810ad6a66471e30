import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, openPostgres, type Database } from '../../../server/db/database';
import { createPostgresDatabase } from '../../support/server';
import { startTcpProxy, type TcpProxy } from '../../support/tcp-proxy';

// The connection pool over an outage: every connection it had goes bad while the database is
// away, and afterwards it must hand out good ones again, whatever the failed work was doing (here
// transactions, whose BEGIN is the first thing to meet the dead connection). A pool that loses
// slots in an outage leaves the server answering 503 for good after the database is back.
const postgres = process.env.TEST_DB === 'postgres';
const POOL = 4;

describe.skipIf(!postgres)('the PostgreSQL pool across an outage (needs TEST_DATABASE_URL)', () => {
  let target: { url: string; drop(): Promise<void> };
  let proxy: TcpProxy;
  let database: Database;

  beforeAll(async () => {
    target = await createPostgresDatabase();
    const real = new URL(process.env.TEST_DATABASE_URL!);
    proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
    database = await openPostgres(proxy.via(target.url), { poolMax: POOL });
  });
  afterEach(async () => {
    await proxy?.restore();
  });
  afterAll(async () => {
    await database?.close();
    await proxy?.close();
    await target?.drop();
  });

  const inTransaction = () => database.db.transaction(async (tx) => (await tx.execute(sql`select 1 as one`)) as unknown);

  it('gives back every connection of transactions that failed because the network went silent', async () => {
    // Every pooled connection open and idle.
    await Promise.all(Array.from({ length: POOL }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
    await proxy.cut('blackhole');
    const failed = await Promise.allSettled(Array.from({ length: POOL }, () => inTransaction()));
    expect(failed.map((f) => f.status)).toEqual(failed.map(() => 'rejected'));
    for (const f of failed) expect(isDatabaseUnavailable((f as PromiseRejectedResult).reason)).toBe(true);

    await proxy.restore();
    // More transactions than the pool has slots, all served.
    const served = await Promise.all(Array.from({ length: POOL * 2 }, () => inTransaction()));
    expect(served).toHaveLength(POOL * 2);
  }, 30_000);

  it('gives back every connection of transactions whose connection was cut', async () => {
    await Promise.all(Array.from({ length: POOL }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
    // Transactions in progress when PostgreSQL goes.
    const running = Array.from({ length: POOL }, () => database.db.transaction(async (tx) => tx.execute(sql`select pg_sleep(2)`)));
    await new Promise((r) => setTimeout(r, 300));
    await proxy.cut('refuse');
    const failed = await Promise.allSettled(running);
    expect(failed.map((f) => f.status)).toEqual(failed.map(() => 'rejected'));
    for (const f of failed) expect(isDatabaseUnavailable((f as PromiseRejectedResult).reason)).toBe(true);

    await proxy.restore();
    const served = await Promise.all(Array.from({ length: POOL * 2 }, () => inTransaction()));
    expect(served).toHaveLength(POOL * 2);
  }, 30_000);
});
