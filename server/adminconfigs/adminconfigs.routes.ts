import type { FastifyInstance } from 'fastify';
import { asAnswer, sendKept } from '../http/kept-answer';
import { errors, type IdParams, listOf, routeDoc } from '../http/schemas';
import { pageAnswer } from '../http/simple-rest';
import { servicesOf } from '../plugins/services';
import { applyLayout, type ApplyBody } from './adminconfigs.apply';
import { archiveLayout, createLayout, getLayout, listLayouts, sortLayout, updateLayout, type LayoutBody, type LayoutListQuery } from './adminconfigs.service';
import * as s from './adminconfigs.schemas';

/**
 * The configurator admin (spec sections 2, 6, 7): internal page layouts under /adminconfigs (the
 * spec shows no base path: server/adminconfigs/README.md), and applying one to a config. Every call
 * needs 'edit admin configs'; applying also needs the config to be one the viewer may see.
 */
export default async function adminConfigRoutes(app: FastifyInstance) {
  const services = servicesOf(app);
  const edit = app.auth.requirePermission('edit admin configs');
  const doc = routeDoc('adminconfigs');

  app.get<{ Querystring: LayoutListQuery }>(
    '/adminconfigs',
    {
      preHandler: edit,
      schema: {
        ...doc('Internal page layouts by position: ra-data-simple-rest (sort position|name|updated_at|id, range, filter {q, id, archived: false (default), true or "all"}); total in Content-Range'),
        querystring: s.listQuery,
        response: { 200: listOf(s.internalPageLayout), ...errors(400, 401, 403) },
      },
    },
    // The same for every reader until the next write (server/db/read-cache.ts).
    async (request, reply) => sendKept(request, reply, `adminconfigs:${JSON.stringify(request.query)}`, () => pageAnswer('adminconfigs', listLayouts(app.db, request.query))),
  );

  app.get<IdParams>(
    '/adminconfigs/:id',
    { preHandler: edit, schema: { ...doc('An internal page layout by id or guid (archived ones too)'), params: s.params, response: { 200: s.internalPageLayout, ...errors(401, 403, 404) } } },
    async (request, reply) => sendKept(request, reply, `adminconfig:${request.params.id}`, () => asAnswer(getLayout(app.db, request.params.id))),
  );

  app.post<{ Body: LayoutBody }>(
    '/adminconfigs',
    {
      preHandler: edit,
      schema: { ...doc("Create a layout at the end of the list ('Admin Config Created'; a name an active layout has, in any case, is 409)"), body: s.layoutCreateBody, response: { 201: s.internalPageLayout, ...errors(400, 401, 403, 409, 422) } },
    },
    async (request, reply) => reply.status(201).send(await createLayout(app.db, request.viewer!.id, request.body)),
  );

  app.put<IdParams & { Body: LayoutBody }>(
    '/adminconfigs/:id',
    {
      preHandler: edit,
      schema: { ...doc("Update a layout: the fields sent, `pages` replacing its pages ('Admin Config Updated'; an archived layout is 409)"), params: s.params, body: s.layoutBody, response: { 200: s.internalPageLayout, ...errors(400, 401, 403, 404, 409, 422) } },
    },
    async (request) => updateLayout(app.db, request.viewer!.id, request.params.id, request.body),
  );

  app.put<IdParams & { Body: { to: number } }>(
    '/adminconfigs/:id/sort',
    {
      preHandler: edit,
      schema: { ...doc("Move a layout to position `to` (1-based) among the active ones ('Value must be more than 0', 'Value cannot be more than N'; 'Admin Config Updated')"), params: s.params, body: s.sortBody, response: { 200: s.internalPageLayout, ...errors(400, 401, 403, 404, 409, 422) } },
    },
    async (request) => sortLayout(app.db, request.viewer!.id, request.params.id, request.body.to),
  );

  app.post<IdParams>(
    '/adminconfigs/:id/archive',
    { preHandler: edit, schema: { ...doc("Archive a layout: out of the list and the picker, kept for the configs that name it ('Admin Configs Archived')"), params: s.params, response: { 200: s.archivedAnswer, ...errors(401, 403, 404) } } },
    async (request) => archiveLayout(app.db, request.viewer!.id, request.params.id),
  );

  app.post<{ Params: { companyId: string; configId: string }; Body: ApplyBody }>(
    '/companies/:companyId/configs/:configId/adminconfigs/internalpagelayout',
    {
      preHandler: edit,
      schema: {
        ...doc("Apply a layout {id | layout_id: its id or guid} to the config's internal pages stage, through the stage write (rules, validation, history); the same layout twice changes nothing (changed: false)"),
        params: s.configParams,
        body: s.applyBody,
        response: { 200: s.layoutApplied, ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => applyLayout(services, request.viewer!, request.params.companyId, request.params.configId, request.body ?? {}),
  );
}
