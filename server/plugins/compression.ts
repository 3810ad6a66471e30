import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';

/**
 * Compresses what the server builds per request (JSON answers, the HTML shell with its nonce) when
 * the client accepts it. The app's static files are compressed once at build time (vite.config.ts)
 * and served as they are by web-app's @fastify/static, which sets Content-Encoding itself, so this
 * hook leaves them alone. Registered before the routes and the static host (@fastify/compress's rule).
 */
export const compression = fp(
  async (app: FastifyInstance) => {
    await app.register(compress, {
      global: true,
      // Below about 1 KiB the headers and the CPU cost outweigh the bytes saved.
      threshold: 1024,
      encodings: ['br', 'gzip'],
      // Per-request brotli at quality 4: near gzip -9 in size at a fraction of the default 11's CPU.
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
    });
  },
  { name: 'compression' },
);
