import type { FastifyInstance } from 'fastify';
import { NotFound } from '../domain-errors';
import { errors } from '../http/schemas';
import { serverMessages } from '../messages';
import { analyticsSink, type PageView } from './analytics.service';

/** A route's path pattern as the app's routes write it: segments of letters, digits, - and _, or a `:param` (`?` when optional). */
const PATH_PATTERN = '^(/([A-Za-z0-9_-]+|:[A-Za-z]+\\??))*/?$';

/**
 * GET /analytics: whether the app should send page views (public: the sign-in page counts too);
 * POST /analytics/pageview: one page view, forwarded (analytics.service.ts). Neither needs a
 * session; both say nothing of where the views go.
 */
export default async function analyticsRoutes(app: FastifyInstance) {
  const sink = analyticsSink(app.config.analytics, app.config.publicUrl, app.log);
  // Public: no bearer scheme in the docs.
  const doc = (summary: string) => ({ tags: ['analytics'], summary, security: [] });
  app.get(
    '/analytics',
    { schema: { ...doc('Whether analytics is configured (the app sends page views only then, and only after cookie consent)'), response: { 200: { type: 'object', required: ['enabled'], properties: { enabled: { type: 'boolean' } } } } } },
    async () => ({ enabled: sink !== null }),
  );
  app.post<{ Body: { path: string } }>(
    '/analytics/pageview',
    {
      schema: {
        ...doc('One page view: the route path pattern, never an id (202; 404 when analytics is not configured)'),
        body: { type: 'object', required: ['path'], properties: { path: { type: 'string', maxLength: 200, pattern: PATH_PATTERN } }, additionalProperties: { not: {} } },
        response: { 202: { type: 'null' }, ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      if (!sink) throw new NotFound(serverMessages.analytics_off);
      const view: PageView = { path: request.body.path, userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500), ip: request.ip };
      void sink.send(view);
      return reply.status(202).send();
    },
  );
}
