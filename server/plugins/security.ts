import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import cookie from '@fastify/cookie';
import underPressure from '@fastify/under-pressure';
import { serverMessages } from '../messages';

/**
 * The strict policy of the brief. `nonce` is set only on the HTML shell (index.html), whose
 * script/style tags and csp-nonce meta carry it; every other response gets the nonce-free policy.
 */
export function contentSecurityPolicy(nonce?: string): string {
  const n = nonce ? ` 'nonce-${nonce}'` : '';
  return [
    `default-src 'self'`,
    `script-src 'self'${n}`,
    `style-src 'self'${n}`,
    `img-src 'self' data: blob:`,
    `font-src 'self' data:`,
    `connect-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `frame-ancestors 'none'`,
    `form-action 'self'`,
  ].join('; ');
}

/** Security headers, cookies and back-pressure (503 when the process is overloaded). */
export const security = fp(
  async (app: FastifyInstance) => {
    // Helmet for the other headers; the CSP itself we write, so the HTML shell can carry its nonce.
    await app.register(helmet, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });
    app.addHook('onRequest', async (request, reply) => {
      reply.header('content-security-policy', contentSecurityPolicy());
      // API answers are personal (tokens, the signed-in user): no browser or proxy may keep them.
      // The docs' static files set their own caching.
      if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs/')) reply.header('cache-control', 'no-store');
    });
    await app.register(cookie);
    const { maxEventLoopDelay } = app.config;
    if (maxEventLoopDelay !== false) {
      await app.register(underPressure, {
        maxEventLoopDelay,
        retryAfter: 10,
        pressureHandler: (_request, reply) => {
          reply.status(503).header('retry-after', '10').send({ message: serverMessages.service_unavailable });
        },
      });
    }
  },
  { name: 'security' },
);
