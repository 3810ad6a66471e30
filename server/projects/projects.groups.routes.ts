import type { FastifyInstance } from 'fastify';
import { errors, type IdParams, routeDoc } from '../http/schemas';
import { createGroup, deleteGroup, listGroups, updateGroup } from './projects.groups';
import * as s from './projects.schemas';

type GroupParams = { Params: { id: string; typeId: number } };

/**
 * A project's task groups (server/projects/README.md): read with 'view projects' or 'edit
 * projects'; add, rename and delete with 'edit projects'; mark as master (it writes every company's
 * task templates) with 'edit projects' and 'edit tasks' (checked in the service: 403).
 */
export default async function projectGroupRoutes(app: FastifyInstance) {
  const { requirePermission } = app.auth;
  const view = requirePermission('view projects', 'edit projects');
  const edit = requirePermission('edit projects');
  const doc = routeDoc('projects');

  app.get<IdParams>(
    '/projects/:id/types',
    { preHandler: view, schema: { ...doc("A project's task groups with their task counts"), params: s.params.project, response: { 200: s.groups, ...errors(401, 403, 404) } } },
    async (request) => listGroups(app.db, request.viewer!, request.params.id),
  );

  app.post<IdParams & { Body: { name: string } }>(
    '/projects/:id/types',
    { preHandler: edit, schema: { ...doc("A task group of the project's own ('Type Created')"), params: s.params.project, body: s.groupBody, response: { 201: s.groupAnswer, ...errors(400, 401, 403, 404, 409, 422) } } },
    async (request, reply) => reply.status(201).send(await createGroup(app.db, request.viewer!, request.params.id, request.body)),
  );

  app.put<GroupParams & { Body: { master?: boolean; name?: string } }>(
    '/projects/:id/types/:typeId',
    {
      preHandler: edit,
      schema: {
        ...doc(
          "{master: true} (needs 'edit tasks' as well, 403 otherwise: it writes the task templates every company's projects copy): the group becomes a task type (or updates its own) and its tasks that type's templates for the project type ('Marked as master'); {name} renames it",
        ),
        params: s.params.group,
        body: s.groupUpdateBody,
        response: { 200: s.groupAnswer, ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => updateGroup(app.db, request.viewer!, request.params.id, request.params.typeId, request.body),
  );

  app.delete<GroupParams>(
    '/projects/:id/types/:typeId',
    { preHandler: edit, schema: { ...doc("Delete a task group ('Type Deleted'); refused (409) while it holds tasks"), params: s.params.group, response: { 200: s.groupDeleted, ...errors(401, 403, 404, 409) } } },
    async (request) => deleteGroup(app.db, request.viewer!, request.params.id, request.params.typeId),
  );
}
