import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { FRESH, answered } from '../../data/queryPolicies';
import { useDebouncedValue } from '../../data/useDebouncedValue';
import { pageConfigs, type ConfigPageQuery, type ConfigRow } from '../../data/configs';
import { configKeys } from '../queryKeys';

export interface ConfigPageState {
  rows: ConfigRow[] | undefined;
  total: number;
  failed: boolean;
  /** Loads the current page again. */
  reload(): void;
  /** Puts a newer copy of a row in place (e.g. archived while a company is active). */
  replaceRow(row: ConfigRow): void;
  /** Takes a row off the page at once (archived, deleted); the next load refills the page. */
  removeRow(id: number): void;
}

/** Search waits this long after the last keystroke; any other change loads at once. */
export const SEARCH_DELAY_MS = 300;

/**
 * One page of configs for `query`, read fresh (never cached). The search text becomes part of the
 * key 300 ms after the last keystroke. The page on screen stays while the next one loads, and an
 * older page's request is cancelled (react-query's signal), so its answer never replaces a newer one.
 */
export function useConfigPage(query: ConfigPageQuery): ConfigPageState {
  const queryClient = useQueryClient();
  const [q] = useDebouncedValue(query.q, SEARCH_DELAY_MS);
  const key = configKeys.page({ ...query, q });
  const { data, isError, refetch } = useQuery({
    queryKey: key,
    queryFn: async ({ queryKey: [, , asked], signal }) => answered(await pageConfigs(asked, signal)),
    ...FRESH,
    placeholderData: keepPreviousData,
  });
  const hash = JSON.stringify(key);
  const edit = useCallback(
    (change: (page: { rows: ConfigRow[]; total: number }) => { rows: ConfigRow[]; total: number }) =>
      queryClient.setQueryData<{ rows: ConfigRow[]; total: number }>(JSON.parse(hash) as typeof key, (page) => (page ? change(page) : page)),
    // `hash` stands for `key`, which is a new array at every render.
    [queryClient, hash],
  );
  const reload = useCallback(() => void refetch(), [refetch]);
  const replaceRow = useCallback((row: ConfigRow) => edit((page) => ({ ...page, rows: page.rows.map((r) => (r.id === row.id ? { ...r, ...row } : r)) })), [edit]);
  const removeRow = useCallback((id: number) => edit((page) => ({ rows: page.rows.filter((r) => r.id !== id), total: Math.max(0, page.total - 1) })), [edit]);
  return { rows: isError ? [] : data?.rows, total: data?.total ?? 0, failed: isError, reload, replaceRow, removeRow };
}
