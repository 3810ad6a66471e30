import type { FastifyInstance } from 'fastify';
import { checkPasswordSetToken, requestPasswordReset, resetPassword, setPassword } from './auth.password-tokens';
import { errors, looseString, messageResponse } from '../http/schemas';
import { servicesOf } from '../plugins/services';

/** Forgot password (mail with a reset link), reset by token, and set-password for new users. */
export default async function passwordRoutes(app: FastifyInstance) {
  const services = servicesOf(app);
  app.post<{ Body: { email?: string; webAddress?: string } }>(
    '/password/email',
    {
      schema: {
        tags: ['password'],
        summary: 'Mails a password reset link (in the Accept-Language language if we ship it, else the company language)',
        body: { type: 'object', properties: { email: looseString, webAddress: looseString } },
        response: { 200: messageResponse, ...errors(400, 401, 429) },
      },
    },
    async (request) => requestPasswordReset(services, request.body, request.ip, request.headers['accept-language']),
  );

  app.post<{ Body: { token?: string; email?: string; password?: string; password_confirmation?: string } }>(
    '/password/reset',
    {
      schema: {
        tags: ['password'],
        summary: 'Sets a new password with a reset token (single use, expiring)',
        body: {
          type: 'object',
          properties: { token: looseString, email: looseString, password: looseString, password_confirmation: looseString, webAddress: looseString },
        },
        response: { 200: messageResponse, ...errors(400, 401, 429) },
      },
    },
    async (request) => resetPassword(services, request.body, request.ip),
  );

  app.get<{ Params: { token: string } }>(
    '/password/set/:token',
    {
      schema: {
        tags: ['password'],
        summary: 'Whether a set-password link is still valid',
        params: { type: 'object', required: ['token'], properties: { token: { type: 'string', maxLength: 200 } } },
        response: {
          200: { type: 'object', required: ['valid'], properties: { valid: { type: 'boolean' }, email: { type: 'string' }, name: { type: 'string' } } },
          ...errors(401),
        },
      },
    },
    async (request) => checkPasswordSetToken(services, request.params.token),
  );

  app.post<{ Body: { token?: string; password?: string; password_confirmation?: string } }>(
    '/password/set',
    {
      schema: {
        tags: ['password'],
        summary: 'Sets the password of a new user from their link (single use, expiring)',
        body: { type: 'object', properties: { token: looseString, password: looseString, password_confirmation: looseString } },
        response: { 200: messageResponse, ...errors(400, 401, 429) },
      },
    },
    async (request) => setPassword(services, request.body, request.ip),
  );
}
