import type { FastifyInstance } from 'fastify';
import { catalogueOf } from '../products/products.catalogue';
import { errors, routeDoc } from '../http/schemas';
import { search, type SearchQuery } from './search.service';
import * as s from './search.schemas';

/**
 * GET /search (issue 58): every kind of record the viewer may open, found by one query with their
 * permissions and tenancy in it (search.service.ts). Any signed-in user: what each finds is
 * decided per kind by that kind's own rule.
 */
export default async function searchRoutes(app: FastifyInstance) {
  const doc = routeDoc('search');
  app.get<{ Querystring: SearchQuery }>(
    '/search',
    {
      preHandler: app.auth.authenticate,
      schema: {
        ...doc('Companies, users, configs, agreements, projects, tasks, products and showcases the user may open, matching q (accents, case and small typos aside), grouped by kind, at most limit (5, 1..20) per kind'),
        querystring: s.searchQuery,
        response: { 200: s.searchAnswer, ...errors(400, 401, 422) },
      },
    },
    async (request) => {
      // The products a dealer may open are their company's catalogue, as GET /products/{id} decides it.
      const viewer = request.viewer!;
      const readsProducts = viewer.permissions.has('view products') || viewer.permissions.has('create products');
      const catalogue = readsProducts ? (await catalogueOf(app.db, viewer, request)).where : undefined;
      return search(app.db, viewer, request.query, catalogue);
    },
  );
}
