import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { asAnswer, sendKept } from '../http/kept-answer';
import { sendPage } from '../http/simple-rest';
import { currentUser, switchCompany } from './users.current';
import { createUser, deleteUser, deleteUsers, getUser, updateUser, type UserInput } from './users.admin';
import { confirmEmailChange } from './users.email';
import { listUsers, type UserListQuery } from './users.list';
import { bulkDeleteBody, bulkDeleteResponse, type BulkDelete } from '../http/bulk.schemas';
import { companySchema, errors, listOf, nullableString, routeDoc } from '../http/schemas';
import { USER_STATUSES } from '../../contract/users';
import { dbId, nullableDbId } from '../http/ids';
import { servicesOf } from '../plugins/services';

/** The user's partner: the partner term id of their company (users/users.partner.ts), read only. */
const partner = { type: ['integer', 'null'] } as const;

// Listing every field keeps secrets out: fast-json-stringify drops anything not named here.
const currentUserResponse = {
  type: 'object',
  required: ['user', 'company', 'companies'],
  properties: {
    user: {
      type: 'object',
      properties: {
        id: { type: 'integer' }, guid: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' },
        avatar: nullableString, telephone: nullableString, position: nullableString, partner, country: nullableString,
        primary: { type: 'boolean' }, foc_approver: { type: 'boolean' },
        roles: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'integer' }, name: { type: 'string' },
              permissions: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } } },
            },
          },
        },
      },
    },
    company: { ...companySchema, type: ['object', 'null'] },
    /** Every company the user belongs to, by name: the ones they may switch to (PUT /users/current/company). */
    companies: {
      type: 'array',
      items: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' }, name: { type: 'string' } } },
    },
  },
} as const;

const userSummary = {
  type: 'object',
  properties: {
    id: { type: 'integer' }, guid: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' }, position: nullableString,
    telephone: nullableString, partner, status: { type: 'string' }, primary: { type: 'boolean' }, created_at: { type: 'string' },
  },
} as const;

const text = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;
/** A user write; unknown fields are refused (400 naming the field), not dropped. */
const userBody = (creating: boolean) =>
  ({
    type: 'object',
    ...(creating ? { required: ['name', 'email'] } : {}),
    properties: {
      name: { type: 'string', minLength: 4, maxLength: 150 },
      email: { type: 'string', format: 'email', maxLength: 254 },
      telephone: text(50),
      position: text(150),
      avatar: text(500),
      // A media library image by id or guid (users.avatar.ts); null clears the avatar.
      avatar_id: { type: ['integer', 'string', 'null'], minimum: 1, maxLength: 36 },
      country: { type: ['string', 'null'], pattern: '^[A-Z]{2}$' },
      primary: { type: 'boolean' },
      foc_approver: { type: 'boolean' },
      roles: { type: 'array', maxItems: 20, uniqueItems: true, items: dbId },
      company_id: nullableDbId,
      ...(creating
        ? {}
        : {
            status: { type: 'string', enum: USER_STATUSES },
            // Your own new password (with current_password), or another's set by staff who outrank them.
            password: { type: 'string', minLength: 8, maxLength: 255 },
            current_password: { type: 'string', maxLength: 255 },
          }),
    },
    additionalProperties: { not: {} },
  }) as const;
const userDetail = {
  type: 'object',
  properties: {
    ...userSummary.properties, avatar: nullableString, avatar_id: { type: ['integer', 'null'] }, country: nullableString, foc_approver: { type: 'boolean' }, company_id: { type: ['integer', 'null'] },
    roles: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } } },
    companies: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } } },
    // After your own email change: the address waiting for its confirmation link (email is still the old one).
    email_pending: { type: 'string' },
    message: { type: 'string' },
  },
} as const;
const userParams = { type: 'object', required: ['id'], properties: { id: dbId } } as const;

/** GET /users/current (bearer); GET, POST and DELETE (bulk) /users, GET, PUT and DELETE /users/{id}. */
export default async function userRoutes(app: FastifyInstance) {
  const services = servicesOf(app);
  app.get<{ Querystring: UserListQuery }>(
    '/users',
    {
      preHandler: app.auth.requirePermission('list users'),
      schema: {
        tags: ['users'],
        summary: 'Users the caller may see (ra-data-simple-rest: sort, range, filter {q, id, company_id, status}); total in Content-Range',
        security: [{ bearer: [] }],
        querystring: {
          type: 'object',
          properties: { sort: { type: 'string', maxLength: 200 }, range: { type: 'string', maxLength: 100 }, filter: { type: 'string', maxLength: 10_000 } },
          additionalProperties: { not: {} },
        },
        response: { 200: listOf(userSummary), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const page = await listUsers(app.db, request.viewer!, request.query);
      return sendPage(reply, 'users', page);
    },
  );

  const doc = routeDoc('users');
  // The session the request came with (its bearer token, already verified by authenticate): your
  // own password change ends your other sessions but keeps this one.
  const sessionOf = (request: FastifyRequest): string | undefined => {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const sid = token ? decodeJwt(token).sid : undefined;
    return typeof sid === 'string' ? sid : undefined;
  };

  app.post<{ Body: UserInput }>(
    '/users',
    {
      preHandler: app.auth.requirePermission('create users'),
      schema: { ...doc("Create a user with a generated password and a welcome mail to set their own ('User Created')"), body: userBody(true), response: { 201: userDetail, ...errors(400, 401, 403, 413, 422) } },
    },
    async (request, reply) => reply.status(201).send(await createUser(services, request.viewer!, request.body)),
  );

  app.get<{ Params: { id: number } }>(
    '/users/:id',
    { preHandler: app.auth.authenticate, schema: { ...doc('A user: yourself, or one you may list'), params: userParams, response: { 200: userDetail, ...errors(400, 401, 404) } } },
    async (request) => getUser(services, request.viewer!, request.params.id),
  );

  app.put<{ Params: { id: number }; Body: UserInput }>(
    '/users/:id',
    {
      preHandler: app.auth.authenticate,
      schema: { ...doc("Update your own profile, or (create users) anyone's; disabling ends their sessions ('User Updated')"), params: userParams, body: userBody(false), response: { 200: userDetail, ...errors(400, 401, 403, 404, 413, 422, 429) } },
    },
    async (request) => updateUser(services, request.viewer!, request.params.id, request.body, { sessionId: sessionOf(request), acceptLanguage: request.headers['accept-language'] }),
  );

  app.post<{ Body: { token: string } }>(
    '/users/email/confirm',
    {
      schema: {
        tags: ['users'],
        summary: 'Confirms a change of your own email with the link mailed to the new address (single use, expiring; no session needed)',
        body: { type: 'object', required: ['token'], properties: { token: { type: 'string', minLength: 1, maxLength: 200 } }, additionalProperties: { not: {} } },
        response: { 200: { type: 'object', required: ['email', 'message'], properties: { email: { type: 'string' }, message: { type: 'string' } } }, ...errors(400, 401, 422, 429) },
      },
    },
    async (request) => confirmEmailChange(services, request.body.token, request.ip),
  );

  app.delete<{ Params: { id: number } }>(
    '/users/:id',
    {
      preHandler: app.auth.requirePermission('create users'),
      schema: {
        ...doc("Delete a user (not yourself, not the last active administrator); their sessions end at once ('User Deleted')"),
        params: userParams,
        response: { 200: userDetail, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => deleteUser(services, request.viewer!, request.params.id),
  );

  app.delete<BulkDelete>(
    '/users',
    {
      preHandler: app.auth.requirePermission('create users'),
      schema: {
        ...doc('Delete several users at once, all or none, by the rules of DELETE /users/{id}: a refusal of one refuses the whole request'),
        body: bulkDeleteBody,
        response: { 200: bulkDeleteResponse, ...errors(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request) => deleteUsers(services, request.viewer!, request.body.ids),
  );

  app.get(
    '/users/current',
    {
      preHandler: app.auth.authenticate,
      schema: {
        tags: ['users'],
        summary: 'The signed-in user with roles.permissions, company, company.taxonomies.term, company.users',
        security: [{ bearer: [] }],
        response: { 200: currentUserResponse, ...errors(401) },
      },
    },
    // Kept until the next write on PGlite (server/db/read-cache.ts): the user, roles and company change only by writes.
    async (request, reply) => sendKept(request, reply, `current-user:${request.user!.id}`, () => asAnswer(currentUser(app.db, request.user!))),
  );

  app.put<{ Body: { company_id: number } }>(
    '/users/current/company',
    {
      preHandler: app.auth.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Make one of your companies the current one: every request then acts on it (tenancy), kept for you across sessions; answers as GET /users/current',
        security: [{ bearer: [] }],
        body: { type: 'object', required: ['company_id'], properties: { company_id: dbId }, additionalProperties: { not: {} } },
        response: { 200: currentUserResponse, ...errors(400, 401, 403) },
      },
    },
    async (request) => switchCompany(app.db, request.user!, request.body.company_id),
  );
}
