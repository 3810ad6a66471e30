import type { FastifyInstance } from 'fastify';
import { sendPage } from '../http/simple-rest';
import { errors, messageResponse, routeDoc } from '../http/schemas';
import { servicesOf } from '../plugins/services';
import * as s from './projects.extras.schemas';
import {
  createVariation,
  decideVariation,
  deleteVariation,
  listVariations,
  projectVariations,
  updateVariation,
  type DecisionInput,
  type VariationInput,
  type VariationListQuery,
} from './projects.variations';

type ProjectParams = { Params: { id: string } };
type VariationParams = { Params: { id: string; variationId: string } };

/**
 * Variations (server/projects/README.md): 'view project variations' or 'edit projects' reads
 * (with the costs), 'edit projects' raises, changes and deletes, 'approve project tasks' with the
 * user's foc_approver flag decides (checked in the service, as are "not the raiser", "not the last
 * to change its amounts" and "the revision and amount it names are the stored ones"). Every call is
 * held to the viewer's companies in the query: another company's project is a 404.
 */
export default async function variationRoutes(app: FastifyInstance) {
  const { requirePermission } = app.auth;
  const read = requirePermission('view project variations', 'edit projects');
  const edit = requirePermission('edit projects');
  const approve = requirePermission('approve project tasks');
  const deps = servicesOf(app);
  const doc = routeDoc('projects');
  const listDoc =
    'ra-data-simple-rest (sort, range, filter {q, id, status, type, project_id, company_id, awaiting}) or the plain status, type, project_id and awaiting=me (pending ones the viewer may decide); newest first; total in Content-Range';

  app.get<{ Querystring: VariationListQuery }>(
    '/variations',
    { preHandler: read, schema: { ...doc(`Every project's variations the viewer may see. ${listDoc}`), querystring: s.variationListQuery, response: { 200: s.variationList, ...errors(400, 401, 403) } } },
    async (request, reply) => sendPage(reply, 'variations', await listVariations(app.db, request.viewer!, request.query)),
  );

  app.get<ProjectParams & { Querystring: VariationListQuery }>(
    '/projects/:id/variations',
    { preHandler: read, schema: { ...doc(`A project's variations (id or guid). ${listDoc}`), params: s.params.project, querystring: s.variationListQuery, response: { 200: s.variationList, ...errors(400, 401, 403, 404) } } },
    async (request, reply) => sendPage(reply, 'variations', await projectVariations(app.db, request.viewer!, request.params.id, request.query)),
  );

  app.post<ProjectParams & { Body: VariationInput }>(
    '/projects/:id/variations',
    {
      preHandler: edit,
      schema: {
        ...doc("Raise a variation {type, title, description?, total_effort, cost_impact, foc_cost}: 'pending' (approvers mailed) when foc_cost > 0, else 'approved'"),
        params: s.params.project,
        body: s.variationBody,
        response: { 201: s.variationAnswer, ...errors(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => reply.status(201).send(await createVariation(deps, request.viewer!, request.params.id, request.body)),
  );

  app.put<VariationParams & { Body: VariationInput }>(
    '/projects/:id/variations/:variationId',
    {
      preHandler: edit,
      schema: {
        ...doc('Change a variation nobody has decided (a decided one: 409); its status follows foc_cost'),
        params: s.params.variation,
        body: s.variationBody,
        response: { 200: s.variationAnswer, ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => updateVariation(deps, request.viewer!, request.params.id, request.params.variationId, request.body),
  );

  app.delete<VariationParams>(
    '/projects/:id/variations/:variationId',
    { preHandler: edit, schema: { ...doc('Delete a variation nobody has decided (a decided one: 409)'), params: s.params.variation, response: { 200: messageResponse, ...errors(401, 403, 404, 409) } } },
    async (request) => deleteVariation(deps, request.viewer!, request.params.id, request.params.variationId),
  );

  app.post<ProjectParams & { Body: DecisionInput }>(
    '/variations/:id/decision',
    {
      preHandler: approve,
      schema: {
        ...doc(
          "Approve or reject a pending variation {decision: 'approved' | 'rejected', note?, revision, amount}, naming the variation's `revision` and free-of-charge `amount` (its foc_cost) as the approver read them: a foc_approver who neither raised it nor last changed its amounts (403 otherwise); decided already, or changed since that revision or amount: 409",
        ),
        params: s.params.id,
        body: s.decisionBody,
        response: { 200: s.variationAnswer, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => decideVariation(deps, request.viewer!, request.params.id, request.body),
  );
}
