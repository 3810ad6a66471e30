import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createRole, getRole, listPermissions, listRoles, MANAGE_PERMISSION, requireAdministrator, updateRole } from './roles.service';
import * as s from './roles.schemas';
import { errors, listOf, routeDoc } from '../http/schemas';

type Name = { Params: { name: string } };

/**
 * Roles and permissions (spec sections 6 and 7). Reading needs 'view permissions'; creating and
 * changing roles needs it and the Administrator role as well (roles/roles.service.ts says why).
 */
export default async function roleRoutes(app: FastifyInstance) {
  const guard = app.auth.requirePermission(MANAGE_PERMISSION);
  const manage = async (request: FastifyRequest) => {
    await guard.call(app, request, undefined as never);
    await requireAdministrator(app.db, request.user!.id);
  };
  const doc = routeDoc('roles');

  app.get(
    '/permissions',
    { preHandler: guard, schema: { ...doc('Every permission'), response: { 200: listOf(s.permission), ...errors(401, 403) } } },
    async () => listPermissions(app.db),
  );
  app.get(
    '/roles',
    { preHandler: guard, schema: { ...doc('Roles with their permissions and number of users'), response: { 200: listOf(s.role), ...errors(401, 403) } } },
    async () => listRoles(app.db),
  );
  app.get<Name>(
    '/roles/:name',
    { preHandler: guard, schema: { ...doc('One role (by name, any case, or numeric id) with its permissions'), params: s.params, response: { 200: s.role, ...errors(401, 403, 404) } } },
    async (request) => getRole(app.db, request.params.name),
  );
  app.post<Name & { Body: { copy_from?: string; permissions?: string[]; names?: unknown } | null }>(
    '/roles/:name',
    {
      preHandler: manage,
      schema: {
        ...doc("Create a role ('Role Created'), optionally with the permissions of another (copy_from) and/or named permissions; 409 when the name exists (any case)"),
        params: s.params,
        body: s.createBody,
        response: { 201: s.role, ...errors(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) => reply.status(201).send(await createRole(app.db, request.params.name, request.body ?? {})),
  );
  app.put<Name & { Body: { permissions?: string[]; names?: unknown } }>(
    '/roles/:name',
    {
      preHandler: manage,
      schema: {
        ...doc("Set a role's permissions ('Role Updated'); 409 when it would take the right to manage roles from you or from the last administrator"),
        params: s.params,
        body: s.updateBody,
        response: { 200: s.role, ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => updateRole(app.db, request.user!.id, request.params.name, request.body),
  );
}
