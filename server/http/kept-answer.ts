import { constants, brotliCompressSync, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESSION } from '../plugins/compression';

/**
 * Read answers kept in memory as the bytes sent, not as the objects they were built from.
 *
 * The read cache (server/db/read-cache.ts) saves the database work of a repeated read, but each
 * answer was still serialised again (fast-json-stringify over 20 KiB for a list page), measured
 * with Buffer.byteLength by the compression hook, encoded to UTF-8 by the socket and compressed
 * again for every browser. A CPU profile of `npm run bench -- companies` on PostgreSQL put those
 * and the garbage they leave at about two thirds of the server's busy time. Here the answer is
 * serialised once, with the route's own response schema (what Fastify would send), kept as
 * UTF-8 bytes beside the read, and compressed at most once per encoding a client asks for.
 *
 * An entry lives exactly as long as the read it came from: a write ends both at once.
 */
export interface KeptAnswer {
  /** Headers the answer carries besides its type (a list page's Content-Range). */
  headers: Record<string, string>;
  /** The JSON body as UTF-8. */
  json: Buffer;
  /** The body compressed, per encoding asked for so far. */
  encoded: Partial<Record<Encoding, Buffer>>;
}

type Encoding = 'br' | 'gzip';

const JSON_TYPE = 'application/json; charset=utf-8';
// The per-request compression's own threshold and settings.
const THRESHOLD = COMPRESSION.threshold;
const encodings = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip'] });
const compressors: Record<Encoding, (body: Buffer) => Buffer> = {
  br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: COMPRESSION.brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => gzipSync(body, { level: COMPRESSION.gzipLevel }),
};

/** What a read answers: the body the route's schema serialises, and headers beside it. */
export interface Answer {
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * Sends the answer `load` builds for `key`, from memory while the database has not changed
 * (`reads.read`'s rules: the key must hold everything the answer depends on, the user included).
 * Returns the bytes for the handler to return.
 */
export async function sendKept(request: FastifyRequest, reply: FastifyReply, key: string, load: () => Promise<Answer>): Promise<Buffer> {
  const kept = await request.server.database.reads.read<KeptAnswer>(
    request,
    key,
    async () => {
      const answer = await load();
      return { headers: answer.headers ?? {}, json: Buffer.from(reply.serialize(answer.body) as string), encoded: {} };
    },
    undefined,
    // The JSON and, at most, its two compressed copies (each smaller than the JSON).
    (answer) => answer.json.length * 2,
  );
  reply.headers(kept.headers).type(JSON_TYPE);
  if (kept.json.length < THRESHOLD) return kept.json;
  // The same address answers differently by Accept-Encoding: caches along the way must know.
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted ? encodings.negotiate(accepted) : null;
  if (!encoding) return kept.json;
  const bytes = (kept.encoded[encoding] ??= compressors[encoding](kept.json));
  // Set, so the per-request compression hook leaves the bytes as they are.
  reply.header('content-encoding', encoding);
  return bytes;
}

/** The answer of a read that is its own body. */
export const asAnswer = async <T>(value: Promise<T>): Promise<Answer> => ({ body: await value });
