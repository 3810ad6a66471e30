import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../../server/app';
import { openPglite, openPostgres, type Database } from '../../server/db/database';
import { seedDatabase } from '../../server/db/seed';
import { DEMO_PASSWORD_DEFAULT } from '../../server/db/seed-data';
import { createPostgresDatabase, TEST_POOL } from './postgres-database';
import type { SeededDatabase } from './seeded-database';
import { acquireDemoPglite } from './pglite-pool';
import { startMailCatcher, type MailCatcher } from './smtp';

export { createPostgresDatabase };

/** The password of every demo user of the test servers (DEMO_PASSWORD overrides, as in main.ts). */
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? DEMO_PASSWORD_DEFAULT;

export interface TestServerOptions {
  /** Access token lifetime in seconds (default 900). */
  accessTokenTtl?: number;
  /** Seed the demo users and companies (default true). Reference data is always seeded. */
  demo?: boolean;
  /** Serve a built app from this folder too, e.g. 'dist'. */
  staticDir?: string;
  /** Override the sign-in / forgot-password limits. */
  rateLimits?: AppOptions['rateLimits'];
  /** TRUST_PROXY: requests then carry the client's address in X-Forwarded-For, as a proxy adds it. */
  trustProxy?: AppOptions['trustProxy'];
  /** Where page views go (ANALYTICS_*); off by default, as on a newcomer's machine. */
  analytics?: AppOptions['analytics'];
  /** IMPORT_WORKERS (default 2; 0: the server leaves its imports queued). */
  importWorkers?: number;
  /** METRICS_TOKEN: GET /api/metrics answers with it (off by default). */
  metricsToken?: string;
  /** DOCUSIGN_*: agreements go out through DocuSign (a test's stand-in); off by default. */
  docusign?: AppOptions['docusign'];
  /** On PostgreSQL, one query's longest wait (default TEST_POOL's 10 s; the server's own is DB_QUERY_TIMEOUT_MS). */
  queryTimeoutMs?: number;
}

export interface TestServer {
  /** http://127.0.0.1:PORT */
  url: string;
  app: FastifyInstance;
  database: Database;
  mail: MailCatcher;
  close(): Promise<void>;
}

/**
 * A fresh database for one test server, migrated and empty: in-memory PGlite loaded from the run's
 * migrated snapshot (TEST_DB=pglite, the default), or a database CREATEd from the run's migrated
 * template on the server of TEST_DATABASE_URL (TEST_DB=postgres) and dropped afterwards. Outside a
 * run that made them (a bench), an unmigrated one. Callers migrate it all the same (a no-op here).
 */
export async function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const seeded = seededDatabase();
  if (process.env.TEST_DB !== 'postgres') {
    const snapshot = seeded?.kind === 'pglite' ? { loadDataDir: new Blob([readFileSync(seeded.migrated)]) } : {};
    return { database: await openPglite(null, snapshot), drop: async () => {} };
  }
  const { url, drop } = await createPostgresDatabase(seeded?.kind === 'postgres' ? seeded.migrated : undefined);
  return { database: await openPostgres(url, TEST_POOL), drop };
}

/** The run's seeded database (tests/support/seeded-database.ts), when this run made one. */
function seededDatabase(): SeededDatabase | null {
  try {
    return inject('seededDatabase') ?? null;
  } catch {
    return null; // Outside vitest (a bench): seed as usual.
  }
}

/**
 * The run's seeded demo data: on PGlite the worker's database, put back as seeded
 * (tests/support/pglite-pool.ts; `drop()` hands it back), on PostgreSQL a database made from the
 * template (whose `url` a second app instance can open); else a fresh empty one.
 */
export async function openDemoDatabase(pool: { queryTimeoutMs?: number } = {}): Promise<{ database: Database; drop(): Promise<void>; url?: string }> {
  const seeded = seededDatabase();
  const postgres = process.env.TEST_DB === 'postgres';
  if (seeded?.kind === 'pglite' && !postgres) {
    const { database, release } = await acquireDemoPglite(seeded.file);
    return { database, drop: release };
  }
  if (seeded?.kind === 'postgres' && postgres) {
    const { url, drop } = await createPostgresDatabase(seeded.template);
    return { database: await openPostgres(url, { ...TEST_POOL, queryTimeoutMs: pool.queryTimeoutMs ?? TEST_POOL.queryTimeoutMs }), drop, url };
  }
  return openTestDatabase();
}

/**
 * A PGlite data folder (DATA_DIR, as a server process opens it) holding the run's seeded demo
 * database, unpacked from the snapshot into `folder` (which must be new or empty): a process then
 * starts without initdb, migrations or seeding. Without a snapshot (outside vitest) the folder is
 * left empty and the process seeds it itself. `npm start`'s own first start is tested on an
 * empty folder (tests/server/process.test.ts).
 */
export function seededDataFolder(folder: string): string {
  const seeded = seededDatabase();
  if (seeded?.kind !== 'pglite') return folder;
  // The snapshot's entries are the data folder's own (PG_VERSION, base/, pg_wal/...), as PGlite
  // keeps them under DATA_DIR/pglite (server/db/database.ts).
  mkdirSync(join(folder, 'pglite'), { recursive: true });
  execFileSync('tar', ['-xf', seeded.file, '-C', join(folder, 'pglite')], { stdio: 'ignore' });
  return folder;
}

/**
 * The run's seeded template's name when this run made one on PostgreSQL (for a database a server
 * process opens by DATABASE_URL), else undefined.
 */
export function seededTemplate(): string | undefined {
  const seeded = seededDatabase();
  return seeded?.kind === 'postgres' && process.env.TEST_DB === 'postgres' ? seeded.template : undefined;
}

/**
 * The real app on a random port of 127.0.0.1, on a fresh migrated database, with its SMTP pointed at
 * a real catcher. Call `close()` in afterAll.
 */
export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const mail = await startMailCatcher();
  const { database, drop } = opts.demo === false ? await openTestDatabase() : await openDemoDatabase({ queryTimeoutMs: opts.queryTimeoutMs });
  let url = '';
  try {
    // On a copy of the seeded database both find their work done (and cost a query each).
    await database.migrate();
    await seedDatabase(database.db, { demo: opts.demo !== false, demoPassword: DEMO_PASSWORD });
    const app = await buildApp({
      database,
      accessTokenTtl: opts.accessTokenTtl,
      staticDir: opts.staticDir ? resolve(opts.staticDir) : null,
      smtpUrl: mail.url,
      publicUrl: () => url,
      mailWorkerIntervalMs: 100,
      // The tracker's sweep mails due tasks of the demo projects: a test that wants it runs it itself
      // (app.trackerSweep.run), so no file's mail count changes with how long the run takes.
      trackerSweepSeconds: 0,
      rateLimits: opts.rateLimits,
      trustProxy: opts.trustProxy,
      analytics: opts.analytics,
      metricsToken: opts.metricsToken,
      docusign: opts.docusign,
      importWorkers: opts.importWorkers,
      secureCookies: false,
      // The test process also runs other servers and the browser driver: its event-loop lag says
      // nothing about this server's load.
      maxEventLoopDelay: false,
      logger: process.env.TEST_LOG ? { level: process.env.TEST_LOG } : false,
    });
    url = await app.listen({ host: '127.0.0.1', port: 0 });
    return {
      url,
      app,
      database,
      mail,
      async close() {
        await app.close();
        await drop();
        await mail.close();
      },
    };
  } catch (err) {
    await database.close().catch(() => {});
    await drop().catch(() => {});
    await mail.close();
    throw err;
  }
}
