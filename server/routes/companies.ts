import type { FastifyInstance } from 'fastify';
import { getCompany } from '../services/companies';
import { companySchema, errors } from './schemas';

/** GET /companies/{id} (numeric id or guid); the rest of the companies API comes with its issue. */
export default async function companyRoutes(app: FastifyInstance) {
  app.get<{ Params: { id: string } }>(
    '/companies/:id',
    {
      preHandler: app.auth.authenticate,
      schema: {
        tags: ['companies'],
        summary: 'A company with meta, users and taxonomies.term (own company, or with view companies)',
        security: [{ bearer: [] }],
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } },
        response: { 200: companySchema, ...errors(401, 404) },
      },
    },
    async (request) => getCompany(app, request.user!, request.permissionNames!, request.params.id),
  );
}
