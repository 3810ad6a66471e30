import type { FastifyInstance } from 'fastify';
import { getCompany } from './companies.service';
import type { CompanyInput } from './companies.fields';
import { asAnswer, sendKept } from '../http/kept-answer';
import { pageAnswer } from '../http/simple-rest';
import { listCompanies, type CompanyListQuery } from './companies.list';
import { assignUser, createCompany, deleteCompanies, deleteCompany, removeUser, updateCompany } from './companies.write';
import { bulkDeleteBody, bulkDeleteResponse, type BulkDelete } from '../http/bulk.schemas';
import * as s from './companies.schemas';
import { errors, type IdParams, listOf, routeDoc } from '../http/schemas';

type CompanyUser = { Params: { id: string; userId: number } };

/**
 * The companies API (spec section 7). Reading needs only a session: tenancy in every query keeps a
 * dealer to their own company, and staff with 'view companies' see all. Every write needs 'create
 * companies' (the one company-management permission of section 6 and the seed's roles).
 */
export default async function companyRoutes(app: FastifyInstance) {
  const { authenticate, requirePermission } = app.auth;
  const manage = requirePermission('create companies');
  const doc = routeDoc('companies');

  app.get<{ Querystring: CompanyListQuery }>(
    '/companies',
    {
      preHandler: authenticate,
      schema: {
        ...doc('Companies the user may see: ra-data-simple-rest (sort, range, filter {q, status, stage, lang, id, user_id, type, region, partner, make}) or the company search (q or name, status, stage, page, perPage); total in Content-Range'),
        querystring: s.listQuery,
        response: { 200: listOf(s.companySummary), ...errors(400, 401) },
      },
    },
    // Per user and query, until the next write (server/db/read-cache.ts), as the bytes sent.
    async (request, reply) => sendKept(request, reply, `companies:${request.user!.id}:${JSON.stringify(request.query)}`, () => pageAnswer('companies', listCompanies(app.db, request.viewer!, request.query))),
  );

  app.get<IdParams>(
    '/companies/:id',
    {
      preHandler: authenticate,
      schema: { ...doc('A company with meta, users and taxonomies.term (own company, or with view companies)'), params: s.params.company, response: { 200: s.companyDetail, ...errors(401, 404) } },
    },
    async (request, reply) => sendKept(request, reply, `company:${request.user!.id}:${request.params.id}`, () => asAnswer(getCompany(app.db, request.viewer!, request.params.id))),
  );

  app.post<{ Body: CompanyInput }>(
    '/companies',
    { preHandler: manage, schema: { ...doc("Create a company ('Company Created')"), body: s.companyBody, response: { 201: s.companyDetail, ...errors(400, 401, 403, 413, 422) } } },
    async (request, reply) => reply.status(201).send(await createCompany(app.db, request.body)),
  );

  app.put<IdParams & { Body: CompanyInput }>(
    '/companies/:id',
    {
      preHandler: manage,
      schema: { ...doc("Update a company by id or guid: the fields sent ('Company Updated')"), params: s.params.company, body: s.companyBody, response: { 200: s.companyDetail, ...errors(400, 401, 403, 404, 413, 422) } },
    },
    async (request) => updateCompany(app.db, request.viewer!, request.params.id, request.body),
  );

  app.delete<IdParams>(
    '/companies/:id',
    { preHandler: manage, schema: { ...doc('Delete a company (its configs, terms and meta go with it; its users stay)'), params: s.params.company, response: { 200: s.deleteResponse, ...errors(401, 403, 404) } } },
    async (request) => deleteCompany(app.db, request.viewer!, request.params.id),
  );

  app.delete<BulkDelete>(
    '/companies',
    {
      preHandler: manage,
      schema: { ...doc('Delete several companies at once (by id), all or none: one the user may not touch refuses the whole request (404)'), body: bulkDeleteBody, response: { 200: bulkDeleteResponse, ...errors(400, 401, 403, 404, 413) } },
    },
    async (request) => deleteCompanies(app.db, request.viewer!, request.body.ids),
  );

  app.put<CompanyUser>(
    '/companies/:id/user/:userId',
    { preHandler: manage, schema: { ...doc("Assign a user to a company ('User Added'; 409 'User is already assigned')"), params: s.params.companyUser, response: { 200: s.companyDetail, ...errors(400, 401, 403, 404, 409) } } },
    async (request) => assignUser(app.db, request.viewer!, request.params.id, request.params.userId),
  );

  app.delete<CompanyUser>(
    '/companies/:id/user/:userId',
    { preHandler: manage, schema: { ...doc("Remove a user from a company ('User Removed')"), params: s.params.companyUser, response: { 200: s.companyDetail, ...errors(400, 401, 403, 404) } } },
    async (request) => removeUser(app.db, request.viewer!, request.params.id, request.params.userId),
  );
}
