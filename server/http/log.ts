import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Set-password links carry their token in the path (GET /api/password/set/{token}), and Fastify
 * logs every request's URL: the token must not land in the log, where it would sign someone in.
 * @example redactUrl('/api/password/set/abc?x=1') // '/api/password/set/[redacted]?x=1'
 */
export function redactUrl(url: string): string {
  return url.replace(/(\/password\/set\/)[^/?#]+/, '$1[redacted]');
}

/** The app's logger options: the caller's, with Fastify's request serializer minus the secrets. */
export function loggerOptions(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return {
    ...options,
    serializers: {
      ...options.serializers,
      // Fastify's own req serializer, with the URL redacted.
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        version: req.headers?.['accept-version'] as string | undefined,
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}
