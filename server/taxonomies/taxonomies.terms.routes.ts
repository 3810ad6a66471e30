import type { FastifyInstance } from 'fastify';
import { asAnswer, sendKept } from '../http/kept-answer';
import { listTerms, termsTaxonomies, type TermsQuery } from './taxonomies.terms';
import { localNames } from '../../contract/names';
import { listOf, noOthers, simpleRestProperties } from '../http/schemas';

/** A term; `names`: its name in other locales (contract/names.ts), `{}` when none. */
const term = {
  type: 'object',
  required: ['id', 'name', 'names'],
  properties: {
    id: { type: 'integer' }, name: { type: 'string' }, names: localNames, slug: { type: 'string' },
    taxonomy: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, slug: { type: 'string' } } },
  },
} as const;

/**
 * The query: the plain `taxonomy`, and the spec's `include` and `filter` (section 7). Every term
 * carries its taxonomy (the spec's answer, which the app and registration read), so `include` asks
 * for what is always there: its one relation, `taxonomy`, is admitted and anything else is a 400
 * rather than a relation silently left out. Unknown parameters are 400s too (`filter[taxonomy]=`,
 * a bracketed form the spec's serialisation never sends, must not quietly answer every term).
 */
const termsQuery = {
  type: 'object',
  properties: {
    // A slug; the pattern also keeps NUL and the like away from the query (they would be a 500).
    taxonomy: { type: 'string', maxLength: 64, pattern: '^[A-Za-z0-9_-]*$' },
    include: { type: 'array', maxItems: 10, items: { type: 'string', enum: ['taxonomy'] } },
    filter: simpleRestProperties.filter,
  },
  additionalProperties: noOthers,
} as const;

/** GET /terms?taxonomy=region (public: registration needs regions, types and makes). */
export default async function termRoutes(app: FastifyInstance) {
  app.get<{ Querystring: TermsQuery }>(
    '/terms',
    {
      schema: {
        tags: ['terms'],
        summary: 'Taxonomy terms with their taxonomy, optionally of one taxonomy: taxonomy=slug, or filter={"taxonomy":slug} / {"taxonomy":{"eq":slug}}; include=taxonomy',
        querystring: termsQuery,
        response: { 200: listOf(term) },
      },
    },
    async (request, reply) => {
      // Parsed before the read, so a malformed filter is a 400 and the kept answer's key is what was asked.
      const slugs = termsTaxonomies(request.query);
      return sendKept(request, reply, `terms:${slugs.join(',')}`, () => asAnswer(listTerms(app, slugs)));
    },
  );
}
