import type { FastifyInstance, FastifyRequest } from 'fastify';
import { asAnswer, sendKept } from '../http/kept-answer';
import { pageAnswer } from '../http/simple-rest';
import { getPost, listPosts, seesDrafts, type PostListQuery } from './posts.service';
import { createPost, deletePost, updatePost, type PostBody } from './posts.write';
import * as s from './posts.schemas';
import { errors, type IdParams, listOf, routeDoc } from '../http/schemas';


/**
 * Showcase posts (spec section 7: GET /posts, GET /posts/{id}, DELETE /posts/{id}; section 6:
 * showcase viewing needs only a sign-in, 'create posts' creates and 'edit posts' edits, deletes and
 * sees drafts). Drafts are kept from other readers in the query (posts/posts.service.ts).
 */
export default async function postRoutes(app: FastifyInstance) {
  const { authenticate, requirePermission } = app.auth;
  const create = requirePermission('create posts');
  const edit = requirePermission('edit posts');
  const doc = routeDoc('showcases');
  // What a reader sees depends only on whether they see drafts: the kept answers are shared on that.
  const audience = (request: FastifyRequest) => (seesDrafts(request.viewer!) ? 'staff' : 'readers');

  app.get<{ Querystring: PostListQuery }>(
    '/posts',
    {
      preHandler: authenticate,
      schema: {
        ...doc("Showcase posts, by post_title unless sorted (post_title, published_at, updated_at, created_at, id): ra-data-simple-rest (sort, range, filter {q, id, post_status, region, make, type}) or the same filters as plain parameters (?post_status=published); published ones only without 'edit posts'; total in Content-Range"),
        querystring: s.listQuery,
        response: { 200: listOf(s.post), ...errors(400, 401) },
      },
    },
    async (request, reply) =>
      sendKept(request, reply, `posts:${audience(request)}:${JSON.stringify(request.query)}`, () => pageAnswer('posts', listPosts(app.db, request.viewer!, request.query))),
  );

  app.get<IdParams>(
    '/posts/:id',
    { preHandler: authenticate, schema: { ...doc("A post by id, guid or slug (a draft is 404 without 'edit posts')"), params: s.params.post, response: { 200: s.post, ...errors(401, 404) } } },
    async (request, reply) => sendKept(request, reply, `post:${audience(request)}:${request.params.id}`, () => asAnswer(getPost(app.db, request.viewer!, request.params.id))),
  );

  app.post<{ Body: PostBody }>(
    '/posts',
    { preHandler: create, schema: { ...doc("Create a post: a draft unless post_status is published ('Post Saved')"), body: s.postBody, response: { 201: s.post, ...errors(400, 401, 403, 413, 422) } } },
    async (request, reply) => reply.status(201).send(await createPost(app.db, request.viewer!, request.body)),
  );

  app.put<IdParams & { Body: PostBody }>(
    '/posts/:id',
    { preHandler: edit, schema: { ...doc("Update a post by id or guid: the fields sent ('Post Saved')"), params: s.params.post, body: s.postBody, response: { 200: s.post, ...errors(400, 401, 403, 404, 413, 422) } } },
    async (request) => updatePost(app.db, request.params.id, request.body),
  );

  app.delete<IdParams>(
    '/posts/:id',
    { preHandler: edit, schema: { ...doc("Delete a post by id or guid with its gallery, terms and meta; the images stay in the library ('Post Deleted')"), params: s.params.post, response: { 200: s.deleteResponse, ...errors(401, 403, 404) } } },
    async (request) => deletePost(app.db, request.params.id),
  );
}
