import { useEffect, useState } from 'react';
import { pageShowcases, type Post, type ShowcaseQuery } from './api';

export interface ShowcasePage {
  /** Undefined until the first answer for the current query is in. */
  rows: Post[] | undefined;
  total: number;
  failed: boolean;
}

/** One page of the live releases for the query; a newer query's answer replaces an older one's. */
export function useShowcasePage(query: ShowcaseQuery): ShowcasePage {
  const [state, setState] = useState<ShowcasePage>({ rows: undefined, total: 0, failed: false });
  const key = JSON.stringify(query);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, rows: undefined, failed: false }));
    pageShowcases(JSON.parse(key) as ShowcaseQuery)
      .then((page) => {
        // Undefined: cancelled by a newer query (the client's cancelKey), whose answer will come.
        if (live && page) setState({ rows: page.rows, total: page.total, failed: false });
      })
      .catch(() => live && setState({ rows: [], total: 0, failed: true }));
    return () => {
      live = false;
    };
  }, [key]);
  return state;
}
