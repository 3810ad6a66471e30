import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries `token` as its bearer token (compared in constant time). */
export function holdsToken(request: FastifyRequest, token: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}
