// The process: read the environment, open and migrate the database, seed an empty one, listen,
// and shut down gracefully on SIGTERM/SIGINT (in-flight requests finish, new ones get 503).
// `npm start` runs it through start.ts (lock first, then the build), in this same process.
import { buildApp } from './app';
import { staticDirOf } from './build-stamp';
import { openPglite, openPostgres, type Database } from './db/database';
import { DataDirLockedError, dataDirOf } from './db/lock';
import { seedDatabase } from './db/seed';
import { DEMO_PASSWORD_DEFAULT } from './db/seed-data';
import { parseAnalyticsEnv, parseDocusignEnv, parseTrustProxy } from './options';

const env = process.env;
const port = Number(env.PORT ?? 3000);
const host = env.HOST ?? '0.0.0.0';
const databaseUrl = env.DATABASE_URL;
const dataDir = dataDirOf(env);
// Demo data: always on the embedded database, on PostgreSQL only when asked for.
const demo = databaseUrl ? env.DEMO_DATA === '1' : env.DEMO_DATA !== '0';
const demoPassword = env.DEMO_PASSWORD ?? DEMO_PASSWORD_DEFAULT;

async function open(): Promise<Database> {
  try {
    return databaseUrl ? await openPostgres(databaseUrl) : await openPglite(dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(`\n${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

async function main() {
  // Read before the database opens: `true`, `*` or anything that is not a count or addresses
  // stops the start with the reason.
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  // Likewise a DocuSign configuration that misses some of its DOCUSIGN_* variables.
  const docusign = parseDocusignEnv(env);
  // And an analytics provider without its ANALYTICS_* variables.
  const analytics = parseAnalyticsEnv(env);
  const database = await open();
  await database.migrate();
  const seed = await seedDatabase(database.db, {
    demo,
    demoPassword,
    admin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : null,
  });

  const app = await buildApp({
    database,
    accessTokenTtl: env.ACCESS_TOKEN_TTL ? Number(env.ACCESS_TOKEN_TTL) : undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    secretKey: env.SECRET_KEY || undefined,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    staticDir: staticDirOf(env),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || undefined,
    trackerSweepSeconds: env.TRACKER_SWEEP_SECONDS ? Number(env.TRACKER_SWEEP_SECONDS) : undefined,
    digestHour: env.DIGEST_HOUR ? Number(env.DIGEST_HOUR) : undefined,
    jobStaleSeconds: env.JOB_STALE_SECONDS ? Number(env.JOB_STALE_SECONDS) : undefined,
    importWorkers: env.IMPORT_WORKERS ? Number(env.IMPORT_WORKERS) : undefined,
    auditRetentionDays: env.AUDIT_RETENTION_DAYS ? Number(env.AUDIT_RETENTION_DAYS) : undefined,
    bodyLimit: env.BODY_LIMIT ? Number(env.BODY_LIMIT) : undefined,
    trustProxy,
    docusign,
    analytics,
    metricsToken: env.METRICS_TOKEN || null,
    backupToken: env.BACKUP_TOKEN || null,
    maxEventLoopDelay: env.MAX_EVENT_LOOP_DELAY_MS === '0' ? false : env.MAX_EVENT_LOOP_DELAY_MS ? Number(env.MAX_EVENT_LOOP_DELAY_MS) : undefined,
    logger: { level: env.LOG_LEVEL ?? 'info' },
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing in-flight requests, refusing new ones`);
    // Draining: new requests get 503 while the in-flight ones finish; then the app closes.
    let stage = 'draining (requests in flight)';
    const force = setTimeout(() => {
      // What held it up, for whoever reads the log: the stage, open connections, live handles.
      app.server.getConnections((_err, connections) => {
        app.log.error({ stage, connections, resources: process.getActiveResourcesInfo() }, 'shutdown took too long; exiting');
        process.exit(1);
      });
    }, Number(env.SHUTDOWN_TIMEOUT_MS ?? 10_000));
    force.unref();
    app
      .drain()
      .then(() => {
        stage = 'closing (connections, mail worker, database)';
        return app.close();
      })
      .then(
      () => {
        // The last line of a clean stop (exit code 0): a supervisor's log shows that nothing was cut.
        console.log('Stopped: every request in flight was answered, the database is closed.');
        process.exit(0);
      },
      (err) => {
        app.log.error({ err }, 'error while closing');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  const address = await app.listen({ port, host });
  const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`;
  const lines = [`Launch portal listening on ${address.replace('0.0.0.0', 'localhost')} — database: ${where}`];
  if (seed.seeded) lines.push('Empty database: reference data seeded.');
  if (seed.demoUsers.length) {
    lines.push('Demo sign-in (password ' + demoPassword + '):', ...seed.demoUsers.map((e) => `  ${e}`));
  } else if (demo && !seed.seeded) {
    lines.push(`Demo accounts (if unchanged): admin@demo.test, pm@demo.test, am@demo.test, dealer@demo.test, dealer2@demo.test — password ${demoPassword}`);
  }
  if (seed.adminCreated) lines.push(`Administrator created: ${seed.adminCreated}`);
  console.log(lines.join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
