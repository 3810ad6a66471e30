import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serverMessages } from '../messages';

/**
 * Tracks requests in flight and, once draining, answers new ones 503 with `Connection: close`
 * (the listener stays open meanwhile, so a load balancer sees a clear "go elsewhere").
 * Returns the `drain()` function the app exposes.
 */
export function drainHooks(app: FastifyInstance): () => Promise<void> {
  const inFlight = new Set<FastifyRequest>();
  let draining = false;
  let idle: (() => void) | null = null;

  const done = (request: FastifyRequest) => {
    inFlight.delete(request);
    if (draining && inFlight.size === 0) idle?.();
  };

  app.addHook('onRequest', async (request, reply) => {
    if (draining) {
      reply.header('connection', 'close').header('retry-after', '5');
      return reply.status(503).send({ message: serverMessages.service_unavailable });
    }
    inFlight.add(request);
  });
  app.addHook('onSend', async (request, reply) => {
    // Answers to requests that were in flight end their keep-alive connection.
    if (draining) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async (request) => done(request));
  app.addHook('onRequestAbort', async (request) => done(request));
  app.addHook('preClose', async () => {
    draining = true;
  });

  return () => {
    draining = true;
    if (inFlight.size === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      idle = resolve;
    });
  };
}
