import type { FastifyInstance } from 'fastify';
import { errors, type IdParams, routeDoc } from '../http/schemas';
import { pageAnswer } from '../http/simple-rest';
import { asAnswer, sendKept } from '../http/kept-answer';
import { projectsOverview as overviewAnswer } from '../../contract/projects-overview';
import { createProject, type CreateProjectBody } from './projects.create';
import { dealerProjects } from './projects.dealer';
import { listProjects, type ProjectListQuery } from './projects.list';
import { projectsOverview } from './projects.overview';
import { deleteProject, getProject } from './projects.service';
import { updateProject, type UpdateProjectBody } from './projects.update';
import * as s from './projects.schemas';
import { todayUtc } from '../../contract/days';

/**
 * The projects of the tracker (server/projects/README.md): the list, the profile, create, update,
 * delete, and the dealer's summary of their company's projects. 'view projects' or 'edit projects'
 * reads, 'edit projects' writes, 'create projects' creates; the dealer's summary needs a session
 * only (tenancy decides). Tasks are projects.tasks.routes.ts, task groups projects.groups.routes.ts.
 */
export default async function projectRoutes(app: FastifyInstance) {
  const { requirePermission, authenticate } = app.auth;
  const view = requirePermission('view projects', 'edit projects');
  const edit = requirePermission('edit projects');
  const create = requirePermission('create projects');
  const doc = routeDoc('projects');

  app.get<{ Querystring: ProjectListQuery }>(
    '/projects',
    {
      preHandler: view,
      schema: {
        ...doc(
          'Projects the reader may see, most recently changed first: ra-data-simple-rest (sort, range, filter {q, id, status, rag, manager_id, project_manager_id, account_manager_id, project_type, company_id, view: in-build | launching | reviews | at-risk | mine}); total in Content-Range',
        ),
        querystring: s.listQuery,
        response: { 200: s.list, ...errors(400, 401, 403) },
      },
    },
    // The day is part of the key: overdue tasks and the views move with the date, not only with writes.
    async (request, reply) => sendKept(request, reply, `projects:${request.user!.id}:${todayUtc()}:${JSON.stringify(request.query)}`, () => pageAnswer('projects', listProjects(app.db, request.viewer!, request.query))),
  );

  app.get(
    '/projects/overview',
    {
      preHandler: view,
      schema: {
        ...doc('The projects dashboard: counts per status, per RAG of open projects and per named view; launches due this month and next; the ten projects most at risk (server/projects/README.md)'),
        response: { 200: overviewAnswer, ...errors(401, 403) },
      },
    },
    async (request, reply) => {
      const today = todayUtc();
      return sendKept(request, reply, `projects-overview:${request.user!.id}:${today}`, () => asAnswer(projectsOverview(app.db, request.viewer!, today)));
    },
  );

  app.post<{ Body: CreateProjectBody }>(
    '/projects',
    {
      preHandler: create,
      schema: {
        ...doc("Create a project for a company: its task groups and tasks copied from the project type's templates (first stage, due start + due_days); triggers already happened complete their tasks"),
        body: s.createBody,
        response: { 201: s.saved, ...errors(400, 401, 403, 422) },
      },
    },
    async (request, reply) => reply.status(201).send(await createProject(app.db, request.viewer!, request.body)),
  );

  app.get<IdParams>(
    '/projects/:id',
    { preHandler: view, schema: { ...doc('A project by id or guid: the row plus config, agreement, meta, contacts, task groups and the next five open tasks'), params: s.params.project, response: { 200: s.detail, ...errors(401, 403, 404) } } },
    async (request) => getProject(app.db, request.viewer!, request.params.id),
  );

  app.put<IdParams & { Body: UpdateProjectBody }>(
    '/projects/:id',
    {
      preHandler: edit,
      schema: {
        ...doc("Update a project ('Project Updated'); a stale version is a 409; status archived, cancelled or on hold holds until changed, any other hands it back to the tasks"),
        params: s.params.project,
        body: s.updateBody,
        response: { 200: s.saved, ...errors(400, 401, 403, 404, 422), 409: s.conflict },
      },
    },
    async (request) => updateProject(app.db, request.viewer!, request.params.id, request.body),
  );

  app.delete<IdParams>(
    '/projects/:id',
    { preHandler: edit, schema: { ...doc("Delete a project with its tasks, groups, variations, stakeholders, notes and risks ('Project Deleted')"), params: s.params.project, response: { 200: s.deleted, ...errors(401, 403, 404) } } },
    async (request) => deleteProject(app.db, request.viewer!, request.params.id),
  );

  app.get<IdParams>(
    '/companies/:id/projects',
    {
      preHandler: authenticate,
      schema: {
        ...doc("A company's projects as its dealer sees them (any signed-in member of the company): status, percentage, dates, next milestones, contacts"),
        params: s.params.project,
        response: { 200: s.dealerList, ...errors(401, 404) },
      },
    },
    async (request) => dealerProjects(app.db, request.viewer!, request.params.id),
  );
}
