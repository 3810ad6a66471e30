import type { FastifyInstance } from 'fastify';
import { sendPage, type SimpleRestQuery } from '../http/simple-rest';
import { createTerm, deleteTerm, getTaxonomy, getTerm, listTaxonomies, listTaxonomyTerms, updateTerm, type TermInput } from './taxonomies.service';
import { errors, listOf, routeDoc } from '../http/schemas';
import * as s from './taxonomies.schemas';

type Slug = { Params: { slug: string } };
type TermKey = { Params: { slug: string; id: number } };

/**
 * Categories (spec section 2: /categories and /categories/{taxonomy}): the taxonomies and their
 * terms, all behind 'manage categories'. Categories are shared reference data, not a company's
 * records, so there is no tenancy; the public GET /terms (registration) is taxonomies/taxonomies.terms.routes.ts.
 */
export default async function taxonomyRoutes(app: FastifyInstance) {
  const manage = app.auth.requirePermission('manage categories');
  const doc = routeDoc('categories');

  app.get<{ Querystring: SimpleRestQuery }>(
    '/taxonomies',
    {
      preHandler: manage,
      schema: { ...doc('Taxonomies with their term counts: ra-data-simple-rest (sort id, name, slug; filter {q}); total in Content-Range'), querystring: s.listQuery, response: { 200: listOf(s.taxonomy), ...errors(400, 401, 403) } },
    },
    async (request, reply) => sendPage(reply, 'taxonomies', await listTaxonomies(app.db, request.query)),
  );

  app.get<Slug>(
    '/taxonomies/:slug',
    { preHandler: manage, schema: { ...doc('One taxonomy with its term count'), params: s.params.taxonomy, response: { 200: s.taxonomy, ...errors(401, 403, 404) } } },
    async (request) => getTaxonomy(app.db, request.params.slug),
  );

  app.get<Slug & { Querystring: SimpleRestQuery }>(
    '/taxonomies/:slug/terms',
    {
      preHandler: manage,
      schema: {
        ...doc('The terms of a taxonomy with how many companies and products use each: ra-data-simple-rest (sort id, name, slug; filter {q, id}); total in Content-Range'),
        params: s.params.taxonomy,
        querystring: s.listQuery,
        response: { 200: listOf(s.term), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => sendPage(reply, 'terms', await listTaxonomyTerms(app.db, request.params.slug, request.query)),
  );

  app.post<Slug & { Body: TermInput }>(
    '/taxonomies/:slug/terms',
    {
      preHandler: manage,
      schema: {
        ...doc("Add a term ('Term Added'); the slug is made from the name unless sent; 409 'term already exists' for a name or slug already in the taxonomy (any case)"),
        params: s.params.taxonomy,
        body: s.termBody(true),
        response: { 201: s.term, ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => reply.status(201).send(await createTerm(app.db, request.params.slug, request.body)),
  );

  app.get<TermKey>(
    '/taxonomies/:slug/terms/:id',
    { preHandler: manage, schema: { ...doc('One term of the taxonomy'), params: s.params.term, response: { 200: s.term, ...errors(400, 401, 403, 404) } } },
    async (request) => getTerm(app.db, request.params.slug, request.params.id),
  );

  app.put<TermKey & { Body: TermInput }>(
    '/taxonomies/:slug/terms/:id',
    {
      preHandler: manage,
      schema: {
        ...doc("Rename a term or change its slug ('Term Updated'; the slug stays unless sent); 409 'term already exists'"),
        params: s.params.term,
        body: s.termBody(false),
        response: { 200: s.term, ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => updateTerm(app.db, request.params.slug, request.params.id, request.body),
  );

  app.delete<TermKey>(
    '/taxonomies/:slug/terms/:id',
    {
      preHandler: manage,
      schema: { ...doc("Delete a term ('Term Deleted'); 409 while companies or products use it, saying how many"), params: s.params.term, response: { 200: s.term, ...errors(400, 401, 403, 404, 409) } },
    },
    async (request) => deleteTerm(app.db, request.params.slug, request.params.id),
  );
}
