import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { errors } from '../http/schemas';
import { serverMessages } from '../messages';
import { PresenceHub, type Stream } from './presence.hub';
import { notify, openTab, streamableConfig } from './presence.service';
import { eventsHeaders, eventsParams, eventsQuery } from './presence.schemas';

/**
 * GET /configs/{id}/events?stage=slug: a stage page's server-sent events (contract/reviews.ts):
 * `presence` (who else has the stage open), `saved` (someone saved the config), `thread`.
 * Works across instances through PostgreSQL's LISTEN/NOTIFY (one LISTEN per instance).
 */
export default async function presenceRoutes(app: FastifyInstance) {
  const hub = new PresenceHub(app.database, app.log);
  await hub.start();
  // Draining: the streams end at once, so the drain never waits for them (the pages connect again elsewhere).
  const forget = app.onDraining(() => hub.endAll());
  // Before the database closes (the db plugin's onClose runs after this one): rows gone, LISTEN ended.
  app.addHook('onClose', async () => {
    forget();
    await hub.stop();
  });

  app.get<{ Params: { id: string }; Querystring: { stage: string } }>(
    '/configs/:id/events',
    {
      preHandler: app.auth.requirePermission('view configs', 'manage configs'),
      // A stream is never compressed: a compressor holds the events back until its buffer fills.
      compress: false,
      schema: {
        tags: ['configs'],
        summary: 'A stage page\'s server-sent events: presence (others with the stage open), saved (a save of the config, with the pointers it changed in this stage; its version is the event id, and Last-Event-ID replays the saves after it), thread; expired last, when the access token that opened it expires or its session ends',
        security: [{ bearer: [] }],
        params: eventsParams,
        querystring: eventsQuery,
        headers: eventsHeaders,
        response: { ...errors(400, 401, 403, 404, 503) },
      },
    },
    async (request, reply) => {
      const viewer = request.viewer!;
      const { stage } = request.query;
      const configId = await streamableConfig(app.db, viewer, request.params.id, stage);
      if (hub.closing) return reply.status(503).header('retry-after', '5').send({ message: serverMessages.service_unavailable });
      const tab = await openTab(app.db, configId, stage, viewer.id);
      // The token it was opened with: the stream ends when that expires or its session ends (`expired`).
      const access = request.access!;
      const stream: Stream = { tab, configId, stage, userId: viewer.id, out: new PassThrough(), lastPresence: null, session: { sessionId: access.sessionId, userId: viewer.id, version: access.version }, expiresAt: access.expiresAt };
      hub.add(stream);
      // The client gone (tab closed, reload) or the stream ended here: the row goes, the others are told.
      reply.raw.once('close', () => hub.remove(stream));
      stream.out.once('close', () => hub.remove(stream));
      stream.out.write(': open\n\n');
      hub.track(
        (async () => {
          await hub.sendPresence(configId, stage, stream);
          // A page connecting again: the saves it missed meanwhile (its token's renewal, a network drop).
          const since = request.headers['last-event-id'];
          await hub.sendPosition(stream, typeof since === 'string' ? Number(since) : null);
          await notify(app.db, { kind: 'presence', config_id: configId, stage });
        })(),
      );
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        // nginx: pass each event on at once.
        .header('x-accel-buffering', 'no')
        .send(stream.out);
    },
  );
}
