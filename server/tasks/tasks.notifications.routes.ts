import type { FastifyInstance } from 'fastify';
import { errors, type IdParams, listOf, routeDoc, simpleRestQuery } from '../http/schemas';
import { sendPage } from '../http/simple-rest';
import { whole } from './tasks.order';
import { createNotification, deleteNotification, getNotification, listNotifications, updateNotification, type NotificationBody } from './tasks.notifications';
import * as s from './tasks.schemas';

/**
 * Notification templates (spec section 7: `GET, POST /tasks/notifications`, `PUT, DELETE
 * /tasks/notifications/{id}`): all of it needs 'edit tasks' (the words that go to dealers'
 * inboxes are the template editors' business).
 */
export default async function taskNotificationRoutes(app: FastifyInstance) {
  const edit = app.auth.requirePermission('edit tasks');
  const doc = routeDoc('tasks');

  app.get(
    '/tasks/notifications',
    {
      preHandler: edit,
      schema: { ...doc("Every notification template, by event and name (simple-rest's sort, range and filter are accepted and the whole list answered, total in Content-Range)"), querystring: simpleRestQuery, response: { 200: listOf(s.taskNotification), ...errors(400, 401, 403) } },
    },
    async (request, reply) => sendPage(reply, 'tasks/notifications', whole(await listNotifications(app.db))),
  );

  app.get<IdParams>(
    '/tasks/notifications/:id',
    { preHandler: edit, schema: { ...doc('A notification template'), params: s.params, response: { 200: s.taskNotification, ...errors(401, 403, 404) } } },
    async (request) => getNotification(app.db, request.params.id),
  );

  app.post<{ Body: NotificationBody }>(
    '/tasks/notifications',
    {
      preHandler: edit,
      schema: {
        ...doc("Create a notification template ('Notification Created'); subject and body may use {project} {company} {task} {due} {variation} {link}"),
        body: s.notificationCreateBody,
        response: { 201: s.taskNotification, ...errors(400, 401, 403, 422) },
      },
    },
    async (request, reply) => reply.status(201).send(await createNotification(app.db, request.body)),
  );

  app.put<IdParams & { Body: NotificationBody }>(
    '/tasks/notifications/:id',
    {
      preHandler: edit,
      schema: { ...doc("Update a notification template: the fields sent ('Notification Updated')"), params: s.params, body: s.notificationBody, response: { 200: s.taskNotification, ...errors(400, 401, 403, 404, 422) } },
    },
    async (request) => updateNotification(app.db, request.params.id, request.body),
  );

  app.delete<IdParams>(
    '/tasks/notifications/:id',
    { preHandler: edit, schema: { ...doc("Delete a notification template ('Notification Deleted')"), params: s.params, response: { 200: s.deleted, ...errors(401, 403, 404) } } },
    async (request) => deleteNotification(app.db, request.params.id),
  );
}
