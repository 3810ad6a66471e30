/**
 * What an area's services may be handed from the app, by name. A service declares the part it uses
 * (`Pick<AppServices, 'db' | 'mail'>`), not the whole FastifyInstance, so its signature says what it
 * touches and a test or seed can call it with just that; a route file takes `servicesOf(app)` once
 * and passes it. The plugins that decorate the app (db, auth, mail, config-cache) are registered
 * before any route file (app.ts), so every member is set when a route file runs.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import type { ResolvedConfig } from '../options';

export interface AppServices {
  /** The Drizzle database. */
  db: Db;
  /** The app's settings (limits, public URL, cookies). */
  config: ResolvedConfig;
  /** The mail outbox (mail/mail.plugin.ts). */
  mail: FastifyInstance['mail'];
  /** Access tokens and session rotation (plugins/auth.ts). */
  auth: FastifyInstance['auth'];
  /** The configs' stage data by version (configs/configs.cache.ts). */
  configCache: FastifyInstance['configCache'];
  log: FastifyBaseLogger;
}

/** The services of an app, for a route file to hand to its area's functions. */
export const servicesOf = (app: FastifyInstance): AppServices => ({
  db: app.db,
  config: app.config,
  mail: app.mail,
  auth: app.auth,
  configCache: app.configCache,
  log: app.log,
});
