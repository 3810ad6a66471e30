import type { FastifyInstance } from 'fastify';
import { listPermissions, listRoles } from '../services/roles';
import { errors } from './schemas';

const permission = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } } as const;

/** GET /roles and GET /permissions (needs 'view permissions'). */
export default async function roleRoutes(app: FastifyInstance) {
  const guard = app.auth.requirePermission('view permissions');
  app.get(
    '/permissions',
    { preHandler: guard, schema: { tags: ['roles'], security: [{ bearer: [] }], response: { 200: { type: 'array', items: permission }, ...errors(401, 403) } } },
    async () => listPermissions(app),
  );
  app.get(
    '/roles',
    {
      preHandler: guard,
      schema: {
        tags: ['roles'],
        security: [{ bearer: [] }],
        response: {
          200: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, permissions: { type: 'array', items: permission } } } },
          ...errors(401, 403),
        },
      },
    },
    async () => listRoles(app),
  );
}
