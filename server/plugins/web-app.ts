import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { contentSecurityPolicy } from './security';
import { serverMessages } from '../messages';

const PLACEHOLDER = /__CSP_NONCE__/g;

/**
 * Headers that only mean something on a document (the page, or a worker): a browser ignores them on
 * a script, a style sheet or a font. The app's first page loads some 30 of those over HTTP/1.1,
 * where headers are not compressed, and these were over half of each one's ~950 header bytes
 * (issue 10: the login page's wire bytes). The HTML shell, API answers, SVG and other files a
 * browser may open as a page keep them all; nosniff and CORP stay on every response, as they guard
 * subresources.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'referrer-policy',
  'strict-transport-security', 'x-dns-prefetch-control', 'x-download-options', 'x-frame-options',
  'x-permitted-cross-domain-policies', 'x-xss-protection',
];
const SUBRESOURCE_TYPE = /^(application\/javascript|text\/javascript|text\/css|font\/)/;

/**
 * Serves the built React app from `staticDir`: assets via @fastify/static, and index.html for `/`
 * and every non-/api path (hash routes, deep links), each time with a fresh CSP nonce.
 */
export const webApp = fp(
  async (app: FastifyInstance, opts: { staticDir: string | null }) => {
    const root = opts.staticDir ? resolve(opts.staticDir) : null;
    const indexFile = root ? join(root, 'index.html') : null;
    if (!root || !indexFile || !existsSync(indexFile)) {
      app.log.info(
        root
          ? `No built app at ${root} (run \`npm run build\`): serving the API only.`
          : 'No static folder configured: serving the API only.',
      );
      app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: serverMessages.not_found }));
      return;
    }
    const shell = readFileSync(indexFile, 'utf8');

    const sendShell = (reply: FastifyReply) => {
      const nonce = randomBytes(16).toString('base64');
      return reply
        .header('content-security-policy', contentSecurityPolicy(nonce))
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(shell.replace(PLACEHOLDER, nonce));
    };

    await app.register(fastifyStatic, {
      root,
      index: false,
      // index.html only ever leaves through sendShell (it needs its nonce).
      allowedPath: (pathname) => pathname !== '/index.html',
      // vite.config.ts writes a .br and a .gz beside each text asset: sent as they are when the
      // browser accepts them, so no byte of the app is compressed per request.
      preCompressed: true,
      // The ETag alone revalidates the few unhashed files, and nothing built is worth a range
      // request: two headers fewer on each of the first page's ~35 responses (issue 10).
      lastModified: false,
      acceptRanges: false,
      // Caching is set below (send's own Cache-Control would overwrite what setHeaders writes).
      cacheControl: false,
      // Files under assets/ carry a content hash in their name: a new build is a new URL, so the
      // browser may keep them for a year without asking. Other files (favicon...) an hour.
      setHeaders: (res, path) => {
        const hashed = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.br|\.gz)?$/.test(path);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
    // Every reply passes here (API ones too): the URL is looked at first, headers only for assets.
    app.addHook('onSend', async (request, reply, payload) => {
      if (!request.url.startsWith('/assets/')) return payload;
      const type = String(reply.getHeader('content-type') ?? reply.raw.getHeader('content-type') ?? '');
      if (SUBRESOURCE_TYPE.test(type)) {
        // Helmet writes on the raw response, our CSP on the reply: both are cleared.
        for (const name of DOCUMENT_ONLY_HEADERS) {
          reply.removeHeader(name);
          reply.raw.removeHeader(name);
        }
      }
      return payload;
    });
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendShell(reply));

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0];
      if (path.startsWith('/api/') || path === '/api' || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return reply.status(404).send({ message: serverMessages.not_found });
      }
      // Unknown files with an extension are real 404s; everything else is a route of the app.
      if (/\.[a-z0-9]+$/i.test(path) && path !== '/index.html') {
        return reply.status(404).send({ message: serverMessages.not_found });
      }
      return sendShell(reply);
    });
  },
  { name: 'web-app' },
);
