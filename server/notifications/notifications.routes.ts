import type { FastifyInstance } from 'fastify';
import type { NotificationPreferencesBody } from '../../contract/notifications';
import { errors, routeDoc } from '../http/schemas';
import { readPreferences, writePreferences } from './notifications.preferences';
import * as s from './notifications.schemas';

/** The signed-in user's notification preferences (any signed-in user; only their own). */
export default async function notificationPreferenceRoutes(app: FastifyInstance) {
  const signedIn = app.auth.authenticate;
  const doc = routeDoc('notifications');

  app.get(
    '/notifications/preferences',
    { preHandler: signedIn, schema: { ...doc('How I hear of each kind of event: every kind with my channel (in_app, mail, digest, none), else its default'), response: { 200: s.preferencesAnswer, ...errors(401) } } },
    async (request) => readPreferences(app.db, request.viewer!.id),
  );

  app.put<{ Body: NotificationPreferencesBody }>(
    '/notifications/preferences',
    {
      preHandler: signedIn,
      schema: {
        ...doc('Change my channel for the kinds given ({preferences: {kind: channel}}; the others keep theirs); answers every kind and `message`'),
        body: s.preferencesBody,
        response: { 200: s.preferencesAnswer, ...errors(400, 401) },
      },
    },
    async (request) => writePreferences(app.db, request.viewer!.id, request.body),
  );
}
