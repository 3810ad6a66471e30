import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import type { LocalNames } from '../../contract/names';
import { http, type HttpClient } from '../http';
import { CancelledRequest, fetchJsonOver } from './restClient';

/** The calls of spec section 7 that do not fit the simple-rest protocol, used through `useDataProvider()`. */
export interface PortalMethods {
  /** PUT /companies/{guid}/user/{userId}: 'User Added' (409 'User is already assigned'). */
  assignCompanyUser(params: { company: string; userId: Identifier }): Promise<{ data: RaRecord & { message?: string } }>;
  /** DELETE /companies/{guid}/user/{userId}: 'User Removed'. */
  removeCompanyUser(params: { company: string; userId: Identifier }): Promise<{ data: RaRecord & { message?: string } }>;
  /** GET /roles (roles with their permissions) and GET /permissions, fresh (the grid edits them). */
  getRolesAndPermissions(): Promise<{ data: { roles: RoleRecord[]; permissions: Array<{ id: number; name: string }> } }>;
  /** POST /roles/{name}, optionally copying another role, with its names per locale: 'Role Created'. */
  createRole(params: { name: string; copyFrom?: string; names?: LocalNames }): Promise<{ data: RoleRecord & { message?: string } }>;
  /** PUT /roles/{name} with all of the role's permission names (and, given, its names per locale, replaced whole): 'Role Updated'. */
  updateRolePermissions(params: { name: string; permissions?: string[]; names?: LocalNames }): Promise<{ data: RoleRecord & { message?: string } }>;
  /** POST /products/{id}/sort {to}: the product to position `to` (1-based); 422 'Value must be more than 0' / 'Value cannot be more than N'. */
  sortProduct(params: { id: Identifier; to: number }): Promise<{ data: RaRecord }>;
  /** POST /products/swap {productId1, productId2}: the two products trade places. */
  swapProducts(params: { productId1: Identifier; productId2: Identifier }): Promise<{ data: RaRecord[] }>;
}
export type PortalDataProvider = DataProvider & PortalMethods;
/** A role as GET /roles answers it. */
export interface RoleRecord {
  id: number;
  name: string;
  /** Its name's words per locale (issue 54, contract/names.ts); `{}` when none. */
  names?: LocalNames;
  users_count: number;
  permissions: Array<{ id: number; name: string }>;
}

// What each react-admin method answers when its request was cancelled: nothing, in the right shape.
const EMPTY: Partial<Record<keyof DataProvider, (params: { id?: Identifier; ids?: Identifier[]; previousData?: RaRecord }) => unknown>> = {
  getList: () => ({ data: [], total: 0 }),
  getManyReference: () => ({ data: [], total: 0 }),
  getMany: () => ({ data: [] }),
  getOne: (p) => ({ data: { id: p.id } }),
  update: (p) => ({ data: p.previousData ?? { id: p.id } }),
  create: () => ({ data: { id: '' } }),
  delete: (p) => ({ data: p.previousData ?? { id: p.id } }),
  updateMany: (p) => ({ data: p.ids ?? [] }),
  deleteMany: (p) => ({ data: p.ids ?? [] }),
};

// The resources whose bulk delete is one all-or-none request (DELETE /{resource} with `{ ids }`):
// ra-data-simple-rest sends one DELETE per id, so a refusal in the middle would leave some deleted.
const BULK_DELETE = new Set(['users', 'companies']);

const path = (...parts: Identifier[]) => parts.map((p) => encodeURIComponent(String(p))).join('/');

/**
 * react-admin's data provider: ra-data-simple-rest (`sort`, `range`, `filter`, `Content-Range`) over
 * the app's HTTP client, plus the named methods of `PortalMethods`; deleteMany of users and companies
 * is one request that deletes all or none. `meta: { cache: false }` on a
 * read bypasses the 15-minute cache; a cancelled request (react-query's signal, sign-out) answers
 * empty data that react-query drops.
 */
export function createDataProvider(client: HttpClient = http): PortalDataProvider {
  const cached = simpleRestProvider('/api', fetchJsonOver(client));
  const fresh = simpleRestProvider('/api', fetchJsonOver(client, '/api', { cache: false }));
  const wrapped = {} as DataProvider;
  for (const name of Object.keys(cached) as Array<keyof DataProvider>) {
    wrapped[name] = (async (resource: string, params: { meta?: { cache?: boolean } } & Record<string, unknown>) => {
      const provider = params?.meta?.cache === false ? fresh : cached;
      try {
        return await (provider[name] as (r: string, p: unknown) => Promise<unknown>)(resource, params);
      } catch (error) {
        if (error instanceof CancelledRequest && EMPTY[name]) return EMPTY[name](params as never);
        throw error;
      }
    }) as never;
  }
  const fetchJson = fetchJsonOver(client);
  const deleteMany: DataProvider['deleteMany'] = async (resource, params) => {
    if (!BULK_DELETE.has(resource)) return wrapped.deleteMany(resource, params);
    try {
      const { json } = await fetchJson(`/api/${path(resource)}`, { method: 'DELETE', body: JSON.stringify({ ids: params.ids }) });
      return { data: (json as { ids?: Identifier[] } | null)?.ids ?? params.ids };
    } catch (error) {
      if (error instanceof CancelledRequest) return { data: params.ids };
      throw error;
    }
  };
  const send = async (method: 'PUT' | 'DELETE', url: string) => {
    const response = await client.request<RaRecord & { message?: string }>(url, { method, notify: false });
    return { data: response?.body ?? ({ id: '' } as RaRecord) };
  };
  return {
    ...wrapped,
    deleteMany,
    assignCompanyUser: ({ company, userId }) => send('PUT', `/companies/${path(company)}/user/${path(userId)}`),
    removeCompanyUser: ({ company, userId }) => send('DELETE', `/companies/${path(company)}/user/${path(userId)}`),
    getRolesAndPermissions: async () => {
      const [roles, permissions] = await Promise.all([
        client.get<RoleRecord[]>('/roles', { cache: false, notify: false }),
        client.get<Array<{ id: number; name: string }>>('/permissions', { notify: false }),
      ]);
      return { data: { roles: roles ?? [], permissions: permissions ?? [] } };
    },
    createRole: async ({ name, copyFrom, names }) => {
      const sent = { ...(copyFrom ? { copy_from: copyFrom } : {}), ...(names && Object.keys(names).length ? { names } : {}) };
      const body = await client.post<RoleRecord & { message?: string }>(`/roles/${path(name)}`, sent, { notify: false });
      return { data: body! };
    },
    updateRolePermissions: async ({ name, permissions, names }) => {
      // Names alone leave the stored permissions as they are (PUT /roles/{name} takes either or both).
      const body = await client.put<RoleRecord & { message?: string }>(`/roles/${path(name)}`, { ...(permissions ? { permissions } : {}), ...(names ? { names } : {}) }, { notify: false });
      return { data: body! };
    },
    // Errors are the caller's to show (next to the position box), so no growl from the client.
    sortProduct: async ({ id, to }) => ({ data: (await client.post<RaRecord>(`/products/${path(id)}/sort`, { to }, { notify: false })) ?? { id } }),
    swapProducts: async ({ productId1, productId2 }) => ({
      data: (await client.post<RaRecord[]>('/products/swap', { productId1: Number(productId1), productId2: Number(productId2) }, { notify: false })) ?? [],
    }),
  };
}

export const dataProvider = createDataProvider();
