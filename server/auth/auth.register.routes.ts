import type { FastifyInstance } from 'fastify';
import { register, type RegisterInput } from './auth.registration';
import { errors, looseString, tokenResponse } from '../http/schemas';
import { servicesOf } from '../plugins/services';

/** POST /register: creates company + primary user and signs them in. */
export default async function registerRoutes(app: FastifyInstance) {
  const services = servicesOf(app);
  app.post<{ Body: RegisterInput }>(
    '/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Self-registration of a dealer (company, primary user); signs in',
        body: {
          type: 'object',
          required: ['user', 'company'],
          additionalProperties: false,
          properties: {
            user: {
              type: 'object',
              additionalProperties: false,
              properties: { name: looseString, email: looseString, password: looseString, primary: { type: ['integer', 'boolean'] } },
            },
            company: { type: 'object', additionalProperties: false, properties: { name: looseString, lang: looseString } },
            terms: { type: 'array', maxItems: 200, items: { type: 'integer' } },
            // Not in the spec's payload (its form sends the request only once the terms are ticked); if sent, it must be true.
            accept_terms: { type: 'boolean', description: 'Optional; when sent it must be true (false: 400, the terms message)' },
          },
        },
        response: { 201: tokenResponse, ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      const session = await register(services, request.body, request.ip);
      app.auth.setRefreshCookie(reply, session.refresh);
      return reply.status(201).send(session.body);
    },
  );
}
