import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { acquireDataDirLock } from './lock';
import { ReadCache, trackPoolWrites, trackWrites } from './read-cache';
import { takeTurns, type TurnClient } from './take-turns';
import { actorOnPgClient, actorOnPglite, actorOnPool } from './actor';
import { LOCK_IDS } from './locks';
import { installQueue, type QueueDb } from './queue';
import type pgModule from 'pg';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: accepted wherever a Db is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Reads answered from memory while the database has not changed (read-cache.ts). */
  reads: ReadCache;
  /** Applies the drizzle-kit migrations and installs the job queue's schema (idempotent). */
  migrate(): Promise<void>;
  /** The job queue's way in (server/db/queue.ts): statements that bypass the read cache's write tracking. */
  queueDb: QueueDb;
  /**
   * A copy of the whole embedded database while it runs (PGlite; absent on PostgreSQL, whose own
   * pg_dump is the way): the data folder as a gzipped tar, taken between two statements, holding
   * every transaction committed before it (server/db/backup.ts).
   */
  backup?: () => Promise<Blob>;
  /** The connection pool's use (PostgreSQL; absent on PGlite, one connection in the process), for the metrics. */
  poolUse?: () => { total: number; idle: number; waiting: number };
  /**
   * Calls `onPayload` with each NOTIFY on `channel` (LISTEN), until the returned function is called.
   * PGlite: its own `listen` (one connection in the process). PostgreSQL: one dedicated connection
   * per call, outside the pool, connected again after a loss (`onLost` says a gap may have dropped
   * notifications); call it once per instance and fan out in memory (server/presence/).
   */
  listen(channel: string, onPayload: (payload: string) => void, onLost?: (err: Error) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Embedded PGlite. `dataDir` null means in memory (tests); otherwise the database lives in
 * `<dataDir>/pglite` and `<dataDir>/portal.lock` keeps a second process out.
 *
 * Durability: PGlite writes each commit's WAL to the file before the query returns (its Node
 * filesystem writes straight through; nothing is buffered in memory), so a commit survives the
 * process being killed (tests/server/faults/kill-after-write.test.ts). It runs PostgreSQL with
 * fsync off and its filesystem layer has no fsync, so a commit is not proof against the machine
 * itself crashing or losing power: use DATABASE_URL where that matters.
 */
export async function openPglite(dataDir: string | null, opts: { loadDataDir?: Blob } = {}): Promise<Database> {
  const release = dataDir ? acquireDataDirLock(dataDir) : () => {};
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    // pg_trgm: the companies search's trigram indexes (migration 0006).
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    // unaccent: the one search's accent-blind matching (migration 0032, server/search/).
    const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    // loadDataDir: start from a snapshot (dumpDataDir) instead of an empty cluster (tests start
    // every server from one migrated and seeded snapshot: initdb and seeding once per run).
    const client = new PGlite({ ...(dataDir ? { dataDir: join(dataDir, 'pglite') } : {}), loadDataDir: opts.loadDataDir, extensions: { pg_trgm, unaccent } });
    await client.waitReady;
    // Before takeTurns: a write and the setting of its actor (the audit log's who) are one turn.
    actorOnPglite(client as unknown as Parameters<typeof actorOnPglite>[0]);
    takeTurns(client as unknown as TurnClient);
    // Taken before the write tracking: the queue's polls (an UPDATE that usually finds nothing)
    // write only its own tables, and must not throw the read cache's answers away every second.
    const queueDb = pgliteQueueDb(client.query.bind(client), client.exec.bind(client));
    const reads = new ReadCache(null);
    trackWrites(client as unknown as Parameters<typeof trackWrites>[0], () => reads.invalidate());
    const db = drizzle(client, { schema });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      reads,
      backup: () => client.dumpDataDir('gzip'),
      queueDb,
      listen: (channel, onPayload) => client.listen(channel, onPayload).then((stop) => () => stop()),
      async migrate() {
        await migrate(db, { migrationsFolder });
        await installQueue(queueDb);
      },
      async close() {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * pg-boss on PGlite: statements with parameters go as one query; its multi-statement texts (the
 * schema, its locked maintenance) have none and go through `exec`, whose last result is theirs.
 */
function pgliteQueueDb(query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>, exec: (text: string) => Promise<Array<{ rows: unknown[] }>>): QueueDb {
  return {
    async executeSql(text, values) {
      if (values?.length) return query(text, values);
      const results = await exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

/**
 * How long a request may wait for the database before it is told "unavailable" (503): a new
 * connection (or a free one from a full pool), and one query's answer. Without these a stopped or
 * unreachable PostgreSQL makes requests hang for minutes (TCP's own timeouts) instead of failing
 * fast; both stay under the 2 s within which a client must learn that the service is unavailable.
 */
export const DB_CONNECT_TIMEOUT_MS = Number(process.env.DB_CONNECT_TIMEOUT_MS ?? 1000);
export const DB_QUERY_TIMEOUT_MS = Number(process.env.DB_QUERY_TIMEOUT_MS ?? 1500);

export interface PostgresOptions {
  /** Pool size (DB_POOL_MAX, 10). */
  poolMax?: number;
  /** DB_CONNECT_TIMEOUT_MS. */
  connectTimeoutMs?: number;
  /** DB_QUERY_TIMEOUT_MS. */
  queryTimeoutMs?: number;
}

/**
 * A transaction's client as drizzle gets it: one query at a time. Code that takes either the pool
 * or a transaction asks independent reads side by side (Promise.all); on a transaction's one
 * connection node-postgres would queue them itself, which is deprecated (a warning in every log)
 * and an error from pg 9. Here each query waits for the one before it, which is all one
 * connection can do anyway. Callback and stream queries (pg's own) pass straight through.
 */
function oneAtATime<C extends object>(client: C & { query: (...args: never[]) => unknown }): C {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let last: Promise<unknown> = Promise.resolve();
  const inOrder = (...args: unknown[]) => {
    if (typeof args.at(-1) === 'function' || typeof (args[0] as { submit?: unknown } | undefined)?.submit === 'function') return query(...args);
    const run = last.then(() => query(...args));
    last = run.catch(() => undefined);
    return run;
  };
  // The client itself underneath (drizzle tells a client from a pool by its constructor).
  return Object.assign(Object.create(client) as C, { query: inOrder });
}

/** node-postgres pool on DATABASE_URL. */
export async function openPostgres(url: string, opts: PostgresOptions = {}): Promise<Database> {
  const pg = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolMax ?? Number(process.env.DB_POOL_MAX ?? 10),
    connectionTimeoutMillis: opts.connectTimeoutMs ?? DB_CONNECT_TIMEOUT_MS,
    query_timeout: opts.queryTimeoutMs ?? DB_QUERY_TIMEOUT_MS,
    // A connection whose peer vanished (host down, network cut) is found out and dropped.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle client dying (server restart) must not crash the process; the pool drops it.
  pool.on('error', () => {});
  // The read cache's state on PostgreSQL: the database's current snapshot (read-cache.ts), as a
  // named statement (parsed once per connection).
  const reads = new ReadCache(async () => {
    const result = await pool.query<{ s: string; a: string }>({
      name: 'read_cache_state',
      text: "select pg_current_snapshot()::text as s, (select n from read_generations where name = 'auth')::text as a",
    });
    return { snapshot: result.rows[0].s, auth: result.rows[0].a };
  });
  // Taken before the write tracking (as on PGlite): the queue's statements bypass it.
  const untracked = pool.query.bind(pool) as (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  const queueDb: QueueDb = { executeSql: (text, values) => untracked(text, values) };
  // A write statement runs on a client set to its request's actor (the audit log's who), the
  // queue's statements above excepted.
  actorOnPool(pool as unknown as Parameters<typeof actorOnPool>[0], isDatabaseUnavailable);
  trackPoolWrites(pool, () => reads.invalidate());
  const db = drizzle(pool, { schema });

  // Transactions run on a client checked out of the pool, which drizzle's transaction() handles
  // badly when the database goes away: a connection dying mid-transaction emits 'error' on a
  // client nobody listens to, which crashes the process; a failed BEGIN (the database went away
  // between checkout and BEGIN) never releases the client, so each leaks a pool slot for good and
  // the pool is empty after the outage; and a client whose connection died, or that still waits
  // on a timed-out query, goes back to the pool. So we check the client out ourselves, listen for
  // its errors while we hold it, and always release it: with the error when its connection is
  // broken, so the pool discards it rather than handing it out again.
  const transaction = async (run: (tx: Tx) => Promise<unknown>, config?: Parameters<Db['transaction']>[1]) => {
    const client = await pool.connect();
    // Its statements may write: entries read before it, or while it runs, are not served again.
    reads.invalidate();
    let broken: Error | undefined;
    const onError = (err: Error) => {
      broken = err;
    };
    client.on('error', onError);
    try {
      await actorOnPgClient(client as unknown as Parameters<typeof actorOnPgClient>[0]);
      return await drizzle(oneAtATime(client), { schema }).transaction(run as never, config);
    } catch (err) {
      if (isDatabaseUnavailable(err)) broken ??= err as Error;
      throw err;
    } finally {
      reads.invalidate();
      client.off('error', onError);
      client.release(broken);
    }
  };
  Object.defineProperty(db, 'transaction', { value: transaction });

  return {
    db: db as unknown as Db,
    kind: 'postgres',
    reads,
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    queueDb,
    listen: (channel, onPayload, onLost) => listenOnPostgres(pg, url, channel, onPayload, onLost),
    async migrate() {
      // Its own connection, without the query timeout: waiting for another instance's migrations
      // (the advisory lock) or a long migration is fine here. Session-level lock, one client.
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
      client.on('error', () => {});
      await client.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [LOCK_IDS.migrations]);
        await migrate(drizzle(client, { schema }), { migrationsFolder });
        await installQueue({ executeSql: (text, values) => client.query(text, values) });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [LOCK_IDS.migrations]).catch(() => {});
        await client.end().catch(() => {});
      }
    },
    close: () => pool.end(),
  };
}

type PgModule = typeof pgModule;
type PgClient = InstanceType<PgModule['Client']>;

/** How long a lost LISTEN connection waits before connecting again (doubling up to 30 s). */
const LISTEN_RETRY_MS = 500;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to others, and its
 * notifications with it), connected again after a loss, with back-off. Resolves once listening.
 */
async function listenOnPostgres(
  pg: PgModule,
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onLost?: (err: Error) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: PgClient | null = null;
  let retry: NodeJS.Timeout | undefined;
  let delay = LISTEN_RETRY_MS;
  const quoted = `"${channel.replace(/"/g, '""')}"`;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS * 5, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    let lost = false;
    const lose = (err: Error) => {
      if (lost || stopped) return;
      lost = true;
      client = null;
      c.end().catch(() => {});
      onLost?.(err);
      retry = setTimeout(() => void connect().catch(() => {}), delay);
      retry.unref();
      delay = Math.min(delay * 2, 30_000);
    };
    c.on('error', lose);
    c.on('end', () => lose(new Error('LISTEN connection ended')));
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${quoted}`);
    } catch (err) {
      // Not listening yet: the retry above goes on (events are late, never wrong).
      lose(err as Error);
      return;
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    delay = LISTEN_RETRY_MS;
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}

// Node's socket errors of a server that is down or unreachable.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'EHOSTDOWN', 'ENETUNREACH', 'ENETDOWN', 'ENOTFOUND', 'EAI_AGAIN']);
// node-postgres's own words for a connection that failed, timed out or died.
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /is not queryable/,
  /^Client has encountered a connection error/,
];

/**
 * True when `err` (or an error it wraps: drizzle wraps the driver's as `cause`) says the database
 * cannot be reached right now, rather than that the query was wrong: a refused, reset or timed-out
 * connection, or PostgreSQL's SQLSTATE for connection failures (class 08), shutting down or
 * starting up (57P01-57P03) and no free connection slots (53300). Such a request is answered 503
 * ("try again shortly"), never 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  const visit = (e: unknown): boolean => {
    if (!e || typeof e !== 'object' || seen.has(e)) return false;
    seen.add(e);
    const { code, message, cause, errors } = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code)) return true;
      if (/^08[0-9A-Z]{3}$/.test(code) || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
    }
    if (typeof message === 'string' && DRIVER_MESSAGES.some((m) => m.test(message))) return true;
    // AggregateError: a connect that tried several addresses.
    return visit(cause) || (Array.isArray(errors) && errors.some(visit));
  };
  return visit(err);
}

/** How long /api/ready waits for the database's answer before it says "not ready". */
export const READY_TIMEOUT_MS = 1500;

/**
 * Cheap liveness query for /api/ready, bounded by `timeoutMs`: a database that does not answer is
 * "not ready" at once, not after a hang (a load balancer's health check has its own short timeout).
 */
export async function ping(db: Db, timeoutMs = READY_TIMEOUT_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('database ping timed out'), { code: 'ETIMEDOUT' })), timeoutMs);
  });
  try {
    await Promise.race([db.execute(sql`select 1`), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
