import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import { http, type HttpClient } from '../http';

/**
 * The total of a list from `Content-Range: items 0-24/319` (ra-data-simple-rest), else the page length.
 *
 * @example totalFromContentRange('items 0-24/319', 25) // 319
 */
export function totalFromContentRange(header: string | undefined, fallback: number): number {
  const total = header ? Number(header.split('/').pop()) : NaN;
  return Number.isFinite(total) ? total : fallback;
}

/**
 * ra-data-simple-rest's query for a list: `sort=["title","ASC"]`, `range=[0,24]`, `filter={...}`.
 *
 * @example listQuery({ page: 2, perPage: 10 }, { field: 'name', order: 'ASC' }, {}) // { sort: '["name","ASC"]', range: '[10,19]', filter: '{}' }
 */
export function listQuery(
  pagination: { page: number; perPage: number } | undefined,
  sort: { field: string; order: string } | undefined,
  filter: Record<string, unknown> | undefined,
): Record<string, string> {
  const query: Record<string, string> = { filter: JSON.stringify(filter ?? {}) };
  if (sort?.field) query.sort = JSON.stringify([sort.field, sort.order]);
  if (pagination) {
    const start = (pagination.page - 1) * pagination.perPage;
    query.range = JSON.stringify([start, start + pagination.perPage - 1]);
  }
  return query;
}

const path = (resource: string, id?: Identifier) => (id === undefined ? `/${resource}` : `/${resource}/${encodeURIComponent(String(id))}`);

/**
 * react-admin's data provider over the app's HTTP client, speaking ra-data-simple-rest. A request
 * cancelled mid-way (react-query's signal, sign-out) resolves to empty data that react-query drops.
 */
export function createDataProvider(client: HttpClient = http): DataProvider {
  return {
    async getList(resource, params) {
      const response = await client.request<RaRecord[]>(path(resource), {
        query: listQuery(params.pagination, params.sort, params.filter),
        signal: params.signal,
      });
      if (!response) return { data: [], total: 0 };
      return { data: response.body, total: totalFromContentRange(response.headers['content-range'], response.body.length) } as never;
    },
    async getOne(resource, params) {
      const data = await client.get<RaRecord>(path(resource, params.id), { signal: params.signal });
      return { data: data ?? ({ id: params.id } as RaRecord) } as never;
    },
    async getMany(resource, params) {
      const data = await client.get<RaRecord[]>(path(resource), { query: { filter: JSON.stringify({ id: params.ids }) }, signal: params.signal });
      return { data: data ?? [] } as never;
    },
    async getManyReference(resource, params) {
      const response = await client.request<RaRecord[]>(path(resource), {
        query: listQuery(params.pagination, params.sort, { ...params.filter, [params.target]: params.id }),
        signal: params.signal,
      });
      if (!response) return { data: [], total: 0 } as never;
      return { data: response.body, total: totalFromContentRange(response.headers['content-range'], response.body.length) } as never;
    },
    async create(resource, params) {
      const data = await client.post<RaRecord>(path(resource), params.data);
      return { data: { ...params.data, ...data } } as never;
    },
    async update(resource, params) {
      const data = await client.put<RaRecord>(path(resource, params.id), params.data);
      return { data: { ...params.data, ...data, id: params.id } } as never;
    },
    async updateMany(resource, params) {
      await Promise.all(params.ids.map((id) => client.put(path(resource, id), params.data)));
      return { data: params.ids };
    },
    async delete(resource, params) {
      await client.delete(path(resource, params.id));
      return { data: (params.previousData ?? { id: params.id }) as never };
    },
    async deleteMany(resource, params) {
      await Promise.all(params.ids.map((id) => client.delete(path(resource, id))));
      return { data: params.ids };
    },
  };
}

export const dataProvider = createDataProvider();
