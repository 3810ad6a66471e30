import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An onSend hook that says how long the server took over the request, from its first byte in to
 * its answer ready to send (parsing, validation, the handler, serialisation; not the compression
 * that @fastify/compress's later onSend hook may add), as a standard
 * `Server-Timing` header: browsers' developer tools show it beside the network time, and
 * `npm run bench -- config-writes` reads it for issue 7's server-time budget.
 *
 * Only on the routes that carry it (the stage writes): on sign-in a precise server time would help
 * anyone probing which accounts exist.
 */
export async function serverTiming(_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(2)}`);
  return payload;
}
