import type { ConfigPageQuery } from '../data/configs';

/**
 * react-query keys of the configurator's reads. The rule of every area's `queryKeys.ts`: the API
 * resource first (`configs`, `companies`), so a write to it marks them stale (src/data/queryClient.ts).
 * The stage catalogue is shared with the product form: src/data/queryKeys.ts.
 */
export const configKeys = {
  /** One config by the id or guid its page was opened with (useConfig). */
  detail: (id: string) => ['configs', 'detail', id] as const,
  /** A stage's history pages (HistoryPanel), by config guid and stage. */
  history: (guid: string, slug: string) => ['configs', 'history', guid, slug] as const,
  /** One page of the list (or the home dashboard's card). */
  page: (query: ConfigPageQuery) => ['configs', 'page', query] as const,
  /** A published stage version a config is pinned to (never changes: read once). */
  stageVersion: (slug: string, version: number) => ['stage-versions', slug, version] as const,
  /** The create dialog's company picker, by the typed text. */
  companyOptions: (q: string) => ['companies', 'options', q] as const,
};
