// Two app instances on one database, as behind a load balancer: for the API tests of work that
// several instances may do at the same moment (the tracker's sweep, reminders, the digest, the
// mail workers) and that must still happen once.
//
// On PostgreSQL each instance opens its own connections to the database, as two processes would:
// their statements then really run side by side and meet in PostgreSQL's locks and constraints.
// PGlite is one embedded database in this process, reached through one connection that cannot be
// opened twice (a second `openPglite` is another database, blind to this one's writes), so the second
// instance shares the first one's handle, with a `close` that does nothing: closing the second
// leaves the database open for the first. The two instances' statements then take turns on that
// one connection (a transaction is one turn, server/db/take-turns.ts): a test still sees their work
// come out once, but the real races (two connections meeting in a lock) happen only on PostgreSQL.
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { buildApp, type AppOptions } from '../../server/app';
import { openPostgres, type Database } from '../../server/db/database';
import { mailOutbox } from '../../server/db/schema';
import { DEMO_PASSWORD, openDemoDatabase } from './server';
import { TEST_POOL } from './postgres-database';
import { startMailCatcher, type MailCatcher } from './smtp';

type InstanceOptions = Omit<AppOptions, 'database'>;

export interface TwoInstances {
  /** The first instance, on the database itself. */
  readonly a: FastifyInstance;
  /** The second instance; `restartSecond()` replaces it, so read it here rather than keep a copy. */
  readonly b: FastifyInstance;
  /** The database `a` runs on (on PGlite, `b` and every `another()` too). */
  readonly database: Database;
  /** The real SMTP server both instances mail to. */
  readonly catcher: MailCatcher;
  /** One more instance on the same database, with these options changed; the caller closes it. */
  another(overrides?: Partial<InstanceOptions>): Promise<FastifyInstance>;
  /** Closes the second instance and starts a new one in its place (a restart); gives the new one. */
  restartSecond(): Promise<FastifyInstance>;
  /**
   * Sends what the outbox holds through both instances' mail workers at once (three passes) and
   * gives the catcher a moment. `drain`: up to 30 passes, until no mail is pending (a sweep far
   * ahead mails more than three passes send).
   */
  deliver(opts?: { drain?: boolean }): Promise<void>;
  /** A demo user's access token, signed in on `app` (default: `a`). */
  tokenOf(email: string, app?: FastifyInstance): Promise<string>;
  /** Closes the second instance, the first, the database and the catcher, in that order. */
  close(): Promise<void>;
}

/**
 * Starts a mail catcher, opens a copy of the run's seeded demo database, lets `prepare` change it
 * before any instance starts (e.g. remove the demo data a sweep would act on too), then builds
 * instance `a` on it and instance `b` beside it. Both mail the catcher, send only when told
 * (`deliver`), run the sweep only when told (`trackerSweep.run`) and link to http://portal.test;
 * `options` adds to or changes that. Call `close()` in afterAll.
 */
export async function openTwoInstances(opts: { options?: Partial<InstanceOptions>; prepare?: (database: Database) => Promise<unknown> } = {}): Promise<TwoInstances> {
  const catcher = await startMailCatcher();
  const options: InstanceOptions = { smtpUrl: catcher.url, mailWorkerIntervalMs: 0, trackerSweepSeconds: 0, maxEventLoopDelay: false, publicUrl: 'http://portal.test', ...opts.options };
  let opened: Awaited<ReturnType<typeof openDemoDatabase>> | undefined;
  let a: FastifyInstance | undefined;
  let b: FastifyInstance | undefined;

  async function another(overrides: Partial<InstanceOptions> = {}): Promise<FastifyInstance> {
    const { database, url } = opened!;
    if (database.kind === 'postgres') {
      if (!url) throw new Error('A second instance on PostgreSQL needs the database URL (openDemoDatabase gives it for the seeded template).');
      return buildApp({ database: await openPostgres(url, TEST_POOL), ...options, ...overrides });
    }
    return buildApp({ database: { ...database, close: async () => {} }, ...options, ...overrides });
  }

  async function close() {
    await b?.close();
    await a?.close();
    await opened?.drop();
    await catcher.close();
  }

  try {
    opened = await openDemoDatabase();
    await opts.prepare?.(opened.database);
    a = await buildApp({ database: opened.database, ...options });
    b = await another();
  } catch (err) {
    // What did start is closed here: the caller never gets a handle to close it with.
    await close().catch(() => {});
    throw err;
  }
  const first = a;
  const database = opened.database;

  return {
    a: first,
    get b() {
      return b!;
    },
    database,
    catcher,
    another,
    async restartSecond() {
      await b!.close();
      b = await another();
      return b;
    },
    async deliver({ drain = false } = {}) {
      for (let pass = 0; pass < (drain ? 30 : 3); pass++) {
        await Promise.all([first.mail.flush(), b!.mail.flush()]);
        if (!drain) continue;
        const [{ pending }] = await first.db.select({ pending: sql<number>`count(*)::int` }).from(mailOutbox).where(eq(mailOutbox.status, 'pending'));
        if (!pending) break;
      }
      await new Promise((r) => setTimeout(r, 300));
    },
    async tokenOf(email, app = first) {
      const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password: DEMO_PASSWORD } });
      return (res.json() as { access_token: string }).access_token;
    },
    close,
  };
}
