import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/database';
import { requestContext, type RequestActor } from '../db/actor';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Drizzle database (PGlite or PostgreSQL). */
    db: Db;
    database: Database;
  }
}

/**
 * Makes the opened database available as `app.db` and closes it with the app. Every request's
 * handler runs in its request context (server/db/actor.ts), so each write reaches the database with
 * its person and address for the audit log. Entered in preHandler, after the body is read: the
 * body's stream events come in the socket's context, not the request's.
 */
export const dbPlugin = fp(
  async (app: FastifyInstance, opts: { database: Database }) => {
    app.decorate('database', opts.database);
    app.decorate('db', opts.database.db);
    app.addHook('preHandler', (request, _reply, done) => {
      const actor = (): RequestActor => ({ user: request.user ? { id: request.user.id, name: request.user.name, email: request.user.email } : null, ip: request.ip });
      requestContext.run({ actor }, done);
    });
    app.addHook('onClose', async () => {
      await opts.database.close();
    });
  },
  { name: 'db' },
);
