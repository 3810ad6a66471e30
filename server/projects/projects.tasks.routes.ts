import type { FastifyInstance } from 'fastify';
import { errors, type IdParams, routeDoc } from '../http/schemas';
import { servicesOf } from '../plugins/services';
import { createCustomTask, deleteTask, listGroupTasks, listTasks, updateTask, type CustomTaskBody, type TaskBody } from './projects.tasks';
import * as s from './projects.schemas';

type TaskParams = { Params: { id: string; taskId: number } };
type GroupParams = { Params: { id: string; typeId: number } };

/**
 * A project's tasks (server/projects/README.md): the board and one group's tasks ('view projects'
 * or 'edit projects'); moves, edits, custom tasks and deletes ('edit projects'), each one
 * transaction that locks the project, changes the tasks and recomputes its figures.
 */
export default async function projectTaskRoutes(app: FastifyInstance) {
  const { requirePermission } = app.auth;
  const view = requirePermission('view projects', 'edit projects');
  const edit = requirePermission('edit projects');
  const services = servicesOf(app);
  const doc = routeDoc('projects');
  const moveDoc = "stage_id + position (1-based in the target column: 'Value must be more than 0', 'Value cannot be more than N') moves it; the answer carries the project's recomputed figures";

  app.get<IdParams>(
    '/projects/:id/tasks',
    { preHandler: view, schema: { ...doc("Every task of a project (the board), by stage and position"), params: s.params.project, response: { 200: s.tasks, ...errors(401, 403, 404) } } },
    async (request) => listTasks(app.db, request.viewer!, request.params.id),
  );

  app.get<GroupParams>(
    '/projects/:id/:typeId/tasks',
    { preHandler: view, schema: { ...doc("The tasks of one of the project's task groups"), params: s.params.group, response: { 200: s.tasks, ...errors(401, 403, 404) } } },
    async (request) => listGroupTasks(app.db, request.viewer!, request.params.id, request.params.typeId),
  );

  app.post<IdParams & { Body: CustomTaskBody }>(
    '/projects/:id/tasks/custom',
    {
      preHandler: edit,
      schema: { ...doc("A custom task at the end of its column, the first stage unless stage_id is sent ('Task Created')"), params: s.params.project, body: s.customTaskBody, response: { 201: s.taskAnswer, ...errors(400, 401, 403, 404, 422) } },
    },
    async (request, reply) => reply.status(201).send(await createCustomTask(services, request.viewer!, request.params.id, request.body)),
  );

  for (const custom of [false, true]) {
    const path = custom ? '/projects/:id/tasks/custom/:taskId' : '/projects/:id/tasks/:taskId';
    const which = custom ? 'a custom task (a template copy is 404)' : 'a task';
    app.put<TaskParams & { Body: TaskBody }>(
      path,
      {
        preHandler: edit,
        schema: { ...doc(`Edit or move ${which} ('Task Updated'): ${moveDoc}`), params: s.params.task, body: s.taskBody, response: { 200: s.taskAnswer, ...errors(400, 401, 403, 404, 422) } },
      },
      async (request) => updateTask(services, request.viewer!, request.params.id, request.params.taskId, request.body, custom),
    );
    app.delete<TaskParams>(
      path,
      { preHandler: edit, schema: { ...doc(`Delete ${which} ('Task Deleted'), with the project's recomputed figures`), params: s.params.task, response: { 200: s.taskDeleted, ...errors(401, 403, 404) } } },
      async (request) => deleteTask(app.db, request.viewer!, request.params.id, request.params.taskId, custom),
    );
  }
}
