import type { FastifyInstance } from 'fastify';
import { errors, messageResponse, routeDoc } from '../http/schemas';
import * as s from './projects.extras.schemas';
import { addStakeholder, listStakeholders, removeStakeholder, updateStakeholder, type StakeholderInput } from './projects.stakeholders';

type ProjectParams = { Params: { id: string } };
type StakeholderParams = { Params: { id: string; stakeholderId: string } };

/**
 * A project's stakeholders (spec: GET /projects/{id}/stakeholders, adding and removing them):
 * 'view projects' or 'edit projects' reads, 'edit projects' writes; another company's project is a 404.
 */
export default async function stakeholderRoutes(app: FastifyInstance) {
  const { requirePermission } = app.auth;
  const read = requirePermission('view projects', 'edit projects');
  const edit = requirePermission('edit projects');
  const doc = routeDoc('projects');

  app.get<ProjectParams>(
    '/projects/:id/stakeholders',
    { preHandler: read, schema: { ...doc("A project's stakeholders (id or guid): portal users with their own details, and outside contacts"), params: s.params.project, response: { 200: s.stakeholderList, ...errors(401, 403, 404) } } },
    async (request) => listStakeholders(app.db, request.viewer!, request.params.id),
  );

  app.post<ProjectParams & { Body: StakeholderInput }>(
    '/projects/:id/stakeholders',
    {
      preHandler: edit,
      schema: {
        ...doc("Add a stakeholder: {user_id, role?, organisation?} ('User is already assigned': 409) or an outside contact {name, email?, telephone?, position?, organisation?, role?}"),
        params: s.params.project,
        body: s.stakeholderCreateBody,
        response: { 201: s.stakeholderAnswer, ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => reply.status(201).send(await addStakeholder(app.db, request.viewer!, request.params.id, request.body)),
  );

  app.put<StakeholderParams & { Body: StakeholderInput }>(
    '/projects/:id/stakeholders/:stakeholderId',
    {
      preHandler: edit,
      schema: {
        ...doc("Change a stakeholder: an outside contact's details, a user's role and organisation (the rest is the user's profile)"),
        params: s.params.stakeholder,
        body: s.stakeholderUpdateBody,
        response: { 200: s.stakeholderAnswer, ...errors(400, 401, 403, 404, 422) },
      },
    },
    async (request) => updateStakeholder(app.db, request.viewer!, request.params.id, request.params.stakeholderId, request.body),
  );

  app.delete<StakeholderParams>(
    '/projects/:id/stakeholders/:stakeholderId',
    { preHandler: edit, schema: { ...doc('Remove a stakeholder from the project'), params: s.params.stakeholder, response: { 200: messageResponse, ...errors(401, 403, 404) } } },
    async (request) => removeStakeholder(app.db, request.viewer!, request.params.id, request.params.stakeholderId),
  );
}
