import type { FastifyInstance } from 'fastify';
import { errors, routeDoc } from '../http/schemas';
import { sendPage } from '../http/simple-rest';
import { listAudit, type AuditListQuery } from './audit.service';
import * as s from './audit.schemas';

/**
 * The audit log (issue 58): read by staff holding 'view audit log' (roles are data: any role given
 * it). Nothing here writes it: the database does, with each write made through the API.
 */
export default async function auditRoutes(app: FastifyInstance) {
  const read = app.auth.requirePermission('view audit log');
  const doc = routeDoc('audit');

  app.get<{ Querystring: AuditListQuery }>(
    '/audit-log',
    {
      preHandler: read,
      schema: {
        ...doc("Every change made through the API to companies, users, roles, products, categories, media, showcases, agreements, projects, tasks, variations, stage versions, layouts and imports: who (the user, their email, the address), when, the record and the fields before and after (secrets masked), newest first; ra-data-simple-rest (range, sort ['id'|'at', 'ASC'|'DESC'], filter {actor_id, q (part of the person's name or email), kind, record_id, from, to, id}); total in Content-Range"),
        querystring: s.listQuery,
        response: { 200: s.listAnswer, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => sendPage(reply, 'audit-log', await listAudit(app.db, request.query)),
  );
}
