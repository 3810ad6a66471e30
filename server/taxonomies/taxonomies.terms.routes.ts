import type { FastifyInstance } from 'fastify';
import { asAnswer, sendKept } from '../http/kept-answer';
import { listTerms } from './taxonomies.terms';
import { listOf } from '../http/schemas';

const term = {
  type: 'object',
  properties: {
    id: { type: 'integer' }, name: { type: 'string' }, slug: { type: 'string' },
    taxonomy: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, slug: { type: 'string' } } },
  },
} as const;

/** GET /terms?taxonomy=region (public: registration needs regions, types and makes). */
export default async function termRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { taxonomy?: string } }>(
    '/terms',
    {
      schema: {
        tags: ['terms'],
        summary: 'Taxonomy terms, optionally of one taxonomy',
        // A slug; the pattern also keeps NUL and the like away from the query (they would be a 500).
        querystring: { type: 'object', properties: { taxonomy: { type: 'string', maxLength: 64, pattern: '^[A-Za-z0-9_-]*$' } } },
        response: { 200: listOf(term) },
      },
    },
    async (request, reply) => sendKept(request, reply, `terms:${request.query.taxonomy ?? ''}`, () => asAnswer(listTerms(app, request.query.taxonomy))),
  );
}
