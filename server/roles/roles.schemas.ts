// JSON Schemas of the roles routes (input checks, response serialisation, OpenAPI).
import { noOthers } from '../http/schemas';

const id = { type: 'integer' } as const;
const permissionName = { type: 'string', minLength: 1, maxLength: 100 } as const;

export const permission = { type: 'object', properties: { id, name: { type: 'string' } } } as const;

export const role = {
  type: 'object',
  properties: {
    id, name: { type: 'string' }, users_count: id,
    permissions: { type: 'array', items: permission },
    message: { type: 'string' },
  },
} as const;

/** A role by name (URL-encoded; the service checks the characters) or by numeric id. */
export const params = { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1, maxLength: 100 } } } as const;

const permissionList = { type: 'array', maxItems: 500, uniqueItems: true, items: permissionName } as const;

/** POST /roles/{name}: optionally a role to copy and/or permission names. */
export const createBody = {
  type: ['object', 'null'],
  properties: { copy_from: { type: 'string', minLength: 1, maxLength: 100 }, permissions: permissionList },
  additionalProperties: noOthers,
} as const;

/** PUT /roles/{name}: the role's permissions, all of them (names). */
export const updateBody = {
  type: 'object',
  required: ['permissions'],
  properties: { permissions: permissionList },
  additionalProperties: noOthers,
} as const;
