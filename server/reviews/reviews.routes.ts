import type { FastifyInstance } from 'fastify';
import { errors, routeDoc } from '../http/schemas';
import { servicesOf } from '../plugins/services';
import * as s from './reviews.schemas';
import { deleteComment, editComment, listThreads, mentionable, openThread, reply, setResolved, threadCounts, type NewThread } from './reviews.service';

type ConfigParams = { Params: { id: string } };
type ThreadParams = { Params: { id: string; threadId: number } };
type CommentParams = { Params: { id: string; commentId: number } };

/**
 * Review threads on a config's fields (issue 55, server/reviews/README.md): reads need 'view configs'
 * (or 'manage configs'), comments 'comment configs', resolving 'review configs'; tenancy as for the config.
 */
export default async function reviewRoutes(app: FastifyInstance) {
  const services = servicesOf(app);
  const { requirePermission } = app.auth;
  const read = requirePermission('view configs', 'manage configs');
  // Commenting and reviewing need the config to be readable too: a role staff create with
  // 'comment configs' alone (roles are data) must not write on configs it may not read.
  const comment = [read, requirePermission('comment configs')];
  const review = [read, requirePermission('review configs')];
  const doc = routeDoc('reviews');

  app.get<ConfigParams & { Querystring: { stage?: string; status?: 'open' | 'resolved' } }>(
    '/configs/:id/threads',
    { preHandler: read, schema: { ...doc('The config\'s review threads, oldest first, each with all its comments; ?stage=slug, ?status=open|resolved'), params: s.params.config, querystring: s.threadsQuery, response: { 200: s.threadList, ...errors(400, 401, 403, 404) } } },
    async (request) => listThreads(app.db, request.viewer!, request.params.id, request.query),
  );

  app.get<ConfigParams>(
    '/configs/:id/threads/counts',
    { preHandler: read, schema: { ...doc('Open threads per stage: {slug: count} (stages without any left out)'), params: s.params.config, response: { 200: s.threadCounts, ...errors(401, 403, 404) } } },
    async (request) => threadCounts(app.db, request.viewer!, request.params.id),
  );

  app.get<ConfigParams>(
    '/configs/:id/mentionable',
    { preHandler: read, schema: { ...doc('The people who can see the config, whom a comment may @mention: its company\'s users, its and its projects\' project and account managers'), params: s.params.config, response: { 200: s.mentionable, ...errors(401, 403, 404) } } },
    async (request) => mentionable(app.db, request.viewer!, request.params.id),
  );

  app.post<ConfigParams & { Body: NewThread }>(
    '/configs/:id/threads',
    { preHandler: comment, schema: { ...doc('Open a thread on a field of a stage (pointer: a JSON pointer inside the stage\'s data) or on the stage (pointer \'\' or none), with its first comment (comment configs)'), params: s.params.config, body: s.newThreadBody, response: { 201: s.thread, ...errors(400, 401, 403, 404, 422) } } },
    async (request, reply) => reply.status(201).send(await openThread(services, request.viewer!, request.params.id, request.body)),
  );

  app.post<ThreadParams & { Body: { body: string } }>(
    '/configs/:id/threads/:threadId/comments',
    { preHandler: comment, schema: { ...doc('Reply in a thread (comment configs); a resolved thread opens again. Answers the thread'), params: s.params.thread, body: s.commentBody, response: { 201: s.thread, ...errors(400, 401, 403, 404, 422) } } },
    async (request, res) => res.status(201).send(await reply(services, request.viewer!, request.params.id, request.params.threadId, request.body)),
  );

  app.put<CommentParams & { Body: { body: string } }>(
    '/configs/:id/comments/:commentId',
    { preHandler: comment, schema: { ...doc('Edit one\'s own comment within COMMENT_EDIT_MINUTES of writing it (comment configs). Answers the thread'), params: s.params.comment, body: s.commentBody, response: { 200: s.thread, ...errors(400, 401, 403, 404, 409, 422) } } },
    async (request) => editComment(services, request.viewer!, request.params.id, request.params.commentId, request.body),
  );

  app.delete<CommentParams>(
    '/configs/:id/comments/:commentId',
    { preHandler: comment, schema: { ...doc('Delete one\'s own comment (comment configs): it keeps its place, its body cleared. Answers the thread'), params: s.params.comment, body: s.emptyBody, response: { 200: s.thread, ...errors(400, 401, 403, 404) } } },
    async (request) => deleteComment(services, request.viewer!, request.params.id, request.params.commentId),
  );

  for (const action of ['resolve', 'reopen'] as const) {
    app.post<ThreadParams>(
      `/configs/:id/threads/:threadId/${action}`,
      { preHandler: review, schema: { ...doc(`${action === 'resolve' ? 'Resolve' : 'Reopen'} a thread (review configs). Answers the thread`), params: s.params.thread, body: s.emptyBody, response: { 200: s.thread, ...errors(400, 401, 403, 404) } } },
      async (request) => setResolved(services, request.viewer!, request.params.id, request.params.threadId, action === 'resolve'),
    );
  }
}
