import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serverMessages } from '../messages';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Calls `listener` once draining starts (app.drain() or close()): a long-lived answer (an event
     * stream, server/presence/) ends itself then, so the drain does not wait for it; the client
     * connects again, to another instance. Returns the function that removes the listener.
     */
    onDraining(listener: () => void): () => void;
  }
}

/** Where a request in flight is: the app has produced its answer, its connection is done with. */
interface Progress {
  answered: boolean;
  closed: boolean;
}

/**
 * Tracks requests in flight and, once draining, answers new ones 503 with `Connection: close`
 * (the listener stays open meanwhile, so a load balancer sees a clear "go elsewhere").
 * Returns the `drain()` function the app exposes.
 *
 * A request is in flight until the app has answered it (onSend) and its response is closed. Not
 * onResponse alone: a client that hangs up after sending its whole request (a load tool stopping, a
 * browser tab closed during a sign-in) gets neither 'finish' (so no onResponse) nor onRequestAbort
 * (the request was complete), and drain() waited for it until the shutdown timeout. Not the hang-up
 * alone either: the handler may still be at work on the database that close() is about to shut.
 */
export function drainHooks(app: FastifyInstance): () => Promise<void> {
  const inFlight = new Map<FastifyRequest, Progress>();
  let draining = false;
  let idle: (() => void) | null = null;
  const listeners = new Set<() => void>();
  const startDraining = () => {
    if (draining) return;
    draining = true;
    for (const listener of [...listeners]) listener();
  };
  app.decorate('onDraining', (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  });

  const done = (request: FastifyRequest) => {
    if (inFlight.delete(request) && draining && inFlight.size === 0) idle?.();
  };
  const settle = (request: FastifyRequest, step: keyof Progress) => {
    const progress = inFlight.get(request);
    if (!progress) return;
    progress[step] = true;
    if (progress.answered && progress.closed) done(request);
  };

  app.addHook('onRequest', async (request, reply) => {
    if (draining) {
      reply.header('connection', 'close').header('retry-after', '5');
      return reply.status(503).send({ message: serverMessages.service_unavailable });
    }
    inFlight.set(request, { answered: false, closed: false });
    // 'close' comes after the answer went out, and also when the client hung up before it.
    reply.raw.once('close', () => settle(request, 'closed'));
  });
  app.addHook('onSend', async (request, reply) => {
    // Every answer passes here, also one to a client that has gone (its write then goes nowhere).
    settle(request, 'answered');
    // Answers to requests that were in flight end their keep-alive connection.
    if (draining) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async (request) => done(request));
  app.addHook('preClose', async () => {
    startDraining();
  });

  return () => {
    startDraining();
    if (inFlight.size === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      idle = resolve;
    });
  };
}
