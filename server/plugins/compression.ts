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
/** How answers are compressed, here and for the answers kept in memory (http/kept-answer.ts). */
export const COMPRESSION = {
  // Below about 1 KiB the headers and the CPU cost outweigh the bytes saved.
  threshold: 1024,
  // Per-request brotli at quality 4: near gzip -9 in size at a fraction of the default 11's CPU.
  brotliQuality: 4,
  gzipLevel: 6,
} as const;

export const compression = fp(
  async (app: FastifyInstance) => {
    await app.register(compress, {
      global: true,
      threshold: COMPRESSION.threshold,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: COMPRESSION.brotliQuality } },
      zlibOptions: { level: COMPRESSION.gzipLevel },
    });
  },
  { name: 'compression' },
);
