import type { ConfigSummary } from '../../contract/configs';
import { http } from '../http';

/**
 * Reads of the configs list that two areas make: the configurator's list and home card, and the
 * legacy import's config picker (src/migration). Areas never import each other: shared reads live here.
 */

export type ListStatus = 'active' | 'archived' | 'all';
export type SortField = 'name' | 'company_name' | 'progress' | 'updated_at' | 'created_at';

/** A list row with the fields the list page shows (the server sends them all). */
export type ConfigRow = ConfigSummary;

export interface ConfigPageQuery {
  status: ListStatus;
  q?: string;
  sort: [SortField, 'ASC' | 'DESC'];
  /** 0-based page and its size. */
  page: number;
  perPage: number;
  companyId?: number | null;
}

/** One page of `GET /configs` (ra-data-simple-rest) and the total from Content-Range; `signal` is react-query's (a newer page cancels this one). */
export async function pageConfigs(query: ConfigPageQuery, signal?: AbortSignal): Promise<{ rows: ConfigRow[]; total: number } | undefined> {
  const filter: Record<string, unknown> = { status: query.status };
  if (query.q?.trim()) filter.q = query.q.trim();
  if (query.companyId) filter.company_id = [query.companyId];
  const start = query.page * query.perPage;
  const r = await http.request<ConfigRow[]>('/configs', {
    query: { sort: JSON.stringify(query.sort), range: JSON.stringify([start, start + query.perPage - 1]), filter: JSON.stringify(filter) },
    cache: false,
    signal,
  });
  if (!r) return undefined;
  const total = Number(r.headers['content-range']?.split('/')[1] ?? r.headers['x-total-count'] ?? r.body.length);
  return { rows: r.body, total: Number.isFinite(total) ? total : r.body.length };
}

/** A company the create dialog may offer. */
export interface CompanyOption {
  id: number;
  guid?: string;
  name: string;
}

/**
 * Companies for the staff picker: `GET /companies` (remote select search, spec section 7) when the
 * server has it, else the companies the user's configs name (the companies API is issue 9's).
 */
export async function searchCompanies(q: string, signal?: AbortSignal): Promise<CompanyOption[]> {
  const filter = JSON.stringify(q.trim() ? { q: q.trim() } : {});
  try {
    const found = await http.get<CompanyOption[] | { companies?: CompanyOption[] }>('/companies', {
      query: { filter, sort: JSON.stringify(['name', 'ASC']), range: JSON.stringify([0, 24]) },
      cache: false,
      notify: false,
      signal,
    });
    const list = Array.isArray(found) ? found : found?.companies;
    if (list) return list.map(({ id, guid, name }) => ({ id, guid, name }));
  } catch {
    // No company list on this server yet: fall through to the configs' companies.
  }
  const rows = await http.get<ConfigRow[]>('/configs', {
    query: { filter: JSON.stringify({ status: 'all', ...(q.trim() ? { q: q.trim() } : {}) }), sort: JSON.stringify(['company_name', 'ASC']), range: JSON.stringify([0, 499]) },
    cache: false,
    notify: false,
    signal,
  });
  const byId = new Map<number, CompanyOption>();
  for (const row of rows ?? []) if (row.company && !byId.has(row.company.id)) byId.set(row.company.id, row.company);
  return [...byId.values()];
}
