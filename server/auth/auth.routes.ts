import type { FastifyInstance } from 'fastify';
import { Unauthorized } from '../domain-errors';
import { REFRESH_COOKIE } from '../plugins/auth';
import { DEVICE_COOKIE, setDeviceCookie } from './auth.known-device';
import { refreshSession, signIn, signOut } from './auth.sign-in';
import { errors, looseString, tokenResponse } from '../http/schemas';
import { servicesOf } from '../plugins/services';

/** POST /login, /login/refresh, /logout. */
export default async function authRoutes(app: FastifyInstance) {
  const services = servicesOf(app);
  app.post<{ Body: { email?: string; password?: string; remember?: boolean } }>(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in; sets the httpOnly refresh cookie and the known-device cookie',
        body: {
          type: 'object',
          properties: { email: looseString, password: looseString, remember: { type: 'boolean' } },
          additionalProperties: false,
        },
        response: { 200: tokenResponse, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const session = await signIn(services, request.body, request.ip, request.cookies[DEVICE_COOKIE]);
      app.auth.setRefreshCookie(reply, session.refresh);
      if (session.device) setDeviceCookie(services, reply, session.device);
      return session.body;
    },
  );

  app.post(
    '/login/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'New access token from the refresh cookie (rotated); no bearer header',
        response: { 200: tokenResponse, ...errors(401) },
      },
    },
    async (request, reply) => {
      try {
        const session = await refreshSession(services, request.cookies[REFRESH_COOKIE]);
        app.auth.setRefreshCookie(reply, session.refresh);
        return session.body;
      } catch (err) {
        // Only a refused token ends the cookie: a database outage (503) must not sign anyone out.
        if (err instanceof Unauthorized) app.auth.clearRefreshCookie(reply);
        throw err;
      }
    },
  );

  app.post(
    '/logout',
    { schema: { tags: ['auth'], summary: 'Ends the session of the refresh cookie', response: { 204: { type: 'null' } } } },
    async (request, reply) => {
      await signOut(services, request.cookies[REFRESH_COOKIE]);
      app.auth.clearRefreshCookie(reply);
      return reply.status(204).send();
    },
  );
}
