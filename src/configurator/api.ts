import { http } from '../http';

/** A person the dealer can contact about the config (project or account manager). */
export interface ConfigContact {
  id: number;
  name: string;
  email: string;
  telephone?: string | null;
  position?: string | null;
  avatar?: string | null;
}

/** One row of GET /api/configs. */
export interface ConfigSummary {
  id: number;
  guid: string;
  name: string;
  company_id: number;
  company?: { id: number; guid: string; name: string };
  status: string;
  progress: number;
  version: number;
  updated_at?: string;
}

/** A stage of a config as the server describes it (title and group are i18n keys). */
export interface ConfigStage {
  slug: string;
  title: string;
  group: string;
  audience: string;
  order: number;
  required: boolean;
  requires: string[];
  state: 'draft' | 'submitted' | 'completed' | string;
  open: boolean;
  done: boolean;
  complete: boolean;
}

/** GET /api/configs/{id}. */
export interface ConfigDetail extends ConfigSummary {
  complete: boolean;
  stages: ConfigStage[];
  data: Record<string, unknown>;
  mail?: { project_manager?: ConfigContact | null; account_manager?: ConfigContact | null };
}

/** PUT answer: the detail plus what changed. */
export interface WriteResponse extends ConfigDetail {
  changed: boolean;
  changedStages: string[];
  warnings: Array<{ detail: string; field?: string }>;
  message?: string;
}

export interface ListParams {
  q?: string;
  sort?: [string, 'ASC' | 'DESC'];
}

/** The configs the user may see (active ones), sorted; `total` from Content-Range. */
export async function listConfigs({ q, sort = ['name', 'ASC'] }: ListParams = {}): Promise<ConfigSummary[] | undefined> {
  const filter: Record<string, string> = { status: 'active' };
  if (q?.trim()) filter.q = q.trim();
  return http.get<ConfigSummary[]>('/configs', {
    query: { sort: JSON.stringify(sort), range: JSON.stringify([0, 99]), filter: JSON.stringify(filter) },
    cache: false,
    cancelKey: 'configurator.list',
  });
}

/** One config with stages, data of every stage, progress and version (never from the cache). */
export async function getConfig(id: string): Promise<ConfigDetail | undefined> {
  return http.get<ConfigDetail>(`/configs/${encodeURIComponent(id)}`, { cache: false });
}

/** Writes one stage; errors are not growled here (the caller handles 409 and 422). */
export async function writeStage(
  config: Pick<ConfigDetail, 'guid' | 'company' | 'company_id'>,
  body: { slug: string; data: unknown; state: 'draft' | 'submitted'; version: number; action?: 'save' | 'reset' },
): Promise<WriteResponse | undefined> {
  const company = config.company?.guid ?? String(config.company_id);
  return http.put<WriteResponse>(`/companies/${encodeURIComponent(company)}/configs/${encodeURIComponent(config.guid)}`, body, { notify: false });
}
