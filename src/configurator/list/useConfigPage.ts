import { useCallback, useEffect, useRef, useState } from 'react';
import { pageConfigs, type ConfigPageQuery, type ConfigRow } from '../api';

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

/**
 * One page of configs for `query`; a new search waits 300 ms after the last keystroke, any other
 * change loads at once. A slower, older answer never overwrites a newer one.
 */
export function useConfigPage(query: ConfigPageQuery): ConfigPageState {
  const [rows, setRows] = useState<ConfigRow[]>();
  const [total, setTotal] = useState(0);
  const [failed, setFailed] = useState(false);
  const [tick, setTick] = useState(0);
  const lastQ = useRef(query.q);
  const { status, q, sort, page, perPage, companyId } = query;
  const sortKey = sort.join(':');

  useEffect(() => {
    let live = true;
    const typing = lastQ.current !== q;
    lastQ.current = q;
    const timer = setTimeout(
      () => {
        pageConfigs({ status, q, sort: sortKey.split(':') as ConfigPageQuery['sort'], page, perPage, companyId }).then(
          (found) => {
            if (!live || !found) return;
            setRows(found.rows);
            setTotal(found.total);
            setFailed(false);
          },
          () => {
            if (!live) return;
            setRows([]);
            setFailed(true);
          },
        );
      },
      typing ? 300 : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [status, q, sortKey, page, perPage, companyId, tick]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  const replaceRow = useCallback((row: ConfigRow) => setRows((list) => list?.map((r) => (r.id === row.id ? { ...r, ...row } : r))), []);
  const removeRow = useCallback((id: number) => {
    setRows((list) => list?.filter((r) => r.id !== id));
    setTotal((n) => Math.max(0, n - 1));
  }, []);
  return { rows, total, failed, reload, replaceRow, removeRow };
}
