import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

// What a proxy's id looks like (a UUID, HAProxy's hex unique-id, nginx's 32 hex digits): short,
// no spaces or control characters, so a client cannot write into the logs through it.
const SAFE_ID = /^[\w.:-]{8,128}$/;

/** The request's id: the one the proxy in front gave (X-Request-Id), when it is a plain token; else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}
