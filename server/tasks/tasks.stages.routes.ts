import type { FastifyInstance } from 'fastify';
import { sendKept } from '../http/kept-answer';
import { errors, type IdParams, listOf, routeDoc, simpleRestQuery } from '../http/schemas';
import { pageAnswer } from '../http/simple-rest';
import { whole } from './tasks.order';
import { NotFound } from '../domain-errors';
import { serverMessages } from '../messages';
import { createStage, deleteStage, listStages, sortStage, updateStage, type StageBody } from './tasks.stages';
import * as s from './tasks.schemas';

/**
 * Task stages (spec section 7: `GET, POST /tasks/stages`, `PUT, DELETE /tasks/stages/{id}`, `POST
 * /tasks/stages/{id}/sort`). Read by anyone who lists tasks or views projects (the tracker's board
 * shows the stages); written with 'edit tasks'.
 */
export default async function taskStageRoutes(app: FastifyInstance) {
  const { requirePermission } = app.auth;
  const read = requirePermission('list tasks', 'edit tasks', 'view projects', 'edit projects');
  const edit = requirePermission('edit tasks');
  const doc = routeDoc('tasks');

  app.get(
    '/tasks/stages',
    {
      preHandler: read,
      schema: { ...doc("Every task stage by position, with the number of project tasks in each (simple-rest's sort, range and filter are accepted and the whole list answered, total in Content-Range)"), querystring: simpleRestQuery, response: { 200: listOf(s.taskStage), ...errors(400, 401, 403) } },
    },
    async (request, reply) => sendKept(request, reply, 'task-stages', () => pageAnswer('tasks/stages', listStages(app.db).then(whole))),
  );

  app.get<IdParams>(
    '/tasks/stages/:id',
    { preHandler: read, schema: { ...doc('A task stage'), params: s.params, response: { 200: s.taskStage, ...errors(401, 403, 404) } } },
    async (request) => {
      const found = (await listStages(app.db)).find((stage) => String(stage.id) === request.params.id);
      if (!found) throw new NotFound(serverMessages.not_found);
      return found;
    },
  );

  app.post<{ Body: StageBody }>(
    '/tasks/stages',
    { preHandler: edit, schema: { ...doc("Create a stage at the end of the board ('Stage Created'; a name taken in any case is 409)"), body: s.stageCreateBody, response: { 201: s.taskStage, ...errors(400, 401, 403, 409, 422) } } },
    async (request, reply) => reply.status(201).send(await createStage(app.db, request.body)),
  );

  app.put<IdParams & { Body: StageBody }>(
    '/tasks/stages/:id',
    {
      preHandler: edit,
      schema: { ...doc("Update a stage: the fields sent ('Stage Updated'; the last done stage keeps its flag: 409)"), params: s.params, body: s.stageBody, response: { 200: s.taskStage, ...errors(400, 401, 403, 404, 409, 422) } },
    },
    async (request) => updateStage(app.db, request.params.id, request.body),
  );

  app.delete<IdParams>(
    '/tasks/stages/:id',
    { preHandler: edit, schema: { ...doc("Delete a stage ('Stage Deleted'); refused (409) while project tasks are in it, or for the last done stage"), params: s.params, response: { 200: s.deleted, ...errors(401, 403, 404, 409) } } },
    async (request) => deleteStage(app.db, request.params.id),
  );

  app.post<IdParams & { Body: { to: number } }>(
    '/tasks/stages/:id/sort',
    { preHandler: edit, schema: { ...doc('Move a stage to position `to` (1-based)'), params: s.params, body: s.sortBody, response: { 200: s.taskStage, ...errors(400, 401, 403, 404, 422) } } },
    async (request) => sortStage(app.db, request.params.id, request.body.to),
  );
}
