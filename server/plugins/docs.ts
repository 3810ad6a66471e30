import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

/** OpenAPI generated from the route schemas: /api/docs (swagger-ui) and /api/docs/json. */
export const docs = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Dealer launch portal API', version: '0.1.0' },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      // No call to outside hosts (swagger's online validator is off).
      validatorUrl: false,
      // swagger-ui's own policy replaces ours on its pages; we tighten it: no other hosts, no
      // https upgrade (it would break plain-http localhost), no framing.
      staticCSP: true,
      transformStaticCSP: (header) =>
        header
          .split(';')
          .map((d) => d.trim().replace(/\s+(https:|validator\.swagger\.io)/g, ''))
          .filter((d) => d && d !== 'upgrade-insecure-requests' && !d.startsWith('frame-ancestors'))
          .concat("frame-ancestors 'none'")
          .join('; '),
    });
  },
  { name: 'docs' },
);
