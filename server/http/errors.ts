import type { FastifyError, FastifyInstance, FastifySchemaValidationError } from 'fastify';
import fp from 'fastify-plugin';
import { engineT } from '../../engine';
import { isDatabaseUnavailable } from '../db/database';
import { BadRequest, Conflict, DomainError, Forbidden, Invalid, NotFound, Stale, TooLarge, TooMany, Unauthorized, Unsupported, Upstream, UpstreamTimeout, type ErrorDetail } from '../domain-errors';
import { serverMessages } from '../messages';

/**
 * The one mapping of domain errors to HTTP statuses (server/domain-errors.ts): services, stores
 * and the engine's translation throw the domain's words; only this handler knows the status.
 * Subclasses answer as their parent (Stale is a Conflict) unless listed themselves.
 */
const STATUS_OF = new Map<abstract new (...args: never[]) => DomainError, number>([
  [BadRequest, 400],
  [Unauthorized, 401],
  [Forbidden, 403],
  [NotFound, 404],
  [Conflict, 409],
  [TooLarge, 413],
  [Unsupported, 415],
  [Invalid, 422],
  [TooMany, 429],
  [Upstream, 502],
  [UpstreamTimeout, 504],
]);

/** The status of a domain error: its class's, else its nearest listed parent's. */
export function statusOf(error: DomainError): number {
  for (let proto = Object.getPrototypeOf(error); proto && proto !== DomainError.prototype; proto = Object.getPrototypeOf(proto)) {
    const status = STATUS_OF.get(proto.constructor);
    if (status) return status;
  }
  // A DomainError subclass nobody mapped is a bug in the server, not the client's fault.
  return 500;
}

/** JSON Schema of the error body, for every route's response schema. */
export const errorSchema = {
  $id: 'Error',
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['detail'],
        properties: { detail: { type: 'string' }, field: { type: 'string' } },
      },
    },
  },
} as const;

function fieldOf(instancePath: string, extra?: unknown): string | undefined {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  const last = typeof extra === 'string' ? extra : undefined;
  return [path, last].filter(Boolean).join('.') || undefined;
}

// The server answers in English, like serverMessages: the en-GB validation catalogue (spec section 5).
const t = engineT('en-GB');
const FORMAT_MESSAGES: Record<string, string> = { email: 'generic.email', 'http-url': 'generic.url', uri: 'generic.url', ipv4: 'generic.ipv4' };
const NUMERIC = new Set(['number', 'integer']);

/**
 * One ajv error of a route schema in the spec's words instead of ajv's English ("password must be
 * string,null"): the spec's sentences where section 5 has one (required, email, min/max length),
 * else the field message after the field's path ("terms must be a number"). `field` names the
 * field (for `required`, the missing one).
 */
export function schemaErrorDetail(error: FastifySchemaValidationError, context?: string): ErrorDetail {
  const params = error.params as Record<string, unknown>;
  const field = fieldOf(error.instancePath, params.missingProperty ?? params.additionalProperty);
  const named = (key: string, values?: Record<string, unknown>) => `${field ?? context ?? 'input'} ${t(`validation:field.${key}`, values)}`;
  const detail = (() => {
    switch (error.keyword) {
      case 'required':
        return t('validation:generic.required');
      case 'minLength':
        return t('validation:generic.minLength', { length: params.limit });
      case 'maxLength':
        return t('validation:generic.maxLength', { length: params.limit });
      case 'format': {
        const key = FORMAT_MESSAGES[String(params.format)];
        return key ? t(`validation:${key}`) : named('invalid');
      }
      case 'type': {
        // ajv names the allowed types joined by commas, e.g. "string,null" or "integer". A number
        // that may be left empty ("integer,null") is still "must be a number".
        const types = String(params.type).split(',').filter((type) => type !== 'null');
        return types.length > 0 && types.every((type) => NUMERIC.has(type)) ? named('numeric') : named('type');
      }
      case 'enum':
      case 'pattern':
      case 'uniqueItems':
        return named(error.keyword);
      case 'minimum':
      case 'exclusiveMinimum':
        return named('minimum', { limit: params.limit });
      case 'maximum':
      case 'exclusiveMaximum':
        return named('maximum', { limit: params.limit });
      case 'minItems':
        return named('minItems', { length: params.limit });
      case 'maxItems':
        return named('maxItems', { length: params.limit });
      default:
        // additionalProperties (where not simply removed), const, oneOf...: the field is not valid.
        return named('invalid');
    }
  })();
  return { detail, ...(field ? { field } : {}) };
}

/** The innermost cause's message: "connect ECONNREFUSED ...", not drizzle's whole failed query. */
function rootMessage(err: unknown): string {
  let e = err as { message?: string; cause?: unknown };
  while (e.cause && typeof e.cause === 'object') e = e.cause as typeof e;
  return String(e.message);
}

/**
 * Every error leaves as `{message, errors?}`. Bad input is never a 500: schema failures are 400
 * in the spec's words (schemaErrorDetail), Fastify's own client errors keep their 4xx; a database
 * that cannot be reached is 503; only real faults are 500.
 */
export const errorHandling = fp(
  async (app: FastifyInstance) => {
    app.addSchema(errorSchema);

    app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
      if (error instanceof DomainError) {
        if (error instanceof TooMany) reply.header('retry-after', String(error.retryAfterSeconds));
        return reply.status(statusOf(error)).send({
          message: error.message,
          ...(error.errors ? { errors: error.errors } : {}),
          // A stale write carries the config's current version, so the app can reload and retry.
          ...(error instanceof Stale ? { version: error.version } : {}),
        });
      }
      const fe = error as FastifyError;
      if (fe.validation) {
        const errors = fe.validation.map((v) => schemaErrorDetail(v, fe.validationContext));
        return reply.status(400).send({ message: errors[0]?.detail ?? fe.message, errors });
      }
      const status = fe.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.status(status).send({ message: fe.message });
      }
      // The database is down or unreachable: not a fault of this request, and it will pass. Say
      // so (503, try again shortly), as a load balancer and the app expect, not "unknown error".
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ reason: rootMessage(error) }, 'database unavailable');
        return reply.status(503).header('retry-after', '5').send({ message: serverMessages.service_unavailable });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(status >= 500 ? status : 500).send({ message: serverMessages.unknown_error });
    });
  },
  { name: 'error-handling' },
);
