import type { FastifyInstance } from 'fastify';
import { ping } from '../db/database';
import { serverMessages } from '../messages';

const statusSchema = { type: 'object', required: ['status'], properties: { status: { type: 'string' } } } as const;

/** /health: the process answers. /ready: the database answers too (load balancers use this). */
export default async function healthRoutes(app: FastifyInstance) {
  app.get('/health', { schema: { tags: ['system'], response: { 200: statusSchema } } }, async () => ({ status: 'ok' }));

  app.get(
    '/ready',
    { schema: { tags: ['system'], response: { 200: statusSchema, 503: { $ref: 'Error#' } } } },
    async (request, reply) => {
      try {
        await ping(app.db);
        return { status: 'ok' };
      } catch (err) {
        request.log.warn({ err }, 'database not ready');
        return reply.status(503).send({ message: serverMessages.service_unavailable });
      }
    },
  );
}
