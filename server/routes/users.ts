import type { FastifyInstance } from 'fastify';
import { currentUser } from '../services/current-user';
import { companySchema, errors, nullableString } from './schemas';

// Listing every field keeps secrets out: fast-json-stringify drops anything not named here.
const currentUserResponse = {
  type: 'object',
  required: ['user', 'company'],
  properties: {
    user: {
      type: 'object',
      properties: {
        id: { type: 'integer' }, guid: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' },
        avatar: nullableString, telephone: nullableString, position: nullableString, partner: nullableString, country: nullableString,
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
  },
} as const;

/** GET /users/current (bearer). */
export default async function userRoutes(app: FastifyInstance) {
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
    async (request) => app.database.reads.read(`current-user:${request.user!.id}`, () => currentUser(app, request.user!)),
  );
}
