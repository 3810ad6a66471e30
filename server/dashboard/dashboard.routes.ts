import type { FastifyInstance } from 'fastify';
import { companyDashboard as companyDashboardSchema, staffDashboard as staffDashboardSchema } from '../../contract/dashboard';
import { asAnswer, sendKept } from '../http/kept-answer';
import { errors, idOrGuid, routeDoc } from '../http/schemas';
import { companyDashboard } from './dashboard.company';
import { staffDashboard } from './dashboard.service';
import { todayUtc } from '../../contract/days';

/**
 * The dashboards (server/dashboard/README.md): GET /dashboard, the staff's widgets (each only with
 * the permission it needs), and GET /dashboard/companies/{id}, one company on one page. A session is
 * all a route needs; what it answers follows the viewer's permissions and companies, in the query.
 * Both are kept answers (http/kept-answer.ts): read again once the database changed, and per day,
 * since "overdue" and "due within seven days" move with the date. Requests that open the same
 * dashboard together share one load (single flight, db/read-cache.ts): the key holds the user, the
 * date and the viewer's permissions, so a joined load answers exactly what this request may see.
 */
export default async function dashboardRoutes(app: FastifyInstance) {
  const { authenticate } = app.auth;
  const doc = routeDoc('dashboard');

  app.get(
    '/dashboard',
    {
      preHandler: authenticate,
      schema: {
        ...doc("The staff's dashboard: my projects ('view projects'), tasks due ('view projects'), configs waiting for review ('manage configs'), variations waiting for my approval ('approve project tasks' and foc_approver), recent activity ('view configs'); a widget the viewer may not see is absent"),
        response: { 200: staffDashboardSchema, ...errors(401) },
      },
    },
    async (request, reply) => {
      const today = todayUtc();
      const key = `dashboard:${request.user!.id}:${today}:${[...request.viewer!.permissions].sort().join(',')}`;
      return sendKept(request, reply, key, () => asAnswer(staffDashboard(app.db, request.viewer!, today)));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/dashboard/companies/:id',
    {
      preHandler: authenticate,
      schema: {
        ...doc("One company's dashboard (id or guid): its configs and recent changes ('view configs'), agreements ('view agreements'), projects ('view projects'), users ('list users'); another company's answers 404"),
        params: { type: 'object', required: ['id'], properties: { id: idOrGuid }, additionalProperties: false },
        response: { 200: companyDashboardSchema, ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const today = todayUtc();
      const key = `dashboard-company:${request.user!.id}:${request.params.id}:${today}:${[...request.viewer!.permissions].sort().join(',')}`;
      return sendKept(request, reply, key, () => asAnswer(companyDashboard(app.db, request.viewer!, request.params.id, today)));
    },
  );
}
