import type { FastifyInstance } from 'fastify';
import { errors, routeDoc } from '../http/schemas';
import * as s from './projects.extras.schemas';
import { listInbox, markAllRead, markRead, type InboxQuery } from './projects.inbox';

/** The signed-in user's in-app notifications (any signed-in user; only their own). */
export default async function notificationRoutes(app: FastifyInstance) {
  const signedIn = app.auth.authenticate;
  const doc = routeDoc('notifications');

  app.get<{ Querystring: InboxQuery }>(
    '/notifications',
    { preHandler: signedIn, schema: { ...doc('My notifications, newest first: {data, total, unread}; ?page (from 1), per_page (at most 100), unread=true'), querystring: s.notificationsQuery, response: { 200: s.notificationsPage, ...errors(400, 401) } } },
    async (request) => listInbox(app.db, request.viewer!.id, request.query),
  );

  app.post<{ Params: { id: string } }>(
    '/notifications/:id/read',
    { preHandler: signedIn, schema: { ...doc('Mark one of my notifications read'), params: s.params.id, response: { 200: s.notificationsRead, ...errors(401, 404) } } },
    async (request) => markRead(app.db, request.viewer!.id, request.params.id),
  );

  app.post(
    '/notifications/read',
    { preHandler: signedIn, schema: { ...doc('Mark all my notifications read'), response: { 200: s.notificationsRead, ...errors(401) } } },
    async (request) => markAllRead(app.db, request.viewer!.id),
  );
}
