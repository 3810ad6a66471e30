import type { FastifyInstance } from 'fastify';
import { NotFound } from '../domain-errors';
import { asAnswer, sendKept } from '../http/kept-answer';
import { parseId } from '../http/ids';
import { errors, type IdParams, listOf, routeDoc } from '../http/schemas';
import { pageAnswer } from '../http/simple-rest';
import { serverMessages } from '../messages';
import { listTemplates, type TemplateListQuery } from './tasks.list';
import { createTemplate, deleteTemplate, loadTemplates, sortTemplate, updateTemplate, type TemplateBody } from './tasks.service';
import * as s from './tasks.schemas';

/**
 * Task templates (spec section 7: `GET, POST /tasks`, `PUT, DELETE /tasks/{id}`, `POST
 * /tasks/{id}/sort`). 'list tasks' or 'edit tasks' reads, 'edit tasks' writes (server/tasks/README.md).
 * Stages, types and notification templates are the other tasks.*.routes.ts files.
 */
export default async function taskRoutes(app: FastifyInstance) {
  const { requirePermission } = app.auth;
  const read = requirePermission('list tasks', 'edit tasks');
  const edit = requirePermission('edit tasks');
  const doc = routeDoc('tasks');

  app.get<{ Querystring: TemplateListQuery }>(
    '/tasks',
    {
      preHandler: read,
      schema: {
        ...doc('Task templates by position: ra-data-simple-rest (sort position|name|updated_at, range, filter {q, id, task_type_id, project_type: the templates a new project of that type gets}); total in Content-Range'),
        querystring: s.listQuery,
        response: { 200: listOf(s.taskTemplate), ...errors(400, 401, 403) },
      },
    },
    // The same for every reader until the next write (server/db/read-cache.ts).
    async (request, reply) => sendKept(request, reply, `tasks:${JSON.stringify(request.query)}`, () => pageAnswer('tasks', listTemplates(app.db, request.query))),
  );

  app.get<IdParams>(
    '/tasks/:id',
    { preHandler: read, schema: { ...doc('A task template (what react-admin edits)'), params: s.params, response: { 200: s.taskTemplate, ...errors(401, 403, 404) } } },
    async (request, reply) =>
      sendKept(request, reply, `task:${request.params.id}`, () =>
        asAnswer(
          (async () => {
            const id = parseId(request.params.id);
            const [found] = id === null ? [] : await loadTemplates(app.db, [id]);
            if (!found) throw new NotFound(serverMessages.not_found);
            return found;
          })(),
        ),
      ),
  );

  app.post<{ Body: TemplateBody }>(
    '/tasks',
    { preHandler: edit, schema: { ...doc("Create a task template at the end of the list ('Task Created')"), body: s.templateCreateBody, response: { 201: s.taskTemplate, ...errors(400, 401, 403, 422) } } },
    async (request, reply) => reply.status(201).send(await createTemplate(app.db, request.body)),
  );

  app.put<IdParams & { Body: TemplateBody }>(
    '/tasks/:id',
    { preHandler: edit, schema: { ...doc("Update a task template: the fields sent ('Task Updated')"), params: s.params, body: s.templateBody, response: { 200: s.taskTemplate, ...errors(400, 401, 403, 404, 422) } } },
    async (request) => updateTemplate(app.db, request.params.id, request.body),
  );

  app.delete<IdParams>(
    '/tasks/:id',
    { preHandler: edit, schema: { ...doc("Delete a task template ('Task Deleted'); projects keep their copies"), params: s.params, response: { 200: s.deleted, ...errors(401, 403, 404) } } },
    async (request) => deleteTemplate(app.db, request.params.id),
  );

  app.post<IdParams & { Body: { to: number } }>(
    '/tasks/:id/sort',
    {
      preHandler: edit,
      schema: { ...doc("Move a task template to position `to` (1-based) ('Value must be more than 0', 'Value cannot be more than N')"), params: s.params, body: s.sortBody, response: { 200: s.taskTemplate, ...errors(400, 401, 403, 404, 422) } },
    },
    async (request) => sortTemplate(app.db, request.params.id, request.body.to),
  );
}
