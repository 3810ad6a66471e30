import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { createAjv, loadEngineLocales, loadStageValidators } from '../engine';
import { errorHandling } from './http/errors';
import { bodyGuard } from './http/body-guard';
import { inputGuard } from './http/input-guard';
import { drainHooks } from './http/drain';
import { loggerOptions } from './http/log';
import { security } from './plugins/security';
import { compression } from './plugins/compression';
import { docs } from './plugins/docs';
import { dbPlugin } from './plugins/db';
import { metricsPlugin } from './plugins/metrics';
import { queuePlugin } from './plugins/queue';
import { requestIdOf } from './http/request-id';
import { webApp } from './plugins/web-app';
import { resolveConfig, trustProxyFor, type AppOptions, type ResolvedConfig } from './options';
import { authPlugin } from './plugins/auth';
import { mailPlugin } from './mail/mail.plugin';
import { configCachePlugin } from './configs/configs.cache';
import healthRoutes from './http/health.routes';
import backupRoutes from './db/backup.routes';
import authRoutes from './auth/auth.routes';
import registerRoutes from './auth/auth.register.routes';
import passwordRoutes from './auth/auth.password.routes';
import userRoutes from './users/users.routes';
import termRoutes from './taxonomies/taxonomies.terms.routes';
import roleRoutes from './roles/roles.routes';
import taxonomyRoutes from './taxonomies/taxonomies.routes';
import companyRoutes from './companies/companies.routes';
import configRoutes from './configs/configs.routes';
import productRoutes from './products/products.routes';
import mediaRoutes from './media/media.routes';
import postRoutes from './posts/posts.routes';
import searchRoutes from './search/search.routes';
import auditRoutes from './audit/audit.routes';
import agreementRoutes from './agreements/agreements.routes';
import agreementDocumentRoutes from './agreements/agreements.documents.routes';
import taskRoutes from './tasks/tasks.routes';
import taskStageRoutes from './tasks/tasks.stages.routes';
import taskTypeRoutes from './tasks/tasks.types.routes';
import taskNotificationRoutes from './tasks/tasks.notifications.routes';
import projectRoutes from './projects/projects.routes';
import projectTaskRoutes from './projects/projects.tasks.routes';
import projectGroupRoutes from './projects/projects.groups.routes';
import variationRoutes from './projects/projects.variations.routes';
import stakeholderRoutes from './projects/projects.stakeholders.routes';
import notesRisksRoutes from './projects/projects.notes-risks.routes';
import notificationRoutes from './projects/projects.notifications.routes';
import notificationPreferenceRoutes from './notifications/notifications.routes';
import dashboardRoutes from './dashboard/dashboard.routes';
import reportRoutes from './reports/reports.routes';
import migrationRoutes from './migration/migration.routes';
import adminConfigRoutes from './adminconfigs/adminconfigs.routes';
import catalogueRoutes from './catalogue/catalogue.routes';
import analyticsRoutes from './analytics/analytics.routes';
import reviewRoutes from './reviews/reviews.routes';
import presenceRoutes from './presence/presence.routes';
import { trackerSweepPlugin } from './plugins/tracker-sweep';
import { sweepAll } from './sweep';

export type { AppOptions } from './options';

declare module 'fastify' {
  interface FastifyInstance {
    config: ResolvedConfig;
    /**
     * Graceful shutdown, step one: from now on new requests get 503 (and /api/ready fails), and
     * the promise resolves once the requests already in flight have been answered. Then close().
     */
    drain(): Promise<void>;
  }
}

/**
 * The whole HTTP app as a plugin tree, separate from the process (main.ts) so tests build it too:
 * external plugins, then app services (db, auth, mail), then the route files under /api.
 */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const config = resolveConfig(opts);
  // Every stage's precompiled validators and the engine's texts in every locale, before a route can
  // validate a stage or answer in a language (engine/README.md).
  await Promise.all([loadStageValidators(), loadEngineLocales()]);
  const app = Fastify({
    logger: loggerOptions(opts.logger),
    bodyLimit: opts.bodyLimit ?? 1024 * 1024,
    // A hop count becomes a function here: Fastify itself would ignore it (see trustProxyFor).
    trustProxy: trustProxyFor(opts.trustProxy),
    // close() destroys every connection left. It comes after drain() (main.ts), so no request
    // in flight is cut; what is left is idle keep-alive sockets, and sockets that never carried a
    // request (a browser's preconnect): Fastify's default ('idle') waited on those for good, and
    // shutdown hit SHUTDOWN_TIMEOUT_MS.
    forceCloseConnections: true,
    // One id per request end to end: a proxy's X-Request-Id (HAProxy's unique-id, nginx's
    // $request_id) is the id in every log line and is sent back; otherwise the server makes one.
    genReqId: requestIdOf,
    // A malformed URL (bad percent-encoding) is answered before routing: keep the error shape.
    frameworkErrors: (error, _request, reply) => (reply as FastifyReply).status(error.statusCode ?? 400).send({ message: error.message }),
  });
  // Route input is checked by the engine's ajv (same formats and keywords as the forms), tuned for
  // HTTP: undeclared properties dropped, defaults filled in, first error only. Two instances that
  // differ in one option: the URL's parts and headers arrive as text, so their schemas coerce
  // ("10" to 10, one `?region=` to a list); a JSON body carries its own types, so it is taken as
  // sent and a wrong type is a 400 naming the field (a number where a name is expected is refused,
  // not stored as "12345"). Multipart bodies are read by their routes, not by these schemas.
  const ajvOptions = { removeAdditional: true, useDefaults: true, allowUnionTypes: true } as const;
  const textAjv = createAjv({ allErrors: false, verbose: false, ajv: { ...ajvOptions, coerceTypes: 'array' } });
  const bodyAjv = createAjv({ allErrors: false, verbose: false, ajv: { ...ajvOptions, coerceTypes: false } });
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : textAjv).compile(schema));
  app.decorate('config', config);
  // Every answer says which request it was (the id in the logs), also an error or a 503.
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errorHandling);
  await app.register(bodyGuard);
  // After the body guard (a body's shape is bounded first): NUL and lone surrogates are a 400 on every route.
  await app.register(inputGuard);
  await app.register(security);
  await app.register(compression);
  // After security: the drain's 503 ends the onRequest hooks, so the headers' hooks must run first.
  app.decorate('drain', drainHooks(app));
  await app.register(docs);

  await app.register(dbPlugin, { database: opts.database });
  await app.register(queuePlugin);
  await app.register(metricsPlugin);
  await app.register(authPlugin, { jwtSecret: opts.jwtSecret });
  await app.register(mailPlugin);
  await app.register(trackerSweepPlugin, { sweep: sweepAll });
  await app.register(configCachePlugin);

  await app.register(
    async (api) => {
      for (const routes of [healthRoutes, backupRoutes, authRoutes, registerRoutes, passwordRoutes, userRoutes, termRoutes, taxonomyRoutes, roleRoutes, companyRoutes, configRoutes, productRoutes, mediaRoutes, postRoutes, agreementRoutes, agreementDocumentRoutes, taskRoutes, taskStageRoutes, taskTypeRoutes, taskNotificationRoutes, projectRoutes, projectTaskRoutes, projectGroupRoutes, variationRoutes, stakeholderRoutes, notesRisksRoutes, notificationRoutes, notificationPreferenceRoutes, dashboardRoutes, reportRoutes, adminConfigRoutes, catalogueRoutes, migrationRoutes, analyticsRoutes, reviewRoutes, presenceRoutes, searchRoutes, auditRoutes]) {
        await api.register(routes);
      }
    },
    { prefix: '/api' },
  );

  await app.register(webApp, { staticDir: config.staticDir });
  await app.ready();
  return app;
}
