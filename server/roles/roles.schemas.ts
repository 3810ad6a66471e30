// JSON Schemas of the roles routes (input checks, response serialisation, OpenAPI).
import { localNames } from '../../contract/names';
import { namesInput } from '../http/local-names';
import { noOthers } from '../http/schemas';

const id = { type: 'integer' } as const;
const permissionName = { type: 'string', minLength: 1, maxLength: 100 } as const;

export const permission = { type: 'object', properties: { id, name: { type: 'string' } } } as const;

/** A role; `names`: its name's words in other locales (contract/names.ts), `{}` when none. */
export const role = {
  type: 'object',
  required: ['id', 'name', 'names'],
  properties: {
    id, name: { type: 'string' }, names: localNames, users_count: id,
    permissions: { type: 'array', items: permission },
    message: { type: 'string' },
  },
} as const;

/** A role by name (URL-encoded; the service checks the characters) or by numeric id. */
export const params = { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1, maxLength: 100 } } } as const;

const permissionList = { type: 'array', maxItems: 500, uniqueItems: true, items: permissionName } as const;

/** POST /roles/{name}: optionally a role to copy, permission names and/or the name in other locales. */
export const createBody = {
  type: ['object', 'null'],
  properties: { copy_from: { type: 'string', minLength: 1, maxLength: 100 }, permissions: permissionList, names: namesInput },
  additionalProperties: noOthers,
} as const;

/** PUT /roles/{name}: the role's permissions, all of them (names), and optionally its name in other locales. */
export const updateBody = {
  type: 'object',
  // Names alone leave the permissions as stored (the names dialog must not write back a grid read earlier).
  anyOf: [{ required: ['permissions'] }, { required: ['names'] }],
  properties: { permissions: permissionList, names: namesInput },
  additionalProperties: noOthers,
} as const;
